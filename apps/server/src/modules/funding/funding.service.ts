import { and, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MANUAL_FUNDING_CHARGE_KOBO } from '@quickvend/shared/services';
import { formatNaira, kobo, type Kobo } from '@quickvend/shared/money';
import type { Database, Executor } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { toStorableJson } from '../../lib/storable-json.ts';
import type { Ledger } from '../ledger/index.ts';
import {
  GatewayRejectedError,
  GatewayUnavailableError,
  type GatewayEvent,
  type GatewayTransaction,
  type PaymentGateway,
} from './funding.port.ts';
import { dedicatedAccounts, manualFundingRequests, payments, webhookEvents } from './funding.tables.ts';

export const PROCESS_WEBHOOK_JOB = 'funding.process-webhook';

export type FundingDeps = {
  db: Database;
  ledger: Ledger;
  gateway: PaymentGateway;
  jobs: Pick<JobQueue, 'send'>;
  clock: Clock;
  appUrl: string;
  minAmountKobo: Kobo;
  log: FastifyBaseLogger;
};

type Payer = { id: string; name: string; email: string };

const UNAVAILABLE = 'Card payments are not available right now. Please try again in a few minutes.';
// the gateway allows only letters, digits, '-', '.' and '='
const newReference = () => newId('pay').replace('_', '-').toUpperCase();

/** Why a manual request could not be decided. @throws NOT_FOUND or CONFLICT, always */
async function refuseDecision(executor: Executor, id: string): Promise<never> {
  const [existing] = await executor
    .select({ id: manualFundingRequests.id })
    .from(manualFundingRequests)
    .where(eq(manualFundingRequests.id, id));
  if (!existing) throw new AppError('NOT_FOUND', 'We could not find that deposit request.');
  throw new AppError('CONFLICT', 'This request has already been decided.');
}

