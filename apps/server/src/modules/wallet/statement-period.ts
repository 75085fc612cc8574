import {
  statementPeriod,
  STATEMENT_CSV_MAX_LINES,
  type PartnerStatementLine,
  type PartnerStatementResponse,
} from '@quickvend/shared/api/partner-statement';
import { formatLagosTimestamp } from '@quickvend/shared/format';
import { lagosDateOf } from '@quickvend/shared/periods';
import { kobo, toNairaString } from '@quickvend/shared/money';
import { AppError } from '../../lib/errors.ts';
import { toCsv, type CsvCell } from '../../lib/http/csv.ts';
import type { WalletPeriod, WalletPeriodLine } from '../ledger/index.ts';
import { describeEntry, referentOf, type StatementEntry, type StatementFacts } from './statement-words.ts';
import { statementFactsOf, type StatementSources } from './wallet.service.ts';

type PeriodQuery = { from?: string | undefined; to?: string | undefined };

/** What a later page needs to read the same statement: its period, its run of lines, and the last line sent. */
type Cursor = { from: string; to: string; startId: number; endId: number; after: number };

const invalid = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: { cursor: message } });

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function decodeCursor(text: string): Cursor {
  const bad = 'This cursor is not one we gave: ask for the first page again, without a cursor.';
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid(bad);
  }
  const cursor = value as Partial<Cursor> | null;
  const whole = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  if (
    !cursor ||
    typeof cursor.from !== 'string' ||
    typeof cursor.to !== 'string' ||
    Number.isNaN(Date.parse(cursor.from)) ||
    Number.isNaN(Date.parse(cursor.to)) ||
    !whole(cursor.startId) ||
    !whole(cursor.endId) ||
    !whole(cursor.after) ||
    cursor.startId > cursor.endId
  )
    throw invalid(bad);
  return cursor as Cursor;
}

const FUNDING_METHOD = {
  'funding.card': 'card',
  'funding.transfer': 'transfer',
  'funding.manual': 'manual',
} as const;

/** What a line belongs to, for the partner: only what is their own, by the ids they know it by. */
function belongsTo(entry: StatementEntry, facts: StatementFacts): PartnerStatementLine['belongsTo'] {
  const about = referentOf(entry);
  if (entry.kind === 'reversal') {
    const undone =
      about.reversedEntryId === undefined ? undefined : facts.reversed.get(about.reversedEntryId);
    return undone && undone.kind !== 'reversal' ? belongsTo(undone, facts) : {};
  }
  const purchase = about.purchaseId === undefined ? undefined : facts.purchases.get(about.purchaseId);
  if (purchase)
    return { purchase: { requestId: purchase.requestId, id: purchase.id, serviceId: purchase.serviceId } };
  const reference = about.paymentReference ?? about.depositId;
  if (reference !== undefined && entry.kind in FUNDING_METHOD)
    return { funding: { reference, method: FUNDING_METHOD[entry.kind as keyof typeof FUNDING_METHOD] } };
  if (entry.kind === 'referral.reward') return { referral: {} };
  return {};
}

function toLine(line: WalletPeriodLine, facts: StatementFacts): PartnerStatementLine {
  return {
    id: line.lineId,
    time: line.createdAt.toISOString(),
    kind: line.kind,
    description: describeEntry(line, facts, 'customer').description,
    amountKobo: line.amountKobo,
    amount: toNairaString(line.amountKobo),
    balanceAfterKobo: line.balanceAfterKobo,
    balanceAfter: toNairaString(line.balanceAfterKobo),
    belongsTo: belongsTo(line, facts),
  };
}

/**
 * The statement of a period, for partners reconciling their books: every wallet line, oldest first, with what
 * it belongs to, between the balance at the period's start and at its end. A page's cursor carries the run of
 * line ids the first page found, so pages read later show neither a line twice nor a line the first did not count.
 */
