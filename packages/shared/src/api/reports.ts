import { z } from 'zod';

import { koboSchema } from './kobo.ts';
import { isCalendarDate, reportPeriods } from '../periods.ts';

/** The longest range a report covers, in days: a year, leap or not. */
export const MAX_REPORT_DAYS = 366;
/** Without a range, a report covers the last 30 days up to today (Lagos). */
export const DEFAULT_REPORT_DAYS = 30;

const calendarDate = (label: string) =>
  z
    .string()
    .refine(isCalendarDate, { error: `Enter the ${label} date as YYYY-MM-DD.` })
    .optional();

export const reportQuery = z.object({
  /** the first Lagos calendar day counted */
  from: calendarDate('start'),
  /** the last Lagos calendar day counted */
  to: calendarDate('end'),
  period: z.enum(reportPeriods, { error: 'Choose day, week or month.' }).default('day'),
});
export type ReportQuery = z.infer<typeof reportQuery>;

export const reportGroupings = ['service', 'channel'] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

export const salesReportQuery = reportQuery.extend({
  groupBy: z.enum(reportGroupings, { error: 'Group by service or channel.' }).optional(),
});
export type SalesReportQuery = z.infer<typeof salesReportQuery>;

const range = {
  from: z.string(),
  to: z.string(),
  period: z.enum(reportPeriods),
};

/**
 * What the purchases made in a period came to. Each purchase counts on the Lagos day it was made; its money is
 * what the ledger moved for it.
 */
export const salesFigures = z.object({
  purchases: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  /** still being confirmed with the provider */
  pending: z.number().int(),
  /** charged to customers for delivered purchases */
  salesKobo: koboSchema,
  /** what the provider took for them */
  costKobo: koboSchema,
  /** sales less cost */
  marginKobo: koboSchema,
  /** given back to wallets for failed purchases */
  refundsKobo: koboSchema,
  /** failed out of delivered and failed, in basis points (1% = 100); null when none has finished */
  failureRateBps: z.number().int().nullable(),
});
export type SalesFigures = z.infer<typeof salesFigures>;

export const salesReportResponse = z.object({
  ...range,
  groupBy: z.enum(reportGroupings).nullable(),
  /** every period of the range, in order, with nothing left out */
  periods: z.array(salesFigures.extend({ start: z.string() })),
  /** with `groupBy`: each period by service or channel, where there was a purchase */
  groups: z.array(salesFigures.extend({ start: z.string(), group: z.string(), label: z.string() })),
  totals: salesFigures,
});
export type SalesReport = z.infer<typeof salesReportResponse>;

export const fundingMethods = ['card', 'transfer', 'manual'] as const;
export type FundingMethod = (typeof fundingMethods)[number];

/** Money paid into wallets, counted on the Lagos day it was credited. */
export const fundingFigures = z.object({
  count: z.number().int(),
  /** what the customers paid */
  amountKobo: koboSchema,
  /** what reached their wallets */
  creditedKobo: koboSchema,
  /** our own charge (the manual deposit fee), kept as income */
  chargesKobo: koboSchema,
  /** what the payment gateway kept for card payments and transfers */
  gatewayFeesKobo: koboSchema,
});
export type FundingFigures = z.infer<typeof fundingFigures>;

export const fundingsReportResponse = z.object({
  ...range,
  periods: z.array(fundingFigures.extend({ start: z.string() })),
  /** each period by method, where there was a funding */
  methods: z.array(fundingFigures.extend({ start: z.string(), method: z.enum(fundingMethods) })),
  totalsByMethod: z.array(fundingFigures.extend({ method: z.enum(fundingMethods) })),
  totals: fundingFigures,
});
export type FundingsReport = z.infer<typeof fundingsReportResponse>;

export const usersReportResponse = z.object({
  ...range,
  /** customers who signed up in each period (admins are not counted) */
  periods: z.array(z.object({ start: z.string(), newUsers: z.number().int() })),
  totals: z.object({ newUsers: z.number().int() }),
});
export type UsersReport = z.infer<typeof usersReportResponse>;

/**
 * The business's profit for a period, every figure from the ledger by the Lagos day its entry was made (a
 * purchase counts on the day it was delivered), except the gateway's fees, which the ledger does not hold (it
 * credits a wallet in full): those are the fees of the payments made that day. Each cost is a positive amount.
 */
export const profitAndLossFigures = z.object({
  /** what customers paid for the purchases delivered */
  salesKobo: koboSchema,
  /** what the provider took for them */
  costKobo: koboSchema,
  /** sales less cost */
  marginKobo: koboSchema,
  /** what the payment gateway kept of card payments and bank transfers */
  gatewayFeesKobo: koboSchema,
  /** rewards paid to referrers */
  referralRewardsKobo: koboSchema,
  /** our charge on manual deposits */
  depositChargesKobo: koboSchema,
  /** what admins credited to wallets */
  goodwillCreditsKobo: koboSchema,
  /** what admins debited from wallets */
  goodwillDebitsKobo: koboSchema,
  /** what the provider took for purchases we had refunded, once written off */
  providerLossesWrittenOffKobo: koboSchema,
  /** what customers paid back for such purchases, less what the provider took for them */
  providerLossesRecoveredKobo: koboSchema,
  /** margin, charges, debits and recoveries, less fees, rewards, credits and losses */
  profitKobo: koboSchema,
});
export type ProfitAndLossFigures = z.infer<typeof profitAndLossFigures>;

export const profitAndLossResponse = z.object({
  ...range,
  /** every period of the range, in order */
  periods: z.array(profitAndLossFigures.extend({ start: z.string() })),
  totals: profitAndLossFigures,
});
export type ProfitAndLossReport = z.infer<typeof profitAndLossResponse>;

/** A spreadsheet-safe CSV text (RFC 4180), sent as `text/csv`. */
export const csvResponse = z.string();
