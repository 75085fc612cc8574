import { and, asc, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { payments } from './funding.tables.ts';

export const CHECK_CARD_PAYMENTS_JOB = 'funding.check-card-payments';

/**
 * How long a customer has to pay on a card checkout; an unpaid payment then ends as abandoned ("Not completed").
 * Paystack keeps a checkout payable until the integration's payment session timeout, which is off unless set
 * (set it to 1800 s in live to match). 30 minutes covers a bank's OTP and 3-D Secure steps on a slow network
 * and ends well inside OPEN_PAYMENT_WINDOW_MS. A payment Paystack reports paid later is still credited, once.
 */
export const CARD_CHECKOUT_LIFETIME_MS = 30 * 60_000;

/** The webhook or the browser's return settles most payments first: the check leaves them alone this long. */
export const CHECK_GRACE_MS = 2 * 60_000;

/** A payment one run took is not taken again (by another worker, or the next run) for this long. */
export const ASK_AGAIN_AFTER_MS = 50_000;

/** Payments asked about by one run, at most, and how many at a time. */
export const CHECK_BATCH = 40;
export const CHECK_LANES = 4;

type Checkout = { channel: string; createdAt: Date };

/** When a card payment's checkout ends; null for a transfer, which has none. */
export function checkoutEndOf(payment: Checkout): Date | null {
  return payment.channel === 'card'
    ? new Date(payment.createdAt.getTime() + CARD_CHECKOUT_LIFETIME_MS)
    : null;
}

/**
 * Takes the oldest card payments still pending after the grace period and not asked about lately, marking
 * them asked. Rows another worker is taking are skipped, not waited for: two runs never take one payment.
 */
export async function claimOpenCardPayments(db: Database, now: Date) {
  const due = db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        // the partial index's own predicate, so the planner uses it
        sql`${payments.status} = 'pending' and ${payments.channel} = 'card'`,
        lte(payments.createdAt, new Date(now.getTime() - CHECK_GRACE_MS)),
        or(isNull(payments.checkedAt), lte(payments.checkedAt, new Date(now.getTime() - ASK_AGAIN_AFTER_MS))),
      ),
    )
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(CHECK_BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(payments)
    .set({ checkedAt: now })
    .where(inArray(payments.id, due))
    .returning();
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}
