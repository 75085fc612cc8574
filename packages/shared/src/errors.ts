import { z } from 'zod';

export const errorCodes = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'ACCOUNT_SUSPENDED',
  'EMAIL_NOT_CONFIRMED',
  'NOT_FOUND',
  'VALIDATION_FAILED',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'INVALID_TOKEN',
  'INSUFFICIENT_FUNDS',
  'IDEMPOTENCY_KEY_REUSED',
  'CONFLICT',
  'PIN_NOT_SET',
  'PIN_INCORRECT',
  'PIN_LOCKED',
  'PRODUCT_UNAVAILABLE',
  'CUSTOMER_NOT_VERIFIED',
  'CSRF_REJECTED',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorBody = z.object({
  error: z.object({
    code: z.enum(errorCodes),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
    requestId: z.string(),
  }),
});

export type ErrorBody = z.infer<typeof errorBody>;
