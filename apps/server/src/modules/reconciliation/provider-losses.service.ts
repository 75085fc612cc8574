import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  providerLossMessages as say,
  type ProviderLoss,
  type ProviderLossSource,
} from '@quickvend/shared/api/provider-losses';
import { formatNaira, kobo, type Kobo } from '@quickvend/shared/money';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { DomainEvents } from '../../lib/domain-events.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { toStorableJson } from '../../lib/storable-json.ts';
import {
  approvalMessages,
  type ApprovalHandler,
  type ApprovalRow,
  type Approvals,
} from '../approvals/index.ts';
import type { Actor, AuditLog } from '../audit/index.ts';
import { shardFor, type Ledger, type Posting } from '../ledger/index.ts';
import {
  providerAccountOf,
  type PurchaseChecks,
  type PurchaseEventInput,
  type PurchaseRow,
  type RequeryAnswer,
} from '../purchases/index.ts';
import { providerLossFoundEvent, providerLossRecoveredEvent } from './reconciliation.events.ts';
import { alertMail, lossNote } from './provider-losses.mail.ts';
import { createLossViews } from './provider-losses.views.ts';
import { providerLosses, type ProviderLossRow } from './reconciliation.tables.ts';

export const RECOVER_LOSS_APPROVAL = 'provider_loss.recover';

export type { ProviderLossRow };

type Person = { id: string; name: string; email: string };

export type ProviderLossDeps = {
  db: Database;
  ledger: Pick<Ledger, 'post' | 'getWalletBalance'>;
  approvals: Pick<Approvals, 'request' | 'list' | 'closeFor'>;
  audit: Pick<AuditLog, 'record'>;
  clock: Clock;
  log: FastifyBaseLogger;
  appUrl: string;
  /** the purchases module's word on its purchases: never its tables */
  purchases: {
    findById(id: string, tx?: Executor): Promise<PurchaseRow | null>;
    findByIds(ids: readonly string[]): Promise<PurchaseRow[]>;
    note(event: PurchaseEventInput): Promise<void>;
  };
  /** asks VTpass about a purchase and only looks */
  askProvider: PurchaseChecks['ask'];
  people: { findUsersByIds(ids: readonly string[]): Promise<Map<string, Person>> };
  /** counted once per loss, when it is flagged */
  countLoss?: (amountKobo: Kobo) => void;
  /**
   * `provider-loss.found` (every admin is mailed) is recorded with the loss, `provider-loss.recovered` (the
   * customer hears of it) with its recovery; each is published once its transaction commits
   */
  events?: Pick<DomainEvents, 'record' | 'publish'>;
};

const recoverPayload = z.object({ userId: z.string(), purchaseId: z.string() });

/**
 * Provider-side losses: purchases we refunded that VTpass then delivered, so its float paid for something the
 * customer also has the money for. Each is flagged once, at once, wherever VTpass's word comes from (its callback, a
 * requery, the daily reconciliation), and resolved once: recovered from the customer with a second admin, or
 * written off as an expense, so the books show it either way.
 */
