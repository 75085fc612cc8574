import { and, desc, eq, gt, inArray, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Kobo } from '@quickvend/shared/money';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { fundingCreditedEvent } from './funding.events.ts';
import type { Ledger } from '../ledger/index.ts';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type GatewayEvent,
  type GatewayTransaction,
  type PaymentGateway,
} from './funding.port.ts';
import { findFundingProblems } from './funding.invariants.ts';
import { dedicatedAccounts, payments } from './funding.tables.ts';
import { createDedicatedAccounts } from './dedicated-accounts.ts';
import { createWebhooks } from './funding.webhooks.ts';
import { checkMinimumAmount, createManualFunding } from './manual-funding.service.ts';
import { CARD_CHECKOUT_LIFETIME_MS, CHECK_LANES, claimOpenCardPayments } from './open-card-payments.ts';
import { parkRefundDue } from './refunds-due.ts';

export { PROCESS_WEBHOOK_JOB } from './funding.webhooks.ts';

export type FundingDeps = {
  db: Database;
  ledger: Ledger;
  gateway: PaymentGateway;
  jobs: Pick<JobQueue, 'send'>;
  clock: Clock;
  appUrl: string;
  /** the smallest card payment or manual deposit, read when used (a money setting) */
  minAmountKobo: () => Promise<Kobo>;
  /** kept from each manual deposit, read when it is declared (a money setting); NGN 50 when not given */
  manualChargeKobo?: () => Promise<Kobo>;
  log: FastifyBaseLogger;
  /** runs in the transaction that credits a funding to `userId`'s wallet (the referral reward) */
  afterCredit?: (tx: Transaction, userId: string) => Promise<void>;
  /** whether the customer closed the account (a manual deposit is then refused, never credited) */
  isClosed?: (userId: string, tx: Transaction) => Promise<boolean>;
  /** refuses (EMAIL_NOT_CONFIRMED) a manual deposit request until the customer's address is confirmed */
  requireConfirmedEmail: (userId: string) => Promise<void>;
  /** `funding.credited` is recorded in the crediting transaction and published once it commits */
  events?: Pick<DomainEvents, 'record' | 'publish'>;
};

export type CardOrTransferCredit = {
  userId: string;
  reference: string;
  method: 'card' | 'transfer';
  amountKobo: Kobo;
  senderName: string | null;
};

type Payer = { id: string; name: string; email: string };
type NoAnswer = 'unreachable' | 'refused';

const UNAVAILABLE = 'Card payments are not available right now. Please try again in a few minutes.';
// the gateway allows only letters, digits, '-', '.' and '='
const newReference = () => newId('pay').replace('_', '-').toUpperCase();

/**
 * How long a card payment (or a transfer being credited) keeps an account from closing. A checkout paid later
 * than this still cannot reach a closed wallet: it is parked as a refund due.
 */
export const OPEN_PAYMENT_WINDOW_MS = 60 * 60 * 1000;

