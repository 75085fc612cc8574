import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookMode } from '@quickvend/shared/api/webhooks';
import { call } from '@/lib/api-client.ts';
import { webhookEndpointQueryKey } from './get-webhook-endpoint.ts';

export function saveWebhookEndpoint(body: { mode: WebhookMode; url: string; enabled: boolean }) {
  return call('PUT /api/v1/webhooks/endpoint', { body });
}

/** Sets the address or turns the endpoint on or off; a new endpoint's answer holds its secret, shown once. */
export function useSaveWebhookEndpoint(mode: WebhookMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; enabled: boolean }) => saveWebhookEndpoint({ mode, ...body }),
    onSuccess: ({ endpoint }) => {
      queryClient.setQueryData(webhookEndpointQueryKey(mode), { endpoint });
    },
  });
}