export function createPeriodStatement(deps: StatementSources) {
  async function open(userId: string, query: PeriodQuery & { cursor?: string | undefined }, now: Date) {
    if (query.cursor !== undefined) {
      const cursor = decodeCursor(query.cursor);
      const period = { from: new Date(cursor.from), to: new Date(cursor.to) };
      const run = await deps.ledger.walletPeriod(userId, period, cursor);
      return { period, run, after: Math.max(cursor.after, cursor.startId - 1) };
    }
    const period = statementPeriod(query, now);
    if ('error' in period)
      throw new AppError('VALIDATION_FAILED', period.error, { fields: { from: period.error } });
    const run = await deps.ledger.walletPeriod(userId, period);
    return { period, run, after: (run?.startId ?? 1) - 1 };
  }

  async function linesOf(userId: string, run: WalletPeriod, after: number, limit: number) {
    const lines = await deps.ledger.walletLinesIn(run, after, limit);
    const facts = await statementFactsOf(deps, userId, lines);
    return lines.map((line) => toLine(line, facts));
  }

  async function page(
    userId: string,
    query: PeriodQuery & { cursor?: string | undefined; limit: number },
    now: Date,
  ): Promise<PartnerStatementResponse> {
    const { period, run, after } = await open(userId, query, now);
    const lines = run ? await linesOf(userId, run, after, query.limit + 1) : [];
    const shown = lines.slice(0, query.limit);
    const last = shown.at(-1);
    const nextCursor =
      run && last && lines.length > query.limit
        ? encodeCursor({
            from: period.from.toISOString(),
            to: period.to.toISOString(),
            startId: run.startId,
            endId: run.endId,
            after: last.id,
          })
        : null;
    const opening = run?.openingKobo ?? kobo(0);
    const closing = run?.closingKobo ?? kobo(0);
    return {
      from: period.from.toISOString(),
      to: period.to.toISOString(),
      openingBalanceKobo: opening,
      openingBalance: toNairaString(opening),
      closingBalanceKobo: closing,
      closingBalance: toNairaString(closing),
      lines: shown,
      nextCursor,
    };
  }

  /** The whole period as a spreadsheet: at most STATEMENT_CSV_MAX_LINES lines, or a request for a shorter one. */
  async function csv(
    userId: string,
    query: PeriodQuery,
    now: Date,
  ): Promise<{ filename: string; csv: string }> {
    const { period, run } = await open(userId, query, now);
    const rows: CsvCell[][] = [];
    const opening = run?.openingKobo ?? 0;
    const closing = run?.closingKobo ?? 0;
    if (run) {
      if (run.endId - run.startId > STATEMENT_CSV_MAX_LINES) {
        // ids are shared by every account, so the run's width only bounds its count: count exactly
        const count = (await deps.ledger.walletLinesIn(run, run.startId - 1, STATEMENT_CSV_MAX_LINES + 1))
          .length;
        if (count > STATEMENT_CSV_MAX_LINES) {
          const message = `This period has more than ${STATEMENT_CSV_MAX_LINES.toLocaleString('en-NG')} lines: choose a shorter one.`;
          throw new AppError('VALIDATION_FAILED', message, { fields: { from: message } });
        }
      }
      let after = run.startId - 1;
      for (;;) {
        const lines = await linesOf(userId, run, after, 500);
        for (const line of lines) rows.push(csvRow(line));
        const last = lines.at(-1);
        if (!last || lines.length < 500) break;
        after = last.id;
      }
    }
    const balanceRow = (at: Date, words: string, amount: number): CsvCell[] => [
      formatLagosTimestamp(at.toISOString()),
      words,
      ...['', '', '', '', ''],
      toNairaString(amount),
      amount,
      ...['', '', ''],
    ];
    const all: CsvCell[][] = [
      balanceRow(period.from, 'Opening balance', opening),
      ...rows,
      balanceRow(period.to, 'Closing balance', closing),
    ];
    const filename = `statement-${lagosDateOf(period.from)}-to-${lagosDateOf(new Date(period.to.getTime() - 1))}.csv`;
    return { filename, csv: toCsv(CSV_HEADER, all) };
  }

  return { page, csv };
}

const CSV_HEADER = [
  'Date (Lagos)',
  'Description',
  'Kind',
  'Amount (NGN)',
  'Amount (kobo)',
  'Line id',
  'Time (UTC)',
  'Balance after (NGN)',
  'Balance after (kobo)',
  'Request id',
  'Purchase id',
  'Funding reference',
];

function csvRow(line: PartnerStatementLine): CsvCell[] {
  const { purchase, funding } = line.belongsTo;
  return [
    formatLagosTimestamp(line.time),
    line.description,
    line.kind,
    line.amount,
    line.amountKobo,
    line.id,
    line.time,
    line.balanceAfter,
    line.balanceAfterKobo,
    purchase?.requestId ?? '',
    purchase?.id ?? '',
    funding?.reference ?? '',
  ];
}

export type PeriodStatement = ReturnType<typeof createPeriodStatement>;
