import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import {
  reconciliationMessages as say,
  type ReconciliationDay,
  type ReconciliationDayResponse,
  type ReconciliationsResponse,
} from '@quickvend/shared/api/daily-reconciliation';
import { addDays, lagosDateOf, lagosMidnight } from '@quickvend/shared/periods';
import { containerCommands } from '../../../src/cli.commands.ts';
import { queryRows } from '../../../src/db/client.ts';
import { createPurchaseChecks } from '../../../src/modules/purchases/index.ts';
import {
  createDailyReconciliation,
  RECONCILE_DAY_CRON,
  RECONCILE_DAY_JOB,
} from '../../../src/modules/reconciliation/index.ts';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import {
  SECOND,
  seedReconciliationDay,
  simulateVtpass,
  UNEXPLAINED,
  vtpassOf,
  type SeededDay,
} from '../../helpers/reconciliation.ts';

// the day is seeded by seedReconciliationDay; the injected clock dates the float readings and the runs
// what the sandbox VTpass keeps of airtime: 3%
const COST = { mtn100: 9_700, mtn200: 19_400, mtn300: 29_100, mtn500: 48_500, mtn250: 24_250 };

describeEachDatabase('the daily reconciliation with VTpass', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let now = new Date();
  const day = lagosDateOf(new Date());
  const yesterday = addDays(day, -1);
  const at = (instant: Date) => {
    now = instant;
  };
  const back = () => {
    now = new Date();
  };
  let seeded: SeededDay;
  let floatAtStart = 0;

  const dayOf = async (wanted: string) => {
    const response = await admin.get(`/api/v1/admin/reconciliations/${wanted}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReconciliationDayResponse>().reconciliation;
  };
  const kindsOf = (result: Pick<ReconciliationDay, 'differences'>) =>
    result.differences.map((difference) => [difference.kind, difference.purchase?.id ?? null]);

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: { now: () => now } });
    const signedUp = await signUp(t.app, { name: 'Reconciling Admin' });
    await t.container.auth.setRole(signedUp.userId, 'admin');
    admin = signedUp.client;

    ({ seeded, floatAtStart } = await seedReconciliationDay(t, { at, back }, day));
  });
  afterAll(async () => {
    await t.close();
  });

  it("lists each difference with its purchase and amount, the totals of both sides and the float's gap", async () => {
    const ranAt = new Date(lagosMidnight(addDays(day, 1)).getTime() + 20 * 60 * SECOND);
    at(ranAt);
    const result = await t.container.dailyReconciliation.run(day);
    back();

    expect(result).toMatchObject({ day, ranAt, ranBy: null, status: 'differences' });
    expect(kindsOf(result)).toEqual([
      ['provider-failed', seeded.reversed.id],
      ['provider-unknown', seeded.forgotten.id],
      ['refunded-delivered', seeded.late.id],
      ['amount-differs', seeded.dearer.id],
      ['still-open', seeded.open.id],
      ['float-gap', null],
    ]);
    const [reversed, forgotten, late, dearer, open, float] = result.differences;
    expect(reversed).toMatchObject({
      amountKobo: 20_000,
      says: 'We delivered this and the customer paid ₦200.00, but VTpass reversed it and paid the float back.',
      purchase: {
        serviceId: 'mtn',
        target: '08011111111',
        ours: { status: 'delivered', chargedKobo: 20_000, costKobo: COST.mtn200 },
        theirs: { status: 'reversed', amountKobo: null },
      },
    });
    expect(forgotten).toMatchObject({
      amountKobo: 30_000,
      says: 'We delivered this and the customer paid ₦300.00, but VTpass has no record of it.',
      purchase: { theirs: { status: 'unknown' } },
    });
    expect(late).toMatchObject({
      amountKobo: COST.mtn250,
      says: 'We refunded this ₦250.00 purchase, but VTpass delivered it and took ₦242.50 from the float: a provider-side loss.',
      purchase: {
        ours: { status: 'failed', costKobo: null },
        theirs: { status: 'delivered', amountKobo: COST.mtn250 },
      },
    });
    expect(dearer).toMatchObject({
      amountKobo: 500,
      says: 'VTpass took ₦490.00 for this sale; our books say ₦485.00 (₦5.00 more).',
      purchase: { ours: { costKobo: COST.mtn500 }, theirs: { status: 'delivered', amountKobo: 49_000 } },
    });
    expect(open).toMatchObject({
      amountKobo: 10_000,
      says: "Still open when the day was checked: the customer's ₦100.00 is held until VTpass answers. VTpass still calls it pending.",
      purchase: { ours: { status: 'open', costKobo: null }, theirs: { status: 'pending' } },
    });
    // the float paid for the pending sale, the late delivery, the dearer sale and the unexplained spend; it got
    // back the reversed and the forgotten sales, which our books count as paid
    const gap = UNEXPLAINED + COST.mtn100 + COST.mtn250 + 500 - COST.mtn200 - COST.mtn300;
    expect(float).toEqual({
      kind: 'float-gap',
      purchase: null,
      amountKobo: gap,
      says: "The float fell ₦1,093.50 more than the day's sales explain (a sale we do not know of, or a charge by VTpass).",
    });

    const sales = COST.mtn100 + COST.mtn200 + COST.mtn300 + COST.mtn500;
    expect(result.totals).toEqual({
      ours: {
        purchases: 7,
        delivered: { count: 4, chargedKobo: 110_000, costKobo: sales },
        refunded: { count: 2, chargedKobo: 50_000 },
        open: { count: 1, chargedKobo: 10_000 },
      },
      theirs: {
        delivered: { count: 3, amountKobo: COST.mtn100 + COST.mtn250 + 49_000 },
        failed: { count: 2 },
        pending: { count: 1 },
        unknown: { count: 1 },
        unreachable: { count: 0 },
      },
      float: {
        startAt: new Date(lagosMidnight(day).getTime() + SECOND).toISOString(),
        startKobo: floatAtStart,
        endAt: new Date(lagosMidnight(addDays(day, 1)).getTime() - SECOND).toISOString(),
        endKobo: await vtpassOf(t).floatKobo(),
        spentKobo: sales + gap,
        salesKobo: sales,
        gapKobo: gap,
      },
    });
    // the refunded purchase VTpass delivered is flagged as a provider-side loss at once
    const { losses } = await t.container.providerLosses.list();
    expect(losses).toMatchObject([
      {
        purchaseId: seeded.late.id,
        amountKobo: COST.mtn250,
        refundedKobo: 25_000,
        detectedBy: 'reconciliation',
      },
    ]);
  });

  it('shows the day in the back office, and asks VTpass again about one difference at a time', async () => {
    const shown = await dayOf(day);
    expect(shown.status).toBe('differences');
    expect(shown.ranBy).toBeNull();
    expect(kindsOf(shown)).toHaveLength(6);

    // VTpass settles the pending sale and takes back its mistake on the dearer one, telling nobody
    await simulateVtpass(t, 'alter', { request_id: seeded.open.providerRequestId, status: 'delivered' });
    await simulateVtpass(t, 'alter', { request_id: seeded.dearer.providerRequestId, amount: '485' });

    const askOpen = await admin.post(
      `/api/v1/admin/reconciliations/${day}/purchases/${seeded.open.id}/requery`,
    );
    expect(askOpen.statusCode, askOpen.body).toBe(200);
    const afterOpen = askOpen.json<ReconciliationDayResponse>().reconciliation;
    expect(kindsOf(afterOpen).map(([kindOf]) => kindOf)).toEqual([
      'provider-failed',
      'provider-unknown',
      'refunded-delivered',
      'amount-differs',
      'float-gap',
    ]);
    // the open purchase was settled by asking: it counts as delivered on both sides now
    expect(afterOpen.totals.ours).toMatchObject({
      delivered: { count: 5, chargedKobo: 120_000 },
      open: { count: 0, chargedKobo: 0 },
    });
    expect(afterOpen.totals.theirs).toMatchObject({ delivered: { count: 4 }, pending: { count: 0 } });
    const settled = await admin.get(`/api/v1/admin/purchases/${seeded.open.id}`);
    expect(settled.json<{ purchase: { status: string } }>().purchase.status).toBe('delivered');

    // admins ask at once about several purchases of the same day, VTpass answering them all together: each
    // answer is put into the day as the others left it, none lost
    const differing = [seeded.reversed, seeded.forgotten, seeded.late, seeded.dearer];
    const together = [...differing, ...differing];
    let arrived = 0;
    let answerAll: () => void = () => undefined;
    const allAsked = new Promise<void>((resolve) => {
      answerAll = resolve;
    });
    const checks = createPurchaseChecks({
      db: t.container.db,
      provider: t.container.billsProvider,
      log: pino({ level: 'silent' }),
    });
    const atOnce = createDailyReconciliation({
      db: t.container.db,
      clock: { now: () => now },
      log: pino({ level: 'silent' }),
      float: t.container.float,
      purchases: {
        ...checks,
        async ask(purchase) {
          const word = await checks.ask(purchase);
          if (++arrived === together.length) answerAll();
          await allAsked;
          return word;
        },
      },
      requeryOpen: () => Promise.reject(new Error('no open purchase is asked about here')),
    });
    await Promise.all(
      together.map((purchase) => atOnce.recheck(day, purchase.id, { id: null, label: 'test' })),
    );
    const afterBoth = await dayOf(day);
    expect(kindsOf(afterBoth).map(([kindOf]) => kindOf)).toEqual([
      'provider-failed',
      'provider-unknown',
      'refunded-delivered',
      'float-gap',
    ]);
    expect(afterBoth.totals.theirs.delivered).toEqual({
      count: 4,
      amountKobo: afterOpen.totals.theirs.delivered.amountKobo - 500,
    });
    expect(afterBoth.totals.ours).toEqual(afterOpen.totals.ours);

    const clean = await admin.post(
      `/api/v1/admin/reconciliations/${day}/purchases/${seeded.clean.id}/requery`,
    );
    expect(clean.statusCode).toBe(404);
    expect(errorOf(clean).message).toBe(say.notADifference);
  });

  it('runs a day again on request, replacing its result, and lists the recent days newest first', async () => {
    const response = await admin.post(`/api/v1/admin/reconciliations/${day}/run`);
    expect(response.statusCode, response.body).toBe(200);
    const again = response.json<ReconciliationDayResponse>().reconciliation;
    expect(again.ranBy).toMatchObject({ name: 'Reconciling Admin' });
    expect(kindsOf(again)).toEqual([
      ['provider-failed', seeded.reversed.id],
      ['provider-unknown', seeded.forgotten.id],
      ['refunded-delivered', seeded.late.id],
      ['float-gap', null],
    ]);
    // the once-pending sale is now among the delivered ones the float's movement is set against
    expect(again.totals.float?.salesKobo).toBe(
      COST.mtn100 + COST.mtn200 + COST.mtn300 + COST.mtn500 + COST.mtn100,
    );
    expect(
      await queryRows(t.container.db, sql`select id from provider_reconciliations where day = ${day}`),
    ).toHaveLength(1);

    const quiet = await admin.post(`/api/v1/admin/reconciliations/${yesterday}/run`);
    expect(quiet.json<ReconciliationDayResponse>().reconciliation).toMatchObject({
      status: 'balanced',
      differences: [],
      totals: { ours: { purchases: 0 }, float: { spentKobo: 0, salesKobo: 0, gapKobo: 0 } },
    });
    const list = (await admin.get('/api/v1/admin/reconciliations')).json<ReconciliationsResponse>();
    expect(list.reconciliations).toEqual([
      {
        day,
        ranAt: again.ranAt,
        status: 'differences',
        differenceCount: 4,
        differenceKobo: again.differences.reduce((sum, difference) => sum + difference.amountKobo, 0),
      },
      {
        day: yesterday,
        ranAt: expect.any(String) as string,
        status: 'balanced',
        differenceCount: 0,
        differenceKobo: 0,
      },
    ]);

    const future = await admin.post(`/api/v1/admin/reconciliations/${addDays(day, 1)}/run`);
    expect(future.statusCode).toBe(400);
    expect(errorOf(future).message).toBe(say.futureDay);
    const never = await admin.get(`/api/v1/admin/reconciliations/${addDays(day, -2)}`);
    expect(never.statusCode).toBe(404);
    expect(errorOf(never).message).toBe(say.notRun);
    expect((await admin.get('/api/v1/admin/reconciliations/2025-02-30')).statusCode).toBe(400);
  });

  it('prints the day as JSON on the command line: ok only when it balances, yesterday unless told', async () => {
    const command = containerCommands['reconcile:provider'];
    if (!command) throw new Error('no reconcile:provider command');
    const printed = JSON.parse(
      JSON.stringify(await command.run(t.container, { date: day })),
    ) as ReconciliationDay & {
      ok: boolean;
    };
    expect(printed).toMatchObject({ ok: false, day, status: 'differences', ranBy: null });
    expect(kindsOf(printed).map(([kindOf]) => kindOf)).toEqual([
      'provider-failed',
      'provider-unknown',
      'refunded-delivered',
      'float-gap',
    ]);
    expect(await command.run(t.container, {})).toMatchObject({
      ok: true,
      day: yesterday,
      status: 'balanced',
    });
  });

  it('is scheduled soon after midnight in Lagos, and its job checks the day before', async () => {
    const [schedule] = await queryRows<{ cron: string; timezone: string }>(
      t.container.db,
      sql`select cron, timezone from jobs.schedule where name = ${RECONCILE_DAY_JOB}`,
    );
    expect(schedule).toEqual({ cron: RECONCILE_DAY_CRON, timezone: 'Africa/Lagos' });
    expect(RECONCILE_DAY_CRON).toBe('15 0 * * *');

    const jobTime = new Date(lagosMidnight(addDays(day, 1)).getTime() + 15 * 60 * SECOND);
    at(jobTime);
    try {
      await t.container.jobs.send(RECONCILE_DAY_JOB, {});
      await vi.waitFor(
        async () => {
          expect((await t.container.dailyReconciliation.get(day))?.ranAt).toEqual(jobTime);
        },
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      back();
    }
    expect((await dayOf(day)).ranBy).toBeNull();
  });
});