export function createFundingService(deps: FundingDeps) {
  const { db, ledger, gateway, clock, log } = deps;

  function checkMinimum(amountKobo: Kobo): void {
    if (amountKobo < deps.minAmountKobo) {
      throw new AppError('VALIDATION_FAILED', `The minimum amount is ${formatNaira(deps.minAmountKobo)}.`, {
        fields: { amount: `The minimum amount is ${formatNaira(deps.minAmountKobo)}.` },
      });
    }
  }

  async function findPayment(reference: string) {
    const [payment] = await db.select().from(payments).where(eq(payments.reference, reference));
    return payment ?? null;
  }

  /**
   * Credits the wallet for a payment the gateway has verified, exactly once: the status change is
   * conditional and the ledger refuses a second entry with the same reference.
   */
  async function settleVerifiedPayment(reference: string, verified: GatewayTransaction): Promise<void> {
    await db.transaction(async (tx) => {
      const [settled] = await tx
        .update(payments)
        .set({
          status: 'success',
          feesKobo: verified.feesKobo,
          paidAt: verified.paidAt ?? clock.now(),
          gatewayResponse: verified.gatewayResponse,
          updatedAt: clock.now(),
        })
        .where(
          and(
            eq(payments.reference, reference),
            inArray(payments.status, ['pending', 'abandoned', 'failed']),
          ),
        )
        .returning();
      if (!settled) return;
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
              amountKobo: kobo(settled.amountKobo),
            },
          ],
        },
        tx,
      );
    });
  }

  /**
   * Asks the gateway about a card payment we initialised and applies its answer. Safe to call any number
   * of times from the browser's return and from the webhook, in any order.
   */
  async function confirmCardPayment(reference: string) {
    const payment = await findPayment(reference);
    if (!payment) return null;
    if (payment.status === 'success' || payment.status === 'review') return payment;
    let verified: GatewayTransaction | null;
    try {
      verified = await gateway.verifyTransaction(reference);
    } catch (error) {
      if (error instanceof GatewayUnavailableError || error instanceof GatewayRejectedError) {
        log.warn({ err: error, reference }, 'payment verification unavailable; the payment stays pending');
        return payment;
      }
      throw error;
    }
    if (!verified) return payment;
    if (verified.status === 'success') {
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
    } else if (verified.status === 'failed' || verified.status === 'abandoned') {
      await db
        .update(payments)
        .set({ status: verified.status, gatewayResponse: verified.gatewayResponse, updatedAt: clock.now() })
        .where(and(eq(payments.reference, reference), inArray(payments.status, ['pending', 'abandoned'])));
    }
    return findPayment(reference);
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
      checkMinimum(input.amountKobo);
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

    async listPayments(userId: string, limit = 50) {
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.userId, userId),
            or(ne(payments.status, 'abandoned'), ne(payments.channel, 'card')),
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(limit);
    },

    async getDedicatedAccount(userId: string) {
      const [account] = await db.select().from(dedicatedAccounts).where(eq(dedicatedAccounts.userId, userId));
      return account ?? null;
    },

    /** Once per user. @throws SERVICE_UNAVAILABLE when the gateway cannot make one now */
    async openDedicatedAccount(payer: Payer) {
      const existing = await this.getDedicatedAccount(payer.id);
      if (existing) return existing;
      const [firstName = payer.name, ...rest] = payer.name.trim().split(/\s+/);
      let created;
      try {
        created = await gateway.createDedicatedAccount({
          email: payer.email,
          firstName,
          lastName: rest.join(' ') || firstName,
        });
      } catch (error) {
        if (error instanceof GatewayUnavailableError || error instanceof GatewayRejectedError) {
          log.warn({ err: error }, 'dedicated account not created');
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'We could not create your account number right now. Please try again in a few minutes.',
          );
        }
        throw error;
      }
      await db
        .insert(dedicatedAccounts)
        .values({ id: newId('dva'), userId: payer.id, ...created })
        .onConflictDoNothing();
      const account = await this.getDedicatedAccount(payer.id);
      if (!account) throw new Error('dedicated account vanished');
      return account;
    },

    /** Stores a signed webhook once and queues its processing; replays are harmless. */
    async acceptWebhook(event: GatewayEvent, payload: unknown): Promise<void> {
      await db
        .insert(webhookEvents)
        .values({
          id: newId('whk'),
          provider: 'paystack',
          eventKey: event.key,
          event: event.kind === 'ignored' ? event.event : event.kind,
          payload: toStorableJson(payload),
        })
        .onConflictDoNothing({ target: webhookEvents.eventKey });
      const [stored] = await db
        .select({ id: webhookEvents.id, processedAt: webhookEvents.processedAt })
        .from(webhookEvents)
        .where(eq(webhookEvents.eventKey, event.key));
      if (stored && !stored.processedAt && event.kind !== 'ignored') {
        await deps.jobs.send(PROCESS_WEBHOOK_JOB, { eventId: stored.id }, { dedupeKey: stored.id });
      }
    },

    async processWebhook(eventId: string): Promise<void> {
      const [stored] = await db
        .update(webhookEvents)
        .set({ attempts: sql`${webhookEvents.attempts} + 1` })
        .where(and(eq(webhookEvents.id, eventId), isNull(webhookEvents.processedAt)))
        .returning();
      if (!stored) return;
      try {
        const event = gateway.readWebhookEvent(stored.payload);
        if (event.kind === 'charge.success') {
          if (event.channel === 'dedicated_nuban') await creditTransfer(event);
          else if (!(await confirmCardPayment(event.reference))) {
            log.warn({ reference: event.reference }, 'charge for a reference we never initialised; ignored');
          }
        }
        await db
          .update(webhookEvents)
          .set({ processedAt: clock.now(), lastError: null })
          .where(eq(webhookEvents.id, eventId));
      } catch (error) {
        await db
          .update(webhookEvents)
          .set({ lastError: error instanceof Error ? error.message : String(error) })
          .where(eq(webhookEvents.id, eventId));
        throw error;
      }
    },

    async requestManualFunding(
      userId: string,
      input: { depositorName: string; bankName: string; amountKobo: Kobo },
    ) {
      checkMinimum(input.amountKobo);
      if (input.amountKobo <= MANUAL_FUNDING_CHARGE_KOBO) {
        throw new AppError('VALIDATION_FAILED', 'The amount must be more than the NGN 50 charge.');
      }
      const [request] = await db
        .insert(manualFundingRequests)
        .values({ id: newId('mfr'), userId, ...input, chargeKobo: MANUAL_FUNDING_CHARGE_KOBO })
        .returning();
      if (!request) throw new Error('manual funding insert returned nothing');
      return request;
    },

    async listManualRequests(filter: { userId?: string; status?: 'pending' | 'approved' | 'rejected' }) {
      return db
        .select()
        .from(manualFundingRequests)
        .where(
          and(
            filter.userId ? eq(manualFundingRequests.userId, filter.userId) : undefined,
            filter.status ? eq(manualFundingRequests.status, filter.status) : undefined,
          ),
        )
        .orderBy(desc(manualFundingRequests.createdAt), desc(manualFundingRequests.id))
        .limit(200);
    },

    /**
     * Credits the amount less the NGN 50 charge, once: the decision is a conditional update in the same
     * transaction as the ledger entry. @throws NOT_FOUND for an unknown request, CONFLICT for a decided one
     */
    async approveManualRequest(id: string, adminId: string) {
      return db.transaction(async (tx) => {
        const [approved] = await tx
          .update(manualFundingRequests)
          .set({ status: 'approved', decidedBy: adminId, decidedAt: clock.now() })
          .where(and(eq(manualFundingRequests.id, id), eq(manualFundingRequests.status, 'pending')))
          .returning();
        if (!approved) return refuseDecision(tx, id);
        await ledger.post(
          {
            reference: `manual:${id}`,
            kind: 'funding.manual',
            memo: `Manual deposit by ${approved.depositorName} (${approved.bankName})`,
            actorId: adminId,
            postings: [
              {
                from: { system: 'clearing:manual' },
                to: { wallet: approved.userId },
                amountKobo: kobo(approved.amountKobo - approved.chargeKobo),
              },
              {
                from: { system: 'clearing:manual' },
                to: { system: 'income:fees' },
                amountKobo: kobo(approved.chargeKobo),
              },
            ],
          },
          tx,
        );
        return approved;
      });
    },

    /** @throws NOT_FOUND for an unknown request, CONFLICT for a decided one */
    async rejectManualRequest(id: string, adminId: string, reason: string) {
      const [rejected] = await db
        .update(manualFundingRequests)
        .set({ status: 'rejected', reason, decidedBy: adminId, decidedAt: clock.now() })
        .where(and(eq(manualFundingRequests.id, id), eq(manualFundingRequests.status, 'pending')))
        .returning();
      if (!rejected) return refuseDecision(db, id);
      return rejected;
    },

    /** Funding invariants: each final state has exactly the ledger entry it implies. */
    async verify(): Promise<string[]> {
      const problems: string[] = [];
      const [fundings, manuals] = await Promise.all([
        ledger.walletMovesByReference('funding:'),
        ledger.walletMovesByReference('manual:'),
      ]);
      const paymentRows = await db
        .select({
          reference: payments.reference,
          userId: payments.userId,
          status: payments.status,
          amountKobo: payments.amountKobo,
        })
        .from(payments);
      for (const row of paymentRows) {
        const credited = fundings.get(`funding:${row.reference}`)?.get(row.userId);
        if (row.status === 'success' && credited !== row.amountKobo) {
          problems.push(
            `payment ${row.reference} succeeded for ${row.amountKobo} but the wallet got ${credited ?? 'nothing'}`,
          );
        }
        if (row.status !== 'success' && credited !== undefined) {
          problems.push(`payment ${row.reference} is ${row.status} but the wallet was credited ${credited}`);
        }
      }
      const manualRows = await db
        .select({
          id: manualFundingRequests.id,
          userId: manualFundingRequests.userId,
          status: manualFundingRequests.status,
          amountKobo: manualFundingRequests.amountKobo,
          chargeKobo: manualFundingRequests.chargeKobo,
        })
        .from(manualFundingRequests);
      for (const row of manualRows) {
        const net = row.amountKobo - row.chargeKobo;
        const credited = manuals.get(`manual:${row.id}`)?.get(row.userId);
        if (row.status === 'approved' && credited !== net) {
          problems.push(
            `manual request ${row.id} was approved for ${net} but the wallet got ${credited ?? 'nothing'}`,
          );
        }
        if (row.status !== 'approved' && credited !== undefined) {
          problems.push(`manual request ${row.id} is ${row.status} but the wallet was credited ${credited}`);
        }
      }
      return problems;
    },
  };
}

export type FundingService = ReturnType<typeof createFundingService>;
