import { z } from 'zod';

import { addDays, isCalendarDate, lagosMidnight } from '../periods.ts';
import { koboSchema } from './kobo.ts';

/** The longest period one statement covers. */
export const STATEMENT_MAX_DAYS = 366;
/** The period a statement covers when none is asked for. */
export const STATEMENT_DEFAULT_DAYS = 30;
/** The most lines a statement CSV carries; a longer period is refused with a message to choose a shorter one. */
export const STATEMENT_CSV_MAX_LINES = 20_000;

/** A calendar date (a whole day in Lagos) or an ISO 8601 date and time with its offset. */
export const statementInstant = z
  .string()
  .max(40)
  .refine((value) => isCalendarDate(value) || z.iso.datetime({ offset: true }).safeParse(value).success, {
    message: 'Use a date (2025-03-31) or a date and time with its offset (2025-03-31T09:00:00+01:00).',
  });

const DAY_MS = 24 * 60 * 60_000;

/** The instant a `from` names: a date is its Lagos midnight. */
export function startOfInstant(value: string): Date {
  return isCalendarDate(value) ? lagosMidnight(value) : new Date(value);
}

/** The instant a `to` names, excluded: a date includes its whole Lagos day. */
export function endOfInstant(value: string): Date {
  return isCalendarDate(value) ? lagosMidnight(addDays(value, 1)) : new Date(value);
}

/**
 * The period a statement covers: by default the 30 days up to now; never past now, so a page read later has no
 * line the first did not; at most STATEMENT_MAX_DAYS long. @returns the period, or why it cannot be one
 */
export function statementPeriod(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): { from: Date; to: Date } | { error: string } {
  const asked = query.to === undefined ? now : endOfInstant(query.to);
  const to = asked.getTime() > now.getTime() ? now : asked;
  const from =
    query.from === undefined
      ? new Date(to.getTime() - STATEMENT_DEFAULT_DAYS * DAY_MS)
      : startOfInstant(query.from);
  if (from.getTime() > now.getTime()) return { error: 'The start of the period cannot be in the future.' };
  if (from.getTime() > to.getTime()) return { error: 'The start of the period must come before its end.' };
  if (to.getTime() - from.getTime() > STATEMENT_MAX_DAYS * DAY_MS)
    return { error: `A statement covers at most ${STATEMENT_MAX_DAYS} days: choose a shorter period.` };
  return { from, to };
}

export const statementPeriodQuery = z.object({
  from: statementInstant
    .optional()
    .describe(
      'Start of the period, included: a date is that day from midnight in Lagos (WAT). Default: 30 days before `to`.',
    ),
  to: statementInstant
    .optional()
    .describe(
      'End of the period: a date includes that whole Lagos day, a date and time is excluded. Default: now.',
    ),
});

export const partnerStatementQuery = statementPeriodQuery.extend({
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe(
      "The previous page's `nextCursor`; it keeps that page's period, so `from` and `to` are then ignored.",
    ),
  limit: z.coerce.number().int().min(1).max(500).default(100).describe('Lines per page, 1 to 500.'),
});
export type PartnerStatementQuery = z.input<typeof partnerStatementQuery>;

/** What a wallet line belongs to; at most one key is set. */
export const statementReferent = z
  .object({
    purchase: z
      .object({ requestId: z.string(), id: z.string(), serviceId: z.string() })
      .optional()
      .describe('The purchase it paid for, refunded or settled: your `requestId`, our id and the service.'),
    funding: z
      .object({ reference: z.string(), method: z.enum(['card', 'transfer', 'manual']) })
      .optional()
      .describe('The card payment, bank transfer or manual deposit that funded the wallet.'),
    referral: z.object({}).optional().describe('A reward for a friend who joined with your referral link.'),
  })
  .describe('What the line belongs to; an adjustment by our team carries none.');

export const partnerStatementLine = z.object({
  id: z.number().int().describe('The line, unique and increasing in the order the wallet moved'),
  time: z.string().describe('When the money moved (ISO 8601, UTC)'),
  kind: z
    .string()
    .describe(
      'purchase.hold (paid for a purchase), purchase.refund, funding.card, funding.transfer, funding.manual, adjustment, referral.reward, provider-loss.recover (a refund taken back: the purchase was delivered after all), reversal',
    ),
  description: z.string().describe('The line in plain words, as the web app shows it'),
  amountKobo: koboSchema.describe('Signed: money in is positive, money out negative'),
  amount: z.string().describe('The same in naira, with 2 decimals'),
  balanceAfterKobo: koboSchema.describe('The wallet balance right after this line'),
  balanceAfter: z.string(),
  belongsTo: statementReferent,
});
export type PartnerStatementLine = z.infer<typeof partnerStatementLine>;

export const partnerStatementResponse = z.object({
  from: z.string().describe('The period’s start (ISO 8601, UTC), included'),
  to: z
    .string()
    .describe('The period’s end (ISO 8601, UTC), excluded; never later than when it was first asked for'),
  openingBalanceKobo: koboSchema.describe('The balance at `from`'),
  openingBalance: z.string(),
  closingBalanceKobo: koboSchema.describe(
    "The balance at `to`: the opening balance plus every line's amount, on every page",
  ),
  closingBalance: z.string(),
  lines: z.array(partnerStatementLine).describe('Oldest first'),
  nextCursor: z.string().nullable().describe('Pass it as `cursor` for the next page; null on the last page'),
});
export type PartnerStatementResponse = z.infer<typeof partnerStatementResponse>;
