import type { Purchase } from '../api/purchases.ts';
import { groupToken } from '../bills.ts';
import { describeDevice } from '../device.ts';
import { formatLagosDateTime } from '../format.ts';
import { formatNaira, toNairaString, type Kobo } from '../money.ts';
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
} from '../purchase-words.ts';
import { PRODUCT_NAME } from '../services.ts';
import { ESCALATED_MESSAGE } from './purchase.ts';

/**
 * The words of every notice, one function per kind of event, from plain facts. Customers read these on a
 * phone: what was bought and for whom, what the wallet paid, then what happens next. A purchase is named only
 * through `purchase-words.ts`, as on the receipt.
 */
export type NoticeText = { title: string; body: string };

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
export function credentialSms(purchase: Purchase): string | undefined {
  const name = credentialNameOf(purchase);
  if (name === null) return undefined;
  const paid = `NGN${toNairaString(pricePaidKobo(purchase))}`;
  if (purchase.token) {
    const units = purchase.units ? `, ${purchase.units}` : '';
    return `${PRODUCT_NAME}: your ${name} ${targetOf(purchase)} is ${groupToken(purchase.token)} (${paid}${units}).`;
  }
  return `${PRODUCT_NAME}: your ${name}: ${pinList(purchase)} (${paid}).`;
}

/** Which notice a purchase's state makes: each is told once. */
export type PurchaseNoticeStage = 'delivered' | 'refunded' | 'escalated' | 'pending';

/**
 * Delivered, failed and refunded, or pending; the words say when a pending purchase has now resolved.
 * `wasPending`: the customer was told it was pending first; `resolveBy`: the promised time of a pending one.
 */
export function purchaseNoticeText(
  purchase: Purchase,
  facts: { wasPending: boolean; resolveBy: Date | null },
): NoticeText & { stage: PurchaseNoticeStage } {
  const what = whatOf(purchase);
  const summary = purchaseSummary(purchase);
  switch (purchase.status) {
    case 'delivered':
      return {
        stage: 'delivered',
        title: `${what} delivered`,
        body: sentences(
          facts.wasPending ? 'Good news: the purchase we were confirming went through' : null,
          deliveredBody(purchase),
        ),
      };
    case 'failed': {
      const refunded = formatNaira(purchase.refundedKobo);
      return {
        stage: 'refunded',
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
          stage: 'escalated',
          title: `${what} is taking longer`,
          body: sentences(
            `${summary} is not confirmed yet; your ${held} is still held, not spent`,
            ESCALATED_MESSAGE,
          ),
        };
      const resolveBy = facts.resolveBy?.toISOString() ?? purchase.resolveBy;
      return {
        stage: 'pending',
        title: `${what} is being confirmed`,
        body: sentences(
          heldText(confirmerOf(purchase), pricePaidKobo(purchase), summary),
          pendingPromiseOf({ ...purchase, resolveBy }),
        ),
      };
    }
  }
}

/** The team closed the customer's "I didn't get it" report: what they found. */
export function disputeClosedText(purchase: Purchase, resolution: string | null): NoticeText {
  return {
    title: `We looked into your ${whatOf(purchase)}`,
    body: sentences(`You told us you did not get ${purchaseSummary(purchase)}`, resolution),
  };
}

export function fundingText(credit: {
  method: 'card' | 'transfer';
  amountKobo: Kobo;
  senderName: string | null;
}): NoticeText {
  const amount = formatNaira(credit.amountKobo);
  const from =
    credit.method === 'card'
      ? 'your card payment'
      : `your bank transfer${credit.senderName ? ` from ${credit.senderName}` : ''}`;
  return { title: `Wallet funded: ${amount}`, body: `${amount} from ${from} is in your wallet.` };
}

/** Our team credited or debited the wallet. The admin's reason is for the audit log, so it is not shown. */
export function walletAdjustmentText(adjustment: {
  direction: 'credit' | 'debit';
  amountKobo: Kobo;
}): NoticeText {
  const amount = formatNaira(adjustment.amountKobo);
  const isCredit = adjustment.direction === 'credit';
  return {
    title: isCredit ? `Wallet credited: ${amount}` : `Wallet debited: ${amount}`,
    body: `${isCredit ? `We credited ${amount} to your wallet.` : `We debited ${amount} from your wallet.`} Contact support if you have questions.`,
  };
}

export function manualDepositText(decision: {
  status: 'approved' | 'rejected';
  amountKobo: Kobo;
  chargeKobo: Kobo;
  depositorName: string;
  bankName: string;
  reason: string | null;
}): NoticeText {
  const amount = formatNaira(decision.amountKobo);
  const deposit = `${amount} (${decision.depositorName}, ${decision.bankName})`;
  if (decision.status === 'approved') {
    const credit = formatNaira(decision.amountKobo - decision.chargeKobo);
    return {
      title: `Deposit approved: ${credit} added`,
      body: `Your bank deposit of ${deposit} is approved. ${credit} is in your wallet after the ${formatNaira(decision.chargeKobo)} charge.`,
    };
  }
  return {
    title: 'Deposit not approved',
    body:
      `We could not approve your bank deposit of ${deposit}${decision.reason ? `: ${decision.reason}` : ''}. ` +
      'Nothing was added to your wallet. If you did pay, contact support with your bank receipt.',
  };
}

