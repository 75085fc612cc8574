import { z } from 'zod';
import {
  balanceResponse,
  createPurchaseBody,
  listPurchasesQuery,
  purchaseResponse,
  purchasesResponse,
  resendPurchaseResponse,
  verifyBody,
  verifyResponse,
} from '../api/purchases.ts';
import { defineRoute } from './define.ts';

const requestIdParams = z.object({ requestId: z.string().min(1).max(64) });

/** The partner API (api.md), which the web app uses too, and the customer's own extras. */
export const purchases = {
  balance: defineRoute({
    method: 'GET',
    path: '/api/v1/balance',
    access: 'userOrKey',
    partner: true,
    summary: "The caller's wallet balance",
    responses: { 200: balanceResponse },
    errors: [],
  }),
  verify: defineRoute({
    method: 'POST',
    path: '/api/v1/verify',
    access: 'userOrKey',
    partner: true,
    summary: 'Check a smartcard, meter or JAMB profile before paying',
    body: verifyBody,
    responses: { 200: verifyResponse },
    errors: [
      'CUSTOMER_NOT_VERIFIED',
      'PRODUCT_UNAVAILABLE',
      'NOT_FOUND',
      'RATE_LIMITED',
      'SERVICE_UNAVAILABLE',
    ],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/v1/purchases',
    access: 'userOrKey',
    partner: true,
    summary: 'Buy: 201 for a new requestId, 200 with the same purchase when it was seen with the same body',
    body: createPurchaseBody,
    responses: { 200: purchaseResponse, 201: purchaseResponse },
    errors: [
      'INSUFFICIENT_FUNDS',
      'IDEMPOTENCY_KEY_REUSED',
      'PRODUCT_UNAVAILABLE',
      'CUSTOMER_NOT_VERIFIED',
      'PIN_NOT_SET',
      'PIN_INCORRECT',
      'PIN_LOCKED',
      'CONFLICT',
      'RATE_LIMITED',
      'SERVICE_UNAVAILABLE',
    ],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/purchases',
    access: 'userOrKey',
    partner: true,
    summary: "The caller's purchases, newest first",
    query: listPurchasesQuery,
    responses: { 200: purchasesResponse },
    errors: [],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/v1/purchases/:requestId',
    access: 'userOrKey',
    partner: true,
    summary: "One of the caller's purchases, by its requestId",
    params: requestIdParams,
    responses: { 200: purchaseResponse },
    errors: ['NOT_FOUND'],
  }),
  email: defineRoute({
    method: 'POST',
    path: '/api/v1/purchases/:requestId/email',
    access: 'user',
    summary: "Mail a delivered purchase's token or PINs to the customer",
    params: requestIdParams,
    responses: { 200: resendPurchaseResponse },
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
  }),
} as const;
