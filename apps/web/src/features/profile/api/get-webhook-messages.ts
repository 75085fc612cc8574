import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookMode } from '@quickvend/shared/api/webhooks';
import { call } from '@/lib/api-client.ts';

export const webhookMessagesQueryKey = ['webhooks', 'messages'] as const;

export function getWebhookMessages(mode: WebhookMode, signal?: AbortSignal) {
  return call('GET /api/v1/webhooks/messages', { query: { limit: 10, mode }, signal });
}

export const webhookMessagesQueryOptions = (mode: WebhookMode) =>
  queryOptions({
    queryKey: [...webhookMessagesQueryKey, mode],
    queryFn: ({ signal }) => getWebhookMessages(mode, signal),
  });

/** The latest webhook messages of one mode, each with its attempts. */
export function useWebhookMessages(mode: WebhookMode) {
  return useQuery(webhookMessagesQueryOptions(mode));
}
