import { CONFIRMING, ESCALATED_MESSAGE, NEVER_RECEIVED } from '@quickvend/shared/messages/purchase';
import type { BillsProviderName } from '@quickvend/shared/providers';
import type { ProviderOutcome } from './purchases.port.ts';
import type { StoredPurchaseStatus } from './purchases.tables.ts';

/**
 * What happens to a purchase given its state, the provider's answer and the time: one pure function, no I/O
 * and no clock of its own. Every caller (the purchase flow, the requery job, an admin's requery) decides
 * here and carries out the effects with purchase-steps.ts. Every provider's answers follow these same rules.
 */

/** Seconds before each successive requery of a pending purchase; hourly after the last. */
export const BACKOFF_SECONDS = [15, 30, 60, 120, 300, 600, 1800] as const;
export const HOURLY_SECONDS = 3600;
/**
 * What a pending purchase promises the customer: delivered or refunded within this long of the purchase. The
 * requery before the deadline falls on it; a provider still answering "pending" then is escalated to the team
 * (an unknown answer is never taken as a failure, so it cannot simply be refunded).
 */
export const PENDING_DEADLINE_MS = 30 * 60_000;
/** An open purchase this old is flagged for the team even when it had no deadline. */
export const FLAG_AFTER_MS = 24 * 60 * 60_000;
/** A purchase the provider says it never saw is refunded only after this long (it may still be arriving). */
export const UNKNOWN_GRACE_MS = 5 * 60_000;

export const backoffSeconds = (checks: number) => BACKOFF_SECONDS[checks] ?? HOURLY_SECONDS;

/** The few facts of a purchase the rules read. */
export type LifecyclePurchase = {
  status: StoredPurchaseStatus;
  createdAt: Date;
  /** the promised deadline; null for purchases made before there was one */
  resolveBy: Date | null;
  /** how many times it was kept pending */
  checks: number;
  flaggedAt: Date | null;
  message: string;
  /** when it moved to the provider it is with now, after a definite failure at another; null if it never moved */
  movedAt: Date | null;
};

export type DeliveredOutcome = Extract<ProviderOutcome, { status: 'delivered' }>;

/** The provider's word on a purchase, or that it could not be had. */
export type ProviderAnswer =
  | ProviderOutcome
  /** the provider has no record of it (it may still be arriving) */
  | { status: 'unknown' }
  /** timeout, network, an answer we could not read: the provider may have delivered it */
  | { status: 'unreachable' }
  /** the provider called back about it: anyone can send one, so what it says is only heard by asking again */
  | { status: 'callback' };

export type KeepPendingEffect = {
  kind: 'keepPending';
  message: string;
  /** the purchase's count of checks once kept pending: the requery job's dedupe key */
  checks: number;
  /** when the requery job asks again */
  nextCheckAt: Date;
  /** past the deadline: the team takes it over, and the customer reads ESCALATED_MESSAGE */
  escalate: boolean;
  /** flagged for the team now (it had not been) */
  flag: boolean;
};

export type PurchaseEffect =
  /** held → provider: final */
  | { kind: 'settle'; outcome: DeliveredOutcome }
  /** held → wallet: final */
  | { kind: 'refund'; message: string }
  | KeepPendingEffect
  /** a refunded purchase the provider calls delivered: perhaps a loss on the provider's side */
  | { kind: 'checkRefunded' }
  /** asks the provider about it again now, rather than at the next check */
  | { kind: 'askAgain' }
  /** open → sent to another provider under a new request id, after a definite failure at this one */
  | { kind: 'moveTo'; provider: BillsProviderName; failure: { code: string | null; message: string } }
  /** the customer hears of it: first pending, escalation, final */
  | { kind: 'tell' };

export type PurchaseDecision = { state: StoredPurchaseStatus; effects: PurchaseEffect[] };

const TELL = { kind: 'tell' } as const;

export const isOpenStatus = (status: StoredPurchaseStatus) => status === 'processing' || status === 'pending';

/**
 * @param fallback where routing would send the purchase after a definite failure of its provider (only asked
 *   for a provider's own failure, never an operator's word): a failure then moves it on instead of refunding.
 */
