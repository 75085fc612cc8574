import { z } from 'zod';

/** A partner's keys are `live` or `test`; each mode has its own webhook endpoint. */
export const webhookMode = z.enum(['live', 'test']);
export type WebhookMode = z.infer<typeof webhookMode>;

export const webhookTypes = [
  'purchase.pending',
  'purchase.delivered',
  'purchase.failed',
  'wallet.credited',
] as const;
export const webhookType = z.enum(webhookTypes);
export type WebhookType = z.infer<typeof webhookType>;

export const webhookTexts = {
  urlNeeded: 'Enter the address of your webhook endpoint, starting with https://.',
  httpsNeeded: 'The address must start with https://.',
  notFound: 'We could not find that webhook message.',
  noEndpoint: 'Set a webhook address first.',
  turnedOffByGone: 'Turned off: your endpoint answered 410 Gone. Turn it back on when it is ready.',
  turnedOffByHand: 'Turned off by you.',
} as const;

export const webhookEndpoint = z.object({
  mode: webhookMode,
  url: z.string(),
  enabled: z.boolean(),
  /** why it is off: `manual` turned off by the partner, `gone` the endpoint answered 410 */
  disabledReason: z.enum(['manual', 'gone']).nullable(),
  disabledAt: z.string().nullable(),
  /** the first characters of the signing secret, enough to recognise it */
  secretPrefix: z.string(),
  /** during a rotation the old secret signs too, until this time */
  previousSecretUntil: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;

export const webhookEndpointQuery = z.object({ mode: webhookMode.default('live') });
export const webhookEndpointResponse = z.object({ endpoint: webhookEndpoint.nullable() });

export const putWebhookEndpointBody = z.object({
  mode: webhookMode.default('live'),
  url: z.string(webhookTexts.urlNeeded).trim().min(1, webhookTexts.urlNeeded).max(2000),
  enabled: z.boolean().default(true),
});
export type PutWebhookEndpointBody = z.input<typeof putWebhookEndpointBody>;

/** `secret` only when the endpoint was made by this call (shown once) */
export const putWebhookEndpointResponse = z.object({
  endpoint: webhookEndpoint,
  secret: z.string().nullable(),
});

export const rotateWebhookSecretBody = z.object({
  mode: webhookMode.default('live'),
  password: z.string('Enter your password.').min(1, 'Enter your password.').max(1024),
});
export const rotateWebhookSecretResponse = z.object({ endpoint: webhookEndpoint, secret: z.string() });

export const webhookMessageStatus = z.enum(['pending', 'delivered', 'failed']);
export type WebhookMessageStatus = z.infer<typeof webhookMessageStatus>;

export const webhookAttempt = z.object({
  at: z.string(),
  /** the endpoint's HTTP status, null when it did not answer */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** why the attempt failed when there was no answer (timeout, refused address, redirect) */
  error: z.string().nullable(),
  /** the start of the answer's body */
  body: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;

export const webhookMessage = z.object({
  id: z.string(),
  mode: webhookMode,
  type: webhookType,
  status: webhookMessageStatus,
  /** the body sent, as the endpoint received it */
  payload: z.record(z.string(), z.unknown()),
  attempts: z.array(webhookAttempt),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  /** why it was given up, when it was */
  failure: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookMessage = z.infer<typeof webhookMessage>;

export const listWebhookMessagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(100).optional(),
  status: webhookMessageStatus.optional(),
  mode: webhookMode.optional(),
});
export const webhookMessagesResponse = z.object({
  messages: z.array(webhookMessage),
  nextCursor: z.string().nullable(),
});
export const webhookMessageResponse = z.object({ message: webhookMessage });
