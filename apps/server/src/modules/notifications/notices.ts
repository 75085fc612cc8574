import type { Purchase } from '@quickvend/shared/api/purchases';
import { groupToken } from '@quickvend/shared/bills';
import { describeDevice } from '@quickvend/shared/device';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { formatNaira, toNairaString, type Kobo } from '@quickvend/shared/money';
import { ESCALATED_MESSAGE } from '@quickvend/shared/purchase-progress';
import {
  confirmerOf,
  credentialNameOf,
  heldText,
  paidPhraseOf,
  pendingPromiseOf,
  pricePaidKobo,
  purchaseSummary,
  sentences,
  targetOf,
  whatOf,
} from '@quickvend/shared/purchase-words';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import type { NoticeInput } from './notifier.service.ts';

/**
 * The words of every notice: one function per kind of event, from plain facts to a `NoticeInput`. Customers
 * read these on a phone: what was bought and for whom, what the wallet paid, then what happens next. A purchase is
 * named only through `@quickvend/shared/purchase-words`, as on the receipt.
 */

const receiptLink = (purchase: Purchase) => `/transactions/${encodeURIComponent(purchase.requestId)}`;

const pinList = (purchase: Purchase) =>
  (purchase.pins ?? []).map((pin) => (pin.serial ? `${pin.pin} (serial ${pin.serial})` : pin.pin)).join(', ');

function credentialText(purchase: Purchase): string | null {
  if (purchase.token) {
    const units = purchase.units ? ` (${purchase.units})` : '';
    return `Your token: ${groupToken(purchase.token)}${units}`;
  }
  const count = purchase.pins?.length ?? 0;
  if (count === 0) return null;
  return `${count === 1 ? 'Your PIN' : 'Your PINs'}: ${pinList(purchase)}`;
}

function deliveredBody(purchase: Purchase): string {
  return sentences(
    `${purchaseSummary(purchase)} is delivered`,
    `You paid ${paidPhraseOf(purchase)}`,
    credentialText(purchase),
  );
}

/** The short text message for a token or PINs: plain ASCII (a ₦ sign or × would halve what one message holds). */
function credentialSms(purchase: Purchase): string | undefined {
  const name = credentialNameOf(purchase);
  if (name === null) return undefined;
  const paid = `NGN${toNairaString(pricePaidKobo(purchase))}`;
  if (purchase.token) {
    const units = purchase.units ? `, ${purchase.units}` : '';
    return `${PRODUCT_NAME}: your ${name} ${targetOf(purchase)} is ${groupToken(purchase.token)} (${paid}${units}).`;
  }
  return `${PRODUCT_NAME}: your ${name}: ${pinList(purchase)} (${paid}).`;
}

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
  const base = { userId, category: 'purchases' as const, link: receiptLink(purchase) };
  const what = whatOf(purchase);
  const summary = purchaseSummary(purchase);
  switch (purchase.status) {
    case 'delivered': {
      const sms = credentialSms(purchase);
      return {
        ...base,
        eventKey: `purchase:${purchase.id}:delivered`,
        title: `${what} delivered`,
        body: sentences(
          facts.wasPending ? 'Good news: the purchase we were confirming went through' : null,
          deliveredBody(purchase),
        ),
        ...(facts.credentialEmail && { email: facts.credentialEmail }),
        ...(sms && { sms }),
      };
    }
    case 'failed': {
      const refunded = formatNaira(purchase.refundedKobo);
      return {
        ...base,
        eventKey: `purchase:${purchase.id}:refunded`,
        title: `${what} failed: ${refunded} refunded`,
        body: sentences(
          facts.wasPending
            ? `The purchase we were confirming did not go through: ${summary}`
            : `We could not deliver ${summary}`,
          `Your ${refunded} is back in your wallet`,
        ),
      };
    }
    case 'pending': {
      const held = formatNaira(pricePaidKobo(purchase));
      if (purchase.message === ESCALATED_MESSAGE)
        return {
          ...base,
          eventKey: `purchase:${purchase.id}:escalated`,
          title: `${what} is taking longer`,
          body: sentences(
            `${summary} is not confirmed yet; your ${held} is still held, not spent`,
            ESCALATED_MESSAGE,
          ),
        };
      const resolveBy = facts.resolveBy?.toISOString() ?? purchase.resolveBy;
      return {
        ...base,
        eventKey: `purchase:${purchase.id}:pending`,
        title: `${what} is being confirmed`,
        body: sentences(
          heldText(confirmerOf(purchase), pricePaidKobo(purchase), summary),
          pendingPromiseOf({ ...purchase, resolveBy }),
        ),
      };
    }
  }
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
    title: `We looked into your ${whatOf(purchase)}`,
    body: sentences(`You told us you did not get ${purchaseSummary(purchase)}`, dispute.resolution),
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
  const amount = formatNaira(credit.amountKobo);
  const from =
    credit.method === 'card'
      ? 'your card payment'
      : `your bank transfer${credit.senderName ? ` from ${credit.senderName}` : ''}`;
  return {
    userId: credit.userId,
    category: 'funding',
    eventKey: `funding:${credit.reference}:credited`,
    title: `Wallet funded: ${amount}`,
    body: `${amount} from ${from} is in your wallet.`,
    link: '/wallet',
  };
}

