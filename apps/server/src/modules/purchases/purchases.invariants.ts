import { negateKobo } from '@quickvend/shared/money';
import type { Database } from '../../db/client.ts';
import type { Ledger } from '../ledger/index.ts';
import { purchases } from './purchases.tables.ts';

/** whether each status implies a hold, a settlement and a refund entry */
const EXPECTED_ENTRIES: Record<string, [boolean, boolean, boolean]> = {
  processing: [true, false, false],
  pending: [true, false, false],
  delivered: [true, true, false],
  failed: [true, false, true],
};

/**
 * Purchase invariants: each state has exactly the ledger entries it implies, and the hold and the refund moved
 * exactly the amount charged out of and back into the buyer's wallet. @returns the problems found
 */
export async function findPurchaseProblems(
  db: Database,
  ledger: Pick<Ledger, 'referencesStartingWith' | 'walletMovesByReference'>,
): Promise<string[]> {
  const [rows, references, walletMoves] = await Promise.all([
    db
      .select({
        id: purchases.id,
        userId: purchases.userId,
        status: purchases.status,
        chargedKobo: purchases.chargedKobo,
      })
      .from(purchases),
    ledger.referencesStartingWith('purchase:'),
    ledger.walletMovesByReference('purchase:'),
  ]);
  const problems: string[] = [];
  for (const row of rows) {
    const expected = EXPECTED_ENTRIES[row.status] ?? [true, false, false];
    const refs = (['hold', 'settle', 'refund'] as const).map((step) => `purchase:${row.id}:${step}`);
    const actual = refs.map((reference) => references.has(reference));
    if (expected.some((present, i) => present !== actual[i])) {
      const counts = actual.map((present) => (present ? 1 : 0)).join('/');
      problems.push(`purchase ${row.id} is ${row.status} but has ${counts} hold/settle/refund entries`);
    }
    const held = walletMoves.get(refs[0] ?? '')?.get(row.userId);
    if (actual[0] && held !== negateKobo(row.chargedKobo)) {
      problems.push(`purchase ${row.id} charged ${row.chargedKobo} but its hold moved ${held ?? 0}`);
    }
    const refunded = walletMoves.get(refs[2] ?? '')?.get(row.userId);
    if (actual[2] && refunded !== row.chargedKobo) {
      problems.push(`purchase ${row.id} charged ${row.chargedKobo} but its refund moved ${refunded ?? 0}`);
    }
  }
  return problems;
}
