import { z } from 'zod';

import { BILLS_PROVIDERS } from '../providers.ts';
import { isCalendarDate } from '../periods.ts';
import { koboSchema } from './kobo.ts';

/** A refund counts as prompt when it reached the wallet within this long of the purchase (NCC–CBN framework). */
export const PROMPT_REFUND_SECONDS = 30;
/** A purchase still open this long after it was made is reported as overdue (NCC–CBN framework). */
export const OVERDUE_PENDING_HOURS = 24;

export const nccDailyQuery = z.object({
  /** the Lagos calendar day reported */
  date: z.string().refine(isCalendarDate, { error: 'Enter the date as YYYY-MM-DD.' }),
});
export type NccDailyQuery = z.infer<typeof nccDailyQuery>;

/**
 * One service at one provider on one Lagos day. A purchase counts on the day it was made, at the provider that
 * has it now (where it was delivered or refunded); `moved` counts those that left this provider after its
 * definite failure. `pendingOver24h` counts every purchase still open at the day's end that was made more than
 * 24 hours before it, whatever its day.
 */
export const nccDailyFigures = z.object({
  purchases: z.number().int(),
  delivered: z.number().int(),
  /** failed, each refunded in full in the same step */
  failed: z.number().int(),
  refunded: z.number().int(),
  refundedKobo: koboSchema,
  /** still being confirmed with the provider now */
  pending: z.number().int(),
  /** the median time from purchase to refund, in milliseconds; null when none was refunded */
  medianRefundMs: z.number().int().nullable(),
  /** refunded within 30 seconds of the purchase */
  refundedWithin30s: z.number().int(),
  /** refundedWithin30s ÷ refunded, in basis points (1% = 100), rounded down; null when none was refunded */
  refundedWithin30sBps: z.number().int().nullable(),
  pendingOver24h: z.number().int(),
  /** left this provider for another after its definite failure */
  moved: z.number().int(),
  /** outages of this service (at this provider, or everywhere when the row has no provider) during the day */
  outages: z.number().int(),
  /** how long those outages lasted within the day, in whole minutes (rounded up) */
  outageMinutes: z.number().int(),
  /** purchases refused during those outages */
  refusedDuringOutages: z.number().int(),
});
export type NccDailyFigures = z.infer<typeof nccDailyFigures>;

export const nccDailyRow = nccDailyFigures.extend({
  serviceId: z.string(),
  serviceName: z.string(),
  /** null: an outage of the service whichever provider sold it */
  provider: z.enum(BILLS_PROVIDERS).nullable(),
  providerName: z.string(),
});
export type NccDailyRow = z.infer<typeof nccDailyRow>;

export const nccDailyResponse = z.object({
  date: z.string(),
  /** the day's first instant and the next day's, Lagos time */
  startsAt: z.string(),
  endsAt: z.string(),
  generatedAt: z.string(),
  rows: z.array(nccDailyRow),
  totals: nccDailyFigures,
});
export type NccDailyReport = z.infer<typeof nccDailyResponse>;
