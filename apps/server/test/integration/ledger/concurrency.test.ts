import { afterAll, beforeAll, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { createTestApp, signUp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

// On PostgreSQL these run truly in parallel (PGlite serialises transactions and would hide races).
describeEachDatabase('ledger under concurrency', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('200 concurrent credits and debits on one wallet: never negative, exact final balance', async () => {
    const { userId } = await signUp(t.app);
    await t.container.ledger.adjustWallet({
      userId,
      direction: 'credit',
      amountKobo: kobo(5_000),
      reason: 'seed',
      actor: 'test',
    });
    const operations = Array.from({ length: 200 }, (_, i) => ({
      direction: i % 3 === 0 ? ('credit' as const) : ('debit' as const),
      amountKobo: kobo(1_000 + (i % 7) * 100),
    }));
    const results = await Promise.allSettled(
      operations.map((op) =>
        t.container.ledger.adjustWallet({ userId, ...op, reason: 'race', actor: 'test' }),
      ),
    );
    let expected = 5_000;
    results.forEach((result, i) => {
      const op = operations[i];
      if (!op) return;
      if (result.status === 'fulfilled') {
        expected += op.direction === 'credit' ? op.amountKobo : -Number(op.amountKobo);
        expect(result.value.balanceAfterKobo).toBeGreaterThanOrEqual(0);
      } else {
        expect(op.direction).toBe('debit');
        expect(result.reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
      }
    });
    const refused = results.filter((r) => r.status === 'rejected').length;
    expect(refused).toBeGreaterThan(0);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(expected);

    const { lines } = await t.container.ledger.listWalletLines(userId, { limit: 500 });
    expect(lines.every((line) => line.balanceAfterKobo >= 0)).toBe(true);
    expect(lines).toHaveLength(201 - refused);
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });

  it('the same reference posted 50 times at once moves money exactly once', async () => {
    const { userId } = await signUp(t.app);
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.container.ledger.post({
          reference: `race:${userId}`,
          kind: 'adjustment',
          memo: 'race',
          postings: [
            { from: { system: 'equity:adjustments' }, to: { wallet: userId }, amountKobo: kobo(7_500) },
          ],
        }),
      ),
    );
    expect(results.filter((r) => r.isNew)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(7_500);
  });
});
