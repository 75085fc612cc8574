import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { RefundDue } from '@quickvend/shared/api/refunds-due';
import type { ReferralsResponse } from '@quickvend/shared/api/referrals';
import { kobo } from '@quickvend/shared/money';
import { containerCommands } from '../../../src/cli.commands.ts';
import type { Actor } from '../../../src/modules/audit/index.ts';
import { AppError } from '../../../src/lib/errors.ts';
import { queryRows } from '../../../src/db/client.ts';
import { dedicatedAccounts, referrals, refundsDue, users } from '../../../src/db/schema.ts';
import { createTestApp, errorOf, signUp, TestClient, uniqueEmail, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from '../../helpers/paystack.ts';

// Workers are off: a webhook is stored and waits, so a test decides when it is processed (after a closing).
describeEachDatabase('no money stranded in closed accounts: money after a closing', (kind) => {
  let t: TestApp;
  const now = new Date();
  const admins: { client: TestClient; actor: Actor }[] = [];

  const adminAt = (index: number) => {
    const admin = admins[index];
    if (!admin) throw new Error(`no admin ${index}`);
    return admin;
  };
  const balanceOf = (userId: string) => t.container.ledger.getWalletBalance(userId);
  const closeOwn = (customer: { client: TestClient; password: string }) =>
    customer.client.post('/api/v1/profile/close', { password: customer.password });
  const refundsDueListed = async (status = 'open') =>
    (await adminAt(0).client.get(`/api/v1/admin/refunds-due?status=${status}`)).json<{
      refundsDue: RefundDue[];
    }>().refundsDue;
  const storedWebhook = (reference: string) =>
    vi.waitFor(
      async () => {
        const events = await t.container.db.query.webhookEvents.findMany();
        const event = events.find((stored) => JSON.stringify(stored.payload).includes(reference));
        if (!event) throw new Error(`no webhook for ${reference} yet`);
        return event.id;
      },
      { timeout: 10_000, interval: 50 },
    );
  const verifyAll = async () => {
    const report = await containerCommands['ledger:verify']?.run(t.container, {});
    return report as { ok: boolean; problems: string[] };
  };

  /** The closing transaction itself, as the customer's Close starts it once their password is checked. */
  const closeNow = (userId: string) =>
    t.container.userAdmin.closeOwnAccount({ id: userId, label: 'customer', ip: null }, userId).then(
      () => 'closed' as const,
      (error: unknown) => {
        if (error instanceof AppError && error.code === 'CONFLICT') return 'refused' as const;
        throw error;
      },
    );

  /** A customer with a transfer number, and a transfer into it that the simulator has sent and we hold. */
  async function transferOnTheWay(amountKobo: number, senderName = 'Kemi Ade') {
    const customer = await signUp(t.app, { name: 'Kemi Ade' });
    const opened = await customer.client.post('/api/v1/funding/dedicated-account', {});
    const { account } = opened.json<{ account: { accountNumber: string } }>();
    const sent = await fetch(`${t.selfUrl}/sandbox/paystack/simulate/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account_number: account.accountNumber,
        amount: amountKobo,
        sender_name: senderName,
      }),
    });
    expect(sent.status).toBe(200);
    const { data } = (await sent.json()) as { data: { reference: string } };
    return { ...customer, accountNumber: account.accountNumber, reference: data.reference };
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: { now: () => now }, runWorkers: false });
    for (const name of ['Ada Admin', 'Bola Admin', 'Chidi Admin']) {
      const admin = await signUp(t.app, { name });
      await t.container.auth.setRole(admin.userId, 'admin');
      admins.push({ client: admin.client, actor: { id: admin.userId, label: admin.email, ip: null } });
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('parks a transfer that reaches a closed account’s number, and the number takes no more', async () => {
    const customer = await transferOnTheWay(750_000, 'MUSA BELLO');
    // nothing is being credited yet: the account closes, and its number with it
    const closed = await closeOwn(customer);
    expect(closed.statusCode, closed.body).toBe(200);
    const [account] = await t.container.db
      .select()
      .from(dedicatedAccounts)
      .where(eq(dedicatedAccounts.userId, customer.userId));
    expect(account?.closedAt).toEqual(now);
    const refused = await fetch(`${t.selfUrl}/sandbox/paystack/simulate/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account_number: customer.accountNumber, amount: 10_000 }),
    });
    expect(refused.status).toBe(404);

    await t.container.funding.processWebhook(await storedWebhook(customer.reference));
    expect(await balanceOf(customer.userId)).toBe(0);
    const listed = (await refundsDueListed()).find((refund) => refund.reference === customer.reference);
    expect(listed).toMatchObject({
      source: 'transfer',
      amountKobo: 750_000,
      payer: { name: 'MUSA BELLO', bank: 'Test Bank', cardLast4: null },
    });
    expect(listed?.payer.accountNumber).toMatch(/^\d{10}$/);
    expect(await verifyAll()).toMatchObject({ ok: true, problems: [] });
  });

  it('pays no referral reward to a referrer who closed their account', async () => {
    const referrer = await signUp(t.app, { name: 'Ada Obi' });
    const { code } = (await referrer.client.get('/api/v1/referrals')).json<ReferralsResponse>();
    const friend = new TestClient(t.app);
    const email = uniqueEmail('friend');
    const joined = await friend.post('/api/v1/auth/sign-up', {
      name: 'Ngozi Okafor',
      email,
      password: 'correct horse battery',
      ref: code,
    });
    const friendId = joined.json<{ user: { id: string } }>().user.id;
    expect((await closeOwn(referrer)).statusCode).toBe(200);

    const { checkout, payment } = await startCardPayment(friend, email, '1,000');
    expect((await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
    await friend.post('/api/v1/funding/card/confirm', { reference: payment.reference });

    expect(await balanceOf(friendId)).toBe(100_000);
    expect(await balanceOf(referrer.userId)).toBe(0);
    expect(await t.container.referrals.paidRewardFor(friendId)).toBeNull();
    const [referral] = await t.container.db
      .select()
      .from(referrals)
      .where(eq(referrals.referredUserId, friendId));
    expect(referral).toMatchObject({ status: 'success', rewardKobo: 0 });
    expect(await verifyAll()).toMatchObject({ ok: true, problems: [] });
  });

  it('ledger:verify names money held by a closed account', async () => {
    const customer = await signUp(t.app);
    expect((await closeOwn(customer)).statusCode).toBe(200);
    // as the old bug did: money straight into the closed wallet
    await t.container.ledger.adjustWallet({
      userId: customer.userId,
      direction: 'credit',
      amountKobo: kobo(6_765_000),
      reason: 'approved after the customer closed',
      actor: 'test',
    });
    const report = await verifyAll();
    expect(report.ok).toBe(false);
    expect(report.problems).toContain(
      `closed account ${customer.userId} still holds ₦67,650.00 (6765000 kobo)`,
    );
    // settled to zero, it is no longer a problem
    await t.container.ledger.adjustWallet({
      userId: customer.userId,
      direction: 'debit',
      amountKobo: kobo(6_765_000),
      reason: 'sent back to the customer’s bank',
      actor: 'test',
    });
    expect(await verifyAll()).toMatchObject({ ok: true, problems: [] });
  });

  it('"sent back" needs a second admin, and moves the money out of the books once', async () => {
    const customer = await transferOnTheWay(120_000);
    expect((await closeOwn(customer)).statusCode).toBe(200);
    await t.container.funding.processWebhook(await storedWebhook(customer.reference));
    const refund = (await refundsDueListed()).find((open) => open.reference === customer.reference);
    if (!refund) throw new Error('the transfer was not parked');
    const returnIt = (admin: TestClient, note = 'Sent to GTBank 0123456789 on 3 March, ref NIP-778') =>
      admin.post(`/api/v1/admin/refunds-due/${refund.id}/return`, { note });

    const tooShort = await returnIt(adminAt(0).client, 'ok');
    expect(tooShort.statusCode).toBe(400);
    expect(errorOf(tooShort).message).toBe(
      'Say how the money was sent back: the bank, the date and the transfer reference.',
    );
    const asked = await returnIt(adminAt(0).client);
    expect(asked.statusCode, asked.body).toBe(202);
    const approvalId = asked.json<{ refundDue: RefundDue }>().refundDue.waitingApprovalId;
    expect(approvalId).toEqual(expect.any(String));
    expect(
      (await returnIt(adminAt(1).client)).json<{ refundDue: RefundDue }>().refundDue.waitingApprovalId,
    ).toBe(approvalId);
    expect((await refundsDueListed()).find((open) => open.id === refund.id)?.waitingApprovalId).toBe(
      approvalId,
    );
    const [pending] = (await adminAt(2).client.get('/api/v1/admin/approvals'))
      .json<{
        approvals: { id: string; subject: { href: string } | null }[];
      }>()
      .approvals.filter((approval) => approval.id === approvalId);
    expect(pending?.subject?.href).toBe('/admin/fundings');

    const own = await adminAt(0).client.post(`/api/v1/admin/approvals/${approvalId ?? ''}/approve`, {});
    expect(own.statusCode).toBe(403);
    const [first, second] = await Promise.all(
      [adminAt(1), adminAt(2)].map((admin) =>
        admin.client.post(`/api/v1/admin/approvals/${approvalId ?? ''}/approve`, {}),
      ),
    );
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);

    expect((await refundsDueListed()).some((open) => open.id === refund.id)).toBe(false);
    expect((await refundsDueListed('returned')).find((done) => done.id === refund.id)).toMatchObject({
      status: 'returned',
      note: 'Sent to GTBank 0123456789 on 3 March, ref NIP-778',
      returnedAt: expect.any(String) as string,
    });
    const moved = await t.container.ledger.movementsByReference([`refund-due:${customer.reference}:return`]);
    expect(Object.fromEntries(moved.get(`refund-due:${customer.reference}:return`) ?? [])).toEqual({
      'payable:refunds-due': -120_000,
      'clearing:transfer': 120_000,
    });
    const again = await returnIt(adminAt(1).client);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('This money has already been marked as sent back.');
    expect(await verifyAll()).toMatchObject({ ok: true, problems: [] });
  });

  it('closing while a transfer is being credited ends refused or parked, never with money in a closed wallet', async () => {
    const customers = await Promise.all(Array.from({ length: 8 }, () => transferOnTheWay(50_000)));
    const events = await Promise.all(customers.map((customer) => storedWebhook(customer.reference)));
    // the closing transaction itself (its password is checked before), started with the credit, in both orders
    const outcomes = await Promise.all(
      customers.map(async (customer, i) => {
        const credit = () => t.container.funding.processWebhook(events[i] ?? '');
        if (i % 2 === 0) return (await Promise.all([closeNow(customer.userId), credit()]))[0];
        const crediting = credit();
        const closing = closeNow(customer.userId);
        await crediting;
        return closing;
      }),
    );
    for (const [i, customer] of customers.entries()) {
      const balance = await balanceOf(customer.userId);
      const [parked] = await t.container.db
        .select()
        .from(refundsDue)
        .where(eq(refundsDue.reference, customer.reference));
      if (outcomes[i] === 'closed') {
        expect(balance).toBe(0);
        expect(parked?.amountKobo).toBe(50_000);
      } else {
        expect(outcomes[i]).toBe('refused');
        expect(balance).toBe(50_000);
        expect(parked).toBeUndefined();
      }
    }
    expect(await verifyAll()).toMatchObject({ ok: true, problems: [] });
  });

  if (kind === 'postgres') {
    it('a transfer credited while a closing holds the wallet waits for it, then is parked, not credited', async () => {
      const customer = await transferOnTheWay(80_000);
      const eventId = await storedWebhook(customer.reference);
      const lockWaits = (count: number) =>
        vi.waitFor(
          async () => {
            const [row] = await queryRows<{ n: number }>(
              t.container.db,
              sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            );
            expect(row?.n).toBeGreaterThanOrEqual(count);
          },
          { timeout: 10_000, interval: 20 },
        );
      let closing: Promise<string> = Promise.resolve('not started');
      let crediting: Promise<void> = Promise.resolve();
      await t.container.db.transaction(async (tx) => {
        // the closing stops after it has locked the wallet and looked for money in flight: its next step (locking
        // the account's row) waits here; a payment row naming the account still goes in (a weaker lock)
        await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, customer.userId))
          .for('no key update');
        closing = closeNow(customer.userId);
        await lockWaits(1);
        // the transfer arrives now: nothing of it was there to see, and it must not land once the closing commits
        crediting = t.container.funding.processWebhook(eventId);
        await lockWaits(2);
      });
      expect(await closing).toBe('closed');
      await crediting;
      expect(await balanceOf(customer.userId)).toBe(0);
      expect((await refundsDueListed()).find((open) => open.reference === customer.reference)).toMatchObject({
        amountKobo: 80_000,
      });
      expect(await verifyAll()).toMatchObject({ ok: true, problems: [] });
    });
  }
});
