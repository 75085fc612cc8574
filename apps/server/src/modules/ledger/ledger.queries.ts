import { and, desc, eq, inArray, like, lt, sql } from 'drizzle-orm';
import { kobo, type Kobo } from '@quickvend/shared/money';
import { queryRows, type Database } from '../../db/client.ts';
import type { EntryKind } from './ledger.lines.ts';
import { ledgerAccounts, ledgerEntries, ledgerLines } from './ledger.tables.ts';

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

    /** A user without a wallet account has never had money move: their balance is zero. */
    async getWalletBalance(userId: string): Promise<Kobo> {
      const [row] = await db
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

    /** The user's wallet lines, newest first, `limit` at a time; `cursor` is the last line id seen. */
    async listWalletLines(userId: string, options: { limit: number; cursor?: number | undefined }) {
      const rows = await db
        .select({
          lineId: ledgerLines.id,
          entryId: ledgerEntries.id,
          kind: ledgerEntries.kind,
          reference: ledgerEntries.reference,
          memo: ledgerEntries.memo,
          amountKobo: ledgerLines.amountKobo,
          balanceAfterKobo: ledgerLines.balanceAfterKobo,
          createdAt: ledgerLines.createdAt,
        })
        .from(ledgerLines)
        .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerLines.entryId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
        .where(
          and(
            eq(ledgerAccounts.ownerUserId, userId),
            options.cursor === undefined ? undefined : lt(ledgerLines.id, options.cursor),
          ),
        )
        .orderBy(desc(ledgerLines.id))
        .limit(options.limit + 1);
      const page = rows.slice(0, options.limit);
      return { lines: page, nextCursor: rows.length > options.limit ? (page.at(-1)?.lineId ?? null) : null };
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
