import { and, desc, eq, inArray, isNotNull, like, lt, notInArray, sql, type SQL } from 'drizzle-orm';
import { kobo, type Kobo } from '@quickvend/shared/money';
import { queryRows, type Database, type Executor } from '../../db/client.ts';
import { readInIndexOrder } from '../../db/index-order.ts';
import type { EntryKind } from './ledger.lines.ts';
import { ledgerAccounts, ledgerEntries, ledgerLines } from './ledger.tables.ts';

/** One Lagos day's movement of one account (a system account's code, or `wallet`) by one kind of entry. */
export type LedgerDaySum = {
  day: string;
  account: string;
  kind: EntryKind;
  /** what came into the account, less what reversals gave back */
  addedKobo: Kobo;
  /** what left it, as a negative amount, less what reversals returned */
  takenKobo: Kobo;
};

export type LedgerEntryFacts = { kind: string; reference: string; memo: string };

// LIKE's own wildcards in a prefix are matched as themselves
const referenceStartsWith = (prefix: string) =>
  like(ledgerEntries.reference, `${prefix.replace(/[\\%_]/g, '\\$&')}%`);

/** What the ledger says, never changing it: balances, statements, entries by reference, invariants. */
export function createLedgerQueries(db: Database) {
  return {
    /** The references of entries that start with `prefix` (`purchase:`), for invariant checks. */
    async referencesStartingWith(prefix: string): Promise<Set<string>> {
      const rows = await db
        .select({ reference: ledgerEntries.reference })
        .from(ledgerEntries)
        .where(referenceStartsWith(prefix));
      return new Set(rows.map((row) => row.reference));
    },

    /** What each entry whose reference starts with `prefix` moved into each wallet, by reference and owner. */
    async walletMovesByReference(prefix: string): Promise<Map<string, Map<string, Kobo>>> {
      const rows = await db
        .select({
          reference: ledgerEntries.reference,
          userId: ledgerAccounts.ownerUserId,
          amountKobo: sql<string>`sum(${ledgerLines.amountKobo})::text`,
        })
        .from(ledgerLines)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
        .where(and(referenceStartsWith(prefix), sql`${ledgerAccounts.ownerUserId} is not null`))
        .groupBy(ledgerEntries.reference, ledgerAccounts.ownerUserId);
      const moves = new Map<string, Map<string, Kobo>>();
      for (const row of rows) {
        if (!row.userId) continue;
        const byOwner = moves.get(row.reference) ?? new Map<string, Kobo>();
        byOwner.set(row.userId, kobo(Number(row.amountKobo)));
        moves.set(row.reference, byOwner);
      }
      return moves;
    },

    /**
     * A user without a wallet account has never had money move: their balance is zero. Inside a transaction,
     * read through it (PGlite runs one transaction at a time: a read beside it waits for ever).
     */
    async getWalletBalance(userId: string, executor: Executor = db): Promise<Kobo> {
      const [row] = await executor
        .select({ balanceKobo: ledgerAccounts.balanceKobo })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.ownerUserId, userId));
      return row?.balanceKobo ?? kobo(0);
    },

    async getWalletBalances(userIds: readonly string[]): Promise<Map<string, Kobo>> {
      const balances = new Map<string, Kobo>(userIds.map((id) => [id, kobo(0)]));
      if (userIds.length === 0) return balances;
      const rows = await db
        .select({ userId: ledgerAccounts.ownerUserId, balanceKobo: ledgerAccounts.balanceKobo })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.ownerUserId, [...userIds]));
      for (const row of rows) if (row.userId) balances.set(row.userId, row.balanceKobo);
      return balances;
    },

    /**
     * What every wallet holds together: the money customers can still spend (the business's liability). Pass
     * partners' test accounts as `exceptOwners`: their test money is owed to no one.
     */
    async sumWalletBalances(exceptOwners: readonly string[] = []): Promise<Kobo> {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${ledgerAccounts.balanceKobo}), 0)::text` })
        .from(ledgerAccounts)
        .where(
          and(
            isNotNull(ledgerAccounts.ownerUserId),
            exceptOwners.length > 0 ? notInArray(ledgerAccounts.ownerUserId, [...exceptOwners]) : undefined,
          ),
        );
      return kobo(Number(row?.total ?? 0));
    },

    /**
     * A user's wallet balance as SQL over their id, for lists that sort by it; zero without a wallet. `userId`
     * must name its table: inside this subquery a bare `id` would be the account's.
     */
    walletBalanceOf(userId: SQL): SQL<number> {
      return sql<number>`coalesce((select wallet.balance_kobo from ledger_accounts wallet where wallet.owner_user_id = ${userId}), 0)`.mapWith(
        Number,
      );
    },

    /** The wallet's balance, its row locked until the caller's transaction ends; zero without a wallet. */
    async lockWalletBalance(userId: string, tx: Executor): Promise<Kobo> {
      const [row] = await tx
        .select({ balanceKobo: ledgerAccounts.balanceKobo })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.ownerUserId, userId))
        .for('update');
      return row?.balanceKobo ?? kobo(0);
    },

    /** Net wallet movement of one user per entry kind. */
    async sumWalletByKind(userId: string): Promise<Map<EntryKind, Kobo>> {
      const rows = await db
        .select({ kind: ledgerEntries.kind, total: sql<string>`sum(${ledgerLines.amountKobo})` })
        .from(ledgerLines)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
        .where(eq(ledgerAccounts.ownerUserId, userId))
        .groupBy(ledgerEntries.kind);
      return new Map(rows.map((row) => [row.kind as EntryKind, kobo(Number(row.total))]));
    },

    /**
     * The user's wallet lines, newest first, `limit` at a time; `cursor` is the last line id seen. The wallet's
     * account is found first, then its newest `limit + 1` lines are read off the (account, id) index and each
     * line's entry looked up by its key: a page costs the same at fifty lines or fifty thousand.
     */
    async listWalletLines(userId: string, options: { limit: number; cursor?: number | undefined }) {
      const [wallet] = await db
        .select({ id: ledgerAccounts.id })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.ownerUserId, userId));
      if (!wallet) return { lines: [], nextCursor: null };
      const rows = await readInIndexOrder(db, (tx) => {
        const newest = tx
          .select({
            id: ledgerLines.id,
            entryId: ledgerLines.entryId,
            amountKobo: ledgerLines.amountKobo,
            balanceAfterKobo: ledgerLines.balanceAfterKobo,
            createdAt: ledgerLines.createdAt,
          })
          .from(ledgerLines)
          .where(
            and(
              eq(ledgerLines.accountId, wallet.id),
              options.cursor === undefined ? undefined : lt(ledgerLines.id, options.cursor),
            ),
          )
          .orderBy(desc(ledgerLines.id))
          .limit(options.limit + 1)
          .as('newest');
        // one lookup by key per line (the limit keeps the planner from joining the whole entries table instead)
        const entry = tx
          .select({ kind: ledgerEntries.kind, reference: ledgerEntries.reference, memo: ledgerEntries.memo })
          .from(ledgerEntries)
          .where(eq(ledgerEntries.id, newest.entryId))
          .limit(1)
          .as('entry');
        return tx
          .select({
            lineId: newest.id,
            entryId: newest.entryId,
            kind: entry.kind,
            reference: entry.reference,
            memo: entry.memo,
            amountKobo: newest.amountKobo,
            balanceAfterKobo: newest.balanceAfterKobo,
            createdAt: newest.createdAt,
          })
          .from(newest)
          .crossJoinLateral(entry)
          .orderBy(desc(newest.id));
      });
      const page = rows.slice(0, options.limit);
      return { lines: page, nextCursor: rows.length > options.limit ? (page.at(-1)?.lineId ?? null) : null };
    },

    /** The kind, reference and memo of each of these entries, by id; an unknown id is absent. */
    async findEntries(ids: readonly string[]): Promise<Map<string, LedgerEntryFacts>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: ledgerEntries.id,
          kind: ledgerEntries.kind,
          reference: ledgerEntries.reference,
          memo: ledgerEntries.memo,
        })
        .from(ledgerEntries)
        .where(inArray(ledgerEntries.id, [...new Set(ids)]));
      return new Map(rows.map(({ id, ...facts }) => [id, facts]));
    },

    /** Every ledger invariant, checked in the database. Returns the problems found (none when sound). */
    async verify(): Promise<{ accounts: number; entries: number; problems: string[] }> {
      const problems: string[] = [];
      const unbalanced = await queryRows<{ entry_id: string; total: string }>(
        db,
        sql`
        select entry_id, sum(amount_kobo)::text as total from ledger_lines group by entry_id having sum(amount_kobo) <> 0`,
      );
      for (const row of unbalanced) problems.push(`entry ${row.entry_id} sums to ${row.total}, not 0`);
      const lonely = await queryRows<{ id: string }>(
        db,
        sql`
        select e.id from ledger_entries e left join ledger_lines l on l.entry_id = e.id
        group by e.id having count(l.id) < 2`,
      );
      for (const row of lonely) problems.push(`entry ${row.id} has fewer than two lines`);
      const drifted = await queryRows<{ code: string; balance: string; total: string }>(
        db,
        sql`
        select a.code, a.balance_kobo::text as balance, coalesce(sum(l.amount_kobo), 0)::text as total
        from ledger_accounts a left join ledger_lines l on l.account_id = a.id
        group by a.id having a.balance_kobo <> coalesce(sum(l.amount_kobo), 0)`,
      );
      for (const row of drifted) {
        problems.push(`account ${row.code} holds ${row.balance} but its lines sum to ${row.total}`);
      }
      const negative = await queryRows<{ code: string; balance: string }>(
        db,
        sql`
        select code, balance_kobo::text as balance from ledger_accounts
        where balance_kobo < 0 and (owner_user_id is not null or not allow_negative)`,
      );
      for (const row of negative) problems.push(`account ${row.code} is negative: ${row.balance}`);
      const [counts] = await queryRows<{ accounts: string; entries: string }>(
        db,
        sql`
          select (select count(*) from ledger_accounts)::text as accounts, (select count(*) from ledger_entries)::text as entries`,
      );
      return { accounts: Number(counts?.accounts ?? 0), entries: Number(counts?.entries ?? 0), problems };
    },

    /**
     * What the entries with these references moved, by reference and account: system accounts by code (all
     * shards of one together), every wallet together as `wallet`. A reference with no entry is absent.
     */
    async movementsByReference(references: readonly string[]): Promise<Map<string, Map<string, Kobo>>> {
      const moves = new Map<string, Map<string, Kobo>>();
      // a sharded account's rows count as the account (`held:purchases#3` is `held:purchases`)
      const account = sql<string>`case when ${ledgerAccounts.ownerUserId} is null then split_part(${ledgerAccounts.code}, '#', 1) else 'wallet' end`;
      for (let start = 0; start < references.length; start += 1000) {
        const rows = await db
          .select({
            reference: ledgerEntries.reference,
            account,
            amountKobo: sql<string>`sum(${ledgerLines.amountKobo})::text`,
          })
          .from(ledgerLines)
          .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
          .where(inArray(ledgerEntries.reference, references.slice(start, start + 1000)))
          .groupBy(ledgerEntries.reference, account);
        for (const row of rows) {
          const byAccount = moves.get(row.reference) ?? new Map<string, Kobo>();
          byAccount.set(row.account, kobo(Number(row.amountKobo)));
          moves.set(row.reference, byAccount);
        }
      }
      return moves;
    },

    /**
     * What the entries made from `range.from` (counted) to `range.to` (not counted) moved, per Lagos day, account
     * and kind: system accounts by code (all shards of one together), every wallet together as `wallet`. Money
     * that came into an account and money that left it are summed apart; a reversal counts under the kind of the
     * entry it undoes and on the side that entry moved, so undoing a credit lessens the credits.
     */
    async sumByDayAccountAndKind(range: { from: Date; to: Date }): Promise<LedgerDaySum[]> {
      const rows = await queryRows<{
        day: string;
        account: string;
        kind: string;
        added: string;
        taken: string;
      }>(
        db,
        sql`
        with moved as (
          select
            -- Lagos keeps UTC+1 all year
            to_char((e.created_at at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD') as day,
            case when a.owner_user_id is null then split_part(a.code, '#', 1) else 'wallet' end as account,
            coalesce(undone.kind, e.kind) as kind,
            (l.amount_kobo > 0) <> (e.reverses_entry_id is not null) as is_added,
            l.amount_kobo
          from ledger_lines l
          join ledger_entries e on e.id = l.entry_id
          join ledger_accounts a on a.id = l.account_id
          left join ledger_entries undone on undone.id = e.reverses_entry_id
          where e.created_at >= ${range.from.toISOString()}::timestamptz
            and e.created_at < ${range.to.toISOString()}::timestamptz
        )
        select day, account, kind,
          coalesce(sum(amount_kobo) filter (where is_added), 0)::text as added,
          coalesce(sum(amount_kobo) filter (where not is_added), 0)::text as taken
        from moved group by day, account, kind order by day, account, kind`,
      );
      return rows.map((row) => ({
        day: row.day,
        account: row.account,
        kind: row.kind as EntryKind,
        addedKobo: kobo(Number(row.added)),
        takenKobo: kobo(Number(row.taken)),
      }));
    },

    /** Wallet credit of the entry with this reference, or null when there is none. */
    async walletAmountOf(reference: string): Promise<{ userId: string; amountKobo: Kobo } | null> {
      const [row] = await db
        .select({ userId: ledgerAccounts.ownerUserId, amountKobo: ledgerLines.amountKobo })
        .from(ledgerLines)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
        .where(and(eq(ledgerEntries.reference, reference), sql`${ledgerAccounts.ownerUserId} is not null`));
      return row?.userId ? { userId: row.userId, amountKobo: row.amountKobo } : null;
    },
  };
}
