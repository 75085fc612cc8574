import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { ManualFundingRequest, Payment } from '@quickvend/shared/api/funding';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { confirmEmail } from '../../helpers/email.ts';

describeEachDatabase('manual deposits and bank transfers', (kind) => {
  let t: TestApp;
  let admins: TestClient[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    admins = [];
    for (const name of ['Admin One', 'Admin Two']) {
      const admin = await signUp(t.app, { name });
      await t.container.auth.setRole(admin.userId, 'admin');
      admins.push(admin.client);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const requestDeposit = async (client: TestClient, amount: string) => {
    await confirmEmail(client);
    const response = await client.post('/api/v1/funding/manual', {
      depositorName: 'Musa Bello',
      bankName: 'Zenith',
      amount,
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ request: ManualFundingRequest }>().request;
  };

  it('two admins approving one request at the same moment credit it once, less the NGN 50 charge', async () => {
    const { client, userId } = await signUp(t.app);
    const request = await requestDeposit(client, '10,000');
    expect(request).toMatchObject({
      status: 'pending',
      amountKobo: 1_000_000,
      chargeKobo: 5_000,
      creditKobo: 995_000,
    });
    const fees = await t.container.db.query.ledgerAccounts.findFirst({
      where: (a, { eq }) => eq(a.code, 'income:fees'),
    });

    const [first, second] = await Promise.all(
      admins.map((admin) => admin.post(`/api/v1/admin/funding/manual/${request.id}/approve`, {})),
    );
    const statuses = [first?.statusCode, second?.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = first?.statusCode === 409 ? first : second;
    if (refused) expect(errorOf(refused).message).toBe('This request has already been decided.');

    expect(await t.container.ledger.getWalletBalance(userId)).toBe(995_000);
    const feesAfter = await t.container.db.query.ledgerAccounts.findFirst({
      where: (a, { eq }) => eq(a.code, 'income:fees'),
    });
    expect((feesAfter?.balanceKobo ?? 0) - (fees?.balanceKobo ?? 0)).toBe(5_000);
    const mine = (await client.get('/api/v1/funding/manual')).json<{ requests: ManualFundingRequest[] }>()
      .requests;
    expect(mine).toEqual([expect.objectContaining({ id: request.id, status: 'approved' })]);
    expect(await t.container.funding.verify()).toEqual([]);
  });

  it('keeps the approving admin’s note in the audit log, and lists a deposit sent for a second admin as waiting', async () => {
    const [admin] = admins;
    if (!admin) throw new Error('no admin');
    const { client } = await signUp(t.app);
    const small = await requestDeposit(client, '1,000');
    const note = 'Seen on the GTBank statement of 3 March, ref 778';
    const approved = await admin.post(`/api/v1/admin/funding/manual/${small.id}/approve`, { note });
    expect(approved.statusCode, approved.body).toBe(200);
    const [record] = await t.container.audit.list({ targetType: 'manual_deposit', targetId: small.id });
    expect(record).toMatchObject({ action: 'manual_deposit.approve', reason: note });

    const large = await requestDeposit(client, '900,000');
    const waiting = await requestDeposit(client, '1,500');
    const sent = await admin.post(`/api/v1/admin/funding/manual/${large.id}/approve`, {
      note: 'Large: checked with the bank by phone',
    });
    const { approvalId } = sent.json<{ approvalId: string | null }>();
    expect(approvalId).toEqual(expect.any(String));
    const listed = (await admin.get('/api/v1/admin/funding/manual?status=pending')).json<{
      requests: ManualFundingRequest[];
    }>().requests;
    expect(listed.find((r) => r.id === large.id)?.awaitingApproval).toBe(true);
    expect(listed.find((r) => r.id === waiting.id)?.awaitingApproval).toBe(false);
    const approval = await t.container.approvals.get(approvalId ?? '');
    expect(approval.reason).toContain('Large: checked with the bank by phone');
    const tooLong = await admin.post(`/api/v1/admin/funding/manual/${waiting.id}/approve`, {
      note: 'x'.repeat(301),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).message).toBe('Keep the note under 300 characters.');
  });

  it('a rejected request credits nothing and tells the user why', async () => {
    const { client, userId } = await signUp(t.app);
    const request = await requestDeposit(client, '2000');
    const [admin] = admins;
    if (!admin) throw new Error('no admin');
    const rejected = await admin.post(`/api/v1/admin/funding/manual/${request.id}/reject`, {
      reason: 'No matching deposit in our account',
    });
    expect(rejected.statusCode).toBe(200);
    expect((await admin.post(`/api/v1/admin/funding/manual/${request.id}/approve`, {})).statusCode).toBe(409);
    const mine = (await client.get('/api/v1/funding/manual')).json<{ requests: ManualFundingRequest[] }>()
      .requests;
    expect(mine[0]).toMatchObject({ status: 'rejected', reason: 'No matching deposit in our account' });
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(0);
  });

  it('lists pending requests to admins only, and refuses bad input', async () => {
    const { client } = await signUp(t.app);
    await requestDeposit(client, '500');
    const [admin] = admins;
    if (!admin) throw new Error('no admin');
    const pending = (await admin.get('/api/v1/admin/funding/manual?status=pending')).json<{
      requests: ManualFundingRequest[];
    }>();
    expect(pending.requests.length).toBeGreaterThan(0);
    expect(pending.requests.every((r) => r.status === 'pending' && r.user?.email)).toBe(true);
    expect((await client.get('/api/v1/admin/funding/manual')).statusCode).toBe(403);
    expect((await client.post(`/api/v1/admin/funding/manual/x/approve`, {})).statusCode).toBe(403);

    const empty = await client.post('/api/v1/funding/manual', {
      depositorName: '',
      bankName: 'GTB',
      amount: '500',
    });
    expect(errorOf(empty).message).toBe('All fields are required.');
    const tiny = await client.post('/api/v1/funding/manual', {
      depositorName: 'A',
      bankName: 'GTB',
      amount: '20',
    });
    expect(tiny.statusCode).toBe(400);
  });

  it('gives each user one dedicated account, and credits a transfer into it once', async () => {
    const { client, userId } = await signUp(t.app, { name: 'Kemi Ade' });
    const none = (await client.get('/api/v1/funding/dedicated-account')).json<{ account: unknown }>();
    expect(none.account).toBeNull();
    const [created, again] = [
      await client.post('/api/v1/funding/dedicated-account', {}),
      await client.post('/api/v1/funding/dedicated-account', {}),
    ];
    const view = created.json<{
      account: { accountNumber: string; bankName: string; accountName: string };
      simulateTransferUrl: string;
    }>();
    expect(view.account).toMatchObject({ bankName: 'Test Bank', accountName: 'QuickVend / Kemi Ade' });
    expect(view.account.accountNumber).toMatch(/^\d{10}$/);
    expect(again.json<{ account: { accountNumber: string } }>().account.accountNumber).toBe(
      view.account.accountNumber,
    );
    expect(view.simulateTransferUrl).toContain(view.account.accountNumber);

    const sent = await fetch(`${t.selfUrl}/sandbox/paystack/simulate/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        account_number: view.account.accountNumber,
        amount: 750_000,
        sender_name: 'KEMI ADE',
      }),
    });
    expect(sent.status).toBe(200);
    await vi.waitFor(
      async () => {
        expect(await t.container.ledger.getWalletBalance(userId)).toBe(750_000);
      },
      {
        timeout: 20_000,
        interval: 100,
      },
    );
    const payments = (await client.get('/api/v1/funding/payments')).json<{ payments: Payment[] }>().payments;
    expect(payments).toEqual([
      expect.objectContaining({
        channel: 'dedicated_nuban',
        status: 'success',
        amountKobo: 750_000,
        senderName: 'KEMI ADE',
      }),
    ]);
    const { client: neighbour } = await signUp(t.app);
    expect(
      (await neighbour.get('/api/v1/funding/payments')).json<{ payments: Payment[] }>().payments,
    ).toEqual([]);
    const wallet = (await client.get('/api/v1/wallet')).json<{ breakdown: { fundedKobo: number } }>();
    expect(wallet.breakdown.fundedKobo).toBe(750_000);
    expect((await t.container.ledger.verify()).problems).toEqual([]);
    expect(await t.container.funding.verify()).toEqual([]);
  });
});
