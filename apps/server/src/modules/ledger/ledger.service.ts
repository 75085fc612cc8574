import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { messages } from '@quickvend/shared/messages';
import { kobo, negateKobo, type Kobo } from '@quickvend/shared/money';
import {
  createStatementRunner,
  databaseErrorOf,
  queryRows,
  type Database,
  type Executor,
  type Transaction,
} from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import {
  buildLines,
  inputHashOf,
  LedgerInvariantError,
  WALLET_PREFIX,
  walletCode,
  type PostedEntry,
  type PostInput,
} from './ledger.lines.ts';
import { createLedgerQueries } from './ledger.queries.ts';
import { ledgerAccounts, ledgerEntries, ledgerLines, walletAdjustments } from './ledger.tables.ts';

/**
 * An entry posted in the same single statement as the caller's own write, committed on its own. A wallet debit,
 * if any, comes first; then the write, which decides: when it returns no row, nothing is posted. Every move after
 * it either happens or aborts the whole statement (the CHECK constraint refuses a system account below zero, a
 * line refuses a missing account).
 */
export type StatementEntry = Pick<PostInput, 'reference' | 'kind' | 'memo' | 'postings'> & {
  /**
   * A data-modifying statement with RETURNING, e.g. a conditional UPDATE of the caller's row, with a placeholder
   * for each of its `values`. When the entry debits a wallet, `wallet` (id, balance_kobo) is that debit: the write
   * must select from it, so a refused debit writes nothing, and must then write its row or raise (a debit without
   * its entry cannot be recorded).
   */
  write: (wallet: SQL) => SQLWrapper;
  /** Names the write's text: the same shape, the same text, whatever the values. */
  writeShape: string;
  values: Record<string, unknown>;
};

const systemBelowZero = (code: string) =>
  new LedgerInvariantError(`System account ${code} would go below zero: the books are out of step.`);

export const BALANCE_CHANNEL = 'qv_balance';

const refusedBelowZero = (error: unknown) =>
  databaseErrorOf(error)?.constraint === 'ledger_accounts_balance_non_negative';

/**
 * The CTEs that move each system account of an entry and write its line, in id order (ids equal codes), each
 * after the line before it: one lock order for every entry, as in `post`. A missing account leaves its line
 * without a balance, which the NOT NULL constraint refuses, so the whole statement aborts.
 */
function moveSystemAccounts(count: number): SQL[] {
  return Array.from({ length: count }, (_, i) => {
    const move = sql.identifier(`move_${i}`);
    const after = i === 0 ? sql`entry` : sql.identifier(`line_${i - 1}`);
    const code = sql.placeholder(`ledger_code_${i}`);
    const delta = sql.placeholder(`ledger_delta_${i}`);
    return [
      sql`${move} as (
        update ledger_accounts set balance_kobo = balance_kobo + ${delta}
        where id = ${code} and exists (select from ${after})
        returning balance_kobo)`,
      sql`${sql.identifier(`line_${i}`)} as (
        insert into ledger_lines (entry_id, account_id, amount_kobo, balance_after_kobo)
        select entry.id, ${code}, ${delta}, (select balance_kobo from ${move}) from entry
        returning id)`,
    ];
  }).flat();
}

/** The wallet's conditional debit: no row when it cannot pay. */
const debitWallet = sql`wallet as (
  update ledger_accounts set balance_kobo = balance_kobo + ${sql.placeholder('ledger_wallet_delta')}
  where code = ${sql.placeholder('ledger_wallet_code')}
    and (allow_negative or balance_kobo + ${sql.placeholder('ledger_wallet_delta')} >= 0)
  returning id, balance_kobo)`;

/**
 * The wallet's line. Without an entry its entry id is null, which NOT NULL refuses: a debit is never recorded
 * without its entry. PostgreSQL announces the new balance only when the statement commits.
 */
