import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client.ts';
import { webhookMessagesQueryKey } from './get-webhook-messages.ts';

export function resendWebhookMessage(id: string) {
  return call('POST /api/v1/webhooks/messages/:id/resend', { params: { id } });
}

/** Sends a message again with the same id; the log shows its new attempts. */
export function useResendWebhookMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookMessagesQueryKey }),
  });
}
