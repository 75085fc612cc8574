import type {
  AdminStatementResponse,
  LedgerStatementLine,
  StatementResponse,
  WalletBreakdown,
} from '@quickvend/shared/api/wallet';
import { kobo, negateKobo } from '@quickvend/shared/money';
import type { EntryKind, Ledger } from '../ledger/index.ts';
import {
  describeEntry,
  noteOf,
  referentOf,
  type StatementEntry,
  type StatementFacts,
  type StatementPurchase,
} from './statement-words.ts';

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

type WalletLine = Awaited<ReturnType<Ledger['listWalletLines']>>['lines'][number];
type StatementPage = { limit: number; cursor?: number | undefined };

/** Where the statement's words come from: each answers for many ids in one query, and leaves unknown ids out. */
export type StatementSources = {
  ledger: Pick<Ledger, 'listWalletLines' | 'findEntries' | 'walletPeriod' | 'walletLinesIn'>;
  purchaseNames: (ids: readonly string[]) => Promise<ReadonlyMap<string, StatementPurchase>>;
  depositBanks: (ids: readonly string[]) => Promise<ReadonlyMap<string, string>>;
  firstNames: (userIds: readonly string[]) => Promise<ReadonlyMap<string, string>>;
};

const present = (ids: (string | undefined)[]) => [
  ...new Set(ids.filter((id): id is string => id !== undefined)),
];

/** Money in and money out, each never negative, and the balance after. */
const amountsOf = (line: WalletLine) => ({
  id: line.lineId,
  kind: line.kind,
  inKobo: kobo(Math.max(line.amountKobo, 0)),
  outKobo: kobo(Math.max(negateKobo(line.amountKobo), 0)),
  balanceAfterKobo: line.balanceAfterKobo,
  createdAt: line.createdAt.toISOString(),
});

/** A wallet line as the ledger holds it, for the data export (see `ledgerStatementLine`). */
export function toLedgerLine(line: WalletLine): LedgerStatementLine {
  return { ...amountsOf(line), reference: line.reference, memo: line.memo };
}

/** What a page's lines point at: one query for each kind of thing (first the entries reversals undo). */
export async function statementFactsOf(
  deps: StatementSources,
  userId: string,
  lines: readonly StatementEntry[],
): Promise<StatementFacts> {
  const reversedIds = present(lines.map((line) => referentOf(line).reversedEntryId));
  const reversed: ReadonlyMap<string, StatementEntry> =
    reversedIds.length > 0 ? await deps.ledger.findEntries(reversedIds) : new Map();
  const referents = [...lines, ...reversed.values()].map(referentOf);
  const [purchases, depositBanks, firstNames] = await Promise.all([
    deps.purchaseNames(present(referents.map((about) => about.purchaseId))),
    deps.depositBanks(present(referents.map((about) => about.depositId))),
    deps.firstNames(present(referents.map((about) => about.referredUserId))),
  ]);
  // a line names only its own wallet's purchases
  const own = new Map([...purchases].filter(([, purchase]) => purchase.userId === userId));
  return { purchases: own, depositBanks, firstNames, reversed };
}

/**
 * The wallet's statement in words, read at the time it is asked for: a page of lines, then one query for each
 * kind of thing they point at (purchases, manual deposits, referred friends).
 */
export function createStatement(deps: StatementSources) {
  const factsOf = (userId: string, lines: readonly StatementEntry[]) => statementFactsOf(deps, userId, lines);

  return {
    /** The customer's statement: words and links to their own pages, no reference or internal id. */
    async page(userId: string, page: StatementPage): Promise<StatementResponse> {
      const { lines, nextCursor } = await deps.ledger.listWalletLines(userId, page);
      const facts = await factsOf(userId, lines);
      return {
        lines: lines.map((line) => ({ ...amountsOf(line), ...describeEntry(line, facts, 'customer') })),
        nextCursor,
      };
    },

    /** The same statement for the back office: its links, the entry's reference and the admin's reason. */
    async adminPage(userId: string, page: StatementPage): Promise<AdminStatementResponse> {
      const { lines, nextCursor } = await deps.ledger.listWalletLines(userId, page);
      const facts = await factsOf(userId, lines);
      return {
        lines: lines.map((line) => ({
          ...amountsOf(line),
          ...describeEntry(line, facts, 'admin'),
          reference: line.reference,
          note: noteOf(line),
        })),
        nextCursor,
      };
    },
  };
}

export type Statement = ReturnType<typeof createStatement>;
