import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  purchaseAdminMessages as sayPurchase,
  type AdminPurchaseDetail,
  type RefundPurchaseResponse,
} from '@quickvend/shared/api/admin-purchases';
import {
  providerLossMessages as say,
  type ProviderLoss,
  type ProviderLossesResponse,
  type RecoverProviderLossResponse,
  type WriteOffProviderLossResponse,
} from '@quickvend/shared/api/provider-losses';
import type { Notification } from '@quickvend/shared/api/notifications';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { kobo } from '@quickvend/shared/money';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { queryRows, type DatabaseHandle } from '../../../src/db/client.ts';
import { systemClock } from '../../../src/lib/clock.ts';
import { createPurchaseChecks } from '../../../src/modules/purchases/index.ts';
import type { Actor } from '../../../src/modules/audit/index.ts';
import { createProviderLosses, lossNote } from '../../../src/modules/reconciliation/index.ts';
import {
  createTestApp,
  errorOf,
  signUp,
  waitForMail,
  type TestApp,
  type TestClient,
} from '../../helpers/app.ts';
import { databaseKinds, describeEachDatabase, openTestDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer, resolvePending } from '../../helpers/purchases.ts';

const METRICS_TOKEN = 'scrape-provider-losses-7c1e9a4b2d6f8e0a3c5b';

/** The value of an unlabelled sample in Prometheus text; undefined when there is none. */
const sample = (text: string, name: string) => {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
};

