import { z } from 'zod';

// Paystack documents amounts as kobo integers, but its own snippets send and echo them as strings
const wireKobo = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/)]);
const wireText = z.string().nullish();

export const paystackErrorBody = z.looseObject({
  status: z.literal(false),
  message: z.string(),
  code: z.string().nullish(),
  type: z.string().nullish(),
});

const envelope = <T extends z.ZodType>(data: T) =>
  z.looseObject({ status: z.literal(true), message: z.string(), data });

export const paystackInitializeData = z.looseObject({
  authorization_url: z.url(),
  access_code: z.string().min(1),
  reference: z.string().min(1),
});
export const paystackInitializeResponse = envelope(paystackInitializeData);
export type PaystackInitializeData = z.infer<typeof paystackInitializeData>;

export type PaystackInitializeRequest = {
  email: string;
  amount: number;
  reference: string;
  callback_url: string;
  currency?: 'NGN';
  metadata?: Record<string, unknown>;
};

export const paystackCustomer = z.looseObject({
  id: z.union([z.number(), z.string()]).nullish(),
  email: wireText,
  customer_code: wireText,
  first_name: wireText,
  last_name: wireText,
  phone: wireText,
});
export type PaystackCustomer = z.infer<typeof paystackCustomer>;

export const paystackAuthorization = z.looseObject({
  authorization_code: wireText,
  bin: wireText,
  last4: wireText,
  channel: wireText,
  card_type: wireText,
  bank: wireText,
  brand: wireText,
  reusable: z.boolean().nullish(),
  account_name: wireText,
  /** the same for every payment made with one card */
  signature: wireText,
  sender_bank: wireText,
  sender_bank_account_number: wireText,
  sender_name: wireText,
  narration: wireText,
  receiver_bank_account_number: wireText,
  receiver_bank: wireText,
});
export type PaystackAuthorization = z.infer<typeof paystackAuthorization>;

export const paystackTransaction = z.looseObject({
  id: z.union([z.number(), z.string()]).nullish(),
  status: z.string().min(1),
  reference: z.string().min(1),
  amount: wireKobo,
  currency: z.string().min(1),
  channel: wireText,
  gateway_response: wireText,
  paid_at: wireText,
  paidAt: wireText,
  fees: wireKobo.nullish(),
  customer: paystackCustomer.nullish(),
  // an unpaid transaction carries `authorization: {}`
  authorization: paystackAuthorization.nullish(),
});
export const paystackVerifyResponse = envelope(paystackTransaction);
export type PaystackTransaction = z.infer<typeof paystackTransaction>;

export type PaystackCreateCustomerRequest = {
  email: string;
  first_name: string;
  last_name: string;
  phone?: string;
};
export const paystackCustomerResponse = envelope(
  paystackCustomer.extend({ customer_code: z.string().min(1) }),
);

export type PaystackCreateDedicatedAccountRequest = {
  customer: string;
  preferred_bank: string;
};
export const paystackDedicatedAccount = z.looseObject({
  bank: z.looseObject({ name: z.string().min(1), id: z.number().nullish(), slug: wireText }),
  account_name: z.string().min(1),
  account_number: z.string().regex(/^\d{10}$/),
  customer: paystackCustomer.nullish(),
});
export const paystackDedicatedAccountResponse = envelope(paystackDedicatedAccount);

/** Enough of a dedicated account to find and deactivate it. */
const paystackAccountRef = z.looseObject({
  id: z.union([z.number(), z.string()]),
  account_number: z.string(),
  active: z.boolean().nullish(),
});
export const paystackCustomerDetailResponse = envelope(
  paystackCustomer.extend({
    dedicated_account: paystackAccountRef.nullish(),
    dedicated_accounts: z.array(paystackAccountRef).nullish(),
  }),
);
export type PaystackCustomerDetail = z.infer<typeof paystackCustomerDetailResponse>['data'];
export const paystackDeactivatedAccountResponse = envelope(paystackAccountRef.partial());
export type PaystackDedicatedAccount = z.infer<typeof paystackDedicatedAccount>;

export const paystackWebhookBody = z.looseObject({
  event: z.string().min(1),
  data: z.looseObject({
    id: z.union([z.number(), z.string()]).nullish(),
    reference: wireText,
    channel: wireText,
    customer: paystackCustomer.nullish(),
    authorization: paystackAuthorization.nullish(),
  }),
});
export type PaystackWebhookBody = z.infer<typeof paystackWebhookBody>;
