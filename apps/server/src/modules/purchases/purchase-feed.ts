import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { PURCHASE_EVENT, type PurchaseChangedEvent } from '@quickvend/shared/api/purchases';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { UserEvent, UserEventFeed } from '../../lib/user-events.ts';
import { startUserFeed, type Listen } from '../../lib/user-feed.ts';

export const PURCHASES_CHANNEL = 'qv_purchases';

const announcement = z.object({ userId: z.string(), requestId: z.string() });

/**
 * Tells the owner's open event streams, in every server process, that one of their purchases changed where
 * its receipt shows it. Call it once the change has committed, so a stream that fetches again reads it.
 */
export function createPurchaseAnnouncer(notify: (channel: string, payload: string) => Promise<void>) {
  return (change: { userId: string; requestId: string }): Promise<void> =>
    notify(PURCHASES_CHANNEL, JSON.stringify({ userId: change.userId, requestId: change.requestId }));
}

/**
 * An open receipt shows the team's answer to a report without a reload. In-process: a live announcement, and a
 * receipt opened later fetches the answer itself.
 */
export function registerPurchaseFeedSubscribers(
  events: DomainEvents,
  announce: ReturnType<typeof createPurchaseAnnouncer>,
): void {
  events.subscribe('dispute.closed', 'purchase-feed', 'in-process', ({ userId, requestId }) =>
    announce({ userId, requestId }),
  );
}

const event = (data: PurchaseChangedEvent): UserEvent => ({ event: PURCHASE_EVENT, data });

/** Carries each announced change to that user's open event streams in this process, and no one else's. */
export function startPurchaseFeed(
  listen: Listen,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<UserEventFeed & { close: () => Promise<void> }> {
  // a receipt fetches itself when it opens: a stream has nothing to catch up on, so no greeting
  return startUserFeed({
    listen,
    channel: PURCHASES_CHANNEL,
    schema: announcement,
    route: ({ userId, requestId }, send) => {
      send(userId, event({ requestId }));
    },
    log,
  });
}
