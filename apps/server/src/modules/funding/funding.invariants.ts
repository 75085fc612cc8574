import { negateKobo } from '@quickvend/shared/money';
import type { Database } from '../../db/client.ts';
import type { Ledger } from '../ledger/index.ts';
import { manualFundingRequests, payments, refundsDue } from './funding.tables.ts';

/** Funding invariants: each final state has exactly the ledger entry it implies. @returns the problems found */
export async function findFundingProblems(
  db: Database,
  ledger: Pick<Ledger, 'walletMovesByReference' | 'movementsByReference'>,
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
  const parked = await findParkingProblems(db, ledger, problems);
  for (const row of paymentRows) {
    const credited = fundings.get(`funding:${row.reference}`)?.get(row.userId);
    if (parked.has(row.reference)) {
      if (credited !== undefined)
        problems.push(
          `payment ${row.reference} was parked as a refund due but the wallet was credited ${credited}`,
        );
      if (row.status !== 'success') problems.push(`payment ${row.reference} is ${row.status} but was parked`);
      continue;
    }
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

/**
 * Money parked for a closed account: each refund due has its entry into `payable:refunds-due`, and one out of it
 * once returned. @returns the references parked
 */
async function findParkingProblems(
  db: Database,
  ledger: Pick<Ledger, 'movementsByReference'>,
  problems: string[],
): Promise<Set<string>> {
  const rows = await db
    .select({
      reference: refundsDue.reference,
      status: refundsDue.status,
      amountKobo: refundsDue.amountKobo,
    })
    .from(refundsDue);
  const moves = await ledger.movementsByReference(
    rows.flatMap((row) => [`refund-due:${row.reference}`, `refund-due:${row.reference}:return`]),
  );
  for (const row of rows) {
    const into = moves.get(`refund-due:${row.reference}`)?.get('payable:refunds-due');
    if (into !== row.amountKobo)
      problems.push(`refund due ${row.reference} is ${row.amountKobo} but ${into ?? 'nothing'} was parked`);
    const back = moves.get(`refund-due:${row.reference}:return`)?.get('payable:refunds-due');
    const expected = row.status === 'returned' ? negateKobo(row.amountKobo) : undefined;
    if (back !== expected)
      problems.push(`refund due ${row.reference} is ${row.status} but ${back ?? 'nothing'} left the payable`);
  }
  return new Set(rows.map((row) => row.reference));
}
