import { z } from 'zod';

import { koboSchema } from './kobo.ts';
import { DISPUTE_NOTE_MAX, DISPUTE_WINDOW_HOURS } from '../disputes.ts';

export { DISPUTE_WINDOW_HOURS };

export const disputeBody = z.object({
  /** what the customer saw, in their words */
  note: z.string().trim().max(DISPUTE_NOTE_MAX).optional(),
});
export type DisputeBody = z.input<typeof disputeBody>;

export const providerAnswer = z.enum(['delivered', 'failed', 'pending', 'unknown']);

export const dispute = z.object({
  id: z.string(),
  status: z.enum(['open', 'closed']),
  /** what the provider said when asked again at once, or null when it could not be reached */
  providerAnswer: providerAnswer.nullable(),
  /** that answer in plain words, for the customer */
  answer: z.string(),
  customerNote: z.string().nullable(),
  /** what our team found and did, once closed */
  resolution: z.string().nullable(),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Dispute = z.infer<typeof dispute>;
export const disputeResponse = z.object({ dispute });
/** A purchase's report as its owner asks for it: null while they have made none. */
export const purchaseDisputeResponse = z.object({ dispute: dispute.nullable() });

export const adminDisputesQuery = z.object({ status: z.enum(['open', 'closed']).default('open') });

export const adminDispute = dispute.extend({
  purchaseId: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }).nullable(),
  purchase: z.object({
    serviceName: z.string(),
    /** the phone, smartcard or meter it was for */
    recipient: z.string(),
    amountKobo: koboSchema,
    deliveredAt: z.string().nullable(),
    transactionId: z.string().nullable(),
  }),
  /** the provider's own words when asked again */
  providerMessage: z.string().nullable(),
});
export type AdminDispute = z.infer<typeof adminDispute>;
export const adminDisputesResponse = z.object({ disputes: z.array(adminDispute) });
export const adminDisputeResponse = z.object({ dispute: adminDispute });

export const closeDisputeBody = z.object({
  resolution: z
    .string()
    .trim()
    .min(3, 'Say what you found and what you did, so the customer knows.')
    .max(1000),
});

export const disputeMessages = {
  notDelivered: 'Only a delivered purchase can be reported as not received.',
  tooLate: `It is more than ${DISPUTE_WINDOW_HOURS} hours since this was delivered. Please contact support.`,
  notFound: 'We could not find that report.',
  alreadyClosed: 'This report is already closed.',
} as const;
