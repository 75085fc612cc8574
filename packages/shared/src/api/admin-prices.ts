import { z } from 'zod';

import { koboSchema } from './kobo.ts';
import { MAX_MARKUP_BPS, MIN_MARKUP_BPS, PRICE_CHANNELS } from '../pricing.ts';
import { purchaseKind } from './purchases.ts';

export const priceChannel = z.enum(PRICE_CHANNELS);

/** A service's rule (`variationCode` empty) or one plan's, on one channel. */
export const priceTarget = z.object({
  serviceId: z.string().trim().min(1).max(64),
  variationCode: z.string().trim().max(100).default(''),
  channel: priceChannel,
});
export type PriceTargetInput = z.input<typeof priceTarget>;

const ruleFields = priceTarget.extend({
  mode: z.enum(['bps', 'fixed']),
  /** a markup (positive) or discount (negative) on the face value, in basis points */
  bps: z
    .number()
    .int('Use at most two decimals in a percentage.')
    .min(MIN_MARKUP_BPS, 'A discount must leave a price above ₦0.00.')
    .max(MAX_MARKUP_BPS, 'A markup can be at most 1,000%.')
    .optional(),
  /** naira, as a person writes it */
  fixedPrice: z.union([z.string(), z.number()]).optional(),
  /** an explicit yes to selling below cost */
  allowLoss: z.boolean().default(false),
});

function requireValue(rule: z.infer<typeof ruleFields>, ctx: z.RefinementCtx): void {
  if (rule.mode === 'bps' && rule.bps === undefined)
    ctx.addIssue({ code: 'custom', path: ['bps'], message: 'Enter a percentage.' });
  if (rule.mode === 'fixed' && (rule.fixedPrice === undefined || rule.fixedPrice === ''))
    ctx.addIssue({ code: 'custom', path: ['fixedPrice'], message: 'Enter a price.' });
}

export const pricePreviewBody = ruleFields.superRefine(requireValue);
export type PricePreviewBody = z.input<typeof pricePreviewBody>;

export const savePriceBody = ruleFields
  .extend({ reason: z.string().trim().max(300).optional() })
  .superRefine(requireValue);
export type SavePriceBody = z.input<typeof savePriceBody>;

export const resetPriceQuery = priceTarget.extend({ reason: z.string().trim().max(300).optional() });
export type ResetPriceQuery = z.input<typeof resetPriceQuery>;

export const priceRuleView = z.object({
  mode: z.enum(['bps', 'fixed']),
  bps: z.number().int().nullable(),
  fixedPriceKobo: koboSchema.nullable(),
  allowLoss: z.boolean(),
  updatedAt: z.string(),
  /** the admin who saved it; null for the defaults */
  updatedBy: z.string().nullable(),
});
export type PriceRuleView = z.infer<typeof priceRuleView>;

/** A rule a second admin has yet to approve for a row on one channel, and what it would sell at. */
export const pendingPriceChange = z.object({
  approvalId: z.string(),
  /** `₦1.00 fixed, loss allowed` */
  description: z.string(),
  priceKobo: koboSchema,
  marginKobo: koboSchema,
  /** the admin who asked, by name */
  requestedBy: z.string(),
  requestedAt: z.string(),
});
export type PendingPriceChange = z.infer<typeof pendingPriceChange>;

/** What one channel pays for a row today, and why. */
export const channelPrice = z.object({
  /** this row's own rule on the channel, if it has one */
  rule: priceRuleView.nullable(),
  priceKobo: koboSchema,
  price: z.string(),
  marginKobo: koboSchema,
  margin: z.string(),
  /** which rule set the price: the plan's own, the service's, or none (the face value) */
  source: z.enum(['variation', 'service', 'face']),
  /** its own rule now sells below cost without the loss flag (a new face value or commission), so it is passed over */
  isRuleStale: z.boolean(),
  /** this row's own rule waiting for a second admin on the channel, if one is */
  pendingChange: pendingPriceChange.nullable(),
});
export type ChannelPrice = z.infer<typeof channelPrice>;

/** A plan, or a service sold by amount at an example face value (`code` empty). */
export const adminPriceRow = z.object({
  code: z.string(),
  name: z.string(),
  faceKobo: koboSchema,
  face: z.string(),
  costKobo: koboSchema,
  cost: z.string(),
  web: channelPrice,
  api: channelPrice,
});
export type AdminPriceRow = z.infer<typeof adminPriceRow>;

export const adminPriceService = z.object({
  id: z.string(),
  name: z.string(),
  kind: purchaseKind,
  /** what the provider keeps off the face value for us, in basis points */
  commissionBps: z.number().int(),
  /** the provider's own figure, or our default for the service */
  commissionSource: z.enum(['provider', 'default']),
  /** the service-wide rule each channel goes back to when reset (the spec's 1% where it gives one) */
  defaultBps: z.number().int(),
  /** the service-wide row: the service's rule per channel, shown at an example face value */
  service: adminPriceRow,
  variations: z.array(adminPriceRow),
});
export type AdminPriceService = z.infer<typeof adminPriceService>;

export const adminPricesResponse = z.object({ services: z.array(adminPriceService) });
export const adminPriceServiceResponse = z.object({ service: adminPriceService });

/** A rule applied at once, or sent to a second admin (a fixed price, or one allowed to sell at a loss). */
export const savePriceResponse = z.discriminatedUnion('status', [
  z.object({ status: z.literal('applied'), service: adminPriceService }),
  z.object({
    status: z.literal('awaiting_approval'),
    service: adminPriceService,
    approvalId: z.string(),
    /** `Sent for a second admin's approval: the price stays ₦… until then.` */
    message: z.string(),
  }),
]);
export type SavePriceResponse = z.infer<typeof savePriceResponse>;

export const pricePreviewRow = z.object({
  code: z.string(),
  name: z.string(),
  faceKobo: koboSchema,
  costKobo: koboSchema,
  priceKobo: koboSchema,
  marginKobo: koboSchema,
  isBelowCost: z.boolean(),
  /** what each sale loses when it sells below cost; null otherwise */
  lossKobo: koboSchema.nullable(),
});
export type PricePreviewRow = z.infer<typeof pricePreviewRow>;

export const pricePreviewResponse = z.object({
  commissionBps: z.number().int(),
  /** the rows the rule would price: the plan, or the service's example and every plan without its own rule */
  rows: z.array(pricePreviewRow),
  /** why saving it would be refused; null when it may be saved */
  problem: z.string().nullable(),
  /** saving it waits for a second admin's approval (a fixed price, or one allowed to sell at a loss) */
  isApprovalNeeded: z.boolean(),
});
export type PricePreview = z.infer<typeof pricePreviewResponse>;
