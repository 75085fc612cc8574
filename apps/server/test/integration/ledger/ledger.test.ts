import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { kobo } from '@quickvend/shared/money';
import { queryRows } from '../../../src/db/client.ts';
import { AppError } from '../../../src/lib/errors.ts';
import { LedgerInvariantError } from '../../../src/modules/ledger/index.ts';
import { createTestApp, signUp, type TestApp } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

/** Drizzle wraps driver errors: match the database's own message. */
const causedBy = (pattern: RegExp) => {
  const cause: unknown = expect.objectContaining({ message: expect.stringMatching(pattern) as unknown });
  return { cause };
};

describeEachDatabase('ledger', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const equity = { system: 'equity:adjustments' } as const;

  it('moves money once per reference, however often it is posted', async () => {
    const { userId } = await signUp(t.app);
    const input = {
      reference: `test:${userId}:once`,
      kind: 'adjustment' as const,
      memo: 'opening credit',
      postings: [{ from: equity, to: { wallet: userId }, amountKobo: kobo(150_000) }],
    };
    const first = await t.container.ledger.post(input);
    const again = await t.container.ledger.post(input);
    expect(first.isNew).toBe(true);
    expect(again).toMatchObject({ isNew: false, entryId: first.entryId });
    expect(first.walletBalances.get(userId)).toBe(150_000);
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(150_000);
  });

  it('refuses to overdraw a wallet and records nothing', async () => {
    const { userId } = await signUp(t.app);
    await t.container.ledger.adjustWallet({
      userId,
      direction: 'credit',
      amountKobo: kobo(10_000),
      reason: 'seed',
      actor: 'test',
    });
    const overdraw = t.container.ledger.adjustWallet({
      userId,
      direction: 'debit',
      amountKobo: kobo(10_001),
      reason: 'too much',
      actor: 'test',
    });
    await expect(overdraw).rejects.toBeInstanceOf(AppError);
    await expect(overdraw).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(10_000);
    const { lines } = await t.container.ledger.listWalletLines(userId, { limit: 10 });
    expect(lines).toHaveLength(1);
  });

  it('records who adjusted a wallet, why, and the balance before and after', async () => {
    const { userId } = await signUp(t.app);
    await t.container.ledger.adjustWallet({
      userId,
      direction: 'credit',
      amountKobo: kobo(50_000),
      reason: 'goodwill',
      actor: 'cli:ops',
    });
    const debit = await t.container.ledger.adjustWallet({
      userId,
      direction: 'debit',
      amountKobo: kobo(20_000),
      reason: 'duplicate credit',
      actor: 'cli:ops',
    });
    expect(debit).toMatchObject({ balanceBeforeKobo: 50_000, balanceAfterKobo: 30_000 });
  });

  it('keeps entries and lines append-only in the database itself', async () => {
    const { userId } = await signUp(t.app);
    await t.container.ledger.adjustWallet({
      userId,
      direction: 'credit',
      amountKobo: kobo(100),
      reason: 'x',
      actor: 'test',
    });
    await expect(
      t.container.db.execute(sql`update ledger_lines set amount_kobo = 999999`),
    ).rejects.toMatchObject(causedBy(/append-only/));
    await expect(t.container.db.execute(sql`delete from ledger_entries`)).rejects.toMatchObject(
      causedBy(/append-only/),
    );
    await expect(t.container.db.execute(sql`truncate ledger_lines cascade`)).rejects.toMatchObject(
      causedBy(/append-only/),
    );
  });

  it('refuses a wallet balance below zero even from raw SQL', async () => {
    const { userId } = await signUp(t.app);
    await expect(
      t.container.db.execute(
        sql`update ledger_accounts set balance_kobo = -1 where owner_user_id = ${userId}`,
      ),
    ).rejects.toMatchObject(causedBy(/ledger_accounts_balance_non_negative/));
  });

  it('shows the statement newest first with the balance after each movement, a page at a time', async () => {
    const { userId } = await signUp(t.app);
    for (const amount of [1_000, 2_000, 3_000]) {
      await t.container.ledger.adjustWallet({
        userId,
        direction: 'credit',
        amountKobo: kobo(amount),
        reason: `+${amount}`,
        actor: 'test',
      });
    }
    const first = await t.container.ledger.listWalletLines(userId, { limit: 2 });
    expect(first.lines.map((l) => [l.amountKobo, l.balanceAfterKobo])).toEqual([
      [3_000, 6_000],
      [2_000, 3_000],
    ]);
    const second = await t.container.ledger.listWalletLines(userId, {
      limit: 2,
      cursor: first.nextCursor ?? undefined,
    });
    expect(second.lines.map((l) => l.amountKobo)).toEqual([1_000]);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a reference posted again with other postings, and answers the same postings with the first entry', async () => {
    const { userId } = await signUp(t.app);
    const input = {
      reference: `test:${userId}:hash`,
      kind: 'adjustment' as const,
      memo: 'credit',
      postings: [{ from: equity, to: { wallet: userId }, amountKobo: kobo(10_000) }],
    };
    const first = await t.container.ledger.post(input);
    await expect(t.container.ledger.post({ ...input, memo: 'said differently' })).resolves.toMatchObject({
      entryId: first.entryId,
      isNew: false,
    });
    const changed = {
      ...input,
      postings: [{ from: equity, to: { wallet: userId }, amountKobo: kobo(20_000) }],
    };
    await expect(t.container.ledger.post(changed)).rejects.toBeInstanceOf(LedgerInvariantError);
    await expect(t.container.ledger.post({ ...input, kind: 'referral.reward' })).rejects.toThrow(
      /posted before with other postings/,
    );
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(10_000);
  });

  it("calls a system account going below zero a broken invariant, never the customer's insufficient funds", async () => {
    const { userId } = await signUp(t.app);
    const overdrawn = t.container.ledger.post({
      reference: `test:${userId}:fees`,
      kind: 'adjustment',
      memo: 'more fees out than ever came in',
      postings: [
        { from: { system: 'income:fees' }, to: { wallet: userId }, amountKobo: kobo(1_000_000_000) },
      ],
    });
    await expect(overdrawn).rejects.toBeInstanceOf(LedgerInvariantError);
    await expect(overdrawn).rejects.toThrow('System account income:fees would go below zero');
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(0);
  });

  it('reverses an entry once, linked to it, and never overdraws a wallet that spent the money', async () => {
    const { userId } = await signUp(t.app);
    const credit = await t.container.ledger.adjustWallet({
      userId,
      direction: 'credit',
      amountKobo: kobo(5_000),
      reason: 'credited by mistake',
      actor: 'test',
    });
    const reversal = await t.container.ledger.reverse(credit.entryId, 'credited by mistake', null);
    expect(reversal.isNew).toBe(true);
    expect(reversal.walletBalances.get(userId)).toBe(0);
    await expect(t.container.ledger.reverse(credit.entryId, 'again', null)).resolves.toMatchObject({
      entryId: reversal.entryId,
      isNew: false,
    });
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(0);
    const { lines } = await t.container.ledger.listWalletLines(userId, { limit: 5 });
    expect(lines.map((line) => [line.kind, line.amountKobo])).toEqual([
      ['reversal', -5_000],
      ['adjustment', 5_000],
    ]);
    const [linked] = await queryRows<{ reverses_entry_id: string }>(
      t.container.db,
      sql`select reverses_entry_id from ledger_entries where id = ${reversal.entryId}`,
    );
    expect(linked?.reverses_entry_id).toBe(credit.entryId);

    await expect(t.container.ledger.reverse(reversal.entryId, 'undo the undo', null)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expect(t.container.ledger.reverse('ent_unknown', 'nothing', null)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });

    const spent = await t.container.ledger.adjustWallet({
      userId,
      direction: 'credit',
      amountKobo: kobo(3_000),
      reason: 'credit',
      actor: 'test',
    });
    await t.container.ledger.adjustWallet({
      userId,
      direction: 'debit',
      amountKobo: kobo(2_000),
      reason: 'spent',
      actor: 'test',
    });
    await expect(t.container.ledger.reverse(spent.entryId, 'too late', null)).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await t.container.ledger.getWalletBalance(userId)).toBe(1_000);
  });

  it('verifies as sound after all of the above', async () => {
    const report = await t.container.ledger.verify();
    expect(report.problems).toEqual([]);
    expect(report.entries).toBeGreaterThan(0);
  });
});
