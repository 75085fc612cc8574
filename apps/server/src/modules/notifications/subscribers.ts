import type { Purchase } from '@quickvend/shared/api/purchases';
import { kobo } from '@quickvend/shared/money';
import { ESCALATED_MESSAGE } from '@quickvend/shared/messages/purchase';
import type { DomainEvents } from '../../lib/domain-events.ts';
import {
  accountNotice,
  disputeClosedNotice,
  fundingNotice,
  manualDepositNotice,
  providerLossRecoveredNotice,
  purchaseNotice,
  referralNotice,
  securityNotice,
  walletAdjustmentNotice,
  type PurchaseOutcomeFacts,
} from './notices.ts';
import type { NoticeInput, Notifier } from './notifier.service.ts';

/** A purchase as a notice reads it, looked up when the notice is made (its payload never carries a token). */
export type PurchaseFacts = PurchaseOutcomeFacts & { userId: string; purchase: Purchase };

export type NoticeSubscriberDeps = {
  notifier: Pick<Notifier, 'notify'>;
  purchaseFactsOf: (purchaseId: string) => Promise<PurchaseFacts | null>;
  /** the addresses of every admin, read when a mail to them all is sent */
  adminEmails: () => Promise<string[]>;
  sendMail: (mail: { to: string; subject: string; text: string }) => Promise<void>;
};

const SUBSCRIBER = 'notifications';

/**
 * Every customer notice, each from the event it tells of. Durable: a notice missed is a customer left unsure of
 * their money. A replayed event makes no second notice (`notify` records one per event key).
 */
export function registerNotificationSubscribers(events: DomainEvents, deps: NoticeSubscriberDeps): void {
  const tell = async (notice: NoticeInput | null) => {
    if (notice) await deps.notifier.notify(notice);
  };

  // partners hear of their purchases' outcomes in the API's answers; web customers get a notice of each
  const purchaseNoticeOf =
    (expected: Purchase['status'], message?: (current: string) => string) =>
    async ({ purchaseId, channel }: { purchaseId: string; channel: 'web' | 'api' }) => {
      if (channel !== 'web') return;
      const facts = await deps.purchaseFactsOf(purchaseId);
      // a pending notice taken after the purchase ended is moot: the final notice says it all
      if (!facts || facts.purchase.status !== expected) return;
      const purchase = message
        ? { ...facts.purchase, message: message(facts.purchase.message) }
        : facts.purchase;
      await tell(purchaseNotice(facts.userId, purchase, facts));
    };
  events.subscribe(
    'purchase.pending',
    SUBSCRIBER,
    'durable',
    // the words of a first pending notice, even when the purchase was escalated before it was sent
    purchaseNoticeOf('pending', (current) => (current === ESCALATED_MESSAGE ? '' : current)),
  );
  events.subscribe(
    'purchase.escalated',
    SUBSCRIBER,
    'durable',
    purchaseNoticeOf('pending', () => ESCALATED_MESSAGE),
  );
  events.subscribe('purchase.delivered', SUBSCRIBER, 'durable', purchaseNoticeOf('delivered'));
  events.subscribe('purchase.refunded', SUBSCRIBER, 'durable', purchaseNoticeOf('failed'));

  events.subscribe('dispute.closed', SUBSCRIBER, 'durable', async (closed) => {
    const facts = await deps.purchaseFactsOf(closed.purchaseId);
    if (facts)
      await tell(
        disputeClosedNotice(closed.userId, facts.purchase, {
          id: closed.disputeId,
          resolution: closed.resolution,
        }),
      );
  });
  events.subscribe('provider-loss.recovered', SUBSCRIBER, 'durable', async (loss) => {
    const facts = await deps.purchaseFactsOf(loss.purchaseId);
    if (facts)
      await tell(
        providerLossRecoveredNotice(
          { id: loss.lossId, userId: loss.userId, refundedKobo: kobo(loss.refundedKobo) },
          facts.purchase,
        ),
      );
  });

  events.subscribe('provider-loss.found', SUBSCRIBER, 'durable', async ({ subject, text }) => {
    for (const to of await deps.adminEmails()) await deps.sendMail({ to, subject, text });
  });

  events.subscribe('funding.credited', SUBSCRIBER, 'durable', (credit) =>
    tell(fundingNotice({ ...credit, amountKobo: kobo(credit.amountKobo) })),
  );
  events.subscribe('manual-deposit.decided', SUBSCRIBER, 'durable', (decision) =>
    tell(
      manualDepositNotice({
        ...decision,
        amountKobo: kobo(decision.amountKobo),
        chargeKobo: kobo(decision.chargeKobo),
      }),
    ),
  );
  events.subscribe('wallet.adjusted', SUBSCRIBER, 'durable', (adjustment) =>
    tell(walletAdjustmentNotice({ ...adjustment, amountKobo: kobo(adjustment.amountKobo) })),
  );
  events.subscribe('referral.rewarded', SUBSCRIBER, 'durable', (reward) =>
    tell(referralNotice({ ...reward, rewardKobo: kobo(reward.rewardKobo) })),
  );
  events.subscribe('account.changed', SUBSCRIBER, 'durable', (change) =>
    tell(accountNotice({ ...change, at: new Date(change.at) })),
  );

  events.subscribe('security.signed-in', SUBSCRIBER, 'durable', (signIn) =>
    tell(securityNotice({ kind: 'sign-in', ...signIn, at: new Date(signIn.at) })),
  );
  events.subscribe('security.password-changed', SUBSCRIBER, 'durable', (change) =>
    tell(securityNotice({ kind: 'password.changed', ...change, at: new Date(change.at) })),
  );
  events.subscribe('security.password-reset', SUBSCRIBER, 'durable', (reset) =>
    tell(securityNotice({ kind: 'password.reset', ...reset, at: new Date(reset.at) })),
  );
  events.subscribe('security.pin-changed', SUBSCRIBER, 'durable', ({ userId, change, at }) =>
    tell(
      securityNotice({
        kind: change === 'created' ? 'pin.created' : 'pin.changed',
        userId,
        at: new Date(at),
      }),
    ),
  );
  for (const type of ['security.api-key-created', 'security.api-key-revoked'] as const)
    events.subscribe(type, SUBSCRIBER, 'durable', (change) =>
      tell(
        securityNotice({
          kind: type === 'security.api-key-created' ? 'api-key.created' : 'api-key.revoked',
          ...change,
          at: new Date(change.at),
        }),
      ),
    );
}