export type WalletAdjustmentMade = {
  userId: string;
  adjustmentId: string;
  direction: 'credit' | 'debit';
  amountKobo: Kobo;
};

/**
 * Our team credited or debited the customer's wallet. Always emailed, like a security notice: nobody may move a
 * customer's money unseen. The admin's reason is written for the audit log, not the customer, so it is not shown.
 */
export function walletAdjustmentNotice(adjustment: WalletAdjustmentMade): NoticeInput {
  const amount = formatNaira(adjustment.amountKobo);
  const isCredit = adjustment.direction === 'credit';
  return {
    userId: adjustment.userId,
    category: 'security',
    eventKey: `adjustment:${adjustment.adjustmentId}`,
    title: isCredit ? `Wallet credited: ${amount}` : `Wallet debited: ${amount}`,
    body: `${isCredit ? `We credited ${amount} to your wallet.` : `We debited ${amount} from your wallet.`} Contact support if you have questions.`,
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
  const amount = formatNaira(decision.amountKobo);
  const deposit = `${amount} (${decision.depositorName}, ${decision.bankName})`;
  if (decision.status === 'approved') {
    const credit = formatNaira(decision.amountKobo - decision.chargeKobo);
    return {
      userId: decision.userId,
      category: 'funding',
      eventKey: `manual:${decision.id}:approved`,
      title: `Deposit approved: ${credit} added`,
      body: `Your bank deposit of ${deposit} is approved. ${credit} is in your wallet after the ${formatNaira(decision.chargeKobo)} charge.`,
      link: '/wallet',
    };
  }
  return {
    userId: decision.userId,
    category: 'funding',
    eventKey: `manual:${decision.id}:rejected`,
    title: 'Deposit not approved',
    body:
      `We could not approve your bank deposit of ${deposit}${decision.reason ? `: ${decision.reason}` : ''}. ` +
      'Nothing was added to your wallet. If you did pay, contact support with your bank receipt.',
    link: '/fund-wallet',
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
  const amount = formatNaira(loss.refundedKobo);
  return {
    userId: loss.userId,
    category: 'purchases',
    eventKey: `provider-loss:${loss.id}:recovered`,
    title: `${whatOf(purchase)} was delivered: ${amount} taken back`,
    body: sentences(
      `We refunded the ${formatNaira(pricePaidKobo(purchase))} you paid for ${purchaseSummary(purchase)} when the provider had not confirmed it, but it was delivered after all`,
      `So the ${amount} refund has been taken back from your wallet. If you did not receive it, contact support.`,
    ),
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
  const amount = formatNaira(reward.rewardKobo);
  return {
    userId: reward.referrerUserId,
    category: 'referrals',
    eventKey: `referral:${reward.referredUserId}:reward`,
    title: `You earned ${amount}`,
    body: `${reward.referredFirstName || 'A friend you referred'} funded their wallet for the first time, so ${amount} is in your wallet. Thank you for telling your friends about ${PRODUCT_NAME}!`,
    link: '/refer',
  };
}

/** A partner API key as a notice names it: never the key itself. */
type KeyLabel = { name: string; prefix: string };

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

const NOT_YOU = 'If this wasn’t you, change your password now and contact support.';
const NOT_YOU_PASSWORD =
  'If this wasn’t you, reset your password from the sign-in page now and contact support.';

const keyList = (keys: KeyLabel[]) =>
  keys.map((key) => `“${key.name}” (it starts with ${key.prefix})`).join(', ');

const devices = (count: number) => (count === 1 ? '1 device' : `${count} devices`);

/** Security notices are always emailed: the customer cannot turn them off. */
export function securityNotice(event: SecurityEvent): NoticeInput {
  const when = `${formatLagosDateTime(event.at.toISOString())} (Lagos time)`;
  const base = { userId: event.userId, category: 'security' as const, link: '/profile' };
  switch (event.kind) {
    case 'password.changed': {
      const keys =
        event.keptKeys.length === 0
          ? ''
          : ` Your partner API keys still work: ${keyList(event.keptKeys)}. To stop one, revoke it in Profile → Developers.`;
      return {
        ...base,
        eventKey: `password:${event.at.toISOString()}`,
        title: 'Your password was changed',
        body: `The password of your ${PRODUCT_NAME} account was changed on ${when}. Every other device was signed out.${keys} ${NOT_YOU_PASSWORD}`,
      };
    }
    case 'password.reset': {
      const signedOut =
        event.signedOut === 0
          ? ''
          : ` We signed you out on ${devices(event.signedOut)}: sign in again with the new password.`;
      const keys =
        event.revokedKeys.length === 0
          ? ''
          : ` We also revoked your partner API keys, so apps using them can no longer buy from your wallet: ${keyList(event.revokedKeys)}. Make new keys in Profile → Developers if you need them.`;
      return {
        ...base,
        eventKey: `password:${event.at.toISOString()}`,
        title: 'Your password was changed',
        body: `The password of your ${PRODUCT_NAME} account was reset with the link we emailed, on ${when}.${signedOut}${keys} ${NOT_YOU_PASSWORD}`,
      };
    }
    case 'pin.created':
    case 'pin.changed': {
      const what = event.kind === 'pin.created' ? 'created' : 'changed';
      return {
        ...base,
        eventKey: `pin:${event.at.toISOString()}`,
        title: `Your transaction PIN was ${what}`,
        body: `The transaction PIN of your ${PRODUCT_NAME} account was ${what} on ${when}. ${NOT_YOU}`,
      };
    }
    case 'sign-in': {
      const device = event.userAgent ? describeDevice(event.userAgent) : null;
      const from = event.ipAddress ? `from ${event.ipAddress}` : null;
      const where = device
        ? ` Device: ${device}${from ? `, ${from}` : ''}.`
        : from
          ? ` It came ${from}.`
          : '';
      return {
        ...base,
        eventKey: `sign-in:${event.sessionId}`,
        title: 'New sign-in to your account',
        body: `Someone signed in to your ${PRODUCT_NAME} account on ${when}.${where} If it was you, there is nothing to do. ${NOT_YOU}`,
      };
    }
    case 'api-key.created':
    case 'api-key.revoked': {
      const created = event.kind === 'api-key.created';
      return {
        ...base,
        eventKey: `${event.kind}:${event.keyId}`,
        title: created ? 'A new API key was created' : 'An API key was revoked',
        body: created
          ? `A partner API key, “${event.keyName}”, was created on your account on ${when}. It can buy from your wallet without your PIN. ${NOT_YOU}`
          : `The partner API key “${event.keyName}” was revoked on ${when}. Apps using it can no longer buy from your wallet.`,
        email: event.email,
      };
    }
  }
}

/** What an admin did to a customer's account that the customer must hear of. */
export type AccountEvent =
  | { kind: 'account.suspended' | 'account.restored'; userId: string; at: Date }
  | { kind: 'email.change-started'; userId: string; at: Date; newEmail: string };

/** Told in the app and always by email (to the address the account still has), like every security notice. */
export function accountNotice(event: AccountEvent): NoticeInput {
  const when = `${formatLagosDateTime(event.at.toISOString())} (Lagos time)`;
  const base = { userId: event.userId, category: 'security' as const, link: '/profile' };
  switch (event.kind) {
    case 'account.suspended':
      return {
        ...base,
        eventKey: `account.suspended:${event.at.toISOString()}`,
        title: 'Your account is suspended',
        body: `Our team suspended your ${PRODUCT_NAME} account on ${when}. Until it is restored you cannot sign in, buy or fund your wallet; the money in your wallet stays yours. If you think this is a mistake, contact support.`,
      };
    case 'account.restored':
      return {
        ...base,
        eventKey: `account.restored:${event.at.toISOString()}`,
        title: 'Your account is restored',
        body: `Our team restored your ${PRODUCT_NAME} account on ${when}. You can sign in and use it again.`,
      };
    case 'email.change-started':
      return {
        ...base,
        eventKey: `email.change-started:${event.at.toISOString()}`,
        title: 'Your email is being changed',
        body: `On ${when} our team asked to change the email of your ${PRODUCT_NAME} account to ${event.newEmail}. We sent a link to that address: your email changes only when it is opened. If you did not ask for this, contact support at once.`,
      };
  }
}
