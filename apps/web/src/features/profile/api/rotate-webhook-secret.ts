import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WebhookMode } from '@quickvend/shared/api/webhooks';
import { call } from '@/lib/api-client.ts';
import { webhookEndpointQueryKey } from './get-webhook-endpoint.ts';

export function rotateWebhookSecret(body: { mode: WebhookMode; password: string }) {
  return call('POST /api/v1/webhooks/endpoint/rotate-secret', { body });
}

/** A new signing secret, shown once; the old one keeps signing for a day. */
export function useRotateWebhookSecret(mode: WebhookMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => rotateWebhookSecret({ mode, password }),
    onSuccess: ({ endpoint }) => {
      queryClient.setQueryData(webhookEndpointQueryKey(mode), { endpoint });
    },
  });
}
