import type { Database } from '../../db/client.ts';
import type { Ledger } from '../ledger/index.ts';
import { manualFundingRequests, payments } from './funding.tables.ts';

/** Funding invariants: each final state has exactly the ledger entry it implies. @returns the problems found */
export async function findFundingProblems(
  db: Database,
  ledger: Pick<Ledger, 'walletMovesByReference'>,
): Promise<string[]> {
  const problems: string[] = [];
  const [fundings, manuals] = await Promise.all([
    ledger.walletMovesByReference('funding:'),
    ledger.walletMovesByReference('manual:'),
  ]);
  const paymentRows = await db
    .select({
      reference: payments.reference,
      userId: payments.userId,
      status: payments.status,
      amountKobo: payments.amountKobo,
    })
    .from(payments);
  for (const row of paymentRows) {
    const credited = fundings.get(`funding:${row.reference}`)?.get(row.userId);
    if (row.status === 'success' && credited !== row.amountKobo) {
      problems.push(
        `payment ${row.reference} succeeded for ${row.amountKobo} but the wallet got ${credited ?? 'nothing'}`,
      );
    }
    if (row.status !== 'success' && credited !== undefined) {
      problems.push(`payment ${row.reference} is ${row.status} but the wallet was credited ${credited}`);
    }
  }
  const manualRows = await db
    .select({
      id: manualFundingRequests.id,
      userId: manualFundingRequests.userId,
      status: manualFundingRequests.status,
      amountKobo: manualFundingRequests.amountKobo,
      chargeKobo: manualFundingRequests.chargeKobo,
    })
    .from(manualFundingRequests);
  for (const row of manualRows) {
    const net = row.amountKobo - row.chargeKobo;
    const credited = manuals.get(`manual:${row.id}`)?.get(row.userId);
    if (row.status === 'approved' && credited !== net) {
      problems.push(
        `manual request ${row.id} was approved for ${net} but the wallet got ${credited ?? 'nothing'}`,
      );
    }
    if (row.status !== 'approved' && credited !== undefined) {
      problems.push(`manual request ${row.id} is ${row.status} but the wallet was credited ${credited}`);
    }
  }
  return problems;
}
