import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '../../db/client.ts';

/** hold / settle / refund entries each status implies */
const EXPECTED_ENTRIES: Record<string, [number, number, number]> = {
  processing: [1, 0, 0],
  pending: [1, 0, 0],
  delivered: [1, 1, 0],
  failed: [1, 0, 1],
};

/** Purchase invariants: each state has exactly the ledger entries it implies. @returns the problems found */
export async function findPurchaseProblems(db: Database): Promise<string[]> {
  const rows = await queryRows<{
    id: string;
    status: string;
    holds: number;
    settles: number;
    refunds: number;
  }>(
    db,
    sql`
    select p.id, p.status, p.charged_kobo::text as charged,
      (select count(*) from ledger_entries e where e.reference = 'purchase:' || p.id || ':hold')::int as holds,
      (select count(*) from ledger_entries e where e.reference = 'purchase:' || p.id || ':settle')::int as settles,
      (select count(*) from ledger_entries e where e.reference = 'purchase:' || p.id || ':refund')::int as refunds
    from purchases p`,
  );
  const problems: string[] = [];
  for (const row of rows) {
    const expected = EXPECTED_ENTRIES[row.status] ?? [1, 0, 0];
    const actual = [row.holds, row.settles, row.refunds];
    if (expected.some((n, i) => n !== actual[i])) {
      problems.push(
        `purchase ${row.id} is ${row.status} but has ${actual.join('/')} hold/settle/refund entries`,
      );
    }
  }
  return problems;
}
