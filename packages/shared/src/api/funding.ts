import { z } from 'zod';

import { koboSchema } from './kobo.ts';

const nairaAmount = z.union([z.string(), z.number()], { error: 'Enter an amount.' });

export const startCardPaymentBody = z.object({
  email: z
    .string({ error: 'Email and amount are required.' })
    .trim()
    .min(1, 'Email and amount are required.')
    .pipe(z.email({ error: 'Please enter a valid email address.' }).max(254)),
  amount: nairaAmount,
});
export type StartCardPaymentBody = z.input<typeof startCardPaymentBody>;

export const confirmPaymentBody = z.object({
  reference: z.string().trim().min(1).max(100),
});

export const paymentStatus = z.enum(['pending', 'success', 'failed', 'abandoned', 'review']);
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const payment = z.object({
  id: z.string(),
  reference: z.string(),
  channel: z.string(),
  email: z.string(),
  amountKobo: koboSchema,
  amount: z.string(),
  status: paymentStatus,
  gatewayResponse: z.string().nullable(),
  senderName: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** a card payment's: when its checkout ends, and a payment still unpaid is closed as not completed */
  checkoutEndsAt: z.string().nullable(),
});
export type Payment = z.infer<typeof payment>;

export const startCardPaymentResponse = z.object({
  payment,
  checkout: z.object({
    mode: z.enum(['sandbox', 'live']),
    reference: z.string(),
    accessCode: z.string(),
    authorizationUrl: z.string(),
    publicKey: z.string(),
  }),
});
export type StartCardPaymentResponse = z.infer<typeof startCardPaymentResponse>;

export const paymentResponse = z.object({ payment });
export const paymentsResponse = z.object({ payments: z.array(payment) });

export const dedicatedAccount = z.object({
  bankName: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
});
export type DedicatedAccount = z.infer<typeof dedicatedAccount>;
export const dedicatedAccountResponse = z.object({
  account: dedicatedAccount.nullable(),
  /** sandbox only: where a tester can simulate a transfer into the account */
  simulateTransferUrl: z.string().nullable(),
});

export const manualFundingBody = z.object({
  depositorName: z
    .string({ error: 'All fields are required.' })
    .trim()
    .min(1, 'All fields are required.')
    .max(100),
  bankName: z
    .string({ error: 'All fields are required.' })
    .trim()
    .min(1, 'All fields are required.')
    .max(100),
  amount: nairaAmount,
});
export type ManualFundingBody = z.input<typeof manualFundingBody>;

export const manualRequestStatus = z.enum(['pending', 'approved', 'rejected']);

export const manualFundingRequest = z.object({
  id: z.string(),
  depositorName: z.string(),
  bankName: z.string(),
  amountKobo: koboSchema,
  amount: z.string(),
  chargeKobo: koboSchema,
  creditKobo: koboSchema,
  status: manualRequestStatus,
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }).optional(),
  /** back office only: sent for a second admin's approval, which decides it now */
  awaitingApproval: z.boolean().optional(),
});
export type ManualFundingRequest = z.infer<typeof manualFundingRequest>;
export const manualFundingRequestResponse = z.object({ request: manualFundingRequest });
export const manualFundingRequestsResponse = z.object({ requests: z.array(manualFundingRequest) });

/** The most manual deposits one back-office page holds. */
export const MANUAL_REQUESTS_PAGE_MAX = 100;

/**
 * The back office's manual deposits, a page at a time: waiting ones oldest first (so nobody waits behind a
 * flood), decided ones newest first; `user` narrows them to one customer (an email or a user id).
 */
export const adminManualRequestsQuery = z.object({
  status: manualRequestStatus.optional(),
  user: z.string().trim().max(254).optional(),
  /** the `nextCursor` of the page before */
  cursor: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,64}$/, 'This list has changed. Open it again from the start.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(MANUAL_REQUESTS_PAGE_MAX).default(50),
});
export type AdminManualRequestsQuery = z.input<typeof adminManualRequestsQuery>;

export const adminManualRequestsResponse = manualFundingRequestsResponse.extend({
  /** how many the filter finds, on every page */
  total: z.number().int(),
  /** null on the last page */
  nextCursor: z.string().nullable(),
});
export type AdminManualRequestsResponse = z.infer<typeof adminManualRequestsResponse>;

/** The business's bank account that manual deposits are paid into, as configured. */
export const depositAccount = z.object({
  bankName: z.string(),
  accountName: z.string(),
  /** the 10-digit NUBAN */
  accountNumber: z.string(),
});
export type DepositAccount = z.infer<typeof depositAccount>;

/** A customer's own manual deposits, and where to pay the next one (null until the business configures it). */
export const myManualFundingsResponse = manualFundingRequestsResponse.extend({
  depositAccount: depositAccount.nullable(),
});
export type MyManualFundingsResponse = z.infer<typeof myManualFundingsResponse>;

/** An admin's approval of a deposit, with an optional note kept in the audit log (and shown to a second admin). */
export const approveManualFundingBody = z.object({
  note: z.string().trim().max(300, 'Keep the note under 300 characters.').optional(),
});
export type ApproveManualFundingBody = z.input<typeof approveManualFundingBody>;

export const rejectManualFundingBody = z.object({
  reason: z
    .string({ error: 'Give a reason the customer will see.' })
    .trim()
    .min(3, 'Give a reason the customer will see.')
    .max(300),
});
