import { z } from 'zod';
import {
  listWebhookMessagesQuery,
  putWebhookEndpointBody,
  putWebhookEndpointResponse,
  rotateWebhookSecretBody,
  rotateWebhookSecretResponse,
  webhookEndpointQuery,
  webhookEndpointResponse,
  webhookMessageResponse,
  webhookMessagesResponse,
} from '../api/webhooks.ts';
import { defineRoute } from './define.ts';

/**
 * Signed status webhooks for partners. Where the data goes is changed only in a web session; the delivery log
 * and resend are part of the partner API.
 */
export const webhooks = {
  endpoint: defineRoute({
    method: 'GET',
    path: '/api/v1/webhooks/endpoint',
    access: 'user',
    summary: 'The webhook endpoint of one key mode',
    query: webhookEndpointQuery,
    responses: { 200: webhookEndpointResponse },
    errors: [],
  }),
  putEndpoint: defineRoute({
    method: 'PUT',
    path: '/api/v1/webhooks/endpoint',
    access: 'user',
    summary:
      'Set the webhook address of one key mode, or turn it off or on (a new endpoint shows its secret once)',
    body: putWebhookEndpointBody,
    responses: { 200: putWebhookEndpointResponse },
    errors: ['FORBIDDEN'],
  }),
  rotateSecret: defineRoute({
    method: 'POST',
    path: '/api/v1/webhooks/endpoint/rotate-secret',
    access: 'user',
    summary: 'A new signing secret (shown once); the old one signs alongside it for 24 hours',
    body: rotateWebhookSecretBody,
    responses: { 200: rotateWebhookSecretResponse },
    errors: ['NOT_FOUND', 'INVALID_CREDENTIALS', 'RATE_LIMITED'],
  }),
  messages: defineRoute({
    method: 'GET',
    path: '/api/v1/webhooks/messages',
    access: 'userOrKey',
    partner: true,
    summary: 'Webhook messages sent to the caller, newest first, with each attempt',
    query: listWebhookMessagesQuery,
    responses: { 200: webhookMessagesResponse },
    errors: [],
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/api/v1/webhooks/messages/:id/resend',
    access: 'userOrKey',
    partner: true,
    summary: 'Send a webhook message again, with the same id',
    params: z.object({ id: z.string().min(1).max(64) }),
    responses: { 200: webhookMessageResponse },
    errors: ['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
  }),
} as const;
