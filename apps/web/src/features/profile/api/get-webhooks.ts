import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';

export const webhookEndpointQueryKey = ['webhooks', 'endpoint', 'live'] as const;
export const webhookMessagesQueryKey = ['webhooks', 'messages'] as const;

export const webhookEndpointQueryOptions = queryOptions({
  queryKey: webhookEndpointQueryKey,
  queryFn: ({ signal }) => call('GET /api/v1/webhooks/endpoint', { query: { mode: 'live' }, signal }),
});

/** The live webhook endpoint (test keys get their own once they exist). */
export function useWebhookEndpoint() {
  return useQuery(webhookEndpointQueryOptions);
}

/** The latest webhook messages, each with its attempts. */
export function useWebhookMessages() {
  return useQuery({
    queryKey: webhookMessagesQueryKey,
    queryFn: ({ signal }) => call('GET /api/v1/webhooks/messages', { query: { limit: 10 }, signal }),
  });
}
