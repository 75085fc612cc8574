import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { kobo } from '@quickvend/shared/money';
import type { DeliveredOutcome } from '../../../src/modules/purchases/index.ts';
import { queryRows } from '../../../src/db/client.ts';
import { createTestApp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

const delivered: DeliveredOutcome = {
  status: 'delivered',
  message: 'Delivered, confirmed with the provider by hand.',
  providerReference: 'by-hand-1',
  costKobo: kobo(9_700),
  token: null,
  pins: null,
  units: null,
  receiptLines: [],
};

describeEachDatabase('purchase actions an operator may take', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const balanceOf = (userId: string) => t.container.ledger.getWalletBalance(userId);
  const purchaseOf = async (client: TestClient, requestId: string) =>
    (await client.get(`/api/v1/purchases/${requestId}`)).json<{ purchase: Purchase }>().purchase;
  const pending = async (client: TestClient) => {
    const { purchase } = await buy(client, { serviceId: 'mtn', phone: '201000000000', amount: '100' });
    expect(purchase?.status).toBe('pending');
    if (!purchase) throw new Error('no purchase');
    return purchase;
  };

  it('settles, refunds or keeps pending an open purchase by id, and never moves a final one', async () => {
    const { actions } = t.container.purchases;
    const { client, userId } = await fundedCustomer(t, 1_000);

    const kept = await pending(client);
    const stillPending = await actions.keepPending(kept.id, { message: 'Still checking.' });
    expect(stillPending).toMatchObject({ status: 'pending', message: 'Still checking.' });
    const settled = await actions.settle(kept.id, delivered);
    expect(settled).toMatchObject({ status: 'delivered', costKobo: 9_700, providerReference: 'by-hand-1' });
    expect((await purchaseOf(client, kept.requestId)).status).toBe('delivered');
    expect(await balanceOf(userId)).toBe(90_000);

    const refunded = await pending(client);
    expect(await balanceOf(userId)).toBe(80_000);
    expect(await actions.refund(refunded.id, { message: 'Refunded by an operator.' })).toMatchObject({
      status: 'failed',
    });
    expect(await purchaseOf(client, refunded.requestId)).toMatchObject({
      status: 'failed',
      message: 'Refunded by an operator.',
    });
    expect(await balanceOf(userId)).toBe(90_000);

    for (const id of [kept.id, refunded.id, 'pur_unknown']) {
      expect(await actions.settle(id, delivered)).toBeNull();
      expect(await actions.refund(id, { message: 'again' })).toBeNull();
      expect(await actions.keepPending(id, { message: 'again' })).toBeNull();
    }
    expect(await balanceOf(userId)).toBe(90_000);
    expect((await purchaseOf(client, kept.requestId)).status).toBe('delivered');
    expect((await purchaseOf(client, refunded.requestId)).status).toBe('failed');
    expect((await t.container.ledger.verify()).problems).toEqual([]);
    expect(await t.container.purchases.verify()).toEqual([]);
  });

  it('counts every one of many answers that keep a purchase pending at once, each queueing its own requery', async () => {
    const { actions } = t.container.purchases;
    const { client } = await fundedCustomer(t, 1_000);
    const { id } = await pending(client);
    const requeries = async () =>
      Number(
        (
          await queryRows<{ count: string }>(
            t.container.db,
            sql`select count(*)::text as count from jobs.job where name = 'purchases.requery' and data->>'purchaseId' = ${id}`,
          )
        )[0]?.count,
      );
    expect(await requeries()).toBe(1);

    const kept = await Promise.all(
      Array.from({ length: 12 }, () => actions.keepPending(id, { message: 'Still checking.' })),
    );
    expect(kept.map((row) => row?.checks).sort((a = 0, b = 0) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, i) => i + 2),
    );
    expect((await t.container.purchases.findById(id))?.checks).toBe(13);
    expect(await requeries()).toBe(13);
  });
});