export function createProviderLosses(deps: ProviderLossDeps) {
  const { db, ledger, approvals, audit, clock, log } = deps;
  const { view, list } = createLossViews({ ...deps, recoverKind: RECOVER_LOSS_APPROVAL });

  async function findLoss(id: string, executor: Executor = db): Promise<ProviderLossRow> {
    const [row] = await executor.select().from(providerLosses).where(eq(providerLosses.id, id));
    if (!row) throw new AppError('NOT_FOUND', say.notFound);
    return row;
  }

  async function lossOfPurchase(purchaseId: string): Promise<ProviderLossRow | null> {
    const [row] = await db.select().from(providerLosses).where(eq(providerLosses.purchaseId, purchaseId));
    return row ?? null;
  }

  /** Marks an open loss resolved, once: the conditional update decides who resolves it. */
  async function resolve(
    tx: Transaction,
    id: string,
    status: 'recovered' | 'written_off',
    by: Actor,
    note: string,
  ): Promise<ProviderLossRow> {
    const [resolved] = await tx
      .update(providerLosses)
      .set({ status, resolvedBy: by.id ?? by.label, resolvedAt: clock.now(), note })
      .where(and(eq(providerLosses.id, id), eq(providerLosses.status, 'open')))
      .returning();
    if (!resolved) {
      await findLoss(id, tx);
      throw new AppError('CONFLICT', say.alreadyResolved);
    }
    return resolved;
  }

  async function recordEntry(tx: Transaction, id: string, entryId: string): Promise<ProviderLossRow> {
    const [row] = await tx
      .update(providerLosses)
      .set({ resolutionEntryId: entryId })
      .where(eq(providerLosses.id, id))
      .returning();
    if (!row) throw new Error(`provider loss ${id} vanished`);
    return row;
  }

  /** Records the loss once; whoever records it first tells everyone. @returns the loss, new or already known */
  async function flag(
    purchase: PurchaseRow,
    answer: Extract<RequeryAnswer, { status: 'delivered' }>,
    detectedBy: ProviderLossSource,
  ): Promise<ProviderLossRow> {
    // VTpass's total_amount; else what we recorded; else, as settling does, the amount charged
    const amountKobo = kobo(answer.costKobo ?? purchase.costKobo ?? purchase.chargedKobo);
    const customer = (await deps.people.findUsersByIds([purchase.userId])).get(purchase.userId);
    const found = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(providerLosses)
        .values({
          id: newId('plo'),
          purchaseId: purchase.id,
          userId: purchase.userId,
          refundedKobo: purchase.chargedKobo,
          amountKobo,
          detectedBy,
          detectedAt: clock.now(),
          raw: toStorableJson(answer.raw ?? null),
        })
        .onConflictDoNothing({ target: providerLosses.purchaseId })
        .returning();
      if (!row) return null;
      const event = providerLossFoundEvent({
        lossId: row.id,
        ...alertMail(row, purchase, customer, deps.appUrl),
      });
      await deps.events?.record(event, tx);
      return { loss: row, event };
    });
    if (!found) {
      const known = await lossOfPurchase(purchase.id);
      if (!known) throw new Error(`provider loss for ${purchase.id} vanished`);
      return known;
    }
    const { loss } = found;
    log.warn(
      {
        purchaseId: purchase.id,
        userId: purchase.userId,
        lossId: loss.id,
        refundedKobo: loss.refundedKobo,
        amountKobo: loss.amountKobo,
        detectedBy,
      },
      'provider-side loss: VTpass delivered a purchase we had refunded',
    );
    deps.countLoss?.(loss.amountKobo);
    await deps.purchases.note({
      purchaseId: purchase.id,
      kind: 'provider.requery',
      outcome: 'delivered',
      raw: answer.raw,
      note: lossNote(loss.amountKobo),
    });
    deps.events?.publish(found.event);
    return loss;
  }

  const providerOfPurchase = async (purchaseId: string, tx: Transaction) =>
    providerAccountOf((await deps.purchases.findById(purchaseId, tx))?.provider ?? 'vtpass');

  /** Carries out an approved recovery, inside the approval's transaction: the customer pays back the refund. */
  const recoverApproved: ApprovalHandler = async (approval, { tx, approver, afterCommit }) => {
    const { userId, purchaseId } = recoverPayload.parse(approval.payload);
    const loss = await resolve(tx, approval.targetId, 'recovered', approver, approval.reason);
    const refunded = loss.refundedKobo;
    const holds = await ledger.getWalletBalance(userId, tx);
    const tooLow = () =>
      new AppError('INSUFFICIENT_FUNDS', say.walletTooLow(formatNaira(refunded), formatNaira(holds)));
    if (holds < refunded) throw tooLow();
    // the float of the provider that delivered it after all gets back what it spent
    const provider = await providerOfPurchase(purchaseId, tx);
    const wallet = { wallet: userId };
    // what delivering it would have posted: the provider's cost, our margin or the discount we bore
    const postings: Posting[] = [
      { from: wallet, to: provider, amountKobo: kobo(Math.min(loss.amountKobo, refunded)) },
    ];
    if (refunded > loss.amountKobo)
      postings.push({
        from: wallet,
        to: { system: 'income:margin' },
        amountKobo: kobo(refunded - loss.amountKobo),
      });
    if (loss.amountKobo > refunded)
      postings.push({
        from: { system: 'expense:discounts' },
        to: provider,
        amountKobo: kobo(loss.amountKobo - refunded),
      });
    let entryId: string;
    try {
      ({ entryId } = await ledger.post(
        {
          reference: `provider-loss:${loss.id}:recover`,
          kind: 'provider-loss.recover',
          memo: `Recovered: purchase ${purchaseId} delivered after its refund`,
          actorId: approver.id,
          shard: shardFor(purchaseId),
          postings,
        },
        tx,
      ));
    } catch (error) {
      // spent between the look and the debit
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') throw tooLow();
      throw error;
    }
    const recovered = await recordEntry(tx, loss.id, entryId);
    await audit.record(
      approver,
      {
        action: 'provider_loss.recover',
        targetType: 'provider_loss',
        targetId: loss.id,
        before: { status: 'open' },
        after: {
          status: 'recovered',
          purchaseId,
          userId,
          recoveredKobo: refunded,
          amountKobo: loss.amountKobo,
          approvalId: approval.id,
          entryId,
        },
        reason: approval.reason,
      },
      tx,
    );
    const event = providerLossRecoveredEvent(recovered);
    await deps.events?.record(event, tx);
    afterCommit(() => {
      deps.events?.publish(event);
    });
    return { lossId: loss.id, status: 'recovered', recoveredKobo: refunded, entryId };
  };

  return {
    RECOVER_LOSS_APPROVAL,
    recoverApproved,
    list,

    /**
     * Whether VTpass delivered a purchase we refunded, and if so the loss, flagged at once (timeline, warn log,
     * metric, mail to every admin) and once however many callers ask. Asks VTpass with a requery that only
     * looks, unless the caller already has its answer.
     * @returns the loss, new or already known; null when the purchase is not refunded or VTpass did not deliver it
     */
    async checkRefundedPurchase(
      purchaseId: string,
      detectedBy: ProviderLossSource,
      known?: RequeryAnswer,
    ): Promise<ProviderLossRow | null> {
      const existing = await lossOfPurchase(purchaseId);
      if (existing) return existing;
      const purchase = await deps.purchases.findById(purchaseId);
      if (purchase?.status !== 'failed') return null;
      const answer = known ?? (await deps.askProvider(purchase));
      if (answer.status !== 'delivered') return null;
      return flag(purchase, answer, detectedBy);
    },

    /**
     * Asks a second admin to take the refunded amount back from the customer's wallet.
     * @throws NOT_FOUND; CONFLICT when resolved; FORBIDDEN for a loss on the admin's own account
     */
    async requestRecovery(id: string, reason: string, maker: Actor) {
      const askedAt = clock.now();
      const approval = await db.transaction(async (tx) => {
        const [loss] = await tx.select().from(providerLosses).where(eq(providerLosses.id, id)).for('update');
        if (!loss) throw new AppError('NOT_FOUND', say.notFound);
        if (loss.status !== 'open') throw new AppError('CONFLICT', say.alreadyResolved);
        return approvals.request(
          {
            kind: RECOVER_LOSS_APPROVAL,
            targetId: id,
            amountKobo: loss.refundedKobo,
            payload: { userId: loss.userId, purchaseId: loss.purchaseId },
            reason,
            onePending: true,
          },
          maker,
          tx,
        );
      });
      const isMine =
        approval.requestedBy === (maker.id ?? maker.label) &&
        approval.requestedAt.getTime() >= askedAt.getTime();
      return {
        approval: {
          id: approval.id,
          status: 'pending' as const,
          requestedAt: approval.requestedAt.toISOString(),
        },
        message: isMine ? say.recoveryRequested : say.recoveryAwaitingApproval,
      };
    },

    /**
     * Books the loss as an expense: what VTpass took goes from `expense:provider-losses` to its account. One admin,
     * with a reason; a recovery still waiting is closed. @throws NOT_FOUND; CONFLICT when resolved; FORBIDDEN for a
     * loss on the admin's own account
     */
    async writeOff(id: string, reason: string, actor: Actor): Promise<ProviderLoss> {
      const loss = await findLoss(id);
      if (actor.id && loss.userId === actor.id)
        throw new AppError('FORBIDDEN', approvalMessages.ownAccountRequest);
      const written = await db.transaction(async (tx) => {
        // the approval's row before the loss's, as an approval being carried out takes them: no deadlock
        await approvals.closeFor(
          { targetId: id, kind: RECOVER_LOSS_APPROVAL },
          'The loss was written off.',
          tx,
        );
        const resolved = await resolve(tx, id, 'written_off', actor, reason);
        const { entryId } = await ledger.post(
          {
            reference: `provider-loss:${id}:write-off`,
            kind: 'provider-loss.write-off',
            memo: `Written off: purchase ${resolved.purchaseId} delivered after its refund`,
            actorId: actor.id,
            shard: shardFor(resolved.purchaseId),
            postings: [
              {
                from: { system: 'expense:provider-losses' },
                to: await providerOfPurchase(resolved.purchaseId, tx),
                amountKobo: resolved.amountKobo,
              },
            ],
          },
          tx,
        );
        const recorded = await recordEntry(tx, id, entryId);
        await audit.record(
          actor,
          {
            action: 'provider_loss.write_off',
            targetType: 'provider_loss',
            targetId: id,
            before: { status: 'open' },
            after: {
              status: 'written_off',
              purchaseId: resolved.purchaseId,
              amountKobo: resolved.amountKobo,
              entryId,
            },
            reason,
          },
          tx,
        );
        return recorded;
      });
      const [shown] = await view([written]);
      if (!shown) throw new Error('provider loss view missing');
      return shown;
    },

    /** Why a waiting recovery no longer applies: its loss is already resolved. */
    staleReasonOf: async (approval: ApprovalRow): Promise<string | null> => {
      const [loss] = await db.select().from(providerLosses).where(eq(providerLosses.id, approval.targetId));
      if (!loss) return 'The loss no longer exists.';
      if (loss.status === 'written_off') return 'The loss was written off.';
      if (loss.status === 'recovered') return 'The loss was already recovered.';
      return null;
    },
  };
}

export type ProviderLosses = ReturnType<typeof createProviderLosses>;
