import type { WebhookEndpoint, WebhookMessage } from '@quickvend/shared/api/webhooks';
import type { webhookEndpoints, webhookMessages } from './webhooks.tables.ts';

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type MessageRow = typeof webhookMessages.$inferSelect;

const iso = (at: Date | null) => at?.toISOString() ?? null;

export function toEndpointView(row: EndpointRow, now: Date): WebhookEndpoint {
  const rotating = row.previousSecretUntil && row.previousSecretUntil > now ? row.previousSecretUntil : null;
  return {
    mode: row.mode,
    url: row.url,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    disabledAt: iso(row.disabledAt),
    secretPrefix: row.secretPrefix,
    previousSecretUntil: iso(rotating),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toMessageView(row: MessageRow): WebhookMessage {
  return {
    id: row.id,
    mode: row.mode,
    type: row.type as WebhookMessage['type'],
    status: row.status,
    payload: row.payload,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    deliveredAt: iso(row.deliveredAt),
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
  };
}
