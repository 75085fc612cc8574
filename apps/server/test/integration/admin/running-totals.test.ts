import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type {
  ApprovalRequest,
  ApproveManualDepositResponse,
  WalletAdjustmentResponse,
} from '@quickvend/shared/api/admin-money';
import type { ManualFundingRequest } from '@quickvend/shared/api/funding';
import type { NotificationsResponse } from '@quickvend/shared/api/notifications';
import { containerCommands } from '../../../src/cli.commands.ts';
import { users, walletAdjustments } from '../../../src/db/schema.ts';
import {
  createTestApp,
  errorOf,
  signUp,
  uniqueEmail,
  waitForMail,
  type TestApp,
  type TestClient,
} from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { confirmEmail } from '../../helpers/email.ts';

type Person = { client: TestClient; userId: string; email: string };

const ASK = 'another admin must approve this on the Approvals page.';
const DAY_MS = 24 * 60 * 60 * 1000;

describeEachDatabase("an admin's running total of credits and debits", (kind) => {
  let t: TestApp;
  let now = new Date();

  const newAdmin = async (name: string): Promise<Person> => {
    const admin = await signUp(t.app, { name });
    await t.container.auth.setRole(admin.userId, 'admin');
    return admin;
  };
  const adjust = async (admin: Person, userId: string, direction: 'credit' | 'debit', amount: string) => {
    const response = await admin.client.post(`/api/v1/admin/users/${userId}/adjustments`, {
      direction,
      amount,
      reason: 'Goodwill for a failed renewal',
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<WalletAdjustmentResponse>();
  };
  const waiting = (outcome: WalletAdjustmentResponse) => {
    if (outcome.status !== 'awaiting_approval') throw new Error(`made at once: ${JSON.stringify(outcome)}`);
    return outcome;
  };
  const approve = (admin: Person, approvalId: string) =>
    admin.client.post(`/api/v1/admin/approvals/${approvalId}/approve`, {});
  const balanceOf = (userId: string) => t.container.ledger.getWalletBalance(userId);
  const declareDeposit = async (customer: Person, amount: string) => {
    await confirmEmail(customer.client);
    const response = await customer.client.post('/api/v1/funding/manual', {
      depositorName: 'Musa Bello',
      bankName: 'Zenith',
      amount,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ request: ManualFundingRequest }>().request;
  };
  const approveDeposit = async (admin: Person, id: string) => {
    const response = await admin.client.post(`/api/v1/admin/funding/manual/${id}/approve`, {});
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ApproveManualDepositResponse>();
  };
  const cli = (name: string, options: Record<string, string>) => {
    const command = containerCommands[name];
    if (!command) throw new Error(`no command ${name}`);
    return command.run(t.container, options) as Promise<Record<string, unknown>>;
  };
  const noticeTitled = (client: TestClient, title: string) =>
    vi.waitFor(
      async () => {
        const inbox = (await client.get('/api/v1/notifications?limit=50')).json<NotificationsResponse>();
        const notice = inbox.notifications.find((n) => n.title === title);
        if (!notice) throw new Error(`no notice "${title}" yet`);
        return notice;
      },
      { timeout: 10_000, interval: 50 },
    );

  beforeAll(async () => {
    t = await createTestApp(kind, { clock: { now: () => now } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('makes ₦50,000.00 to one customer at once, then holds ₦49,999.99 twice for a second admin, saying why', async () => {
    const [ada, bola] = [await newAdmin('Ada Admin'), await newAdmin('Bola Admin')];
    const kemi = await signUp(t.app, { name: 'Kemi Ade' });

    const first = await adjust(ada, kemi.userId, 'credit', '50,000.00');
    expect(first).toMatchObject({ status: 'applied', adjustment: { balanceAfterKobo: 5_000_000 } });
    const second = waiting(await adjust(ada, kemi.userId, 'credit', '49,999.99'));
    expect(second.why).toBe(
      `Your credits and debits to this customer in the last 24 hours would come to ₦99,999.99, above the ₦50,000.00 limit: ${ASK}`,
    );
    const third = waiting(await adjust(ada, kemi.userId, 'credit', '49,999.99'));
    expect(third.approval).toMatchObject({ status: 'pending', amountKobo: 4_999_999 });
    // a debit counts as much as a credit
    expect((await adjust(ada, kemi.userId, 'debit', '0.01')).status).toBe('awaiting_approval');
    expect(await balanceOf(kemi.userId)).toBe(5_000_000);

    const approved = await approve(bola, second.approval.id);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await balanceOf(kemi.userId)).toBe(9_999_999);
    const rows = await t.container.db
      .select()
      .from(walletAdjustments)
      .where(eq(walletAdjustments.userId, kemi.userId))
      .orderBy(walletAdjustments.id);
    expect(rows.map((row) => [row.actorId, row.approvalId, row.amountKobo])).toEqual([
      [ada.userId, null, 5_000_000],
      [bola.userId, second.approval.id, 4_999_999],
    ]);
    // what Bola approved as the second admin is not Bola's own: Bola may still credit ₦50,000 alone
    expect((await adjust(bola, kemi.userId, 'credit', '50000')).status).toBe('applied');
  });

  it("holds the third of three ₦49,000 credits to three customers past a ₦100,000 daily limit; another admin's do not count", async () => {
    await t.container.settings.set('approvals.dailyLimitKobo', 10_000_000, null);
    try {
      const [dayo, efe] = [await newAdmin('Dayo Admin'), await newAdmin('Efe Admin')];
      const customers = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
      const [c1, c2, c3] = customers.map((c) => c.userId) as [string, string, string];
      expect((await adjust(efe, c1, 'credit', '49000')).status).toBe('applied');
      expect((await adjust(dayo, c1, 'credit', '49000')).status).toBe('applied');
      expect((await adjust(dayo, c2, 'credit', '49000')).status).toBe('applied');
      const third = waiting(await adjust(dayo, c3, 'credit', '49000'));
      expect(third.why).toBe(
        `Your credits and debits to all customers in the last 24 hours would come to ₦147,000.00, above the ₦100,000.00 daily limit for one admin: ${ASK}`,
      );
      expect(await balanceOf(c3)).toBe(0);
      expect((await adjust(efe, c3, 'credit', '49000')).status).toBe('applied');
      expect(await balanceOf(c3)).toBe(4_900_000);
    } finally {
      await t.container.settings.set('approvals.dailyLimitKobo', 20_000_000, null);
    }
  });

  it('counts the manual deposits an admin approved alone, never those a second admin approved', async () => {
    const [funmi, gbenga] = [await newAdmin('Funmi Admin'), await newAdmin('Gbenga Admin')];
    const musa = await signUp(t.app, { name: 'Musa Bello' });

    const small = await declareDeposit(musa, '30000');
    expect(await approveDeposit(funmi, small.id)).toMatchObject({ approvalId: null });
    const credit = waiting(await adjust(funmi, musa.userId, 'credit', '25000'));
    expect(credit.why).toContain('would come to ₦55,000.00, above the ₦50,000.00 limit');

    const larger = await declareDeposit(musa, '25000');
    const asked = await approveDeposit(funmi, larger.id);
    expect(asked.request.status).toBe('pending');
    expect(asked.approvalId).toMatch(/^apr_/);
    // once waiting, it is decided on the Approvals page, whoever approves it here
    expect((await approveDeposit(gbenga, larger.id)).approvalId).toBe(asked.approvalId);
    expect((await approve(gbenga, asked.approvalId ?? '')).statusCode).toBe(200);
    expect(await balanceOf(musa.userId)).toBe(2_995_000 + 2_495_000);

    expect((await adjust(gbenga, musa.userId, 'credit', '50000')).status).toBe('applied');
    const next = await declareDeposit(musa, '1000');
    expect((await approveDeposit(gbenga, next.id)).approvalId).toMatch(/^apr_/);
  });

  it('refuses an admin a credit or debit of their own wallet, and the approval of their own deposit', async () => {
    const hadiza = await newAdmin('Hadiza Admin');
    for (const direction of ['credit', 'debit'] as const) {
      const own = await hadiza.client.post(`/api/v1/admin/users/${hadiza.userId}/adjustments`, {
        direction,
        amount: '10000',
        reason: 'Paying myself',
      });
      expect(own.statusCode).toBe(403);
      expect(errorOf(own)).toMatchObject({
        code: 'FORBIDDEN',
        message: 'This is your own account: another admin must do this.',
      });
    }
    const deposit = await declareDeposit(hadiza, '1000');
    const approved = await hadiza.client.post(`/api/v1/admin/funding/manual/${deposit.id}/approve`, {});
    expect(approved.statusCode).toBe(403);
    expect(errorOf(approved).message).toBe('This is your own account: another admin must do this.');
    const rejected = await hadiza.client.post(`/api/v1/admin/funding/manual/${deposit.id}/reject`, {
      reason: 'Deciding my own deposit',
    });
    expect(rejected.statusCode).toBe(403);
    expect(errorOf(rejected).message).toBe('This is your own account: another admin must do this.');
    expect(await balanceOf(hadiza.userId)).toBe(0);
    expect(await t.container.audit.list({ targetId: hadiza.userId, action: 'wallet.credit' })).toEqual([]);
  });

  it("refuses an admin the decision on a request about their own wallet; another admin's approval makes it", async () => {
    const [ife, jide, kola] = [
      await newAdmin('Ife Admin'),
      await newAdmin('Jide Admin'),
      await newAdmin('Kola Admin'),
    ];
    const asked = waiting(await adjust(ife, jide.userId, 'credit', '60000'));
    const own = await approve(jide, asked.approval.id);
    expect(own.statusCode).toBe(403);
    expect(errorOf(own)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This request is about your own account: another admin must decide it.',
    });
    expect(await balanceOf(jide.userId)).toBe(0);
    expect((await approve(kola, asked.approval.id)).statusCode).toBe(200);
    expect(await balanceOf(jide.userId)).toBe(6_000_000);
  });

  it("closes a waiting credit once the customer's account is closed, with the reason", async () => {
    const [lola, mide] = [await newAdmin('Lola Admin'), await newAdmin('Mide Admin')];
    const customer = await signUp(t.app);
    const asked = waiting(await adjust(lola, customer.userId, 'credit', '60000'));
    // as a closing that raced the request would leave it
    await t.container.db.update(users).set({ deletedAt: now }).where(eq(users.id, customer.userId));

    const refused = await approve(mide, asked.approval.id);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).message).toBe(
      "This request no longer applies: The customer's account is closed.",
    );
    const decided = await mide.client.get(
      `/api/v1/admin/approvals?status=decided&targetId=${customer.userId}`,
    );
    expect(decided.json<{ approvals: ApprovalRequest[] }>().approvals).toMatchObject([
      { id: asked.approval.id, status: 'closed', decisionNote: "The customer's account is closed." },
    ]);
    expect(await balanceOf(customer.userId)).toBe(0);
  });

  it('tells the customer of every credit and debit: made at once, approved by a second admin, or from the command line', async () => {
    const [nkechi, obi] = [await newAdmin('Nkechi Admin'), await newAdmin('Obi Admin')];
    const customer = await signUp(t.app, { name: 'Tola Ade' });

    expect((await adjust(nkechi, customer.userId, 'credit', '5000')).status).toBe('applied');
    const credited = await noticeTitled(customer.client, 'Wallet credited: ₦5,000.00');
    expect(credited).toMatchObject({
      category: 'security',
      body: 'We credited ₦5,000.00 to your wallet. Contact support if you have questions.',
      link: '/wallet',
    });
    const mail = await waitForMail(t.app, customer.email, /Wallet credited: ₦5,000\.00/);
    expect(mail.text).toContain('We credited ₦5,000.00 to your wallet.');
    expect(mail.text).not.toContain('Goodwill');

    await cli('wallet:credit', {
      email: customer.email,
      amount: '70000',
      reason: 'Cash paid in at the office',
      override: 'true',
    });
    await noticeTitled(customer.client, 'Wallet credited: ₦70,000.00');

    const debit = waiting(await adjust(nkechi, customer.userId, 'debit', '60000'));
    expect((await approve(obi, debit.approval.id)).statusCode).toBe(200);
    const debited = await noticeTitled(customer.client, 'Wallet debited: ₦60,000.00');
    expect(debited.body).toBe(
      'We debited ₦60,000.00 from your wallet. Contact support if you have questions.',
    );
  });

  it('the command line asks an admin above the limit, and applies at once with --override, audited as an override', async () => {
    const pelumi = await newAdmin('Pelumi Admin');
    const email = uniqueEmail('cli-credit');
    const customer = await signUp(t.app, { email });

    const asked = await cli('wallet:credit', {
      email,
      amount: '60000',
      reason: 'Transfer with no reference',
    });
    expect(asked).toMatchObject({
      status: 'awaiting_approval',
      amountKobo: 6_000_000,
      approval: {
        id: expect.stringMatching(/^apr_/) as unknown,
        kind: 'wallet.adjustment',
        amountKobo: 6_000_000,
        amount: '60000.00',
        requestedBy: expect.stringMatching(/^cli:/) as unknown,
      },
    });
    expect(await balanceOf(customer.userId)).toBe(0);
    const approvalId = (asked['approval'] as { id: string }).id;
    expect((await approve(pelumi, approvalId)).statusCode).toBe(200);
    expect(await balanceOf(customer.userId)).toBe(6_000_000);

    const overridden = await cli('wallet:debit', {
      email,
      amount: '55000',
      reason: 'Chargeback from the bank',
      override: 'true',
    });
    expect(overridden).toMatchObject({ status: 'applied', override: true, balanceAfter: '5000.00' });
    const [record] = await t.container.audit.list({ targetId: customer.userId, action: 'wallet.debit' });
    expect(record).toMatchObject({
      actorId: null,
      actorLabel: expect.stringMatching(/^cli:/) as unknown,
      reason: 'Chargeback from the bank',
      after: { amountKobo: 5_500_000, override: true },
    });

    const small = await cli('wallet:credit', { email, amount: '100', reason: 'Goodwill' });
    expect(small).toMatchObject({ status: 'applied', balanceAfter: '5100.00' });
    expect(small).not.toHaveProperty('override');
  });

  it('counts over a rolling 24 hours: a day later the same admin may credit alone again', async () => {
    const qudus = await newAdmin('Qudus Admin');
    const customer = await signUp(t.app);
    expect((await adjust(qudus, customer.userId, 'credit', '50000')).status).toBe('applied');
    now = new Date(now.getTime() + DAY_MS - 60_000);
    expect((await adjust(qudus, customer.userId, 'credit', '1')).status).toBe('awaiting_approval');
    now = new Date(now.getTime() + 2 * 60_000);
    expect((await adjust(qudus, customer.userId, 'credit', '50000')).status).toBe('applied');
    expect(await balanceOf(customer.userId)).toBe(10_000_000);
  });
});
