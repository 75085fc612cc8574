import { afterAll, beforeAll, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

describeEachDatabase('purchase invariants', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds nothing wrong in real purchases, and sees an entry a purchase does not imply, and a wrong amount', async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const { purchase: delivered } = await buy(client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    const { purchase: pending } = await buy(client, {
      serviceId: 'mtn',
      phone: '201000000000',
      amount: '200',
    });
    expect([delivered?.status, pending?.status]).toEqual(['delivered', 'pending']);
    expect(await t.container.purchases.verify()).toEqual([]);

    // a refund of the pending purchase, for the wrong amount, written behind the engine's back
    await t.container.ledger.post({
      reference: `purchase:${pending?.id}:refund`,
      kind: 'purchase.refund',
      memo: 'not by the engine',
      // from the shard that holds the purchase's money, so only the amount is wrong
      shard: (
        await t.container.db.query.purchases.findFirst({ where: (p, { eq }) => eq(p.id, pending?.id ?? '') })
      )?.heldShard,
      postings: [{ from: { system: 'held:purchases' }, to: { wallet: userId }, amountKobo: kobo(1) }],
    });
    expect(await t.container.purchases.verify()).toEqual([
      `purchase ${pending?.id} is pending but has 1/0/1 hold/settle/refund entries`,
      `purchase ${pending?.id} charged 20000 but its refund moved 1`,
    ]);
  });
});
