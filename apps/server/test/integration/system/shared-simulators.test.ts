import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { kobo } from '@quickvend/shared/money';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { createTestApp, testConfig, uniqueEmail, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase, openTestDatabase } from '../../helpers/database.ts';
import { SUCCESS_CARD, payOnCheckout, startCardPayment } from '../../helpers/paystack.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

// Two server processes on one database, each serving its own sandbox simulators: whichever process a
// request reaches, the simulated VTpass and Paystack know every sale and payment the other took.
describeEachDatabase('sandbox simulators shared by two server processes', (kind) => {
  let database: DatabaseHandle;
  let one: TestApp;
  let other: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    one = await createTestApp(kind, { database });
    other = await createTestApp(kind, { database });
  });
  afterAll(async () => {
    await other.close();
    await one.close();
    await database.close();
  });

  const vtpassPost = async (t: TestApp, path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${t.selfUrl}/sandbox/vtpass/api${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'api-key': testConfig.vtpass.apiKey,
        'secret-key': testConfig.vtpass.secretKey,
      },
      body: JSON.stringify(body),
    });
    return (await response.json()) as Record<string, unknown>;
  };

  it('a sale made through one is found by a requery through the other, with the same answer', async () => {
    const requestId = one.container.billsProvider.newRequestId(new Date());
    const sale = { request_id: requestId, serviceID: 'mtn', phone: '08011111111', amount: 100 };
    expect(await vtpassPost(one, '/pay', sale)).toMatchObject({ code: '000', requestId });

    const there = await vtpassPost(other, '/requery', { request_id: requestId });
    expect(there).toMatchObject({ code: '000', content: { transactions: { status: 'delivered' } } });
    expect(there).toEqual(await vtpassPost(one, '/requery', { request_id: requestId }));
    expect(await other.container.billsProvider.requery(requestId)).toMatchObject({ status: 'delivered' });
    expect(await vtpassPost(other, '/pay', sale)).toMatchObject({ code: '014' });
  });

  it('a purchase left pending on one is delivered by the other, once', async () => {
    const { client } = await fundedCustomer(one, 1_000);
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '201000000000', amount: '100' });
    expect(purchase?.status).toBe('pending');
    // VTpass resolves it from the other process, which calls its own server back and requeries there
    await other.simulators.vtpass?.resolvePendingNow(purchase?.providerRequestId);
    await vi.waitFor(
      async () => {
        const read = await client.get(`/api/v1/purchases/${purchase?.requestId ?? ''}`);
        expect(read.json<{ purchase: Purchase }>().purchase.status).toBe('delivered');
      },
      { timeout: 20_000, interval: 100 },
    );
    expect((await client.get('/api/v1/wallet')).json<{ balanceKobo: number }>().balanceKobo).toBe(90_000);
    expect((await one.container.ledger.verify()).problems).toEqual([]);
  });

  it('both read one merchant float', async () => {
    await one.simulators.vtpass?.setFloatKobo(kobo(12_345_600));
    expect(await other.simulators.vtpass?.floatKobo()).toBe(12_345_600);
    await other.simulators.vtpass?.setFloatKobo(kobo(100_000_000_00));
  });

  it('a card payment started on one is paid on the other checkout and verified alike on both', async () => {
    const { client } = await fundedCustomer(one, 0);
    const email = uniqueEmail('card');
    const { checkout } = await startCardPayment(client, email, '2500');
    const unpaid = await other.container.gateway.verifyTransaction(checkout.reference);
    expect(unpaid).toMatchObject({ reference: checkout.reference, status: 'abandoned', amountKobo: 250_000 });

    expect((await payOnCheckout(other, checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
    const paid = await one.container.gateway.verifyTransaction(checkout.reference);
    expect(paid).toMatchObject({ status: 'success', customerEmail: email });
    expect(await other.container.gateway.verifyTransaction(checkout.reference)).toEqual(paid);
    await vi.waitFor(
      async () => {
        expect((await client.get('/api/v1/wallet')).json<{ balanceKobo: number }>().balanceKobo).toBe(
          250_000,
        );
      },
      { timeout: 20_000, interval: 100 },
    );
  });
});
