import type { Purchase } from '@quickvend/shared/api/purchases';
import type { Kobo } from '@quickvend/shared/money';
import {
  accountText,
  credentialSms,
  disputeClosedText,
  fundingText,
  manualDepositText,
  providerLossRecoveredText,
  purchaseNoticeText,
  referralText,
  securityText,
  walletAdjustmentText,
  type AccountFacts,
  type KeyLabel,
} from '@quickvend/shared/messages/notices';
import { purchaseOutcomeSms } from '@quickvend/shared/messages/outcome-sms';
import type { NoticeInput } from './notifier.service.ts';

/**
 * Every notice, one function per kind of event: who hears of it, under which category and event key, and where
 * it leads. The words are `@quickvend/shared/messages/notices`.
 */

const receiptLink = (purchase: Purchase) => `/transactions/${encodeURIComponent(purchase.requestId)}`;

export type PurchaseOutcomeFacts = {
  /** the customer was told it was pending before this outcome */
  wasPending: boolean;
  /** the promised time to deliver or refund a pending purchase */
  resolveBy: Date | null;
  /** the mail that carries a token or PINs, when the purchase delivered one */
  credentialEmail?: { subject: string; text: string };
};

/** Delivered, failed and refunded, or pending; the words say when a pending purchase has now resolved. */
export function purchaseNotice(userId: string, purchase: Purchase, facts: PurchaseOutcomeFacts): NoticeInput {
  const { stage, title, body } = purchaseNoticeText(purchase, facts);
  const outcomeSms = purchaseOutcomeSms(purchase, stage);
  const notice: NoticeInput = {
    userId,
    category: 'purchases',
    eventKey: `purchase:${purchase.id}:${stage}`,
    title,
    body,
    link: receiptLink(purchase),
    ...(outcomeSms !== null && { outcomeSms }),
  };
  if (stage !== 'delivered') return notice;
  const sms = credentialSms(purchase);
  return { ...notice, ...(facts.credentialEmail && { email: facts.credentialEmail }), ...(sms && { sms }) };
}

/** The team closed the customer's "I didn't get it" report: what they found, and where to read it again. */
export function disputeClosedNotice(
  userId: string,
  purchase: Purchase,
  dispute: { id: string; resolution: string | null },
): NoticeInput {
  return {
    userId,
    category: 'purchases',
    eventKey: `dispute:${dispute.id}:closed`,
    ...disputeClosedText(purchase, dispute.resolution),
    link: receiptLink(purchase),
  };
}

export type FundingCredit = {
  userId: string;
  reference: string;
  method: 'card' | 'transfer';
  amountKobo: Kobo;
  senderName: string | null;
};

export function fundingNotice(credit: FundingCredit): NoticeInput {
  return {
    userId: credit.userId,
    category: 'funding',
    eventKey: `funding:${credit.reference}:credited`,
    ...fundingText(credit),
    link: '/wallet',
  };
}

export type WalletAdjustmentMade = {
  userId: string;
  adjustmentId: string;
  direction: 'credit' | 'debit';
  amountKobo: Kobo;
};

/** Always emailed, like a security notice: nobody may move a customer's money unseen. */
export function walletAdjustmentNotice(adjustment: WalletAdjustmentMade): NoticeInput {
  return {
    userId: adjustment.userId,
    category: 'security',
    eventKey: `adjustment:${adjustment.adjustmentId}`,
    ...walletAdjustmentText(adjustment),
    link: '/wallet',
  };
}

export type ManualDecision = {
  id: string;
  userId: string;
  status: 'approved' | 'rejected';
  amountKobo: Kobo;
  chargeKobo: Kobo;
  depositorName: string;
  bankName: string;
  reason: string | null;
};

export function manualDepositNotice(decision: ManualDecision): NoticeInput {
  const isApproved = decision.status === 'approved';
  return {
    userId: decision.userId,
    category: 'funding',
    eventKey: `manual:${decision.id}:${decision.status}`,
    ...manualDepositText(decision),
    link: isApproved ? '/wallet' : '/fund-wallet',
  };
}

/**
 * A purchase we refunded that the provider delivered after all: a second admin approved taking the refund back,
 * and the customer is told what happened and what left the wallet.
 */
export function providerLossRecoveredNotice(
  loss: { id: string; userId: string; refundedKobo: Kobo },
  purchase: Purchase,
): NoticeInput {
  return {
    userId: loss.userId,
    category: 'purchases',
    eventKey: `provider-loss:${loss.id}:recovered`,
    ...providerLossRecoveredText(loss.refundedKobo, purchase),
    link: receiptLink(purchase),
  };
}

export type ReferralReward = {
  referrerUserId: string;
  referredUserId: string;
  referredFirstName: string;
  rewardKobo: Kobo;
};

export function referralNotice(reward: ReferralReward): NoticeInput {
  return {
    userId: reward.referrerUserId,
    category: 'referrals',
    eventKey: `referral:${reward.referredUserId}:reward`,
    ...referralText(reward),
    link: '/refer',
  };
}

export type SecurityEvent =
  /** changed when signed in: the keys that still work are named */
  | { kind: 'password.changed'; userId: string; at: Date; keptKeys: KeyLabel[] }
  /** set from a mailed link: `signedOut` sessions ended and every key was revoked */
  | { kind: 'password.reset'; userId: string; at: Date; signedOut: number; revokedKeys: KeyLabel[] }
  | { kind: 'pin.created' | 'pin.changed'; userId: string; at: Date }
  | {
      kind: 'sign-in';
      userId: string;
      at: Date;
      sessionId: string;
      ipAddress: string | null;
      userAgent: string | null;
    }
  | {
      kind: 'api-key.created' | 'api-key.revoked';
      userId: string;
      at: Date;
      keyId: string;
      keyName: string;
      email: { subject: string; text: string };
    };

/** One notice per event: a password or PIN by its time, a sign-in by its session, a key by its id. */
function securityEventKey(event: SecurityEvent): string {
  switch (event.kind) {
    case 'password.changed':
    case 'password.reset':
      return `password:${event.at.toISOString()}`;
    case 'pin.created':
    case 'pin.changed':
      return `pin:${event.at.toISOString()}`;
    case 'sign-in':
      return `sign-in:${event.sessionId}`;
    case 'api-key.created':
    case 'api-key.revoked':
      return `${event.kind}:${event.keyId}`;
  }
}

/** Security notices are always emailed: the customer cannot turn them off. */
export function securityNotice(event: SecurityEvent): NoticeInput {
  return {
    userId: event.userId,
    category: 'security',
    eventKey: securityEventKey(event),
    ...securityText(event),
    link: '/profile',
    ...('email' in event && { email: event.email }),
  };
}

/** What an admin did to a customer's account that the customer must hear of. */
export type AccountEvent = AccountFacts & { userId: string };

/** Told in the app and always by email (to the address the account still has), like every security notice. */
export function accountNotice(event: AccountEvent): NoticeInput {
  return {
    userId: event.userId,
    category: 'security',
    eventKey: `${event.kind}:${event.at.toISOString()}`,
    ...accountText(event),
    link: '/profile',
  };
}
