import type { StatementLine, WalletBreakdown } from '@quickvend/shared/api/wallet';
import { kobo, negateKobo, type Kobo } from '@quickvend/shared/money';
import type { EntryKind, Ledger } from '../ledger/index.ts';

const FUNDED: readonly EntryKind[] = ['funding.card', 'funding.transfer'];
const FROM_ADMIN: readonly EntryKind[] = ['funding.manual', 'adjustment'];
const REFERRAL: readonly EntryKind[] = ['referral.reward'];

/** The wallet breakdown the spec shows, computed from the ledger; its parts always add up to the balance. */
export async function getWalletBreakdown(
  ledger: Pick<Ledger, 'sumWalletByKind'>,
  userId: string,
): Promise<WalletBreakdown> {
  const byKind = await ledger.sumWalletByKind(userId);
  let fundedKobo = 0;
  let fromAdminKobo = 0;
  let referralKobo = 0;
  let totalKobo = 0;
  for (const [kind, amount] of byKind) {
    totalKobo += amount;
    if (FUNDED.includes(kind)) fundedKobo += amount;
    else if (FROM_ADMIN.includes(kind)) fromAdminKobo += amount;
    else if (REFERRAL.includes(kind)) referralKobo += amount;
  }
  // everything else (purchases, their refunds, reversals) is what the wallet has been used for
  const usedKobo = fundedKobo + fromAdminKobo + referralKobo - totalKobo;
  return {
    fundedKobo: kobo(fundedKobo),
    usedKobo: kobo(usedKobo),
    fromAdminKobo: kobo(fromAdminKobo),
    referralKobo: kobo(referralKobo),
    totalKobo: kobo(totalKobo),
  };
}

/** A wallet line as the statement shows it: money in and money out, each never negative. */
export function toStatementLine(line: {
  lineId: number;
  kind: string;
  reference: string;
  memo: string;
  amountKobo: Kobo;
  balanceAfterKobo: Kobo;
  createdAt: Date;
}): StatementLine {
  return {
    id: line.lineId,
    kind: line.kind,
    reference: line.reference,
    memo: line.memo,
    inKobo: Math.max(line.amountKobo, 0),
    outKobo: Math.max(negateKobo(line.amountKobo), 0),
    balanceAfterKobo: line.balanceAfterKobo,
    createdAt: line.createdAt.toISOString(),
  };
}
