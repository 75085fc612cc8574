import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { purchases } from '../../../src/db/schema.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

const migration = new URL('../../../drizzle/0011_refunded_balance_after.sql', import.meta.url);

describeEachDatabase('migration 0011: refunded purchases tell the balance after their refund', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('corrects failed purchases recorded with the balance right after their debit, and nothing else', async () => {
    const { client, userId } = await fundedCustomer(t, 1_000);
    const { purchase: failed } = await buy(client, { serviceId: 'glo', phone: '08051234567', amount: '250' });
    const { purchase: delivered } = await buy(client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    expect(failed?.status).toBe('failed');
    expect(delivered?.status).toBe('delivered');
    // as the rows were written before the refund kept the wallet's balance
    await t.container.db
      .update(purchases)
      .set({ balanceAfterKobo: kobo(75_000) })
      .where(eq(purchases.requestId, failed?.requestId ?? ''));

    await t.container.db.execute(sql.raw(await readFile(migration, 'utf8')));

    const rows = await t.container.db
      .select({ requestId: purchases.requestId, balanceAfterKobo: purchases.balanceAfterKobo })
      .from(purchases)
      .where(eq(purchases.userId, userId));
    const after = new Map(rows.map((row) => [row.requestId, row.balanceAfterKobo]));
    expect(after.get(failed?.requestId ?? '')).toBe(100_000);
    expect(after.get(delivered?.requestId ?? '')).toBe(90_000);
  });
});
