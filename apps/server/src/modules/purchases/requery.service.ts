import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { CONFIRMING } from '@quickvend/shared/messages/purchase';
import { BILLS_PROVIDER_LABELS, type BillsProviderName } from '@quickvend/shared/providers';
import type { ProviderAnswer } from './purchase-lifecycle.ts';
import { errorText, type PurchaseSteps } from './purchase-steps.ts';
import { providerEvent, type PurchaseTimeline } from './purchase-timeline.ts';
import { ProviderUnavailableError, type BillsProvider, type ProviderOutcome } from './purchases.port.ts';
import { OPEN, type PurchaseRow, type PurchasesRepo } from './purchases.repo.ts';

/** How often a caller's look at an open purchase may ask the provider. */
const CALLER_REQUERY_EVERY_MS = 60_000;

export type RequeryAnswer = ProviderOutcome | ({ status: 'unknown' } & Pick<ProviderOutcome, 'raw'>);

export type RequeryDeps = {
  repo: Pick<PurchasesRepo, 'getById' | 'findByProviderRequestId' | 'listDue' | 'claimCallerRequery'>;
  steps: Pick<PurchaseSteps, 'applyOutcome' | 'applyAnswer'>;
  provider: Pick<BillsProvider, 'requery'>;
  timeline: Pick<PurchaseTimeline, 'record' | 'recordCallback'>;
  jobs: Pick<JobQueue, 'send'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** a purchase still `processing` this long is taken to be orphaned by a crash and requeried */
  recheckAfterSeconds: number;
};

/** Open purchases asked about again: on the backoff schedule, on a provider callback, and at reconciliation. */
export function createRequery(deps: RequeryDeps) {
  const { repo, steps, provider, clock, log } = deps;

  /**
   * Asks the provider again about an open purchase and applies the answer.
   * @returns what the provider said, or null when the purchase was already final
   */
  async function requeryNow(id: string): Promise<RequeryAnswer | null> {
    const row = await repo.getById(id);
    if (!OPEN.includes(row.status)) return null;
    let answer: ProviderAnswer;
    // what the timeline and the caller read: a provider we could not reach reads as pending
    let result: RequeryAnswer;
    try {
      result = await provider.requery(row.providerRequestId, row.provider);
      answer = result;
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError))
        log.error({ err: error, purchaseId: id }, 'requery failed');
      answer = { status: 'unreachable' };
      result = {
        status: 'pending',
        message: row.message || CONFIRMING,
        code: null,
        raw: { error: errorText(error) },
      };
    }
    const answeredAt = clock.now();
    await steps.applyOutcome(row, answer);
    await deps.timeline.record(providerEvent(id, 'provider.requery', result, answeredAt, row.provider));
    return result;
  }

  /**
   * A provider callback never moves money by itself: it only triggers a requery. For a purchase we refunded it
   * triggers one that only looks, in case the provider delivered it after all. Anyone can send one naming a
   * reference its customer was shown, so the timeline keeps at most one a minute of an open purchase's
   * callbacks, and none of a final one's (what the check finds is recorded instead).
   */
  async function onProviderCallback(
    providerRequestId: string,
    raw?: unknown,
    from: BillsProviderName = 'vtpass',
  ): Promise<void> {
    // our request ids are short: anything longer is not ours and costs no lookup
    if (providerRequestId.length > 64) return;
    const row = await repo.findByProviderRequestId(providerRequestId);
    if (!row) return;
    // an open purchase's callbacks are kept (at most one a minute); a final one's check records what it finds
    if (OPEN.includes(row.status))
      await deps.timeline.recordCallback({
        purchaseId: row.id,
        raw,
        provider: from,
        note: `Asked ${BILLS_PROVIDER_LABELS[row.provider]} again`,
      });
    await steps.applyAnswer(row, { status: 'callback' });
  }

  /**
   * A purchase its owner asks about, after asking the provider when it has been open over a minute: at most
   * once a minute per purchase, however many callers and processes ask. The answer settles it through the same
   * lifecycle as any requery; a provider that cannot be reached leaves it as it was, never an error.
   */
  async function freshen(row: PurchaseRow): Promise<PurchaseRow> {
    if (!OPEN.includes(row.status)) return row;
    const now = clock.now();
    const minuteAgo = new Date(now.getTime() - CALLER_REQUERY_EVERY_MS);
    if (row.createdAt.getTime() > minuteAgo.getTime()) return row;
    if (!(await repo.claimCallerRequery(row.id, now, minuteAgo))) return row;
    try {
      await requeryNow(row.id);
    } catch (error) {
      log.warn({ err: error, purchaseId: row.id }, "a caller's requery failed; answered with what we know");
      return row;
    }
    return repo.getById(row.id);
  }

  /** Requeries every purchase that is due or looks orphaned, now; returns what changed. */
  async function reconcile(): Promise<{ id: string; from: string; to: string }[]> {
    const now = clock.now();
    const due = await repo.listDue(now, new Date(now.getTime() - deps.recheckAfterSeconds * 1000));
    const changes: { id: string; from: string; to: string }[] = [];
    for (const { id, status } of due) {
      await requeryNow(id);
      const after = await repo.getById(id);
      if (after.status !== status) changes.push({ id, from: status, to: after.status });
    }
    return changes;
  }

  return { requeryNow, onProviderCallback, reconcile, freshen };
}
