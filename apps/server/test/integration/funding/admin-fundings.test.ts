import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { AdminFundingsResponse } from '@quickvend/shared/api/admin-purchases';
import type { ManualFundingRequest, Payment } from '@quickvend/shared/api/funding';
import { lagosClock } from '@quickvend/shared/format';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from '../../helpers/paystack.ts';
import { confirmEmail } from '../../helpers/email.ts';

const DAY_MS = 24 * 60 * 60_000;

describeEachDatabase('the back office finds any funding', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let ada: Awaited<ReturnType<typeof signUp>>;
  let bola: Awaited<ReturnType<typeof signUp>>;
  const made: Record<'cardPending' | 'cardPaid' | 'transfer', Payment> = {} as never;
  const deposits: Record<'waiting' | 'rejected' | 'approved', ManualFundingRequest> = {} as never;

  const lagosDay = (date: Date) => {
    const { year, month, day } = lagosClock(date);
    return `${year}-${month}-${day}`;
  };
  const search = async (query: string) => {
    const response = await admin.get(`/api/v1/admin/fundings?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminFundingsResponse>();
  };
  const ids = async (query: string) => (await search(query)).fundings.map((f) => f.id).sort();
  const idsOf = (...rows: { id: string }[]) => rows.map((row) => row.id).sort();
  const deposit = async (client: TestClient, depositorName: string, amount: string) => {
    await confirmEmail(client);
    const response = await client.post('/api/v1/funding/manual', {
      depositorName,
      bankName: 'GTBank',
      amount,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ request: ManualFundingRequest }>().request;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const made2 = await signUp(t.app, { name: 'Admin Ife' });
    await t.container.auth.setRole(made2.userId, 'admin');
    admin = made2.client;
    ada = await signUp(t.app, { name: 'Ada Obi' });
    bola = await signUp(t.app, { name: 'Bola Ade' });

    made.cardPending = (await startCardPayment(ada.client, ada.email, '500')).payment;
    const paid = await startCardPayment(ada.client, ada.email, '1,000');
    expect((await payOnCheckout(t, paid.checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
    await ada.client.post('/api/v1/funding/card/confirm', { reference: paid.payment.reference });
    made.cardPaid = paid.payment;

    const account = await ada.client.post('/api/v1/funding/dedicated-account', {});
    const { accountNumber } = account.json<{ account: { accountNumber: string } }>().account;
    const sent = await fetch(`${t.selfUrl}/sandbox/paystack/simulate/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account_number: accountNumber, amount: 750_000, sender_name: 'ADA OBI' }),
    });
    expect(sent.status).toBe(200);
    await vi.waitFor(
      async () => {
        const payments = (await ada.client.get('/api/v1/funding/payments')).json<{ payments: Payment[] }>();
        const transfer = payments.payments.find(
          (p) => p.channel === 'dedicated_nuban' && p.status === 'success',
        );
        expect(transfer).toBeDefined();
        if (transfer) made.transfer = transfer;
      },
      { timeout: 20_000, interval: 100 },
    );

    // what a depositor typed: a spreadsheet must never run it
    deposits.waiting = await deposit(ada.client, '=SUM(A1:A9)', '2,000');
    deposits.rejected = await deposit(ada.client, 'Ada Obi', '3,000');
    const rejected = await admin.post(`/api/v1/admin/funding/manual/${deposits.rejected.id}/reject`, {
      reason: 'No deposit found.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    deposits.approved = await deposit(bola.client, 'Bola Ade', '10,000');
    const approved = await admin.post(`/api/v1/admin/funding/manual/${deposits.approved.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists card payments, transfers and manual deposits as one, each status in one word', async () => {
    const everything = await search('');
    expect(everything.total).toBe(6);
    const byId = new Map(everything.fundings.map((f) => [f.id, f]));
    expect(byId.get(made.cardPaid.id)).toMatchObject({
      kind: 'card',
      status: 'credited',
      detail: 'success',
      reference: made.cardPaid.reference,
      amountKobo: 100_000,
      amount: '1000.00',
      creditKobo: 100_000,
      buyer: { id: ada.userId, email: ada.email, name: 'Ada Obi' },
    });
    expect(byId.get(made.cardPending.id)).toMatchObject({
      kind: 'card',
      status: 'pending',
      creditKobo: null,
    });
    expect(byId.get(made.transfer.id)).toMatchObject({
      kind: 'transfer',
      status: 'credited',
      note: 'ADA OBI',
    });
    expect(byId.get(deposits.approved.id)).toMatchObject({
      kind: 'manual',
      status: 'credited',
      detail: 'approved',
      amountKobo: 1_000_000,
      feesKobo: 5_000,
      creditKobo: 995_000,
      note: 'Bola Ade (GTBank)',
    });
    expect(byId.get(deposits.rejected.id)).toMatchObject({
      status: 'failed',
      detail: 'rejected',
      note: 'Ada Obi (GTBank): No deposit found.',
    });
    expect(byId.get(deposits.approved.id)?.settledAt).not.toBeNull();
  });

  it('filters by kind, status, customer, reference, amount and day; sorts and pages', async () => {
    expect(await ids('kind=card')).toEqual(idsOf(made.cardPending, made.cardPaid));
    expect(await ids('kind=transfer')).toEqual(idsOf(made.transfer));
    expect(await ids('kind=manual&status=pending')).toEqual(idsOf(deposits.waiting));
    expect(await ids('status=credited')).toEqual(idsOf(made.cardPaid, made.transfer, deposits.approved));
    expect(await ids('status=failed')).toEqual(idsOf(deposits.rejected));
    expect(await ids(`user=${encodeURIComponent(ada.email)}`)).toHaveLength(5);
    expect(await ids(`user=${bola.userId}`)).toEqual(idsOf(deposits.approved));
    expect((await search('user=nobody%40example.com')).total).toBe(0);
    expect(await ids(`reference=${made.cardPaid.reference.slice(4, 14).toLowerCase()}`)).toEqual(
      idsOf(made.cardPaid),
    );
    expect(await ids('reference=%25')).toEqual([]);
    expect(await ids('minAmount=2000&maxAmount=7500')).toEqual(
      idsOf(made.transfer, deposits.waiting, deposits.rejected),
    );
    const today = lagosDay(new Date());
    expect((await search(`from=${today}&to=${today}`)).total).toBe(6);
    expect((await search(`from=${lagosDay(new Date(Date.now() + DAY_MS))}`)).total).toBe(0);

    const byAmount = await search('sort=amount&order=asc&pageSize=4');
    expect(byAmount.fundings.map((f) => f.amountKobo)).toEqual([50_000, 100_000, 200_000, 300_000]);
    expect(byAmount).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    const second = await search('sort=amount&order=asc&pageSize=4&page=2');
    expect(second.fundings.map((f) => f.amountKobo)).toEqual([750_000, 1_000_000]);
  });

  it('exports the search as CSV with formula-like text made inert, for admins only', async () => {
    const response = await admin.get('/api/v1/admin/fundings.csv?kind=manual&sort=amount&order=asc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="fundings-\d{12}\.csv"$/);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date (Lagos),Kind,Reference,Status,Detail,Customer,Customer email,User id,Amount (NGN),' +
        'Fees or charge (NGN),Credited (NGN),Note,Settled (Lagos)',
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`,manual,${deposits.waiting.id},pending,pending,Ada Obi,${ada.email},`);
    expect(lines[1]).toContain(",2000.00,50.00,,'=SUM(A1:A9) (GTBank),");
    expect(lines[3]).toContain(',10000.00,50.00,9950.00,Bola Ade (GTBank),');

    for (const url of ['/api/v1/admin/fundings', '/api/v1/admin/fundings.csv']) {
      const refused = await ada.client.get(url);
      expect(refused.statusCode, url).toBe(403);
      expect(errorOf(refused).code).toBe('FORBIDDEN');
    }
    const bad = await admin.get('/api/v1/admin/fundings?kind=cheque');
    expect(bad.statusCode).toBe(400);
  });
});
