import { z } from 'zod';
import {
  apiKeyResponse,
  apiKeysResponse,
  createApiKeyBody,
  createApiKeyResponse,
  topUpTestBalanceBody,
  updateApiKeyLimitsBody,
} from '../api/api-keys.ts';
import { balanceResponse } from '../api/purchases.ts';
import { defineRoute } from './define.ts';

export const partners = {
  list: defineRoute({
    method: 'GET',
    path: '/api/v1/api-keys',
    access: 'user',
    summary: 'Partner API keys',
    responses: { 200: apiKeysResponse },
    errors: [],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/v1/api-keys',
    access: 'user',
    summary: 'Create a partner API key (shown once)',
    body: createApiKeyBody,
    responses: { 201: createApiKeyResponse },
    errors: ['CONFLICT', 'FORBIDDEN'],
  }),
  revoke: defineRoute({
    method: 'POST',
    path: '/api/v1/api-keys/:id/revoke',
    access: 'user',
    summary: 'Revoke a partner API key',
    params: z.object({ id: z.string().min(1).max(64) }),
    responses: { 200: apiKeyResponse },
    errors: ['NOT_FOUND'],
  }),
  updateLimits: defineRoute({
    method: 'PUT',
    path: '/api/v1/api-keys/:id/limits',
    access: 'user',
    summary: "Set a partner API key's daily spend limit and the services it may buy",
    params: z.object({ id: z.string().min(1).max(64) }),
    body: updateApiKeyLimitsBody,
    responses: { 200: apiKeyResponse },
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_CREDENTIALS', 'PIN_INCORRECT', 'PIN_LOCKED', 'RATE_LIMITED'],
  }),
} as const;

/** The balance a partner's test keys spend: its own, topped up freely, never the live wallet. */
export const testBalance = {
  get: defineRoute({
    method: 'GET',
    path: '/api/v1/test-balance',
    access: 'user',
    summary: "The balance the signed-in partner's test keys spend",
    responses: { 200: balanceResponse },
    errors: [],
  }),
  topUp: defineRoute({
    method: 'POST',
    path: '/api/v1/test-balance/top-up',
    access: 'userOrKey',
    partner: true,
    summary: 'Add test money to the balance test keys spend (a test key, or the partner in the web app)',
    body: topUpTestBalanceBody,
    responses: { 200: balanceResponse },
    errors: ['FORBIDDEN', 'CONFLICT', 'RATE_LIMITED'],
  }),
} as const;
