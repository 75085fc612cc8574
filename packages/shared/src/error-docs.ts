import type { ErrorCode } from './errors.ts';

/**
 * What each error code means and what the caller should do, for the API reference (the OpenAPI document).
 * Kept apart from errors.ts so the web app's bundles never carry it; a new code without an entry does not
 * compile.
 */
export const errorCodeDocs: Readonly<Record<ErrorCode, { meaning: string; whatToDo: string }>> = {
  UNAUTHENTICATED: {
    meaning: 'No API key or session came with the request, or the key is unknown or revoked.',
    whatToDo: 'Send `Authorization: Bearer <key>` with a key that is not revoked; make a new key if needed.',
  },
  FORBIDDEN: {
    meaning: 'The caller is known but may not do this (an address not on the key’s allowed list, a limit).',
    whatToDo:
      'Read `message`: it says which rule refused you. Call from an allowed address or change the key.',
  },
  ACCOUNT_SUSPENDED: {
    meaning: 'The account is suspended.',
    whatToDo: 'Contact support; nothing can be bought until the account is restored.',
  },
  EMAIL_NOT_CONFIRMED: {
    meaning: 'The account’s email address is not confirmed yet.',
    whatToDo: 'Open the link mailed at sign-up (or ask for a new one in the web app), then try again.',
  },
  NOT_FOUND: {
    meaning: 'The thing asked for does not exist, or is not the caller’s.',
    whatToDo: 'Check the id in the path. A purchase is found by the `requestId` you sent.',
  },
  VALIDATION_FAILED: {
    meaning: 'The request’s body, query or path is not valid.',
    whatToDo: '`details.fields` names each bad field with its message; fix those and send again.',
  },
  INVALID_CREDENTIALS: {
    meaning: 'The email address and password do not match.',
    whatToDo: 'Check both and try again.',
  },
  EMAIL_TAKEN: {
    meaning: 'An account with this email address exists.',
    whatToDo: 'Sign in instead, or use another address.',
  },
  INVALID_TOKEN: {
    meaning: 'The link or token has expired or was already used.',
    whatToDo: 'Ask for a new link.',
  },
  INSUFFICIENT_FUNDS: {
    meaning: 'The wallet balance is less than the price. Nothing was charged.',
    whatToDo:
      'Fund the wallet (or top up the test balance with a test key), then send the same request again.',
  },
  IDEMPOTENCY_KEY_REUSED: {
    meaning: 'This `requestId` was used before with a different body. The first purchase stands.',
    whatToDo: 'Use a new `requestId` for a new purchase; send the same body to read back the first one.',
  },
  CONFLICT: {
    meaning: 'The request clashes with the current state of what it is about (already done, already final).',
    whatToDo: 'Read `message`: it says what is in the way. Fetch the current state before trying again.',
  },
  PIN_NOT_SET: {
    meaning: 'The account has no transaction PIN yet (web purchases and key creation need one).',
    whatToDo: 'Set a transaction PIN in the web app.',
  },
  PIN_INCORRECT: {
    meaning: 'The transaction PIN is wrong.',
    whatToDo: 'Try again; after 5 wrong PINs the PIN is locked for 30 minutes.',
  },
  PIN_LOCKED: {
    meaning: 'Too many wrong PINs: the PIN is locked for a while.',
    whatToDo: 'Wait until the time in `message`, or reset the PIN in the web app.',
  },
  PRODUCT_UNAVAILABLE: {
    meaning: 'The service or plan is not on sale now, or the amount is outside its limits.',
    whatToDo: 'List GET /api/v1/services and its variations again and choose one on sale.',
  },
  CUSTOMER_NOT_VERIFIED: {
    meaning: 'The smartcard, meter or profile number was not found by the provider.',
    whatToDo: 'Ask your customer to check the number; check it with POST /api/v1/verify before buying.',
  },
  CSRF_REJECTED: {
    meaning: 'A browser request with a session came from another site.',
    whatToDo: 'Partners: send the API key, not a cookie. Browsers: use the web app itself.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    meaning: 'The body is not JSON.',
    whatToDo: 'Send `Content-Type: application/json` with a JSON body.',
  },
  PAYLOAD_TOO_LARGE: {
    meaning: 'The body is too big.',
    whatToDo: 'Send only the fields the route takes.',
  },
  RATE_LIMITED: {
    meaning: 'Too many requests of this kind in a short time.',
    whatToDo: 'Wait for the seconds in the `Retry-After` header, then send again.',
  },
  SERVICE_UNAVAILABLE: {
    meaning:
      'The service cannot be sold right now (every provider of it is failing, or it is switched off), or something we depend on is down for a moment. Nothing was sent and no money moved, unless the answer carries a refunded purchase.',
    whatToDo:
      'Wait for `Retry-After` seconds and retry; a purchase retried with the same requestId is never bought twice. `GET /api/v1/services/availability` says which services sell now.',
  },
  INTERNAL: {
    meaning: 'A fault on our side.',
    whatToDo:
      'Retry a purchase with the same requestId (it is never bought twice); quote `requestId` from the error to support.',
  },
};
