import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { queryRows } from '../../../src/db/client.ts';
import { ProviderUnavailableError } from '../../../src/modules/purchases/purchases.port.ts';
import { createTestApp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

/** the sandbox keeps a sale to this number pending */
const PENDING_PHONE = '201000000000';

describeEachDatabase('a pending purchase asked about', (kind) => {
  let t: TestApp;
  let now = new Date();
  beforeAll(async () => {
    // no job runs: the only requery is the one a caller's look starts
    t = await createTestApp(kind, { clock: { now: () => now }, runWorkers: false });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const vtpass = () => {
    const simulator = t.simulators.vtpass;
    if (!simulator) throw new Error('no VTpass simulator');
    return simulator;
  };
  const later = (seconds: number) => {
    now = new Date(now.getTime() + seconds * 1000);
  };

  async function look(client: TestClient, requestId: string): Promise<Purchase> {
    const response = await client.get(`/api/v1/purchases/${requestId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ purchase: Purchase }>().purchase;
  }

  async function requeriesOf(purchaseId: string): Promise<number> {
    const [row] = await queryRows<{ count: string }>(
      t.container.db,
      sql`select count(*)::text as count from purchase_events where purchase_id = ${purchaseId} and kind = 'provider.requery'`,
    );
    return Number(row?.count);
  }

  async function pendingPurchase() {
    const { client } = await fundedCustomer(t, 1_000);
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: PENDING_PHONE, amount: '100' });
    expect(purchase?.status).toBe('pending');
    if (!purchase) throw new Error('no purchase');
    // the purchase's time is the database's: the clock starts from the real time after it
    now = new Date();
    return { client, purchase };
  }

  it('asks VTpass once it has been pending a minute, at most once a minute, and answers what VTpass said', async () => {
    const { client, purchase } = await pendingPurchase();
    // VTpass delivers it and tells no one
    expect(await vtpass().alterSale(purchase.providerRequestId, { status: 'delivered' })).toBe(true);
    later(50);
    expect((await look(client, purchase.requestId)).status).toBe('pending');
    expect(await requeriesOf(purchase.id)).toBe(0);
    later(11);
    const looks = await Promise.all([1, 2, 3].map(() => look(client, purchase.requestId)));
    expect(looks.map((seen) => seen.status)).toContain('delivered');
    expect((await look(client, purchase.requestId)).status).toBe('delivered');
    expect(await requeriesOf(purchase.id)).toBe(1);
  });

  it('asks again only a minute after the last time', async () => {
    const { client, purchase } = await pendingPurchase();
    later(61);
    expect((await look(client, purchase.requestId)).status).toBe('pending');
    expect(await requeriesOf(purchase.id)).toBe(1);
    await vtpass().alterSale(purchase.providerRequestId, { status: 'delivered' });
    later(30);
    expect((await look(client, purchase.requestId)).status).toBe('pending');
    expect(await requeriesOf(purchase.id)).toBe(1);
    later(31);
    expect((await look(client, purchase.requestId)).status).toBe('delivered');
    expect(await requeriesOf(purchase.id)).toBe(2);
  });

  it('answers pending, never an error, when VTpass cannot be reached or the requery breaks', async () => {
    const { client, purchase } = await pendingPurchase();
    const requery = vi
      .spyOn(t.container.billsProvider, 'requery')
      .mockRejectedValueOnce(new ProviderUnavailableError('connection refused'))
      .mockRejectedValueOnce(new Error('something else broke'));
    later(61);
    expect((await look(client, purchase.requestId)).status).toBe('pending');
    later(61);
    expect((await look(client, purchase.requestId)).status).toBe('pending');
    expect(requery).toHaveBeenCalledTimes(2);
    const balance = await client.get('/api/v1/balance');
    expect(balance.json<{ balanceKobo: number }>().balanceKobo).toBe(90_000);
  });
});
