import { type AdminFunding, type PurchaseBuyer } from '@quickvend/shared/api/admin-purchases';
import { formatLagosMinuteStamp, formatLagosTimestamp } from '@quickvend/shared/format';
import { toNairaString } from '@quickvend/shared/money';
import { ownerAndPeriodOf } from '../../lib/back-office-filter.ts';
import type { Clock } from '../../lib/clock.ts';
import { toCsv, type CsvCell } from '../../lib/http/csv.ts';
import type { FundingFilter, FundingRecord, FundingSearch } from './funding.search.ts';

/** Whose funding it is: the accounts module answers, the funding module never reads its tables. */
export type FundingOwners = {
  findUsersByIds(ids: readonly string[]): Promise<Map<string, PurchaseBuyer>>;
  findUserByEmail(email: string): Promise<{ id: string } | null>;
};

/** The search's filters as the admin typed them: a user by email or id, days in Lagos. */
export type FundingQuery = Omit<FundingFilter, 'userId' | 'since' | 'until'> & {
  user?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

const naira = (amountKobo: number | null) => (amountKobo === null ? '' : toNairaString(amountKobo));

const CSV_HEADER = [
  'Date (Lagos)',
  'Kind',
  'Reference',
  'Status',
  'Detail',
  'Customer',
  'Customer email',
  'User id',
  'Amount (NGN)',
  'Fees or charge (NGN)',
  'Credited (NGN)',
  'Note',
  'Settled (Lagos)',
];

/** The back office's fundings: card payments, transfers and manual deposits, searched as one list. */
export function createFundingAdmin(deps: { search: FundingSearch; owners: FundingOwners; clock: Clock }) {
  const { search, owners, clock } = deps;

  async function filterOf(query: FundingQuery): Promise<FundingFilter | null> {
    return ownerAndPeriodOf(query, (email) => owners.findUserByEmail(email));
  }

  async function withOwners(records: FundingRecord[]): Promise<AdminFunding[]> {
    const people = await owners.findUsersByIds([...new Set(records.map((record) => record.userId))]);
    return records.map((record) => {
      const person = people.get(record.userId);
      return {
        id: record.id,
        kind: record.kind,
        reference: record.reference,
        status: record.status,
        detail: record.detail,
        userId: record.userId,
        buyer: person ? { id: person.id, name: person.name, email: person.email } : null,
        amountKobo: record.amountKobo,
        amount: toNairaString(record.amountKobo),
        feesKobo: record.feesKobo,
        creditKobo: record.creditKobo,
        note: record.note,
        createdAt: record.createdAt.toISOString(),
        settledAt: record.settledAt?.toISOString() ?? null,
      };
    });
  }

  return {
    async search(query: FundingQuery, page: { page: number; pageSize: number }) {
      const filter = await filterOf(query);
      const { rows, total } = filter ? await search.search(filter, page) : { rows: [], total: 0 };
      return { fundings: await withOwners(rows), page: page.page, pageSize: page.pageSize, total };
    },

    /** Every funding the search finds, up to `limit`, as a CSV document. */
    async exportCsv(query: FundingQuery, limit: number): Promise<{ filename: string; csv: string }> {
      const filter = await filterOf(query);
      const rows = await withOwners(filter ? await search.all(filter, limit) : []);
      const csv = toCsv(
        CSV_HEADER,
        rows.map((row): CsvCell[] => [
          formatLagosTimestamp(row.createdAt),
          row.kind,
          row.reference,
          row.status,
          row.detail,
          row.buyer?.name ?? '',
          row.buyer?.email ?? '',
          row.userId,
          naira(row.amountKobo),
          naira(row.feesKobo),
          naira(row.creditKobo),
          row.note,
          row.settledAt ? formatLagosTimestamp(row.settledAt) : '',
        ]),
      );
      return { filename: `fundings-${formatLagosMinuteStamp(clock.now())}.csv`, csv };
    },
  };
}

export type FundingAdmin = ReturnType<typeof createFundingAdmin>;
