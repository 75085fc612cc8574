import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { userAdminMessages } from '@quickvend/shared/api/admin-users';
import { profileTexts } from '@quickvend/shared/api/profile';
import type { RefundDue } from '@quickvend/shared/api/refunds-due';
import { kobo } from '@quickvend/shared/money';
import { containerCommands } from '../../../src/cli.commands.ts';
import { WALLET_ADJUSTMENT } from '../../../src/modules/admin/index.ts';
import type { Actor } from '../../../src/modules/audit/index.ts';
import { refundsDue } from '../../../src/db/schema.ts';
import type { TestClient } from '../../helpers/app.ts';
import { createTestApp, errorOf, signUp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from '../../helpers/paystack.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';
import { confirmEmail } from '../../helpers/email.ts';

const HOUR_MS = 60 * 60 * 1000;

// Workers are off: a webhook is stored and waits, so a test decides when it is processed (after a closing).
describeEachDatabase('no money stranded in closed accounts: closings refused', (kind) => {
  let t: TestApp;
  let now = new Date();
  const admins: { client: TestClient; actor: Actor }[] = [];

  const adminAt = (index: number) => {
    const admin = admins[index];
    if (!admin) throw new Error(`no admin ${index}`);
    return admin;
  };
  const balanceOf = (userId: string) => t.container.ledger.getWalletBalance(userId);
  const closeOwn = (customer: { client: TestClient; password: string }) =>
    customer.client.post('/api/v1/profile/close', { password: customer.password });
  const deleteAccount = (userId: string) =>
    adminAt(0).client.post(`/api/v1/admin/users/${userId}/delete`, { reason: 'Asked to close the account' });
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

  /** Both closings refused with their own words, and the account still open. */
  async function expectBothRefused(
    customer: { client: TestClient; password: string; userId: string },
    why: keyof typeof profileTexts.closeWhile,
  ) {
    const own = await closeOwn(customer);
    expect(own.statusCode, own.body).toBe(409);
    expect(errorOf(own)).toMatchObject({ code: 'CONFLICT', message: profileTexts.closeWhile[why] });
    const deleted = await deleteAccount(customer.userId);
    expect(deleted.statusCode, deleted.body).toBe(409);
    expect(errorOf(deleted)).toMatchObject({ code: 'CONFLICT', message: userAdminMessages.deleteWhile[why] });
    expect((await customer.client.get('/api/v1/me')).statusCode).toBe(200);
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

  it('refuses closing and Delete while a purchase is being confirmed', async () => {
    const customer = await fundedCustomer(t, 100);
    const { purchase } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '201000000000',
      amount: '100',
    });
    expect(purchase?.status).toBe('pending');
    expect(await balanceOf(customer.userId)).toBe(0);
    await expectBothRefused(customer, 'purchase');
  });

  it('refuses closing and Delete while a manual deposit waits for an admin', async () => {
    const customer = await signUp(t.app);
    await confirmEmail(customer.client);
    const deposit = await customer.client.post('/api/v1/funding/manual', {
      depositorName: 'Ada Obi',
      bankName: 'GTBank',
      amount: '2000',
    });
    expect(deposit.statusCode).toBe(201);
    await expectBothRefused(customer, 'deposit');
  });

  it('refuses closing and Delete while a request about the account waits for a second admin, and not after', async () => {
    const customer = await signUp(t.app);
    const approval = await t.container.approvals.request(
      {
        kind: WALLET_ADJUSTMENT,
        targetId: customer.userId,
        amountKobo: kobo(50_000_000),
        payload: { userId: customer.userId, direction: 'credit' },
        reason: 'Goodwill for a failed transfer',
      },
      adminAt(1).actor,
    );
    await expectBothRefused(customer, 'approval');
    await t.container.approvals.cancel(approval.id, adminAt(1).actor);
    const deleted = await deleteAccount(customer.userId);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('refuses both while a card payment is open; one paid after the closing is parked once, never credited, with the payer', async () => {
    const customer = await signUp(t.app);
    const { checkout, payment } = await startCardPayment(customer.client, customer.email, '2,500');
    await expectBothRefused(customer, 'payment');

    // an hour on, the checkout counts as given up and the account closes; the customer pays anyway
    now = new Date(now.getTime() + HOUR_MS + 60_000);
    const closed = await closeOwn(customer);
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
    const eventId = await storedWebhook(payment.reference);

    // the webhook job, a retry of it and the browser's return, all at once
    await Promise.all([
      t.container.funding.processWebhook(eventId),
      t.container.funding.processWebhook(eventId),
      ...Array.from({ length: 3 }, () =>
        t.container.funding.confirmPaymentForUser(customer.userId, payment.reference),
      ),
    ]);

    expect(await balanceOf(customer.userId)).toBe(0);
    const parked = await t.container.db
      .select()
      .from(refundsDue)
      .where(eq(refundsDue.userId, customer.userId));
    expect(parked).toHaveLength(1);
    const listed = (await refundsDueListed()).find((refund) => refund.reference === payment.reference);
    expect(listed).toMatchObject({
      source: 'card',
      amountKobo: 250_000,
      amount: '2500.00',
      status: 'open',
      payer: { email: customer.email, bank: 'TEST BANK', cardLast4: '4081', accountNumber: null },
      waitingApprovalId: null,
    });
    const moved = await t.container.ledger.movementsByReference([
      `refund-due:${payment.reference}`,
      `funding:${payment.reference}`,
    ]);
    expect(Object.fromEntries(moved.get(`refund-due:${payment.reference}`) ?? [])).toEqual({
      'clearing:paystack': -250_000,
      'payable:refunds-due': 250_000,
    });
    expect(moved.has(`funding:${payment.reference}`)).toBe(false);
    const fundings = await adminAt(0).client.get(`/api/v1/admin/fundings?reference=${payment.reference}`);
    expect(fundings.json<{ fundings: unknown[] }>().fundings).toEqual([
      expect.objectContaining({ status: 'failed', detail: 'parked', creditKobo: null }),
    ]);
    expect(await verifyAll()).toMatchObject({ ok: true, problems: [] });
  });
});
