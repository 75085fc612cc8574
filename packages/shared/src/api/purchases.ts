import { z } from 'zod';

import { koboSchema } from './kobo.ts';
import { statementInstant } from './partner-statement.ts';

export const purchaseStatus = z.enum(['delivered', 'pending', 'failed']);
export type PurchaseStatus = z.infer<typeof purchaseStatus>;

export const purchaseKind = z.enum(['airtime', 'data', 'tv', 'electricity', 'education']);
export type PurchaseKind = z.infer<typeof purchaseKind>;

/** 1 to 64 of [A-Za-z0-9_-]: the caller's idempotency key. */
export const requestIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'requestId must be 1 to 64 letters, digits, _ or -');

export const createPurchaseBody = z.object({
  requestId: requestIdSchema,
  serviceId: z.string().trim().min(1).max(64),
  phone: z.string().trim().max(20).default(''),
  amount: z.union([z.string(), z.number()]).optional(),
  variationCode: z.string().trim().min(1).max(100).optional(),
  billersCode: z.string().trim().min(1).max(40).optional(),
  type: z.string().trim().max(40).optional(),
  subscriptionType: z.enum(['change', 'renew']).optional(),
  quantity: z.number().int().min(1).max(10).optional(),
  /** web purchases only: the 4-digit transaction PIN */
  pin: z.string().optional(),
});
export type CreatePurchaseBody = z.input<typeof createPurchaseBody>;

export const purchase = z.object({
  id: z.string(),
  requestId: z.string(),
  serviceId: z.string(),
  kind: purchaseKind,
  serviceName: z.string(),
  status: purchaseStatus,
  phone: z.string(),
  billersCode: z.string().nullable(),
  variationCode: z.string().nullable(),
  planName: z.string().nullable(),
  /** face value */
  amountKobo: koboSchema,
  amount: z.string(),
  /** what the wallet paid: 0 once a failed purchase is refunded */
  chargedKobo: koboSchema,
  charged: z.string(),
  /** what went back to the wallet: the whole price once failed, else 0 */
  refundedKobo: koboSchema,
  refunded: z.string(),
  /** the wallet's balance after this purchase's last move of money: the debit, or the refund once failed */
  balanceAfterKobo: koboSchema.nullable(),
  token: z.string().nullable(),
  pins: z.array(z.object({ serial: z.string().nullable(), pin: z.string() })).nullable(),
  /** cable TV: `change` (a bouquet) or `renew` (the current one) */
  subscriptionType: z.enum(['change', 'renew']).nullable(),
  /** exam PINs: how many */
  quantity: z.number().int().nullable(),
  /** what the discount took off the face value */
  discountKobo: koboSchema,
  discount: z.string(),
  /** the verified customer (card holder, meter owner, candidate) */
  customerName: z.string().nullable(),
  /** electricity: units bought, e.g. `79.9 kWh` */
  units: z.string().nullable(),
  /** other lines of the provider's receipt, in its order: address, meter, voucher, reference... */
  receiptLines: z.array(z.object({ label: z.string(), value: z.string() })),
  message: z.string(),
  /** while pending: the time by which it will be delivered or refunded, or else taken up by our team; null once final */
  resolveBy: z.string().nullable(),
  /** the provider's transaction id */
  transactionId: z.string().nullable(),
  /** the id the provider knows the purchase by */
  providerRequestId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Purchase = z.infer<typeof purchase>;

export const purchaseResponse = z.object({ purchase });

/**
 * The live event stream's `purchase` event: something the customer sees on this purchase's receipt changed
 * (the team answered their report), so an open receipt fetches it again.
 */
export type PurchaseChangedEvent = { requestId: string };
export const PURCHASE_EVENT = 'purchase';

/** A purchase still not final a day later, with whose it is, for an admin to chase. */
export const flaggedPurchase = purchase.extend({ userId: z.string() });
export type FlaggedPurchase = z.infer<typeof flaggedPurchase>;
export const flaggedPurchasesResponse = z.object({ purchases: z.array(flaggedPurchase) });

export const listPurchasesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(100).optional().describe("The previous page's `nextCursor`"),
  serviceId: z.string().max(64).optional().describe('Only this service (`mtn`, `dstv`, `ikeja-electric`...)'),
  status: purchaseStatus.optional().describe('Only purchases in this state now'),
  from: statementInstant
    .optional()
    .describe(
      'Made at or after: a date is that day from midnight in Lagos (WAT), or a date and time with its offset',
    ),
  to: statementInstant
    .optional()
    .describe('Made before: a date includes that whole Lagos day; a date and time is excluded'),
});
export const purchasesResponse = z.object({
  purchases: z.array(purchase),
  nextCursor: z.string().nullable(),
});

export const service = z.object({
  id: z.string(),
  kind: purchaseKind,
  name: z.string(),
  network: z.enum(['mtn', 'glo', 'airtel', '9mobile']).nullable(),
  minimumKobo: koboSchema.nullable(),
  maximumKobo: koboSchema.nullable(),
  hasVariations: z.boolean(),
  /** what must be verified before paying, if anything */
  verification: z.enum(['smartcard', 'meter', 'profile']).nullable(),
  /** web customers' discount on the face value, in basis points (100 = 1%); negative for a markup */
  discountBps: z.number().int(),
  /** the same for partners buying through the API */
  apiDiscountBps: z.number().int(),
});
export type Service = z.infer<typeof service>;
export const servicesResponse = z.object({ services: z.array(service) });

export const variation = z.object({
  code: z.string(),
  name: z.string(),
  /** face value */
  amountKobo: koboSchema,
  amount: z.string(),
  /** what a web customer pays for it */
  priceKobo: koboSchema,
  price: z.string(),
  /** what a partner pays for it through the API */
  apiPriceKobo: koboSchema,
  apiPrice: z.string(),
  /** what this caller pays for it: `apiPriceKobo` through an API key, `priceKobo` signed in on the web */
  callerPriceKobo: koboSchema,
  callerPrice: z.string(),
});
export type Variation = z.infer<typeof variation>;
export const variationsResponse = z.object({ variations: z.array(variation) });

export const balanceResponse = z.object({
  balanceKobo: koboSchema,
  balance: z.string(),
  currency: z.literal('NGN'),
});

export const verifyBody = z.object({
  serviceId: z.string().trim().min(1).max(64),
  billersCode: z.string().trim().min(1).max(40),
  /** electricity: `prepaid` or `postpaid`; JAMB: the plan code */
  type: z.string().trim().max(40).optional(),
});
export type VerifyBody = z.input<typeof verifyBody>;

export const verifyResponse = z.object({
  serviceId: z.string(),
  billersCode: z.string(),
  type: z.string().nullable(),
  customerName: z.string(),
  /** electricity */
  address: z.string().nullable(),
  meterType: z.string().nullable(),
  minimumAmountKobo: koboSchema.nullable(),
  minimumAmount: z.string().nullable(),
  maximumAmountKobo: koboSchema.nullable(),
  maximumAmount: z.string().nullable(),
  canVend: z.boolean().nullable(),
  accountType: z.string().nullable(),
  /** cable TV */
  status: z.string().nullable(),
  dueDate: z.string().nullable(),
  currentBouquet: z.string().nullable(),
  renewalAmountKobo: koboSchema.nullable(),
  renewalAmount: z.string().nullable(),
});
export type VerifyResponse = z.infer<typeof verifyResponse>;

export const resendPurchaseResponse = z.object({ sentTo: z.string() });
