import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookMode } from '@quickvend/shared/api/webhooks';
import { call } from '@/lib/api-client.ts';
import { webhookEndpointQueryKey } from './get-webhooks.ts';

/** Sets the address or turns the endpoint on or off; a new endpoint's answer holds its secret, shown once. */
export function useSaveWebhookEndpoint(mode: WebhookMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; enabled: boolean }) =>
      call('PUT /api/v1/webhooks/endpoint', { body: { mode, ...body } }),
    onSuccess: ({ endpoint }) => {
      queryClient.setQueryData(webhookEndpointQueryKey(mode), { endpoint });
    },
  });
}

/** A new signing secret, shown once; the old one keeps signing for a day. */
export function useRotateWebhookSecret(mode: WebhookMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      call('POST /api/v1/webhooks/endpoint/rotate-secret', { body: { mode, password } }),
    onSuccess: ({ endpoint }) => {
      queryClient.setQueryData(webhookEndpointQueryKey(mode), { endpoint });
    },
  });
}

export function useResendWebhookMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call('POST /api/v1/webhooks/messages/:id/resend', { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['webhooks', 'messages'] }),
  });
}
