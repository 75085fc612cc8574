import { z } from 'zod';

import { koboSchema } from './kobo.ts';
import { lagosDay } from './admin-purchases.ts';

/**
 * The daily comparison of our purchases with VTpass's word on each, and of the day's sales with the float's
 * movement. The purchases compared are those made on the day (Lagos time), as they stand when it runs.
 */

/** Every way a day can disagree with VTpass. */
export const reconciliationDifferenceKinds = [
  /** we delivered it; VTpass says it failed or reversed it */
  'provider-failed',
  /** we delivered it; VTpass has no record of it */
  'provider-unknown',
  /** we refunded it; VTpass delivered it: a provider-side loss */
  'refunded-delivered',
  /** we finished it (delivered or refunded); VTpass still calls it pending */
  'provider-pending',
  /** both say delivered; VTpass took another amount than the cost in our books */
  'amount-differs',
  /** still processing or pending with us when the day was checked */
  'still-open',
  /** VTpass could not be asked about it */
  'not-asked',
  /** the float moved more or less than the day's sales explain */
  'float-gap',
  /** no reading of the float bounds the day */
  'float-unread',
] as const;
export type ReconciliationDifferenceKind = (typeof reconciliationDifferenceKinds)[number];

/** What VTpass says of a purchase: `unknown` when it has no record, `unreachable` when it could not be asked. */
export const providerVerdicts = [
  'delivered',
  'failed',
  'reversed',
  'pending',
  'unknown',
  'unreachable',
] as const;
export type ProviderVerdict = (typeof providerVerdicts)[number];

/** A purchase as our books have it. */
export const ourSide = z.object({
  status: z.enum(['delivered', 'failed', 'open']),
  chargedKobo: koboSchema,
  /** what the books paid VTpass for a delivered one */
  costKobo: koboSchema.nullable(),
});
export type OurSide = z.infer<typeof ourSide>;

/** A purchase as VTpass has it. */
export const theirSide = z.object({
  status: z.enum(providerVerdicts),
  /** what VTpass says it took from the float for a delivered one, when it says */
  amountKobo: koboSchema.nullable(),
});
export type TheirSide = z.infer<typeof theirSide>;

export const reconciledPurchase = z.object({
  id: z.string(),
  serviceId: z.string(),
  /** the number, smartcard or meter */
  target: z.string(),
  planName: z.string().nullable(),
  createdAt: z.string(),
  ours: ourSide,
  theirs: theirSide,
});
export type ReconciledPurchase = z.infer<typeof reconciledPurchase>;

export const reconciliationDifference = z.object({
  kind: z.enum(reconciliationDifferenceKinds),
  /** null for the float's differences */
  purchase: reconciledPurchase.nullable(),
  /** the money at stake, never negative */
  amountKobo: koboSchema,
  /** what is wrong, in a sentence for the operator */
  says: z.string(),
});
export type ReconciliationDifference = z.infer<typeof reconciliationDifference>;

const count = z.number().int();

export const reconciliationTotals = z.object({
  ours: z.object({
    purchases: count,
    delivered: z.object({ count, chargedKobo: koboSchema, costKobo: koboSchema }),
    refunded: z.object({ count, chargedKobo: koboSchema }),
    open: z.object({ count, chargedKobo: koboSchema }),
  }),
  theirs: z.object({
    /** `amountKobo`: what VTpass says it took for them, where it said */
    delivered: z.object({ count, amountKobo: koboSchema }),
    /** failed or reversed */
    failed: z.object({ count }),
    pending: z.object({ count }),
    unknown: z.object({ count }),
    unreachable: z.object({ count }),
  }),
  /** null when no two readings of the float bound the day */
  float: z
    .object({
      startAt: z.string(),
      startKobo: koboSchema,
      endAt: z.string(),
      endKobo: koboSchema,
      /** how far the float fell between the readings (negative: it rose) */
      spentKobo: koboSchema,
      /** the cost in our books of the sales delivered between the readings */
      salesKobo: koboSchema,
      /** spent less sales: what the sales do not explain */
      gapKobo: koboSchema,
    })
    .nullable(),
});
export type ReconciliationTotals = z.infer<typeof reconciliationTotals>;

export const reconciliationStatuses = ['balanced', 'differences'] as const;
export type ReconciliationStatus = (typeof reconciliationStatuses)[number];

export const reconciliationDay = z.object({
  /** `yyyy-MM-dd`, Lagos */
  day: z.string(),
  ranAt: z.string(),
  /** the admin who ran it; null for the daily job and the command line */
  ranBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(reconciliationStatuses),
  totals: reconciliationTotals,
  differences: z.array(reconciliationDifference),
});
export type ReconciliationDay = z.infer<typeof reconciliationDay>;

export const reconciliationDayResponse = z.object({ reconciliation: reconciliationDay });
export type ReconciliationDayResponse = z.infer<typeof reconciliationDayResponse>;

export const reconciliationSummary = z.object({
  day: z.string(),
  ranAt: z.string(),
  status: z.enum(reconciliationStatuses),
  differenceCount: count,
  /** the money at stake in all of them */
  differenceKobo: koboSchema,
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummary>;

export const reconciliationsResponse = z.object({ reconciliations: z.array(reconciliationSummary) });
export type ReconciliationsResponse = z.infer<typeof reconciliationsResponse>;

export const reconciliationDayParams = z.object({ day: lagosDay });
export const reconciliationPurchaseParams = z.object({
  day: lagosDay,
  purchaseId: z.string().trim().min(1).max(64),
});

/** How many days the back office lists. */
export const RECONCILIATION_DAYS_LISTED = 60;

export const reconciliationMessages = {
  notRun: 'This day has not been checked yet. Run it to compare it with VTpass.',
  futureDay: 'That day has not ended yet: choose today or an earlier day.',
  notADifference: "This purchase is not among the day's differences.",
} as const;