describeEachDatabase('a purchase VTpass delivers after we refunded it', (kind) => {
  let t: TestApp;
  let maker: { client: TestClient; actor: Actor; email: string };
  let checker: { client: TestClient; actor: Actor; email: string };

  const anAdmin = async () => {
    const made = await signUp(t.app);
    await t.container.auth.setRole(made.userId, 'admin');
    return { client: made.client, email: made.email, actor: { id: made.userId, label: made.email } };
  };
  const metrics = async () =>
    (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;
  const lossesNow = async () => {
    const response = await maker.client.get('/api/v1/admin/provider-losses');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProviderLossesResponse>();
  };
  const lossOf = async (purchaseId: string): Promise<ProviderLoss> =>
    vi.waitFor(
      async () => {
        const loss = (await lossesNow()).losses.find((candidate) => candidate.purchaseId === purchaseId);
        if (!loss) throw new Error(`no loss for ${purchaseId} yet`);
        return loss;
      },
      { timeout: 10_000, interval: 50 },
    );
  /** The loss's event of `type`, with whether it was published: recorded with the change, once. */
  const eventsOf = async (type: string, lossId: string) => {
    await t.container.events.drain();
    return queryRows<{ published: boolean }>(
      t.container.db,
      sql`select published_at is not null as published from domain_events where id = ${`${type}:${lossId}`}`,
    );
  };
  const detailOf = async (id: string) =>
    (await maker.client.get(`/api/v1/admin/purchases/${id}`)).json<AdminPurchaseDetail>();
  const sound = async () => {
    expect((await t.container.ledger.verify()).problems).toEqual([]);
    expect(await t.container.purchases.verify()).toEqual([]);
  };
  /** A purchase VTpass holds pending, refunded on one admin's word with a second admin's approval. */
  const refundedWhilePending = async (customer: { client: TestClient }, amount: string) => {
    const { purchase } = await buy(customer.client, { serviceId: 'mtn', phone: '201000000000', amount });
    if (!purchase) throw new Error('no purchase');
    expect(purchase.status).toBe('pending');
    const asked = await maker.client.post(`/api/v1/admin/purchases/${purchase.id}/refund`, {
      reason: 'The customer says nothing arrived after an hour.',
    });
    const answer = asked.json<RefundPurchaseResponse>();
    expect(answer).toMatchObject({ outcome: 'awaiting_approval', message: sayPurchase.refundRequested });
    const approvalId = answer.approval?.id ?? '';
    await expect(t.container.approvals.approve(approvalId, maker.actor)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await t.container.approvals.approve(approvalId, checker.actor, 'VTpass support has no record of it.');
    return purchase;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { config: { metricsToken: METRICS_TOKEN } });
    maker = await anAdmin();
    checker = await anAdmin();
  });
  afterAll(async () => {
    await t.close();
  });

  it('is flagged at once with what VTpass took, told to every admin, counted and noted; a write-off books it', async () => {
    const { client, userId, email } = await fundedCustomer(t, 100_000);
    const purchase = await refundedWhilePending({ client }, '60000');
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(10_000_000);
    expect((await lossesNow()).open).toEqual({ count: 0, amountKobo: 0 });

    // twenty seconds later VTpass delivers it and calls back
    await resolvePending(t, purchase);
    const loss = await lossOf(purchase.id);
    expect(loss).toMatchObject({
      purchaseId: purchase.id,
      purchase: { serviceName: 'MTN Airtime', recipient: '201000000000', amountKobo: 6_000_000 },
      customer: { id: userId, email },
      refundedKobo: 6_000_000,
      // VTpass's total_amount: ₦60,000 less its 3 % commission
      amountKobo: 5_820_000,
      detectedBy: 'callback',
      status: 'open',
      resolvedBy: null,
      pendingRecovery: null,
    });
    expect((await lossesNow()).open).toEqual({ count: 1, amountKobo: 5_820_000 });

    const events = (await detailOf(purchase.id)).events;
    // the callback about a refunded purchase leaves no line of its own: what its check found is the line
    expect(events.filter((event) => event.kind === 'provider.callback')).toEqual([]);
    expect(events.at(-1)).toMatchObject({
      kind: 'provider.requery',
      outcome: 'delivered',
      note: 'VTpass delivered this after it was refunded: a provider-side loss of ₦58,200.00',
    });
    expect(lossNote(kobo(5_820_000))).toBe(events.at(-1)?.note);
    for (const admin of [maker, checker]) {
      const mail = await waitForMail(t.app, admin.email, /Provider-side loss/);
      expect(mail.subject).toBe('Provider-side loss: VTpass delivered a refunded purchase (₦58,200.00)');
      expect(mail.text).toContain('MTN Airtime to 201000000000, bought for ₦60,000.00 (purchase ');
      expect(mail.text).toContain('VTpass took ₦58,200.00 from the float');
      expect(mail.text).toContain('http://localhost:3000/admin/reconciliation');
    }
    const scraped = await metrics();
    expect(sample(scraped, 'quickvend_provider_losses_total')).toBe(1);
    expect(sample(scraped, 'quickvend_provider_losses_kobo_total')).toBe(5_820_000);

    // asked again (another callback, the daily reconciliation): the same loss, told once
    const again = await t.container.providerLosses.checkRefundedPurchase(purchase.id, 'reconciliation');
    expect(again?.id).toBe(loss.id);
    expect(sample(await metrics(), 'quickvend_provider_losses_total')).toBe(1);
    expect(await eventsOf('provider-loss.found', loss.id)).toEqual([{ published: true }]);
    // the customer keeps the refund until an admin decides
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(10_000_000);

    const noReason = await maker.client.post(`/api/v1/admin/provider-losses/${loss.id}/write-off`, {
      reason: 'no',
    });
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).message).toBe(say.reasonRequired);
    const reason = 'The customer is a long-standing one; we bear this.';
    const written = await maker.client.post(`/api/v1/admin/provider-losses/${loss.id}/write-off`, { reason });
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json<WriteOffProviderLossResponse>()).toMatchObject({
      message: say.writtenOff,
      loss: { id: loss.id, status: 'written_off', resolvedBy: maker.email, note: reason },
    });
    const moved = await t.container.ledger.movementsByReference([`provider-loss:${loss.id}:write-off`]);
    expect(Object.fromEntries(moved.get(`provider-loss:${loss.id}:write-off`) ?? [])).toEqual({
      'expense:provider-losses': -5_820_000,
      'provider:vtpass': 5_820_000,
    });
    expect(await t.container.audit.list({ targetType: 'provider_loss', targetId: loss.id })).toMatchObject([
      {
        action: 'provider_loss.write_off',
        actorId: maker.actor.id,
        reason,
        after: { status: 'written_off', amountKobo: 5_820_000 },
      },
    ]);
    expect((await lossesNow()).open).toEqual({ count: 0, amountKobo: 0 });

    for (const action of ['write-off', 'recover']) {
      const twice = await checker.client.post(`/api/v1/admin/provider-losses/${loss.id}/${action}`, {
        reason: 'Once more, to be sure.',
      });
      expect(twice.statusCode, action).toBe(409);
      expect(errorOf(twice).message).toBe(say.alreadyResolved);
    }
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(10_000_000);
    await sound();
  });

  it('is recovered from the customer only when a second admin approves, and only from what the wallet holds', async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const purchase = await refundedWhilePending({ client }, '1000');
    await resolvePending(t, purchase);
    const loss = await lossOf(purchase.id);
    expect(loss).toMatchObject({ refundedKobo: 100_000, amountKobo: 97_000, status: 'open' });
    // the customer spends most of the refund meanwhile
    const { purchase: spent } = await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '600' });
    expect(spent?.status).toBe('delivered');
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(40_000);

    const reason = 'VTpass delivered it: the customer has the airtime and the refund.';
    const asked = await maker.client.post(`/api/v1/admin/provider-losses/${loss.id}/recover`, { reason });
    expect(asked.statusCode, asked.body).toBe(201);
    const { approval, message } = asked.json<RecoverProviderLossResponse>();
    expect(message).toBe(say.recoveryRequested);
    const twice = await checker.client.post(`/api/v1/admin/provider-losses/${loss.id}/recover`, { reason });
    expect(twice.json<RecoverProviderLossResponse>()).toMatchObject({
      approval: { id: approval.id },
      message: say.recoveryAwaitingApproval,
    });
    expect((await lossOf(purchase.id)).pendingRecovery).toMatchObject({
      approvalId: approval.id,
      requestedBy: maker.email,
    });
    expect(await t.container.approvals.get(approval.id)).toMatchObject({
      kind: 'provider_loss.recover',
      amountKobo: 100_000,
      payload: { userId, purchaseId: purchase.id },
    });

    await expect(t.container.approvals.approve(approval.id, maker.actor)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(t.container.approvals.approve(approval.id, checker.actor)).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: say.walletTooLow('₦1,000.00', '₦400.00'),
    });
    expect((await t.container.approvals.get(approval.id)).status).toBe('pending');
    expect((await lossOf(purchase.id)).status).toBe('open');
    expect(await eventsOf('provider-loss.recovered', loss.id)).toEqual([]);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(40_000);

    await t.container.ledger.adjustWallet({
      userId,
      direction: 'credit',
      amountKobo: kobo(60_000),
      reason: 'test funds',
      actor: 'test',
    });
    await t.container.approvals.approve(approval.id, checker.actor, 'Checked the VTpass receipt.');
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(0);
    expect(await lossOf(purchase.id)).toMatchObject({
      status: 'recovered',
      resolvedBy: checker.email,
      note: reason,
      pendingRecovery: null,
    });
    expect(await eventsOf('provider-loss.recovered', loss.id)).toEqual([{ published: true }]);
    const moved = await t.container.ledger.movementsByReference([`provider-loss:${loss.id}:recover`]);
    expect(Object.fromEntries(moved.get(`provider-loss:${loss.id}:recover`) ?? [])).toEqual({
      wallet: -100_000,
      'provider:vtpass': 97_000,
      'income:margin': 3_000,
    });
    const notice = await vi.waitFor(
      async () => {
        const { notifications } = (await client.get('/api/v1/notifications')).json<{
          notifications: Notification[];
        }>();
        const found = notifications.find(
          (n) => n.title === 'MTN Airtime was delivered: ₦1,000.00 taken back',
        );
        if (!found) throw new Error('no notice yet');
        return found;
      },
      { timeout: 5_000, interval: 50 },
    );
    expect(notice.body).toBe(
      'We refunded the ₦1,000.00 you paid for MTN Airtime to 201000000000 when the provider had not confirmed it, but it was delivered after all. So the ₦1,000.00 refund has been taken back from your wallet. If you did not receive it, contact support.',
    );
    const writeOff = await maker.client.post(`/api/v1/admin/provider-losses/${loss.id}/write-off`, {
      reason: 'Too late: it is recovered.',
    });
    expect(writeOff.statusCode).toBe(409);
    await sound();
  });

  it('no admin resolves a loss on their own account', async () => {
    const customer = await fundedCustomer(t, 1_000);
    const purchase = await refundedWhilePending(customer, '500');
    await resolvePending(t, purchase);
    const loss = await lossOf(purchase.id);
    await t.container.auth.setRole(customer.userId, 'admin');
    const own = { id: customer.userId, label: customer.email };
    await expect(
      t.container.providerLosses.writeOff(loss.id, 'My own loss, gone.', own),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(
      t.container.providerLosses.requestRecovery(loss.id, 'My own loss, take it.', own),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect((await lossOf(purchase.id)).status).toBe('open');
    await t.container.auth.setRole(customer.userId, 'user');
  });

  it('is not flagged for a refunded purchase VTpass did not deliver, nor for one it delivered that we did not refund', async () => {
    const { client } = await fundedCustomer(t, 1_000);
    const { purchase: failed } = await buy(client, { serviceId: 'mtn', phone: '08099999999', amount: '100' });
    expect(failed?.status).toBe('failed');
    const { purchase: delivered } = await buy(client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    expect(delivered?.status).toBe('delivered');
    for (const purchase of [failed, delivered] as Purchase[]) {
      expect(
        await t.container.providerLosses.checkRefundedPurchase(purchase.id, 'reconciliation'),
      ).toBeNull();
    }
    expect((await lossesNow()).losses.map((loss) => loss.purchaseId)).not.toContain(failed?.id);
  });

  it('is flagged once and resolved once when everyone acts at the same moment', async () => {
    const counted = sample(await metrics(), 'quickvend_provider_losses_total') ?? 0;
    const { client, userId } = await fundedCustomer(t, 2_000);
    const purchase = await refundedWhilePending({ client }, '1000');
    // VTpass delivers it silently: the daily reconciliation, a requery and a retried callback all ask at once
    expect(await t.simulators.vtpass?.alterSale(purchase.providerRequestId, { status: 'delivered' })).toBe(
      true,
    );
    const found = await Promise.all(
      (['reconciliation', 'requery', 'callback', 'reconciliation', 'requery', 'callback'] as const).map(
        (source) => t.container.providerLosses.checkRefundedPurchase(purchase.id, source),
      ),
    );
    expect(new Set(found.map((loss) => loss?.id)).size).toBe(1);
    expect(sample(await metrics(), 'quickvend_provider_losses_total')).toBe(counted + 1);
    const loss = await lossOf(purchase.id);

    const asked = await maker.client.post(`/api/v1/admin/provider-losses/${loss.id}/recover`, {
      reason: 'The customer has both the airtime and the refund.',
    });
    const { approval } = asked.json<RecoverProviderLossResponse>();
    const [recovered, written] = await Promise.allSettled([
      t.container.approvals.approve(approval.id, checker.actor),
      maker.client.post(`/api/v1/admin/provider-losses/${loss.id}/write-off`, {
        reason: 'We bear it: the customer is a good one.',
      }),
    ]);
    const didRecover = recovered.status === 'fulfilled';
    const didWriteOff = written.status === 'fulfilled' && written.value.statusCode === 200;
    expect(didRecover !== didWriteOff).toBe(true);
    const references = [...(await t.container.ledger.referencesStartingWith(`provider-loss:${loss.id}:`))];
    expect(references).toEqual([`provider-loss:${loss.id}:${didRecover ? 'recover' : 'write-off'}`]);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(didRecover ? 100_000 : 200_000);
    expect((await lossOf(purchase.id)).status).toBe(didRecover ? 'recovered' : 'written_off');
    await sound();
  });

  it('is logged at warn level with the purchase and the amounts', async () => {
    const warn = vi.fn();
    const log = { warn, error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger;
    const { container } = t;
    const losses = createProviderLosses({
      db: container.db,
      ledger: container.ledger,
      approvals: container.approvals,
      audit: container.audit,
      clock: systemClock,
      log,
      appUrl: 'http://localhost:3000',
      purchases: container.purchases,
      askProvider: createPurchaseChecks({ db: container.db, provider: container.billsProvider, log }).ask,
      people: { findUsersByIds: container.auth.findUsersByIds },
    });
    const { client, userId } = await fundedCustomer(t, 1_000);
    const purchase = await refundedWhilePending({ client }, '200');
    expect(await t.simulators.vtpass?.alterSale(purchase.providerRequestId, { status: 'delivered' })).toBe(
      true,
    );
    const loss = await losses.checkRefundedPurchase(purchase.id, 'reconciliation');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(
      {
        purchaseId: purchase.id,
        userId,
        lossId: loss?.id,
        refundedKobo: 20_000,
        amountKobo: 19_400,
        detectedBy: 'reconciliation',
      },
      'provider-side loss: VTpass delivered a purchase we had refunded',
    );
  });

  it('is only for admins', async () => {
    const { client } = await fundedCustomer(t, 0);
    expect((await client.get('/api/v1/admin/provider-losses')).statusCode).toBe(403);
  });
});

// PGlite is one process's embedded database: only PostgreSQL has two server processes sharing one database
for (const kind of databaseKinds.filter((k) => k === 'postgres')) {
  describe(`two servers on one database [${kind}]`, () => {
    let database: DatabaseHandle;
    let a: TestApp;
    let b: TestApp;
    const adminOn = async (app: TestApp) => {
      const made = await signUp(app.app);
      await app.container.auth.setRole(made.userId, 'admin');
      return { client: made.client, actor: { id: made.userId, label: made.email } };
    };
    const scrape = async (app: TestApp) =>
      sample(
        (await app.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))
          .body,
        'quickvend_provider_losses_total',
      ) ?? 0;

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      a = await createTestApp(kind, { database, config: { metricsToken: METRICS_TOKEN } });
      b = await createTestApp(kind, { database, config: { metricsToken: METRICS_TOKEN } });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
      await database.close();
    });

    it('refund one request, flag one loss, resolve it once, whichever server each admin is on', async () => {
      const [onA, onB, checker] = [await adminOn(a), await adminOn(b), await adminOn(a)];
      const { client, userId } = await fundedCustomer(a, 2_000);
      const { purchase } = await buy(client, { serviceId: 'mtn', phone: '201000000000', amount: '1000' });
      if (!purchase) throw new Error('no purchase');
      const asked = await Promise.all(
        [onA, onB].map(({ client: admin }) =>
          admin.post(`/api/v1/admin/purchases/${purchase.id}/refund`, {
            reason: 'Nothing arrived, says she.',
          }),
        ),
      );
      const ids = new Set(asked.map((answer) => answer.json<RefundPurchaseResponse>().approval?.id));
      expect(ids.size).toBe(1);
      const [approvalId = ''] = [...ids];
      await a.container.approvals.approve(approvalId, checker.actor);
      expect(await a.container.ledger.getWalletBalance(userId)).toBe(200_000);

      expect(await a.simulators.vtpass?.alterSale(purchase.providerRequestId, { status: 'delivered' })).toBe(
        true,
      );
      const found = await Promise.all(
        [a, b, a, b, a, b].map((app) =>
          app.container.providerLosses.checkRefundedPurchase(purchase.id, 'requery'),
        ),
      );
      expect(new Set(found.map((loss) => loss?.id)).size).toBe(1);
      expect((await scrape(a)) + (await scrape(b))).toBe(1);
      const lossId = found[0]?.id ?? '';

      const recovery = await a.container.providerLosses.requestRecovery(lossId, 'She has both.', onA.actor);
      const [recovered, written] = await Promise.allSettled([
        a.container.approvals.approve(recovery.approval.id, checker.actor),
        b.container.providerLosses.writeOff(lossId, 'We bear it this once.', onB.actor),
      ]);
      expect([recovered.status, written.status].filter((status) => status === 'fulfilled')).toHaveLength(1);
      const references = [...(await a.container.ledger.referencesStartingWith(`provider-loss:${lossId}:`))];
      expect(references).toHaveLength(1);
      expect(await a.container.ledger.getWalletBalance(userId)).toBe(
        recovered.status === 'fulfilled' ? 100_000 : 200_000,
      );
      expect((await a.container.ledger.verify()).problems).toEqual([]);
      expect(await a.container.purchases.verify()).toEqual([]);
    });
  });
}
