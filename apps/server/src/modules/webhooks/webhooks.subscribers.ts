import type { Purchase } from '@quickvend/shared/api/purchases';
import type { WebhookMode, WebhookType } from '@quickvend/shared/api/webhooks';
import { toNairaString } from '@quickvend/shared/money';
import type { AnyDomainEvent, DomainEvents } from '../../lib/domain-events.ts';
import type { Webhooks } from './webhooks.service.ts';

const SUBSCRIBER = 'partner-webhooks';

export type WebhookSubscriberDeps = {
  webhooks: Pick<Webhooks, 'createMessage'>;
  /** the partner API's view of a purchase as it is now, or null when there is none */
  purchaseOf: (purchaseId: string) => Promise<Purchase | null>;
  /** whose endpoint hears of a user's money: a partner's test account's, their test endpoint */
  ownerOf: (userId: string) => Promise<{ userId: string; mode: WebhookMode }>;
};

type Credit = {
  userId: string;
  amountKobo: number;
  reference: string;
  kind: 'funding' | 'adjustment' | 'manual-deposit' | 'referral';
};

/**
 * Purchase changes and wallet credits become webhook messages for partners with an endpoint for the mode.
 * Durable: a message is made once per event id, so a retried job makes none twice.
 */
export function registerWebhookSubscribers(events: DomainEvents, deps: WebhookSubscriberDeps): void {
  const purchaseMessage =
    (type: WebhookType) => async (payload: { purchaseId: string; userId: string }, event: AnyDomainEvent) => {
      const purchase = await deps.purchaseOf(payload.purchaseId);
      if (!purchase) return;
      await deps.webhooks.createMessage({
        ...(await deps.ownerOf(payload.userId)),
        eventId: event.id,
        type,
        purchaseId: payload.purchaseId,
        data: { purchase },
      });
    };
  const creditMessage = async (credit: Credit, event: AnyDomainEvent) => {
    await deps.webhooks.createMessage({
      ...(await deps.ownerOf(credit.userId)),
      eventId: event.id,
      type: 'wallet.credited',
      purchaseId: null,
      data: {
        credit: {
          amountKobo: credit.amountKobo,
          amount: toNairaString(credit.amountKobo),
          reference: credit.reference,
          kind: credit.kind,
        },
      },
    });
  };

  events.subscribe('purchase.pending', SUBSCRIBER, 'durable', purchaseMessage('purchase.pending'));
  events.subscribe('purchase.delivered', SUBSCRIBER, 'durable', purchaseMessage('purchase.delivered'));
  events.subscribe('purchase.refunded', SUBSCRIBER, 'durable', purchaseMessage('purchase.failed'));
  events.subscribe('funding.credited', SUBSCRIBER, 'durable', (credit, event) =>
    creditMessage(
      { userId: credit.userId, amountKobo: credit.amountKobo, reference: credit.reference, kind: 'funding' },
      event,
    ),
  );
  events.subscribe('wallet.adjusted', SUBSCRIBER, 'durable', async (adjustment, event) => {
    if (adjustment.direction !== 'credit') return;
    await creditMessage(
      {
        userId: adjustment.userId,
        amountKobo: adjustment.amountKobo,
        reference: adjustment.adjustmentId,
        kind: 'adjustment',
      },
      event,
    );
  });
  events.subscribe('manual-deposit.decided', SUBSCRIBER, 'durable', async (decision, event) => {
    if (decision.status !== 'approved') return;
    await creditMessage(
      {
        userId: decision.userId,
        amountKobo: decision.amountKobo - decision.chargeKobo,
        reference: decision.id,
        kind: 'manual-deposit',
      },
      event,
    );
  });
  events.subscribe('referral.rewarded', SUBSCRIBER, 'durable', (reward, event) =>
    creditMessage(
      {
        userId: reward.referrerUserId,
        amountKobo: reward.rewardKobo,
        reference: event.id,
        kind: 'referral',
      },
      event,
    ),
  );
}
