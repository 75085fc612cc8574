import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { BillsProviderName } from '@quickvend/shared/providers';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import type { ProviderAnswer } from './purchase-lifecycle.ts';
import { providerEvent, type PurchaseTimeline } from './purchase-timeline.ts';
import {
  VTPASS_ONLY,
  type BillsProvider,
  type ProviderOutcome,
  type PurchaseRouting,
} from './purchases.port.ts';
import { OPEN, type PurchaseRow } from './purchases.repo.ts';
import { purchaseFailovers, purchases } from './purchases.tables.ts';

export type PurchaseMovesDeps = {
  db: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  provider: Pick<BillsProvider, 'newRequestId'>;
  routing?: PurchaseRouting | undefined;
  timeline?: Pick<PurchaseTimeline, 'record'> | undefined;
  askProvider: (row: PurchaseRow) => Promise<ProviderOutcome>;
};

/**
 * A purchase's move to another aggregator after a definite failure at its own (the `moveTo` step of
 * PURCHASE_STEPS): with one provider at a time, at most once, under a new request id.
 */
export function createPurchaseMoves(deps: PurchaseMovesDeps) {
  const { db, clock, log, provider } = deps;
  const routing = deps.routing ?? VTPASS_ONLY;

  /**
   * After a definite failure at the purchase's provider, to `to` under a new request id; the provider it leaves
   * keeps its request id findable (purchase_failovers). One transaction, only while the purchase is open with the
   * request id that failed, so concurrent answers move it once. Committed before `to` is asked: after a crash in
   * between, `to` has never seen it, and the requery of the orphan finds it unknown and refunds it after the grace.
   * Moves no money: the hold waits for whichever provider ends it.
   * @returns the moved purchase, or null when it had changed since it was read
   */
  async function moveTo(
    read: PurchaseRow,
    to: BillsProviderName,
    failure: { code: string | null; message: string },
  ): Promise<PurchaseRow | null> {
    const now = clock.now();
    const providerRequestId = provider.newRequestId(now, read.mode, to);
    return db.transaction(async (tx) => {
      const [moved] = await tx
        .update(purchases)
        .set({ provider: to, providerRequestId, movedAt: now, updatedAt: now })
        .where(
          and(
            eq(purchases.id, read.id),
            inArray(purchases.status, OPEN),
            eq(purchases.providerRequestId, read.providerRequestId),
          ),
        )
        .returning();
      if (!moved) return null;
      await tx.insert(purchaseFailovers).values({
        id: newId('pfo'),
        purchaseId: read.id,
        provider: read.provider,
        providerRequestId: read.providerRequestId,
        code: failure.code,
        message: failure.message,
        movedTo: to,
        at: now,
      });
      return moved;
    });
  }

  /** Where a provider's definite failure sends the purchase, if anywhere (routing failing means nowhere). */
  async function fallbackFor(row: PurchaseRow, answer: ProviderAnswer): Promise<BillsProviderName | null> {
    if (answer.status !== 'failed' || row.movedAt !== null) return null;
    try {
      const { serviceId, variationCode, amountKobo, mode } = row;
      return await routing.next({
        serviceId,
        variationCode,
        amountKobo,
        mode,
        from: row.provider,
        code: answer.code,
      });
    } catch (error) {
      log.error({ err: error, purchaseId: row.id }, 'routing failed; the purchase is refunded');
      return null;
    }
  }

  /** The moved purchase's call to its new provider, told to routing and the timeline as the first call was. */
  async function askMoved(moved: PurchaseRow): Promise<ProviderOutcome> {
    const outcome = await deps.askProvider(moved);
    const answeredAt = clock.now();
    routing.observe?.({ serviceId: moved.serviceId, provider: moved.provider, outcome });
    await deps.timeline?.record(
      providerEvent(moved.id, 'provider.purchase', outcome, answeredAt, moved.provider),
    );
    return outcome;
  }

  return { moveTo, fallbackFor, askMoved };
}
