import type pg from 'pg';

type Query = <T extends pg.QueryResultRow>(text: string, values?: unknown[]) => Promise<T[]>;

/**
 * Every purchase of this user whose ledger entries are not exactly what its state implies: a hold of the
 * charged amount from the wallet; then a settlement out of the hold (delivered) or the hold back to the
 * wallet (failed), once.
 */
export async function ledgerMismatches(query: Query, userId: string): Promise<string[]> {
  const rows = await query<{
    id: string;
    status: string;
    charged: number;
    entries: { kind: string; wallet: number; held: number; total: number }[];
  }>(
    `select p.id, p.status, p.charged_kobo::int as charged,
       coalesce(json_agg(json_build_object(
         'kind', e.kind,
         'wallet', (select coalesce(sum(l.amount_kobo), 0) from ledger_lines l
                    join ledger_accounts a on a.id = l.account_id
                    where l.entry_id = e.id and a.owner_user_id = p.user_id),
         'held', (select coalesce(sum(l.amount_kobo), 0) from ledger_lines l
                  join ledger_accounts a on a.id = l.account_id
                  where l.entry_id = e.id and a.code like 'held:purchases%'),
         'total', (select coalesce(sum(l.amount_kobo), 0) from ledger_lines l where l.entry_id = e.id)
       ) order by e.kind) filter (where e.id is not null), '[]') as entries
     from purchases p
     left join ledger_entries e on starts_with(e.reference, 'purchase:' || p.id || ':')
     where p.user_id = $1
     group by p.id`,
    [userId],
  );
  const problems: string[] = [];
  for (const row of rows) {
    const c = row.charged;
    const hold = { kind: 'purchase.hold', wallet: -c, held: c, total: 0 };
    const expected =
      row.status === 'delivered'
        ? [hold, { kind: 'purchase.settle', wallet: 0, held: -c, total: 0 }]
        : row.status === 'failed'
          ? [hold, { kind: 'purchase.refund', wallet: c, held: -c, total: 0 }]
          : [hold];
    const actual = row.entries.map(({ kind, wallet, held, total }) => ({ kind, wallet, held, total }));
    if (JSON.stringify(actual) !== JSON.stringify(expected)) {
      problems.push(`${row.id} (${row.status}): ${JSON.stringify(actual)}`);
    }
  }
  return problems;
}
