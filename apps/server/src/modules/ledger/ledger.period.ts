import { sql } from 'drizzle-orm';
import { kobo, type Kobo } from '@quickvend/shared/money';
import { queryRows, type Database } from '../../db/client.ts';

/**
 * A wallet's lines in a period, as one run of line ids: `[startId, endId)`. A wallet's lines take their ids in
 * the order its balance moved (each holds the wallet row's lock from its id to its commit), so a run of ids is
 * a run of balances: the lines in it sum to exactly the closing balance less the opening one.
 */
export type WalletPeriod = {
  accountId: string;
  startId: number;
  endId: number;
  openingKobo: Kobo;
  closingKobo: Kobo;
};

export type WalletPeriodLine = {
  lineId: number;
  entryId: string;
  kind: string;
  reference: string;
  memo: string;
  amountKobo: Kobo;
  balanceAfterKobo: Kobo;
  createdAt: Date;
};

/**
 * The first line id of the account at or after `at`, found by halving the account's id range on its
 * (account, id) index: about two index probes per bit of the ids, however long the history, and no index on
 * time for the ledger's busiest table to keep up. A line's time is its transaction's start, so lines within
 * a few milliseconds of `at` may fall either side of it; the run stays whole either way.
 */
const firstLineAtOrAfter = (accountId: string, at: Date, top: number) => sql`
  with recursive halving(lo, hi) as (
    select 0::bigint, ${top}::bigint
    union all
    select
      case when probe.id is not null and probe.created_at < ${at.toISOString()}::timestamptz then probe.id + 1 else h.lo end,
      case when probe.id is null then (h.lo + h.hi) / 2
           when probe.created_at < ${at.toISOString()}::timestamptz then h.hi
           else probe.id end
    from halving h
    left join lateral (
      select l.id, l.created_at from ledger_lines l
      where l.account_id = ${accountId} and l.id >= (h.lo + h.hi) / 2 and l.id < h.hi
      order by l.id limit 1
    ) probe on true
    where h.lo < h.hi
  )
  select lo::text as boundary from halving where lo >= hi limit 1`;

export function createLedgerPeriods(db: Database) {
  async function boundary(accountId: string, at: Date, top: number): Promise<number> {
    const [row] = await queryRows<{ boundary: string }>(db, firstLineAtOrAfter(accountId, at, top));
    return row ? Number(row.boundary) : top;
  }

  /** The balance after the account's last line before `beforeId`, or 0 when it has none. */
  async function balanceBefore(accountId: string, beforeId: number): Promise<Kobo> {
    const [row] = await queryRows<{ balance: string }>(
      db,
      sql`select balance_after_kobo::text as balance from ledger_lines
          where account_id = ${accountId} and id < ${beforeId} order by id desc limit 1`,
    );
    return kobo(row ? Number(row.balance) : 0);
  }

  return {
    /** Where a wallet's period starts and ends in its lines, and its balance at each end; null without a wallet. */
    async walletPeriod(
      userId: string,
      period: { from: Date; to: Date },
      /** the run a previous page found, so later pages keep it */
      known?: { startId: number; endId: number },
    ): Promise<WalletPeriod | null> {
      const [wallet] = await queryRows<{ id: string; top: string | null }>(
        db,
        sql`select a.id, (select max(l.id) + 1 from ledger_lines l where l.account_id = a.id)::text as top
            from ledger_accounts a where a.owner_user_id = ${userId}`,
      );
      if (!wallet) return null;
      const top = wallet.top === null ? 1 : Number(wallet.top);
      const [startId, endId] = known
        ? [known.startId, known.endId]
        : await Promise.all([boundary(wallet.id, period.from, top), boundary(wallet.id, period.to, top)]);
      const [openingKobo, closingKobo] = await Promise.all([
        balanceBefore(wallet.id, startId),
        balanceBefore(wallet.id, endId),
      ]);
      return { accountId: wallet.id, startId, endId, openingKobo, closingKobo };
    },

    /** Up to `limit` lines of the run after `afterId` (exclusive), oldest first, each with its entry. */
    async walletLinesIn(
      run: { accountId: string; endId: number },
      afterId: number,
      limit: number,
    ): Promise<WalletPeriodLine[]> {
      const rows = await queryRows<{
        line_id: string;
        entry_id: string;
        kind: string;
        reference: string;
        memo: string;
        amount_kobo: string;
        balance_after_kobo: string;
        created_at: string | Date;
      }>(
        db,
        sql`select l.id::text as line_id, l.entry_id, e.kind, e.reference, e.memo,
                   l.amount_kobo::text as amount_kobo, l.balance_after_kobo::text as balance_after_kobo, l.created_at
            from (select id, entry_id, amount_kobo, balance_after_kobo, created_at from ledger_lines
                  where account_id = ${run.accountId} and id > ${afterId} and id < ${run.endId}
                  order by id limit ${limit}) l
            cross join lateral (select kind, reference, memo from ledger_entries where id = l.entry_id limit 1) e
            order by l.id`,
      );
      return rows.map((row) => ({
        lineId: Number(row.line_id),
        entryId: row.entry_id,
        kind: row.kind,
        reference: row.reference,
        memo: row.memo,
        amountKobo: kobo(Number(row.amount_kobo)),
        balanceAfterKobo: kobo(Number(row.balance_after_kobo)),
        createdAt: new Date(row.created_at),
      }));
    },
  };
}
