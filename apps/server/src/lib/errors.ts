import type { ErrorCode } from '@quickvend/shared/errors';

export type { ErrorCode };

export const httpStatusByCode = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  ACCOUNT_SUSPENDED: 403,
  EMAIL_NOT_CONFIRMED: 403,
  NOT_FOUND: 404,
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 401,
  EMAIL_TAKEN: 409,
  INVALID_TOKEN: 400,
  INSUFFICIENT_FUNDS: 402,
  IDEMPOTENCY_KEY_REUSED: 409,
  CONFLICT: 409,
  PIN_NOT_SET: 409,
  PIN_INCORRECT: 403,
  PIN_LOCKED: 423,
  PRODUCT_UNAVAILABLE: 422,
  CUSTOMER_NOT_VERIFIED: 422,
  CSRF_REJECTED: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL: 500,
} as const satisfies Record<ErrorCode, number>;

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }

  get statusCode(): number {
    return httpStatusByCode[this.code];
  }
}

/** A request refused for one field, the message shown both as the error and on that field. */
export function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, { fields: { [field]: message } });
}