export function createFundingService(deps: FundingDeps) {
  const { db, ledger, gateway, clock, log } = deps;

  const checkMinimum = async (amountKobo: Kobo) => {
    checkMinimumAmount(amountKobo, await deps.minAmountKobo());
  };

  async function findPayment(reference: string) {
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    return payment ?? null;
  }

  /**
   * Credits the wallet for a payment the gateway has verified, exactly once: the status change is
   * conditional and the ledger refuses a second entry with the same reference.
   */
  async function settleVerifiedPayment(reference: string, verified: GatewayTransaction): Promise<void> {
    const credited = await db.transaction(async (tx) => {
      const [settled] = await tx
        .update(payments)
        .set({
          status: 'success',
          feesKobo: verified.feesKobo,
          paidAt: verified.paidAt ?? clock.now(),
          gatewayResponse: verified.gatewayResponse,
          payerFingerprint: verified.payerFingerprint ?? null,
          updatedAt: clock.now(),
        })
        .where(
          and(
            eq(payments.reference, reference),
            inArray(payments.status, ['pending', 'abandoned', 'failed']),
          ),
        )
        .returning();
      if (!settled) return null;
      // closing an account holds its wallet's lock until it commits: read after it, a closing is seen
      await ledger.lockWalletBalance(settled.userId, tx);
      if (await deps.isClosed?.(settled.userId, tx)) {
        await parkRefundDue(tx, deps, {
          userId: settled.userId,
          source: settled.channel === 'dedicated_nuban' ? 'transfer' : 'card',
          reference,
          amountKobo: settled.amountKobo,
          payer: { ...verified.payer, email: verified.customerEmail ?? settled.email },
        });
        log.warn(
          { reference, userId: settled.userId, amountKobo: settled.amountKobo },
          'money arrived for a closed account: parked as a refund due, to send back to the payer',
        );
        return null;
      }
      await ledger.post(
        {
          reference: `funding:${reference}`,
          kind: settled.channel === 'dedicated_nuban' ? 'funding.transfer' : 'funding.card',
          memo: settled.channel === 'dedicated_nuban' ? 'Bank transfer' : 'Card payment',
          postings: [
            {
              from: {
                system: settled.channel === 'dedicated_nuban' ? 'clearing:transfer' : 'clearing:paystack',
              },
              to: { wallet: settled.userId },
              amountKobo: settled.amountKobo,
            },
          ],
        },
        tx,
      );
      await deps.afterCredit?.(tx, settled.userId);
      const event = fundingCreditedEvent({
        userId: settled.userId,
        reference: settled.reference,
        method: settled.channel === 'dedicated_nuban' ? 'transfer' : 'card',
        amountKobo: settled.amountKobo,
        senderName: settled.senderName,
      });
      await deps.events?.record(event, tx);
      return event;
    });
    if (credited) deps.events?.publish(credited);
  }

  type PaymentRow = typeof payments.$inferSelect;

  /** The gateway's answer (null: it never heard of the reference), or why there is none. */
  async function askGateway(reference: string): Promise<GatewayTransaction | null | NoAnswer> {
    try {
      return await gateway.verifyTransaction(reference);
    } catch (error) {
      if (error instanceof GatewayUnavailableError || error instanceof GatewayRejectedError) {
        log.warn({ err: error, reference }, 'payment verification unavailable; the payment stays pending');
        return error instanceof GatewayUnavailableError ? 'unreachable' : 'refused';
      }
      throw error;
    }
  }

  /**
   * Applies the gateway's answer about a card payment; `unpaid` says what an answer of not paid (abandoned,
   * still going, never heard of) does: `ends` once the checkout's lifetime is over, `ends-if-abandoned` when the
   * customer came back from the checkout, `stays` while they may still be paying on it.
   */
  async function applyAnswer(
    payment: PaymentRow,
    verified: GatewayTransaction | null | NoAnswer,
    unpaid: 'ends' | 'ends-if-abandoned' | 'stays',
  ): Promise<PaymentRow> {
    const { reference } = payment;
    // an unknown outcome is never an ending: the payment stays as it is and is asked about again
    if (verified === 'unreachable' || verified === 'refused') return payment;
    if (verified?.status === 'success') {
      if (verified.currency !== 'NGN' || verified.amountKobo !== payment.amountKobo) {
        log.error(
          { reference, expected: payment.amountKobo, paid: verified.amountKobo, currency: verified.currency },
          'paid amount differs from the amount initialised; held for review',
        );
        await db
          .update(payments)
          .set({ status: 'review', gatewayResponse: verified.gatewayResponse, updatedAt: clock.now() })
          .where(
            and(
              eq(payments.reference, reference),
              inArray(payments.status, ['pending', 'abandoned', 'failed']),
            ),
          );
      } else {
        await settleVerifiedPayment(reference, verified);
      }
    } else if (
      verified?.status === 'failed' ||
      unpaid === 'ends' ||
      (unpaid === 'ends-if-abandoned' && verified?.status === 'abandoned')
    ) {
      await db
        .update(payments)
        .set({
          status: verified?.status === 'failed' ? 'failed' : 'abandoned',
          gatewayResponse: verified?.gatewayResponse ?? payment.gatewayResponse,
          updatedAt: clock.now(),
        })
        .where(and(eq(payments.reference, reference), inArray(payments.status, ['pending', 'abandoned'])));
    }
    return (await findPayment(reference)) ?? payment;
  }

  /**
   * Asks the gateway about a card payment we initialised and applies its answer. Safe to call any number
   * of times from the browser's return and from the webhook, in any order.
   */
  async function confirmCardPayment(reference: string) {
    const payment = await findPayment(reference);
    if (!payment) return null;
    if (payment.status === 'success' || payment.status === 'review') return payment;
    return applyAnswer(payment, await askGateway(reference), 'ends-if-abandoned');
  }

  /**
   * The scheduled check: asks the gateway about the oldest card payments still pending after the grace period
   * (the webhook and the browser's return usually settle them first) and ends those it can.
   */
  async function checkOpenCardPayments(): Promise<{ reference: string; from: string; to: string }[]> {
    const now = clock.now();
    const claimed = await claimOpenCardPayments(db, now);
    const changes: { reference: string; from: string; to: string }[] = [];
    let isGatewayDown = false;
    const lane = async () => {
      for (let payment = claimed.shift(); payment && !isGatewayDown; payment = claimed.shift()) {
        const answer = await askGateway(payment.reference);
        // the rest wait for the next run rather than each waiting out a timeout now
        if (answer === 'unreachable') isGatewayDown = true;
        const isOver = now.getTime() - payment.createdAt.getTime() >= CARD_CHECKOUT_LIFETIME_MS;
        const after = await applyAnswer(payment, answer, isOver ? 'ends' : 'stays');
        if (after.status !== payment.status) {
          changes.push({ reference: payment.reference, from: payment.status, to: after.status });
        }
      }
    };
    await Promise.all(Array.from({ length: CHECK_LANES }, lane));
    return changes;
  }

  async function creditTransfer(event: Extract<GatewayEvent, { kind: 'charge.success' }>): Promise<void> {
    const verified = await gateway.verifyTransaction(event.reference);
    if (verified?.status !== 'success' || verified.currency !== 'NGN') {
      log.warn({ reference: event.reference }, 'transfer event not confirmed by verification; ignored');
      return;
    }
    const accountNumber = verified.receiverAccountNumber ?? event.receiverAccountNumber;
    const customerCode = verified.customerCode ?? event.customerCode;
    const [account] = await db
      .select()
      .from(dedicatedAccounts)
      .where(
        or(
          accountNumber ? eq(dedicatedAccounts.accountNumber, accountNumber) : undefined,
          customerCode ? eq(dedicatedAccounts.customerCode, customerCode) : undefined,
        ),
      )
      .limit(1);
    if (!account) {
      log.error({ reference: event.reference, accountNumber }, 'transfer into an account we do not know');
      return;
    }
    await db
      .insert(payments)
      .values({
        id: newId('pay'),
        userId: account.userId,
        reference: event.reference,
        channel: 'dedicated_nuban',
        email: verified.customerEmail ?? '',
        amountKobo: verified.amountKobo,
        senderName: verified.senderName,
      })
      .onConflictDoNothing({ target: payments.reference });
    await settleVerifiedPayment(event.reference, verified);
  }

  return {
    /** @throws VALIDATION_FAILED below the minimum, SERVICE_UNAVAILABLE when the gateway cannot be reached */
    async startCardPayment(payer: Payer, input: { email: string; amountKobo: Kobo }) {
      await checkMinimum(input.amountKobo);
      const reference = newReference();
      const [payment] = await db
        .insert(payments)
        .values({
          id: newId('pay'),
          userId: payer.id,
          reference,
          channel: 'card',
          email: input.email,
          amountKobo: input.amountKobo,
          createdAt: clock.now(),
        })
        .returning();
      if (!payment) throw new Error('payment insert returned nothing');
      try {
        const checkout = await gateway.initializeTransaction({
          email: input.email,
          amountKobo: input.amountKobo,
          reference,
          callbackUrl: `${deps.appUrl}/fund-wallet`,
          metadata: {
            userId: payer.id,
            cancel_action: `${deps.appUrl}/fund-wallet?reference=${reference}&cancelled=true`,
          },
        });
        return { payment, checkout: { ...checkout, publicKey: gateway.publicKey } };
      } catch (error) {
        await db
          .update(payments)
          .set({
            status: 'abandoned',
            gatewayResponse: 'Could not start the payment',
            updatedAt: clock.now(),
          })
          .where(eq(payments.id, payment.id));
        if (error instanceof GatewayUnavailableError) throw new AppError('SERVICE_UNAVAILABLE', UNAVAILABLE);
        if (error instanceof GatewayRejectedError) throw new AppError('VALIDATION_FAILED', error.message);
        throw error;
      }
    },

    /** The browser's return from checkout. @throws NOT_FOUND for a reference that is not this user's */
    async confirmPaymentForUser(userId: string, reference: string) {
      const payment = await findPayment(reference);
      if (payment?.userId !== userId) throw new AppError('NOT_FOUND', 'We could not find that payment.');
      const confirmed = await confirmCardPayment(reference);
      return confirmed ?? payment;
    },

    /** Every payment, abandoned and failed ones too: a payment once shown as pending never vanishes. */
    async listPayments(userId: string, limit = 50) {
      return db
        .select()
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit);
    },

    checkOpenCardPayments,

    /**
     * Whether money may still arrive for the user through the gateway: a card checkout or a transfer being
     * credited, started within the last hour. Inside a transaction, read through it.
     */
    async hasOpenPayment(userId: string, executor: Executor = db): Promise<boolean> {
      const [row] = await executor
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            inArray(payments.status, ['pending', 'abandoned']),
            gt(payments.createdAt, new Date(clock.now().getTime() - OPEN_PAYMENT_WINDOW_MS)),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    ...createDedicatedAccounts(deps),
    ...createWebhooks(deps, { creditTransfer, confirmCardPayment }),
    ...createManualFunding(deps),

    /** Funding invariants: each final state has exactly the ledger entry it implies. */
    verify: () => findFundingProblems(db, ledger),
  };
}

export type FundingService = ReturnType<typeof createFundingService>;
