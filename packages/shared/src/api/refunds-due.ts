import { z } from 'zod';

import { koboSchema } from './kobo.ts';

/** What the back office says about money that reached an account after it closed. */
export const refundsDueTexts = {
  noteRequired: 'Say how the money was sent back: the bank, the date and the transfer reference.',
  notFound: 'We could not find that money to send back.',
  alreadyReturned: 'This money has already been marked as sent back.',
  waiting: 'A second admin must confirm this: it is waiting on the Approvals page.',
} as const;

export const refundDueSource = z.enum(['card', 'transfer']);
export type RefundDueSource = z.infer<typeof refundDueSource>;

export const refundDueStatus = z.enum(['open', 'returned']);

/** Who paid, as the payment gateway told us: where the money goes back to. */
export const refundDuePayer = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  bank: z.string().nullable(),
  accountNumber: z.string().nullable(),
  cardLast4: z.string().nullable(),
});
export type RefundDuePayer = z.infer<typeof refundDuePayer>;

export const refundDue = z.object({
  id: z.string(),
  source: refundDueSource,
  /** the payment gateway's reference of the payment */
  reference: z.string(),
  amountKobo: koboSchema,
  amount: z.string(),
  payer: refundDuePayer,
  status: refundDueStatus,
  createdAt: z.string(),
  returnedAt: z.string().nullable(),
  note: z.string().nullable(),
  /** a "sent back" waiting for a second admin's approval, when there is one */
  waitingApprovalId: z.string().nullable(),
});
export type RefundDue = z.infer<typeof refundDue>;

export const refundsDueQuery = z.object({ status: refundDueStatus.default('open') });
export const refundsDueResponse = z.object({ refundsDue: z.array(refundDue) });
export type RefundsDueResponse = z.infer<typeof refundsDueResponse>;
export const refundDueResponse = z.object({ refundDue });
export type RefundDueResponse = z.infer<typeof refundDueResponse>;

export const returnRefundDueBody = z.object({
  note: z
    .string({ error: refundsDueTexts.noteRequired })
    .trim()
    .min(3, refundsDueTexts.noteRequired)
    .max(500, 'Keep the note under 500 characters.'),
});
export type ReturnRefundDueBody = z.input<typeof returnRefundDueBody>;
