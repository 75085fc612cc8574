import { useQuery } from '@tanstack/react-query';
import type { WebhookMode } from '@quickvend/shared/api/webhooks';
import { call } from '@/lib/api-client.ts';

export const webhookEndpointQueryKey = (mode: WebhookMode) => ['webhooks', 'endpoint', mode] as const;
export const webhookMessagesQueryKey = (mode: WebhookMode) => ['webhooks', 'messages', mode] as const;

/** The webhook endpoint of test keys or of live keys (each has its own). */
export function useWebhookEndpoint(mode: WebhookMode) {
  return useQuery({
    queryKey: webhookEndpointQueryKey(mode),
    queryFn: ({ signal }) => call('GET /api/v1/webhooks/endpoint', { query: { mode }, signal }),
  });
}

/** The latest webhook messages of one mode, each with its attempts. */
export function useWebhookMessages(mode: WebhookMode) {
  return useQuery({
    queryKey: webhookMessagesQueryKey(mode),
    queryFn: ({ signal }) => call('GET /api/v1/webhooks/messages', { query: { limit: 10, mode }, signal }),
  });
}
