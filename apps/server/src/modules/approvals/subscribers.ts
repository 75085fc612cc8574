import { purchaseFinalReasons } from '@quickvend/shared/messages/purchase';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { Approvals } from './approvals.service.ts';

/**
 * A purchase that has become final closes the requests still waiting to deliver or refund it: they are moot.
 * Durable: a request left open could be approved later against a purchase already settled.
 */
export function registerApprovalSubscribers(
  events: DomainEvents,
  deps: { approvals: Pick<Approvals, 'closeFor'>; purchaseKinds: readonly string[] },
): void {
  events.subscribe('purchase.delivered', 'approvals', 'durable', async ({ purchaseId }) => {
    await deps.approvals.closeFor(
      { targetId: purchaseId, kind: deps.purchaseKinds },
      purchaseFinalReasons.delivered,
    );
  });
  events.subscribe('purchase.refunded', 'approvals', 'durable', async ({ purchaseId }) => {
    await deps.approvals.closeFor(
      { targetId: purchaseId, kind: deps.purchaseKinds },
      purchaseFinalReasons.refunded,
    );
  });
}
