import { z } from 'zod';

import { koboSchema } from './kobo.ts';
import { PURCHASE_NOT_FOUND } from '../messages/purchase.ts';
import { purchase, purchaseStatus } from './purchases.ts';
import { billsProviderName } from './admin-routing.ts';

/** What the back office says about purchases and fundings, in the product's plain words. */
export const purchaseAdminMessages = {
  notFound: PURCHASE_NOT_FOUND,
  alreadyDelivered: 'This purchase is already delivered: there is nothing left to resolve.',
  alreadyRefunded: 'This purchase has already been refunded: there is nothing left to resolve.',
  deliveryAwaitingApproval:
    'Marking this purchase delivered is already waiting for a second admin. Approve or reject that request first.',
  refundReasonRequired: 'Say why you are refunding it: the reason is kept in the audit log.',
  evidenceRequired: 'Describe the evidence that it was delivered (for example what VTpass support said).',
  refunded: 'Refunded: the money is back in the customer’s wallet.',
  /** an admin's refund: VTpass was asked first */
  refundedOnProviderWord: 'VTpass says it failed: the money is back in the customer’s wallet.',
  refundFoundDelivered: 'VTpass delivered this purchase: there is nothing to refund.',
  refundRequested:
    'Sent for a second admin’s approval: VTpass has not said this purchase failed, so another admin must approve the refund.',
  refundAwaitingApproval:
    'A refund of this purchase is already waiting for a second admin’s approval. Approve or reject that request.',
  /** what the customer reads on the receipt of a purchase an admin refunded */
  refundedForCustomer: 'This purchase was not delivered. Your money is back in your wallet.',
  /** what the customer reads once a second admin has confirmed delivery */
  deliveredForCustomer: 'TRANSACTION SUCCESSFUL',
  deliveryRequested: 'Sent for approval: a second admin must confirm it was delivered.',
  requeried: {
    delivered: 'VTpass says it was delivered. The purchase is settled.',
    failed: 'VTpass says it failed. The customer has been refunded.',
    pending: 'VTpass has not finished it yet. It stays pending and is checked again on schedule.',
  },
  badDay: 'Use a date such as 2025-03-12.',
  badAmount: 'Enter an amount in naira, such as 1500 or 1500.50.',
} as const;

/** When a Lagos calendar day (`YYYY-MM-DD`) starts: Lagos keeps UTC+1 all year. Null for no such day. */
export function lagosDayStart(day: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const start = new Date(`${day}T00:00:00+01:00`);
  // 2025-02-30 would roll over into March
  if (
    Number.isNaN(start.getTime()) ||
    new Date(start.getTime() + 3_600_000).toISOString().slice(0, 10) !== day
  )
    return null;
  return start;
}

/** When the Lagos day after `day` starts. */
export const lagosDayEnd = (day: string): Date | null => {
  const start = lagosDayStart(day);
  return start && new Date(start.getTime() + 24 * 3_600_000);
};

/** `YYYY-MM-DD`, a calendar day in Lagos. */
export const lagosDay = z
  .string()
  .trim()
  .refine((day) => lagosDayStart(day) !== null, purchaseAdminMessages.badDay);
/** Naira as typed: digits, an optional decimal point and up to two decimals. */
export const nairaFilter = z
  .string()
  .trim()
  .regex(/^\d{1,10}(\.\d{1,2})?$/, purchaseAdminMessages.badAmount);
export const searchOrder = z.enum(['asc', 'desc']);
export const SEARCH_PAGE_SIZES = [10, 25, 50, 100] as const;
/** The most rows one CSV export holds: narrow the search for more. */
export const CSV_ROW_LIMIT = 10_000;

const text = (max: number) => z.string().trim().max(max).optional();
const page = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

export const adminPurchaseSort = z.enum(['createdAt', 'amount', 'charged']);
export type AdminPurchaseSort = z.infer<typeof adminPurchaseSort>;

/** The filters of the purchase search; the CSV export takes the same, without the page. */
export const adminPurchasesFilter = z.object({
  status: purchaseStatus.optional(),
  /** only purchases still pending more than 24 hours after they were made */
  stuck: z.stringbool().optional(),
  serviceId: text(64),
  channel: z.enum(['web', 'api']).optional(),
  /** the customer's email or user id */
  user: text(254),
  from: lagosDay.optional(),
  to: lagosDay.optional(),
  /** a phone, smartcard or meter number, or a part of one */
  number: text(40),
  /** our reference: the caller's request id or the purchase id */
  requestId: text(100),
  /** VTpass's reference: its request id or its transaction id */
  providerRequestId: text(100),
  /** the face value, in naira */
  minAmount: nairaFilter.optional(),
  maxAmount: nairaFilter.optional(),
  sort: adminPurchaseSort.default('createdAt'),
  order: searchOrder.default('desc'),
});
export const adminPurchasesQuery = adminPurchasesFilter.extend(page);
export type AdminPurchasesQuery = z.input<typeof adminPurchasesQuery>;
/** A search as read: defaults filled in, `stuck` a boolean. */
export type AdminPurchasesSearch = z.output<typeof adminPurchasesQuery>;

