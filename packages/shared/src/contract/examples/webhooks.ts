import type { WebhookEndpoint, WebhookMessage } from '../../api/webhooks.ts';
import type { RouteExamples } from './types.ts';

const endpoint: WebhookEndpoint = {
  mode: 'test',
  url: 'https://shop.example.com/hooks/quickvend',
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  secretPrefix: 'whsec_Mf3q',
  previousSecretUntil: null,
  createdAt: '2026-11-28T08:20:11.000Z',
  updatedAt: '2026-11-28T08:20:11.000Z',
};

const delivered: WebhookMessage = {
  id: 'msg_01M8FTB2Q7K4ZC3XW6N0E9R5DA',
  mode: 'test',
  type: 'purchase.delivered',
  status: 'delivered',
  payload: {
    type: 'purchase.delivered',
    timestamp: '2026-11-28T08:31:02.000Z',
    data: { purchase: { id: 'pur_01M8FT9Y3N', requestId: 'order-1001', status: 'delivered' } },
  },
  attempts: [
    { at: '2026-11-28T08:31:02.150Z', statusCode: 500, durationMs: 84, error: null, body: 'busy' },
    { at: '2026-11-28T08:31:07.410Z', statusCode: 200, durationMs: 61, error: null, body: 'ok' },
  ],
  nextAttemptAt: null,
  deliveredAt: '2026-11-28T08:31:07.471Z',
  failure: null,
  createdAt: '2026-11-28T08:31:02.000Z',
};

export const webhookExamples: RouteExamples = {
  'webhooks.endpoint': [
    {
      title: 'The endpoint test keys’ events go to',
      query: { mode: 'test' },
      response: { status: 200, body: { endpoint } },
    },
  ],
  'webhooks.putEndpoint': [
    {
      title: 'A new endpoint: its signing secret is shown only in this answer',
      body: { mode: 'test', url: endpoint.url, enabled: true },
      response: {
        status: 200,
        body: { endpoint, secret: 'whsec_Mf3qU1xT0bq2cLr9YwQ4d8Vn6HkPzA7sJe5Gm1Fo' },
      },
    },
  ],
  'webhooks.rotateSecret': [
    {
      title: 'A new secret; the old one signs too for 24 hours',
      body: { mode: 'test', password: 'your account password' },
      response: {
        status: 200,
        body: {
          endpoint: {
            ...endpoint,
            secretPrefix: 'whsec_9pLk',
            previousSecretUntil: '2026-11-29T09:00:00.000Z',
          },
          secret: 'whsec_9pLkR2mV8cXq4Tn0Yw6Bz3Hd1Js7Ga5Ke9Uf2Oi',
        },
      },
    },
  ],
  'webhooks.messages': [
    {
      title: 'The last messages, each with its attempts',
      query: { limit: 20 },
      response: { status: 200, body: { messages: [delivered], nextCursor: null } },
    },
  ],
  'webhooks.resend': [
    {
      title: 'Sent again, with the same id (your endpoint should ignore an id it has seen)',
      params: { id: delivered.id },
      response: {
        status: 200,
        body: {
          message: {
            ...delivered,
            status: 'pending',
            nextAttemptAt: '2026-11-28T09:02:00.000Z',
            deliveredAt: null,
          },
        },
      },
    },
  ],
};
