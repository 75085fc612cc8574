import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { queryRows } from '../../../src/db/client.ts';
import { backOfficeSettings } from '../../../src/db/schema.ts';
import { createLedger, MissingWalletError } from '../../../src/modules/ledger/index.ts';
import { createTestApp, signUp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

// Every posting is one statement, on its own or inside a caller's transaction; these pin down what it promises, on
// both databases (on PostgreSQL the concurrent ones truly race).
describeEachDatabase('the ledger write path', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const equity = { system: 'equity:adjustments' } as const;
  const entriesNamed = async (reference: string) =>
    Number(
      (
        await queryRows<{ count: string | number }>(
          t.container.db,
          sql`select count(*) as count from ledger_entries where reference = ${reference}`,
        )
      )[0]?.count,
    );

  it('announces a statement of its own after it commits, and lets one in a transaction announce itself at commit', async () => {
    const announced: string[][] = [];
    const ledger = createLedger(t.container.db, { announceBalances: (userIds) => announced.push(userIds) });
    const { userId } = await signUp(t.app);
    const heard = vi.fn();
    const stop = t.container.balanceFeed.subscribe(userId, heard);
    const credit = (name: string) => ({
      reference: `test:${userId}:${name}`,
      kind: 'adjustment' as const,
      memo: 'announced',
      postings: [{ from: equity, to: { wallet: userId }, amountKobo: kobo(100) }],
    });
    try {
      // no NOTIFY in this statement: it would hold the one notification lock through the commit's WAL flush
      await ledger.post(credit('alone'));
      expect(announced).toEqual([[userId]]);
      await ledger.post(credit('alone'));
      expect(announced).toHaveLength(1);
      await t.container.db.transaction((tx) => ledger.post(credit('in-transaction'), tx));
      expect(announced).toHaveLength(1);
      // notifications arrive in commit order: had the first statement notified, it would be heard first
      await vi.waitFor(
        () => {
          expect(heard).toHaveBeenCalled();
        },
        { timeout: 5_000 },
      );
      expect(heard).toHaveBeenCalledTimes(1);
    } finally {
      stop();
    }
  });

  it("commits with the caller's transaction, and leaves nothing when it rolls back", async () => {
    const { userId } = await signUp(t.app);
    const posting = (reference: string) => ({
      reference,
      kind: 'adjustment' as const,
      memo: 'in a transaction',
      postings: [{ from: equity, to: { wallet: userId }, amountKobo: kobo(7_500) }],
    });
    const kept = await t.container.db.transaction((tx) =>
      t.container.ledger.post(posting(`test:${userId}:kept`), tx),
    );
    expect(kept.walletBalances.get(userId)).toBe(7_500);
    await expect(
      t.container.db.transaction(async (tx) => {
        await t.container.ledger.post(posting(`test:${userId}:undone`), tx);
        throw new Error('the caller changes its mind');
      }),
    ).rejects.toThrow('the caller changes its mind');
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(7_500);
    expect(await entriesNamed(`test:${userId}:undone`)).toBe(0);
  });

  it("refuses a debit the wallet cannot pay inside the caller's transaction, undoing the caller's own row too", async () => {
    const { userId } = await signUp(t.app);
    const key = `test.poor.${userId}`;
    await expect(
      t.container.db.transaction(async (tx) => {
        await tx.insert(backOfficeSettings).values({ key, value: 'written first' });
        await t.container.ledger.post(
          {
            reference: `test:${userId}:poor`,
            kind: 'adjustment',
            memo: 'too much',
            postings: [{ from: { wallet: userId }, to: equity, amountKobo: kobo(1) }],
          },
          tx,
        );
      }),
    ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    const rows = await t.container.db
      .select()
      .from(backOfficeSettings)
      .where(eq(backOfficeSettings.key, key));
    expect(rows).toEqual([]);
    expect(await entriesNamed(`test:${userId}:poor`)).toBe(0);
  });

  it("names a wallet with no account inside the caller's transaction, which it cannot open there", async () => {
    const { userId } = await signUp(t.app);
    await t.container.db.execute(sql`delete from ledger_accounts where owner_user_id = ${userId}`);
    await expect(
      t.container.db.transaction((tx) =>
        t.container.ledger.post(
          {
            reference: `test:${userId}:no-account`,
            kind: 'adjustment',
            memo: 'to a wallet with no account',
            postings: [{ from: equity, to: { wallet: userId }, amountKobo: kobo(100) }],
          },
          tx,
        ),
      ),
    ).rejects.toBeInstanceOf(MissingWalletError);
    expect(await entriesNamed(`test:${userId}:no-account`)).toBe(0);
  });

  it('opens the wallet account of a user who has none, on the first posting to it', async () => {
    const { userId } = await signUp(t.app);
    await t.container.db.execute(sql`delete from ledger_accounts where owner_user_id = ${userId}`);
    const posted = await t.container.ledger.post({
      reference: `test:${userId}:first`,
      kind: 'adjustment',
      memo: 'first credit',
      postings: [{ from: equity, to: { wallet: userId }, amountKobo: kobo(2_500) }],
    });
    expect(posted.walletBalances.get(userId)).toBe(2_500);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(2_500);
  });

  it('moves money between two wallets both ways at once without deadlock or drift', async () => {
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    for (const { userId } of [a, b]) {
      await t.container.ledger.post({
        reference: `test:${userId}:float`,
        kind: 'adjustment',
        memo: 'float',
        postings: [{ from: equity, to: { wallet: userId }, amountKobo: kobo(5_000) }],
      });
    }
    const transfers = Array.from({ length: 120 }, (_, i) => {
      const [from, to] = i % 2 === 0 ? [a.userId, b.userId] : [b.userId, a.userId];
      return t.container.ledger.post({
        reference: `test:${a.userId}:transfer:${i}`,
        kind: 'adjustment',
        memo: 'transfer',
        // a system account in the same entry: wallets and system accounts are locked in one order for all
        postings: [
          { from: { wallet: from }, to: { wallet: to }, amountKobo: kobo(300 + (i % 5) * 100) },
          { from: equity, to: { system: 'income:fees' }, amountKobo: kobo(1) },
        ],
      });
    });
    const results = await Promise.allSettled(transfers);
    const failures = results.flatMap((result) =>
      result.status === 'rejected' ? [result.reason as unknown] : [],
    );
    for (const failure of failures) expect(failure).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(failures.length).toBeLessThan(results.length);
    const balances = await t.container.ledger.getWalletBalances([a.userId, b.userId]);
    expect((balances.get(a.userId) ?? 0) + (balances.get(b.userId) ?? 0)).toBe(10_000);
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });
});