export const purchaseStage = z.enum(['processing', 'pending', 'delivered', 'failed']);

export const purchaseBuyer = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type PurchaseBuyer = z.infer<typeof purchaseBuyer>;

/** A purchase as the back office sees it: the customer's receipt, plus whose it is and what it earned. */
export const adminPurchase = purchase.extend({
  userId: z.string(),
  /** null when the account can no longer be read */
  buyer: purchaseBuyer.nullable(),
  channel: z.enum(['web', 'api']),
  /** `processing` is a purchase whose first answer from VTpass has not been read yet */
  stage: purchaseStage,
  /** what VTpass took from the float, when it said */
  costKobo: koboSchema.nullable(),
  /** charged less cost, once delivered */
  marginKobo: koboSchema.nullable(),
  /** how often VTpass has been asked about it since */
  checks: z.number().int(),
  nextCheckAt: z.string().nullable(),
  finalizedAt: z.string().nullable(),
  /** still pending more than 24 hours after it was made */
  isStuck: z.boolean(),
});
export type AdminPurchase = z.infer<typeof adminPurchase>;

export const adminPurchasesResponse = z.object({
  purchases: z.array(adminPurchase),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminPurchasesResponse = z.infer<typeof adminPurchasesResponse>;

/** For the admin home: how many purchases are in each state, and how many are stuck. */
export const purchasesSummaryResponse = z.object({
  byStatus: z.object({
    processing: z.number().int(),
    pending: z.number().int(),
    delivered: z.number().int(),
    failed: z.number().int(),
  }),
  /** processing and pending: money still held */
  open: z.number().int(),
  /** open more than 24 hours after it was made (the `stuck` filter) */
  flagged: z.number().int(),
  /** customers' "I didn't get it" reports waiting for the team, and when the longest-waiting one was made */
  disputes: z.object({ open: z.number().int(), oldestOpenAt: z.string().nullable() }),
});
export type PurchasesSummary = z.infer<typeof purchasesSummaryResponse>;

/** What a line of a purchase's timeline records (the purchase_events table's kinds). */
export const PURCHASE_EVENT_KINDS = [
  'provider.purchase',
  'provider.requery',
  'provider.callback',
  'admin.requery',
  'admin.refund',
  'admin.deliver',
  'admin.keep_pending',
  'customer.dispute',
] as const;
export const purchaseEventKind = z.enum(PURCHASE_EVENT_KINDS);
export type PurchaseEventKind = z.infer<typeof purchaseEventKind>;

/** One line of a purchase's timeline: a call to a provider, its callback, or an admin's action. */
export const purchaseEvent = z.object({
  id: z.string(),
  at: z.string(),
  kind: purchaseEventKind,
  /** delivered, failed, pending, unknown; `requested` for a delivery waiting for approval */
  outcome: z.string().nullable(),
  code: z.string().nullable(),
  /** VTpass's answer as it came (keys removed), or what an admin gave */
  raw: z.unknown(),
  note: z.string().nullable(),
  /** the aggregator asked or calling back, for a provider's line */
  provider: billsProviderName.nullable(),
  /** the admin, for an admin's action */
  actor: z.string().nullable(),
});
export type PurchaseEvent = z.infer<typeof purchaseEvent>;

export const pendingDelivery = z.object({
  approvalId: z.string(),
  requestedAt: z.string(),
  requestedBy: z.string(),
  evidence: z.string(),
});

export const pendingRefund = pendingDelivery.omit({ evidence: true }).extend({ reason: z.string() });

export const adminPurchaseDetailResponse = z.object({
  purchase: adminPurchase,
  /** the newest lines of its timeline, oldest first */
  events: z.array(purchaseEvent),
  /** where the older lines start (`GET /api/v1/admin/purchases/:id/events?before=`); null when there are none */
  olderEventsCursor: z.string().nullable(),
  /** a request to mark it delivered, waiting for a second admin */
  pendingDelivery: pendingDelivery.nullable(),
  /** a request to refund it on an admin's word alone, waiting for a second admin */
  pendingRefund: pendingRefund.nullable(),
});
export type AdminPurchaseDetail = z.infer<typeof adminPurchaseDetailResponse>;

/** The page of a purchase's timeline before the line `before`. */
export const adminPurchaseEventsQuery = z.object({
  before: z.string().trim().min(1).max(64),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export const adminPurchaseEventsResponse = z.object({
  events: z.array(purchaseEvent),
  olderEventsCursor: z.string().nullable(),
});
export type AdminPurchaseEvents = z.infer<typeof adminPurchaseEventsResponse>;

export const refundPurchaseBody = z.object({
  reason: z
    .string({ error: purchaseAdminMessages.refundReasonRequired })
    .trim()
    .min(5, purchaseAdminMessages.refundReasonRequired)
    .max(500),
});
export type RefundPurchaseBody = z.input<typeof refundPurchaseBody>;

export const deliverPurchaseBody = z.object({
  evidence: z
    .string({ error: purchaseAdminMessages.evidenceRequired })
    .trim()
    .min(5, purchaseAdminMessages.evidenceRequired)
    .max(1000),
  /** VTpass's transaction id, when support gave one */
  providerReference: z.string().trim().max(100).optional(),
});
export type DeliverPurchaseBody = z.input<typeof deliverPurchaseBody>;

/** What an action did, and the purchase as it left it. */
export const purchaseActionResponse = z.object({ purchase: adminPurchase, message: z.string() });
export type PurchaseActionResponse = z.infer<typeof purchaseActionResponse>;

const waitingApproval = z.object({ id: z.string(), status: z.literal('pending'), requestedAt: z.string() });

export const deliverRequestResponse = z.object({
  approval: waitingApproval,
  message: z.string(),
});
export type DeliverRequestResponse = z.infer<typeof deliverRequestResponse>;

/**
 * An admin's refund, once VTpass was asked: `refunded` on its word that it failed, `delivered` when it says it
 * delivered (nothing to refund), `awaiting_approval` while it has not said: a second admin must approve.
 */
export const refundPurchaseResponse = purchaseActionResponse.extend({
  outcome: z.enum(['refunded', 'delivered', 'awaiting_approval']),
  approval: waitingApproval.nullable(),
});
export type RefundPurchaseResponse = z.infer<typeof refundPurchaseResponse>;

// ---- fundings ----

export const fundingKind = z.enum(['card', 'transfer', 'manual']);
export type FundingKind = z.infer<typeof fundingKind>;
/** One word for card payments, transfers and manual deposits alike; `detail` keeps each one's own. */
export const fundingState = z.enum(['pending', 'credited', 'failed', 'review']);
export type FundingState = z.infer<typeof fundingState>;

export const adminFundingSort = z.enum(['createdAt', 'amount']);

export const adminFundingsFilter = z.object({
  kind: fundingKind.optional(),
  status: fundingState.optional(),
  /** the customer's email or user id */
  user: text(254),
  from: lagosDay.optional(),
  to: lagosDay.optional(),
  /** the payment reference or the deposit request id, or a part of one */
  reference: text(100),
  minAmount: nairaFilter.optional(),
  maxAmount: nairaFilter.optional(),
  sort: adminFundingSort.default('createdAt'),
  order: searchOrder.default('desc'),
});
export const adminFundingsQuery = adminFundingsFilter.extend(page);
export type AdminFundingsQuery = z.input<typeof adminFundingsQuery>;
export type AdminFundingsSearch = z.output<typeof adminFundingsQuery>;

export const adminFunding = z.object({
  id: z.string(),
  kind: fundingKind,
  reference: z.string(),
  status: fundingState,
  /** the payment's or deposit's own status: success, abandoned, rejected... */
  detail: z.string(),
  userId: z.string(),
  buyer: purchaseBuyer.nullable(),
  /** what was paid or declared */
  amountKobo: koboSchema,
  amount: z.string(),
  /** the gateway's fee (card, transfer) or our charge (manual deposit), when known */
  feesKobo: koboSchema.nullable(),
  /** what reached the wallet, once credited */
  creditKobo: koboSchema.nullable(),
  /** the gateway's answer, the sender, or the depositor and bank */
  note: z.string().nullable(),
  createdAt: z.string(),
  /** paid (card, transfer) or decided (manual) */
  settledAt: z.string().nullable(),
});
export type AdminFunding = z.infer<typeof adminFunding>;

export const adminFundingsResponse = z.object({
  fundings: z.array(adminFunding),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AdminFundingsResponse = z.infer<typeof adminFundingsResponse>;

/** A CSV download: text, not JSON. */
export const csvText = z.string();
