import { z } from 'zod';

import { koboSchema } from './kobo.ts';

/** What the back office says about provider-side losses, in the operator's words. */
export const providerLossMessages = {
  notFound: 'We could not find that provider-side loss.',
  alreadyResolved: 'This loss has already been resolved: there is nothing left to do.',
  reasonRequired: 'Say why: the reason is kept in the audit log.',
  recoveryRequested:
    'Sent for a second admin’s approval: once approved, the refunded amount is taken back from the customer’s wallet.',
  recoveryAwaitingApproval:
    'Recovering this loss is already waiting for a second admin’s approval. Approve or reject that request.',
  writtenOff: 'Written off: the loss is booked as an expense.',
  /** the second admin's approval found the customer's wallet too low */
  walletTooLow: (refunded: string, holds: string) =>
    `The customer’s wallet holds ${holds}, less than the ${refunded} to recover. Nothing was taken: write the loss off, or approve again once the wallet holds it.`,
} as const;

export const providerLossStatus = z.enum(['open', 'recovered', 'written_off']);
export type ProviderLossStatus = z.infer<typeof providerLossStatus>;

/** How the loss was found: a VTpass callback, a requery, the daily reconciliation. */
export const providerLossSource = z.enum(['callback', 'requery', 'reconciliation']);
export type ProviderLossSource = z.infer<typeof providerLossSource>;

const person = z.object({ id: z.string(), name: z.string(), email: z.string() });

/** A purchase we refunded that VTpass then delivered: its float paid and the customer has their money back. */
export const providerLoss = z.object({
  id: z.string(),
  purchaseId: z.string(),
  /** null when the purchase can no longer be read */
  purchase: z
    .object({
      serviceName: z.string(),
      planName: z.string().nullable(),
      /** the phone, smart card or meter number it was for */
      recipient: z.string(),
      /** face value */
      amountKobo: koboSchema,
      createdAt: z.string(),
    })
    .nullable(),
  customer: person.nullable(),
  /** what we gave back to the customer */
  refundedKobo: koboSchema,
  /** what VTpass took from the float for it */
  amountKobo: koboSchema,
  detectedBy: providerLossSource,
  detectedAt: z.string(),
  status: providerLossStatus,
  /** the admin who recovered (the approver) or wrote it off */
  resolvedBy: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  /** the reason given when it was resolved */
  note: z.string().nullable(),
  /** a recovery from the customer waiting for a second admin */
  pendingRecovery: z
    .object({ approvalId: z.string(), requestedBy: z.string(), requestedAt: z.string() })
    .nullable(),
});
export type ProviderLoss = z.infer<typeof providerLoss>;

/** Open losses first (newest first), then resolved ones. */
export const providerLossesResponse = z.object({
  losses: z.array(providerLoss),
  open: z.object({ count: z.number().int(), amountKobo: koboSchema }),
});
export type ProviderLossesResponse = z.infer<typeof providerLossesResponse>;

export const resolveProviderLossBody = z.object({
  reason: z
    .string({ error: providerLossMessages.reasonRequired })
    .trim()
    .min(5, providerLossMessages.reasonRequired)
    .max(500),
});
export type ResolveProviderLossBody = z.input<typeof resolveProviderLossBody>;

export const recoverProviderLossResponse = z.object({
  approval: z.object({ id: z.string(), status: z.literal('pending'), requestedAt: z.string() }),
  message: z.string(),
});
export type RecoverProviderLossResponse = z.infer<typeof recoverProviderLossResponse>;

export const writeOffProviderLossResponse = z.object({ loss: providerLoss, message: z.string() });
export type WriteOffProviderLossResponse = z.infer<typeof writeOffProviderLossResponse>;
