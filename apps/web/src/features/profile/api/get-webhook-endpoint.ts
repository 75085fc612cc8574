import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookMode } from '@quickvend/shared/api/webhooks';
import { call } from '@/lib/api-client.ts';

export const webhookEndpointQueryKey = (mode: WebhookMode) => ['webhooks', 'endpoint', mode] as const;

export function getWebhookEndpoint(mode: WebhookMode, signal?: AbortSignal) {
  return call('GET /api/v1/webhooks/endpoint', { query: { mode }, signal });
}

export const webhookEndpointQueryOptions = (mode: WebhookMode) =>
  queryOptions({
    queryKey: webhookEndpointQueryKey(mode),
    queryFn: ({ signal }) => getWebhookEndpoint(mode, signal),
  });

/** The webhook endpoint of test keys or of live keys (each has its own). */
export function useWebhookEndpoint(mode: WebhookMode) {
  return useQuery(webhookEndpointQueryOptions(mode));
}