export function nextPurchaseState(
  purchase: LifecyclePurchase,
  answer: ProviderAnswer,
  now: Date,
  fallback: BillsProviderName | null = null,
): PurchaseDecision {
  if (!isOpenStatus(purchase.status)) {
    // final: never moved again
    const isLoss =
      purchase.status === 'failed' && (answer.status === 'delivered' || answer.status === 'callback');
    return { state: purchase.status, effects: isLoss ? [{ kind: 'checkRefunded' }] : [] };
  }
  switch (answer.status) {
    case 'delivered':
      return { state: 'delivered', effects: [{ kind: 'settle', outcome: answer }, TELL] };
    case 'failed':
      // a purchase moves at most once: the second provider's failure is final
      if (fallback && purchase.movedAt === null) {
        const failure = { code: answer.code, message: answer.message };
        return { state: 'processing', effects: [{ kind: 'moveTo', provider: fallback, failure }] };
      }
      return { state: 'failed', effects: [{ kind: 'refund', message: answer.message }, TELL] };
    case 'unknown':
      // a moved purchase's grace runs from when it reached the provider it is with
      if (now.getTime() - (purchase.movedAt ?? purchase.createdAt).getTime() > UNKNOWN_GRACE_MS)
        return { state: 'failed', effects: [{ kind: 'refund', message: NEVER_RECEIVED }, TELL] };
      return keepPending(purchase, CONFIRMING, now);
    case 'pending':
      return keepPending(purchase, answer.message, now);
    case 'unreachable':
      return keepPending(purchase, purchase.message || CONFIRMING, now);
    case 'callback':
      return { state: purchase.status, effects: [{ kind: 'askAgain' }] };
  }
}

function keepPending(purchase: LifecyclePurchase, message: string, now: Date): PurchaseDecision {
  const { resolveBy, flaggedAt } = purchase;
  const isPastDeadline = resolveBy !== null && resolveBy.getTime() <= now.getTime();
  const backoff = new Date(now.getTime() + backoffSeconds(purchase.checks) * 1000);
  // the requery before the deadline falls on it, so the promise is checked when it falls due
  const nextCheckAt = resolveBy && !isPastDeadline && resolveBy < backoff ? resolveBy : backoff;
  const isOld = purchase.createdAt.getTime() < now.getTime() - FLAG_AFTER_MS;
  const flag = flaggedAt === null && (isPastDeadline || isOld);
  const checks = purchase.checks + 1;
  const isJustEscalated = isPastDeadline && flag;
  const effect: KeepPendingEffect = {
    kind: 'keepPending',
    message: isPastDeadline ? ESCALATED_MESSAGE : message,
    checks,
    nextCheckAt,
    escalate: isPastDeadline,
    flag,
  };
  return { state: 'pending', effects: checks === 1 || isJustEscalated ? [effect, TELL] : [effect] };
}

export type StepName = 'hold' | 'askProvider' | 'settle' | 'refund' | 'keepPending' | 'moveTo';

/**
 * The steps of a purchase, each with the step that undoes it. The flow runs `hold` then `askProvider`, then
 * what nextPurchaseState says (settle, refund, keepPending, or moveTo and askProvider again); the requery job
 * starts again from the answer.
 * Once the provider was asked nothing before is undone: an answer we could not read is pending, never failed.
 */
export const PURCHASE_STEPS = {
  hold: { does: 'wallet → held:purchases, with the purchase row', compensate: 'refund' },
  askProvider: { does: 'the provider is asked to deliver', compensate: null },
  settle: { does: 'held → provider (and margin); final', compensate: null },
  refund: { does: 'held → wallet; final', compensate: null },
  keepPending: { does: 'the requery job asks again later, and ends in settle or refund', compensate: null },
  moveTo: {
    does: 'after a definite failure, the next provider under a new request id; then askProvider there',
    compensate: null,
  },
} as const satisfies Record<StepName, { does: string; compensate: StepName | null }>;

/** PURCHASE_STEPS with what runs each step and what undoes it (purchase-steps.ts): the compiler holds them together. */
export type StepPairs<Runs extends Record<StepName, unknown>> = {
  [Name in StepName]: {
    run: Runs[Name];
    compensate: (typeof PURCHASE_STEPS)[Name]['compensate'] extends infer Undo extends StepName
      ? Runs[Undo]
      : null;
  };
};