const walletLine = sql`wallet_line as (
  insert into ledger_lines (entry_id, account_id, amount_kobo, balance_after_kobo)
  select (select id from entry), wallet.id, ${sql.placeholder('ledger_wallet_delta')}, wallet.balance_kobo
  from wallet
  returning pg_notify(${BALANCE_CHANNEL}, ${sql.placeholder('ledger_wallet_owner')}))`;

export function createLedger(db: Database) {
  const runStatement = createStatementRunner(db);
  async function ensureWalletAccount(executor: Executor, userId: string): Promise<void> {
    await executor
      .insert(ledgerAccounts)
      .values({ id: newId('wal'), code: walletCode(userId), ownerUserId: userId })
      .onConflictDoNothing();
  }

  /**
   * Records one entry and moves the balances, in the caller's transaction or a new one.
   * Every balance change is one conditional UPDATE, so concurrent postings can never overdraw a wallet.
   * @throws INSUFFICIENT_FUNDS when a wallet would go below zero (nothing is recorded); LedgerInvariantError when
   * a system account would, or when the reference was posted before with other postings
   */
  async function post(input: PostInput, tx?: Transaction): Promise<PostedEntry> {
    return postLines(input, buildLines(input.postings), tx);
  }

  async function postLines(
    input: Omit<PostInput, 'postings'>,
    lines: ReadonlyMap<string, number>,
    tx?: Transaction,
  ): Promise<PostedEntry> {
    if (!tx) return db.transaction((inner) => postLines(input, lines, inner));
    const inputHash = inputHashOf(input.kind, lines);
    const entryId = newId('ent');
    const [inserted] = await tx
      .insert(ledgerEntries)
      .values({
        id: entryId,
        reference: input.reference,
        kind: input.kind,
        memo: input.memo,
        actorId: input.actorId ?? null,
        reversesEntryId: input.reversesEntryId ?? null,
        inputHash,
      })
      .onConflictDoNothing({ target: ledgerEntries.reference })
      .returning({ id: ledgerEntries.id });
    if (!inserted) {
      const [existing] = await tx
        .select({ id: ledgerEntries.id, inputHash: ledgerEntries.inputHash })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.reference, input.reference));
      if (!existing) throw new Error(`Entry ${input.reference} conflicted but cannot be read`);
      // entries from before hashes were kept have none to compare
      if (existing.inputHash !== null && existing.inputHash !== inputHash) {
        throw new LedgerInvariantError(`Entry ${input.reference} was posted before with other postings.`);
      }
      return { entryId: existing.id, isNew: false, walletBalances: new Map() };
    }

    const findAccounts = () =>
      tx
        .select({ id: ledgerAccounts.id, code: ledgerAccounts.code, ownerUserId: ledgerAccounts.ownerUserId })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.code, [...lines.keys()]));
    let accounts = await findAccounts();
    // a wallet is opened at sign-up; this covers one that predates that, at the cost of a second look
    if (accounts.length !== lines.size) {
      for (const code of lines.keys()) {
        if (code.startsWith(WALLET_PREFIX)) await ensureWalletAccount(tx, code.slice(WALLET_PREFIX.length));
      }
      accounts = await findAccounts();
    }
    if (accounts.length !== lines.size)
      throw new Error(`Unknown ledger account in ${[...lines.keys()].join(', ')}`);

    const walletBalances = new Map<string, Kobo>();
    const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
    const wallets = accounts.filter((a) => a.ownerUserId !== null).sort(byId);
    // System accounts (purchase holds, provider float) are shared by every customer: they are moved last, each
    // in one statement with its line, so their row locks are held only until commit. Wallets first, then system
    // accounts, each in id order: one lock order for every entry, so concurrent entries cannot deadlock.
    const shared = accounts.filter((a) => a.ownerUserId === null).sort(byId);
    for (const account of wallets) {
      const delta = lines.get(account.code) ?? 0;
      const [updated] = await tx
        .update(ledgerAccounts)
        .set({ balanceKobo: sql`${ledgerAccounts.balanceKobo} + ${delta}` })
        .where(
          and(
            eq(ledgerAccounts.id, account.id),
            sql`(${ledgerAccounts.allowNegative} OR ${ledgerAccounts.balanceKobo} + ${delta} >= 0)`,
          ),
        )
        .returning({ balanceKobo: ledgerAccounts.balanceKobo });
      if (!updated) throw new AppError('INSUFFICIENT_FUNDS', messages.purchase.insufficientBalance);
      await tx.insert(ledgerLines).values({
        entryId,
        accountId: account.id,
        amountKobo: kobo(delta),
        balanceAfterKobo: updated.balanceKobo,
      });
      if (account.ownerUserId) {
        walletBalances.set(account.ownerUserId, updated.balanceKobo);
        // delivered by PostgreSQL only when the transaction commits
        await tx.execute(sql`select pg_notify(${BALANCE_CHANNEL}, ${account.ownerUserId})`);
      }
    }
    for (const account of shared) {
      const delta = lines.get(account.code) ?? 0;
      const moved = await queryRows<{ id: number }>(
        tx,
        sql`with moved as (
              update ledger_accounts set balance_kobo = balance_kobo + ${delta}
              where id = ${account.id} and (allow_negative or balance_kobo + ${delta} >= 0)
              returning balance_kobo)
            insert into ledger_lines (entry_id, account_id, amount_kobo, balance_after_kobo)
            select ${entryId}, ${account.id}, ${delta}, balance_kobo from moved
            returning id`,
      );
      if (moved.length === 0) throw systemBelowZero(account.code);
    }
    return { entryId, isNew: true, walletBalances };
  }

  /**
   * Posts an entry with the caller's write in one statement, outside any transaction: no BEGIN/COMMIT round
   * trips, and each shared system row stays locked only from its update to the commit that follows at once.
   * A wallet is moved first, and only debited: its conditional update is the one refusal that stops everything.
   * @returns the rows the write returned (none: the write wrote nothing and nothing moved)
   * @throws INSUFFICIENT_FUNDS when the wallet cannot pay (nothing is recorded); LedgerInvariantError when a
   * system account would go below zero
   */
  async function postWithWrite(input: StatementEntry): Promise<Record<string, unknown>[]> {
    const lines = [...buildLines(input.postings)];
    const wallets = lines.filter(([code]) => code.startsWith(WALLET_PREFIX));
    const [wallet] = wallets;
    if (wallets.length > 1 || (wallet && wallet[1] > 0))
      throw new Error('An entry posted in one statement may debit one wallet, and credit none.');
    // system accounts in id order (ids equal codes): the lock order of every entry
    const system = lines
      .filter(([code]) => !code.startsWith(WALLET_PREFIX))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    const values: Record<string, unknown> = {
      ...input.values,
      ledger_entry_id: newId('ent'),
      ledger_reference: input.reference,
      ledger_kind: input.kind,
      ledger_memo: input.memo,
      ledger_input_hash: inputHashOf(input.kind, new Map(lines)),
    };
    if (wallet) {
      values['ledger_wallet_code'] = wallet[0];
      values['ledger_wallet_delta'] = wallet[1];
      values['ledger_wallet_owner'] = wallet[0].slice(WALLET_PREFIX.length);
    }
    system.forEach(([code, delta], i) => {
      values[`ledger_code_${i}`] = code;
      values[`ledger_delta_${i}`] = delta;
    });
    const build = () =>
      sql`with ${sql.join(
        [
          ...(wallet ? [debitWallet] : []),
          sql`subject as (${input.write(sql`wallet`).getSQL()})`,
          sql`entry as (
            insert into ledger_entries (id, reference, kind, memo, input_hash)
            select ${sql.placeholder('ledger_entry_id')}, ${sql.placeholder('ledger_reference')},
              ${sql.placeholder('ledger_kind')}, ${sql.placeholder('ledger_memo')}, ${sql.placeholder('ledger_input_hash')}
            where exists (select from subject)
            returning id)`,
          ...(wallet ? [walletLine] : []),
          ...moveSystemAccounts(system.length),
        ],
        sql`, `,
      )} select * from subject`;
    let rows: Record<string, unknown>[];
    try {
      rows = await runStatement(`${input.writeShape} ${wallet ? 1 : 0} ${system.length}`, build, values);
    } catch (error) {
      if (!refusedBelowZero(error)) throw error;
      // the wallet's debit is conditional and never trips the constraint: a system account did
      const debited = system.filter(([, amount]) => amount < 0).map(([code]) => code);
      throw systemBelowZero(debited.join(', '));
    }
    // the write selects from the wallet's debit: no row back means the wallet could not pay (or has no account)
    if (wallet && rows.length === 0)
      throw new AppError('INSUFFICIENT_FUNDS', messages.purchase.insufficientBalance);
    return rows;
  }

  /**
   * Undoes an entry with a new one that moves every line back, linked to it; once, however often it is asked.
   * A wallet that has since spent the money is not overdrawn: the reversal is refused as INSUFFICIENT_FUNDS.
   * @throws NOT_FOUND for an unknown entry, CONFLICT for a reversal, INSUFFICIENT_FUNDS
   */
  async function reverse(entryId: string, reason: string, actorId?: string | null): Promise<PostedEntry> {
    const [original] = await db
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, entryId));
    if (!original) throw new AppError('NOT_FOUND', 'We could not find that ledger entry.');
    if (original.kind === 'reversal') throw new AppError('CONFLICT', 'A reversal cannot itself be reversed.');
    const lines = await db
      .select({ code: ledgerAccounts.code, amountKobo: ledgerLines.amountKobo })
      .from(ledgerLines)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
      .where(eq(ledgerLines.entryId, entryId));
    return postLines(
      { reference: `reversal:${entryId}`, kind: 'reversal', memo: reason, actorId, reversesEntryId: entryId },
      new Map(lines.map((line) => [line.code, negateKobo(line.amountKobo)])),
    );
  }

  return {
    post,
    postWithWrite,
    reverse,
    ...createLedgerQueries(db),

    /** Idempotent: every user has exactly one wallet account. */
    async openWalletAccount(userId: string): Promise<void> {
      await ensureWalletAccount(db, userId);
    },

    /**
     * An operator's credit or debit of a wallet, recorded with who, why, and the balance before and after.
     * @throws INSUFFICIENT_FUNDS when a debit would overdraw the wallet
     */
    async adjustWallet(input: {
      userId: string;
      direction: 'credit' | 'debit';
      amountKobo: Kobo;
      reason: string;
      actor: string;
      actorId?: string | null;
    }) {
      const id = newId('adj');
      const wallet = { wallet: input.userId };
      const equity = { system: 'equity:adjustments' } as const;
      return db.transaction(async (tx) => {
        const posted = await post(
          {
            reference: `adjustment:${id}`,
            kind: 'adjustment',
            memo: input.reason,
            actorId: input.actorId ?? null,
            postings: [
              input.direction === 'credit'
                ? { from: equity, to: wallet, amountKobo: input.amountKobo }
                : { from: wallet, to: equity, amountKobo: input.amountKobo },
            ],
          },
          tx,
        );
        const after = posted.walletBalances.get(input.userId) ?? kobo(0);
        const before = kobo(
          input.direction === 'credit' ? after - input.amountKobo : after + input.amountKobo,
        );
        await tx.insert(walletAdjustments).values({
          id,
          entryId: posted.entryId,
          userId: input.userId,
          actor: input.actor,
          direction: input.direction,
          amountKobo: input.amountKobo,
          balanceBeforeKobo: before,
          balanceAfterKobo: after,
          reason: input.reason,
        });
        return {
          adjustmentId: id,
          entryId: posted.entryId,
          balanceBeforeKobo: before,
          balanceAfterKobo: after,
        };
      });
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