/** A purchase we refunded that the provider delivered after all: the refund was taken back. */
export function providerLossRecoveredText(refundedKobo: Kobo, purchase: Purchase): NoticeText {
  const amount = formatNaira(refundedKobo);
  return {
    title: `${whatOf(purchase)} was delivered: ${amount} taken back`,
    body: sentences(
      `We refunded the ${formatNaira(pricePaidKobo(purchase))} you paid for ${purchaseSummary(purchase)} when the provider had not confirmed it, but it was delivered after all`,
      `So the ${amount} refund has been taken back from your wallet. If you did not receive it, contact support.`,
    ),
  };
}

export function referralText(reward: { referredFirstName: string; rewardKobo: Kobo }): NoticeText {
  const amount = formatNaira(reward.rewardKobo);
  return {
    title: `You earned ${amount}`,
    body: `${reward.referredFirstName || 'A friend you referred'} funded their wallet for the first time, so ${amount} is in your wallet. Thank you for telling your friends about ${PRODUCT_NAME}!`,
  };
}

/** A partner API key as a notice names it: never the key itself. */
export type KeyLabel = { name: string; prefix: string };

/** What a security notice tells of. */
export type SecurityFacts =
  /** changed when signed in: the keys that still work are named */
  | { kind: 'password.changed'; at: Date; keptKeys: KeyLabel[] }
  /** set from a mailed link: `signedOut` sessions ended and every key was revoked */
  | { kind: 'password.reset'; at: Date; signedOut: number; revokedKeys: KeyLabel[] }
  | { kind: 'pin.created' | 'pin.changed'; at: Date }
  | { kind: 'sign-in'; at: Date; ipAddress: string | null; userAgent: string | null }
  | { kind: 'api-key.created' | 'api-key.revoked'; at: Date; keyName: string };

const NOT_YOU = 'If this wasn’t you, change your password now and contact support.';
const NOT_YOU_PASSWORD =
  'If this wasn’t you, reset your password from the sign-in page now and contact support.';

/** `“Shop” (it starts with qv_abc1234)`: a key as notices and mails name it. */
export const keyLabel = (key: KeyLabel) => `“${key.name}” (it starts with ${key.prefix})`;

const keyList = (keys: KeyLabel[]) => keys.map(keyLabel).join(', ');

const devices = (count: number) => (count === 1 ? '1 device' : `${count} devices`);

const lagosTime = (at: Date) => `${formatLagosDateTime(at.toISOString())} (Lagos time)`;

export function securityText(event: SecurityFacts): NoticeText {
  const when = lagosTime(event.at);
  switch (event.kind) {
    case 'password.changed': {
      const keys =
        event.keptKeys.length === 0
          ? ''
          : ` Your partner API keys still work: ${keyList(event.keptKeys)}. To stop one, revoke it in Profile → Developers.`;
      return {
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
        title: 'Your password was changed',
        body: `The password of your ${PRODUCT_NAME} account was reset with the link we emailed, on ${when}.${signedOut}${keys} ${NOT_YOU_PASSWORD}`,
      };
    }
    case 'pin.created':
    case 'pin.changed': {
      const what = event.kind === 'pin.created' ? 'created' : 'changed';
      return {
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
        title: 'New sign-in to your account',
        body: `Someone signed in to your ${PRODUCT_NAME} account on ${when}.${where} If it was you, there is nothing to do. ${NOT_YOU}`,
      };
    }
    case 'api-key.created':
    case 'api-key.revoked': {
      const created = event.kind === 'api-key.created';
      return {
        title: created ? 'A new API key was created' : 'An API key was revoked',
        body: created
          ? `A partner API key, “${event.keyName}”, was created on your account on ${when}. It can buy from your wallet without your PIN. ${NOT_YOU}`
          : `The partner API key “${event.keyName}” was revoked on ${when}. Apps using it can no longer buy from your wallet.`,
      };
    }
  }
}

/** What an admin did to a customer's account that the customer must hear of. */
export type AccountFacts =
  | { kind: 'account.suspended' | 'account.restored'; at: Date }
  | { kind: 'email.change-started'; at: Date; newEmail: string };

export function accountText(event: AccountFacts): NoticeText {
  const when = lagosTime(event.at);
  switch (event.kind) {
    case 'account.suspended':
      return {
        title: 'Your account is suspended',
        body: `Our team suspended your ${PRODUCT_NAME} account on ${when}. Until it is restored you cannot sign in, buy or fund your wallet; the money in your wallet stays yours. If you think this is a mistake, contact support.`,
      };
    case 'account.restored':
      return {
        title: 'Your account is restored',
        body: `Our team restored your ${PRODUCT_NAME} account on ${when}. You can sign in and use it again.`,
      };
    case 'email.change-started':
      return {
        title: 'Your email is being changed',
        body: `On ${when} our team asked to change the email of your ${PRODUCT_NAME} account to ${event.newEmail}. We sent a link to that address: your email changes only when it is opened. If you did not ask for this, contact support at once.`,
      };
  }
}

/** The email made from a notice that has no mail of its own, and the notices' other words. */
export const noticeTexts = {
  greeting: (name: string) => `Hello ${name.trim() || 'there'},`,
  /** why a security notice is emailed although other emails are turned off */
  securityFooter: `We always email you about the security of your ${PRODUCT_NAME} account.`,
  footer: `You can stop these emails in ${PRODUCT_NAME}: Profile, then Notifications.`,
  notFound: 'We could not find that notification.',
} as const;
