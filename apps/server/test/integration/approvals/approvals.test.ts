import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { databaseErrorOf } from '../../../src/db/client.ts';
import { AppError } from '../../../src/lib/errors.ts';
import type { Actor } from '../../../src/modules/audit/index.ts';
import { WALLET_ADJUSTMENT } from '../../../src/modules/admin/index.ts';
import { createTestApp, signUp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

const THRESHOLD = 5_000_000;

describeEachDatabase('maker–checker approvals', (kind) => {
  let t: TestApp;
  let ada: Actor;
  let bola: Actor;
  let chidi: Actor;

  const newAdmin = async (name: string): Promise<Actor> => {
    const admin = await signUp(t.app, { name });
    await t.container.auth.setRole(admin.userId, 'admin');
    return { id: admin.userId, label: admin.email, ip: '127.0.0.1' };
  };
  const askCredit = async (userId: string, amountNaira: number, maker: Actor = ada) =>
    t.container.approvals.request(
      {
        kind: WALLET_ADJUSTMENT,
        targetId: userId,
        amountKobo: kobo(amountNaira * 100),
        payload: { userId, direction: 'credit' },
        reason: 'Refund of a failed transfer',
      },
      maker,
    );
  const balanceOf = (userId: string) => t.container.ledger.getWalletBalance(userId);
  const refusal = async (work: Promise<unknown>) => {
    const error = await work.then(
      () => null,
      (thrown: unknown) => thrown,
    );
    if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
    return { code: error.code, message: error.message };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    ada = await newAdmin('Ada Admin');
    bola = await newAdmin('Bola Admin');
    chidi = await newAdmin('Chidi Admin');
    // a kind that moves money and then fails: what it moved must not stay
    t.container.approvals.register('test.credit-then-fail', async (approval, { tx }) => {
      await t.container.ledger.adjustWallet(
        {
          userId: approval.targetId,
          direction: 'credit',
          amountKobo: kobo(100_000),
          reason: 'half done',
          actor: 'test',
          reference: `adjustment:${approval.id}`,
        },
        tx,
      );
      throw new AppError('CONFLICT', 'The provider refused it.');
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the maker as checker, in the service and in the database itself', async () => {
    const customer = await signUp(t.app);
    const approval = await askCredit(customer.userId, 60_000);
    expect(approval).toMatchObject({ status: 'pending', requestedBy: ada.id, amountKobo: 6_000_000 });

    expect(await refusal(t.container.approvals.approve(approval.id, ada))).toEqual({
      code: 'FORBIDDEN',
      message: 'A second admin must decide this: you cannot approve or reject your own request.',
    });
    expect(await refusal(t.container.approvals.reject(approval.id, ada, 'no'))).toMatchObject({
      code: 'FORBIDDEN',
    });
    // a write that skips the service is refused by the CHECK constraint
    const bypass = await t.container.db
      .execute(
        sql`update approval_requests set status = 'approved', decided_by = requested_by, decided_at = now()
            where id = ${approval.id}`,
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(databaseErrorOf(bypass)?.constraint).toBe('approval_requests_four_eyes');
    expect(await t.container.approvals.get(approval.id)).toMatchObject({
      status: 'pending',
      decidedBy: null,
    });
    expect(await balanceOf(customer.userId)).toBe(0);
  });

  it('lets a second admin approve: the money moves once, under the approval, and each step is audited', async () => {
    const customer = await signUp(t.app);
    const approval = await askCredit(customer.userId, 60_000);
    const approved = await t.container.approvals.approve(approval.id, bola, 'Checked the bank statement');
    expect(approved).toMatchObject({
      status: 'approved',
      decidedBy: bola.id,
      decisionNote: 'Checked the bank statement',
      result: { balanceBeforeKobo: 0, balanceAfterKobo: 6_000_000 },
    });
    expect(await balanceOf(customer.userId)).toBe(6_000_000);
    expect(await t.container.ledger.walletAmountOf(`adjustment:${approval.id}`)).toEqual({
      userId: customer.userId,
      amountKobo: 6_000_000,
    });

    expect(await refusal(t.container.approvals.approve(approval.id, chidi))).toEqual({
      code: 'CONFLICT',
      message: 'This request has already been decided.',
    });
    expect(await balanceOf(customer.userId)).toBe(6_000_000);

    const trail = await t.container.audit.list({ targetId: approval.id });
    expect(trail.map((record) => [record.action, record.actorId])).toEqual([
      ['approval.approve', bola.id],
      ['approval.request', ada.id],
    ]);
    const [credit] = await t.container.audit.list({ targetId: customer.userId, action: 'wallet.credit' });
    expect(credit).toMatchObject({
      actorId: bola.id,
      reason: 'Refund of a failed transfer',
      before: { balanceKobo: 0 },
      after: { balanceKobo: 6_000_000, approvalId: approval.id },
    });
  });

  it('leaves the request pending and nothing moved when carrying it out fails', async () => {
    const customer = await signUp(t.app);
    const failing = await t.container.approvals.request(
      { kind: 'test.credit-then-fail', targetId: customer.userId, payload: {}, reason: 'try' },
      ada,
    );
    expect(await refusal(t.container.approvals.approve(failing.id, bola))).toEqual({
      code: 'CONFLICT',
      message: 'The provider refused it.',
    });
    expect(await t.container.approvals.get(failing.id)).toMatchObject({
      status: 'pending',
      decidedBy: null,
      result: null,
    });
    expect(await balanceOf(customer.userId)).toBe(0);
    expect(await t.container.ledger.walletAmountOf(`adjustment:${failing.id}`)).toBeNull();
    expect((await t.container.audit.list({ targetId: failing.id })).map((r) => r.action)).toEqual([
      'approval.request',
    ]);

    // a debit that the wallet can no longer pay by the time it is approved: refused, still pending
    await t.container.ledger.adjustWallet({
      userId: customer.userId,
      direction: 'credit',
      amountKobo: kobo(7_000_000),
      reason: 'funds',
      actor: 'test',
    });
    const debit = await t.container.approvals.request(
      {
        kind: WALLET_ADJUSTMENT,
        targetId: customer.userId,
        amountKobo: kobo(6_000_000),
        payload: { userId: customer.userId, direction: 'debit' },
        reason: 'Chargeback',
      },
      ada,
    );
    await t.container.ledger.adjustWallet({
      userId: customer.userId,
      direction: 'debit',
      amountKobo: kobo(2_000_000),
      reason: 'spent meanwhile',
      actor: 'test',
    });
    expect(await refusal(t.container.approvals.approve(debit.id, bola))).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      message:
        'This debit of ₦60,000.00 is more than the wallet holds (₦50,000.00). A debit never takes a wallet below zero.',
    });
    expect(await t.container.approvals.get(debit.id)).toMatchObject({ status: 'pending' });
    expect(await balanceOf(customer.userId)).toBe(5_000_000);
    // the checker can still refuse it
    expect(await t.container.approvals.reject(debit.id, bola, 'Balance already spent')).toMatchObject({
      status: 'rejected',
    });
  });

  it('rejects and cancels by their rules, each once', async () => {
    const customer = await signUp(t.app);
    const first = await askCredit(customer.userId, 70_000);
    expect(await refusal(t.container.approvals.cancel(first.id, bola))).toEqual({
      code: 'FORBIDDEN',
      message: 'Only the admin who asked can cancel this request.',
    });
    const rejected = await t.container.approvals.reject(first.id, bola, 'No ticket for this');
    expect(rejected).toMatchObject({
      status: 'rejected',
      decidedBy: bola.id,
      decisionNote: 'No ticket for this',
    });
    expect(await refusal(t.container.approvals.approve(first.id, chidi))).toMatchObject({ code: 'CONFLICT' });
    expect(await refusal(t.container.approvals.cancel(first.id, ada))).toMatchObject({ code: 'CONFLICT' });
    expect(await refusal(t.container.approvals.reject(first.id, chidi, 'again'))).toMatchObject({
      code: 'CONFLICT',
    });

    const second = await askCredit(customer.userId, 80_000);
    expect(await t.container.approvals.cancel(second.id, ada)).toMatchObject({
      status: 'cancelled',
      decidedBy: ada.id,
    });
    expect(await refusal(t.container.approvals.approve(second.id, bola))).toMatchObject({ code: 'CONFLICT' });
    expect(await balanceOf(customer.userId)).toBe(0);

    expect(await refusal(t.container.approvals.approve('apr_missing', bola))).toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(
      t.container.approvals.request(
        { kind: 'never.registered', targetId: customer.userId, payload: {}, reason: 'x' },
        ada,
      ),
    ).rejects.toThrow('no handler for approval kind never.registered');
    const actions = (await t.container.audit.list({ targetId: second.id })).map((r) => r.action);
    expect(actions).toEqual(['approval.cancel', 'approval.request']);
  });

  it('keeps one request waiting per target when asked to', async () => {
    const customer = await signUp(t.app);
    const ask = (maker: Actor) =>
      t.container.approvals.request(
        {
          kind: WALLET_ADJUSTMENT,
          targetId: customer.userId,
          amountKobo: kobo(THRESHOLD + 1),
          payload: { userId: customer.userId, direction: 'credit' },
          reason: 'once',
          onePending: true,
        },
        maker,
      );
    const [one, two] = await Promise.all([ask(ada), ask(bola)]);
    expect(two.id).toBe(one.id);
    const pending = await t.container.approvals.list({ targetId: customer.userId, status: 'pending' });
    expect(pending).toHaveLength(1);
  });

  // a true race on PostgreSQL; PGlite serialises the two, which must give the same answer
  it('carries out a request once when two other admins approve it at the same moment', async () => {
    for (let round = 0; round < 8; round += 1) {
      const customer = await signUp(t.app);
      const approval = await askCredit(customer.userId, 60_000);
      const outcomes = await Promise.allSettled([
        t.container.approvals.approve(approval.id, bola),
        t.container.approvals.approve(approval.id, chidi),
      ]);
      const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      expect(fulfilled).toHaveLength(1);
      const [lost] = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(lost?.reason).toMatchObject({
        code: 'CONFLICT',
        message: 'This request has already been decided.',
      });
      expect(await balanceOf(customer.userId)).toBe(6_000_000);
      const credits = await t.container.audit.list({ targetId: customer.userId, action: 'wallet.credit' });
      expect(credits).toHaveLength(1);
    }
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });

  it("refuses a request about the maker's own account, and a decision about the checker's own", async () => {
    expect(await refusal(askCredit(ada.id ?? '', 60_000, ada))).toEqual({
      code: 'FORBIDDEN',
      message: 'This is your own account: another admin must do this.',
    });
    // Bola asks for Chidi's wallet: Chidi may neither approve nor reject it, Ada may
    const forChidi = await askCredit(chidi.id ?? '', 60_000, bola);
    const ownDecision = {
      code: 'FORBIDDEN',
      message: 'This request is about your own account: another admin must decide it.',
    };
    expect(await refusal(t.container.approvals.approve(forChidi.id, chidi))).toEqual(ownDecision);
    expect(await refusal(t.container.approvals.reject(forChidi.id, chidi, 'mine'))).toEqual(ownDecision);
    expect(await balanceOf(chidi.id ?? '')).toBe(0);
    await t.container.approvals.approve(forChidi.id, ada);
    expect(await balanceOf(chidi.id ?? '')).toBe(6_000_000);
  });

  it('refuses a checker about their own account in the deciding update itself', async () => {
    // straight to the database, as a request made before the rule existed would be
    const forChidi = await askCredit(chidi.id ?? '', 60_000, bola);
    const { approvalRequests } = await import('../../../src/modules/approvals/approvals.tables.ts');
    const rows = await t.container.db
      .select()
      .from(approvalRequests)
      .where(sql`${approvalRequests.id} = ${forChidi.id}`);
    expect(rows[0]?.payload).toMatchObject({ userId: chidi.id });
    expect((await refusal(t.container.approvals.approve(forChidi.id, chidi))).code).toBe('FORBIDDEN');
    expect((await t.container.approvals.get(forChidi.id)).status).toBe('pending');
    await t.container.approvals.cancel(forChidi.id, bola);
  });

  it('closes, as the system and with the reason, what no longer applies', async () => {
    const customer = await signUp(t.app);
    const other = await signUp(t.app);
    const first = await askCredit(customer.userId, 60_000);
    const second = await askCredit(customer.userId, 70_000, bola);
    const untouched = await askCredit(other.userId, 60_000);
    const closed = await t.container.approvals.closeFor(
      { userId: customer.userId },
      "The customer's account is closed.",
    );
    expect(closed.map((row) => row.id).sort()).toEqual([first.id, second.id].sort());
    for (const id of [first.id, second.id]) {
      expect(await t.container.approvals.get(id)).toMatchObject({
        status: 'closed',
        decidedBy: null,
        decisionNote: "The customer's account is closed.",
      });
    }
    expect((await t.container.approvals.get(untouched.id)).status).toBe('pending');
    expect(await refusal(t.container.approvals.approve(first.id, chidi))).toEqual({
      code: 'CONFLICT',
      message: 'This request has already been decided.',
    });
    const records = await t.container.audit.list({ targetId: first.id, action: 'approval.close' });
    expect(records).toMatchObject([{ actorLabel: 'system', reason: "The customer's account is closed." }]);
    expect(await balanceOf(customer.userId)).toBe(0);
  });

  it("closes a stale request before anyone can approve it, with its kind's reason", async () => {
    let isStale = false;
    t.container.approvals.register('test.maybe-stale', {
      carryOut: () => Promise.resolve({ done: true }),
      staleReason: () => Promise.resolve(isStale ? 'The purchase is already delivered.' : null),
      subjectOf: (row) => ({ label: 'Purchase', href: `/admin/purchases/${row.targetId}` }),
    });
    const ask = () =>
      t.container.approvals.request(
        { kind: 'test.maybe-stale', targetId: 'pur_1', payload: {}, reason: 'check' },
        ada,
      );
    const fresh = await ask();
    expect(t.container.approvals.subjectOf(fresh)).toEqual({
      label: 'Purchase',
      href: '/admin/purchases/pur_1',
    });
    expect(await t.container.approvals.closeStale()).toBe(0);
    isStale = true;
    expect(await refusal(t.container.approvals.approve(fresh.id, bola))).toEqual({
      code: 'CONFLICT',
      message: 'This request no longer applies: The purchase is already delivered.',
    });
    expect((await t.container.approvals.get(fresh.id)).status).toBe('closed');
    const later = await ask();
    expect(await t.container.approvals.closeStale()).toBeGreaterThanOrEqual(1);
    expect(await t.container.approvals.get(later.id)).toMatchObject({
      status: 'closed',
      decisionNote: 'The purchase is already delivered.',
    });
  });

  it('takes a request from the command line under its label, for any admin to decide', async () => {
    const customer = await signUp(t.app);
    const operator: Actor = { id: null, label: 'cli:ops' };
    const approval = await askCredit(customer.userId, 60_000, operator);
    expect(approval.requestedBy).toBe('cli:ops');
    await t.container.approvals.approve(approval.id, ada);
    expect(await balanceOf(customer.userId)).toBe(6_000_000);
  });
});
