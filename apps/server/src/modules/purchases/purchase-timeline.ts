import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { toStorableJson } from '../../lib/storable-json.ts';
import type { BillsProviderName } from '@quickvend/shared/providers';
import type { ProviderOutcome } from './purchases.port.ts';
import { purchaseEvents, type PurchaseEventKind } from './purchases.tables.ts';

export type PurchaseEventRow = typeof purchaseEvents.$inferSelect;

export type PurchaseEventInput = {
  purchaseId: string;
  kind: PurchaseEventKind;
  /** delivered, failed, pending, unknown, requested */
  outcome?: string | null;
  code?: string | null;
  /** the provider's answer as it came; keys and secrets are removed before it is stored */
  raw?: unknown;
  note?: string | null;
  actorId?: string | null;
  /** when it happened, if not now */
  at?: Date;
  /** the aggregator asked, for provider calls and requeries */
  provider?: BillsProviderName | null;
};

const SECRET_FIELD =
  /api[-_]?key|secret|password|passwd|authori[sz]ation|bearer|private[-_]?key|public[-_]?key/i;
const REMOVED = '[removed]';
/** A larger answer is kept as its first characters: a timeline line, not an archive. */
const MAX_RAW_CHARS = 16_000;
/** A callback only triggers a requery (whose answer is kept whole): its body needs less room. */
export const MAX_CALLBACK_RAW_CHARS = 4_000;
/** Anyone may send callbacks: each purchase keeps at most one of them per this long. */
export const CALLBACK_EVERY_MS = 60_000;
/** The most lines one read of a timeline returns: the newest first, older ones a page at a time. */
export const TIMELINE_PAGE_SIZE = 50;

/** The provider's answer without anything that looks like a key, small enough to keep. */
export function sanitizeRaw(raw: unknown, maxChars = MAX_RAW_CHARS): unknown {
  if (raw === undefined) return null;
  const strip = (value: unknown, depth: number): unknown => {
    if (depth > 20) return REMOVED;
    if (Array.isArray(value)) return value.map((item) => strip(item, depth + 1));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, entry]) => [
          key,
          SECRET_FIELD.test(key) ? REMOVED : strip(entry, depth + 1),
        ]),
      );
    }
    return value;
  };
  const stripped = toStorableJson(strip(raw, 0));
  const text = JSON.stringify(stripped);
  return text.length > maxChars
    ? { truncated: true, chars: text.length, text: text.slice(0, maxChars) }
    : stripped;
}

/**
 * The timeline of each purchase: every call to the provider, every callback and every admin action. Recording
 * is never part of the money's path: a failure to record is logged, never thrown, and inside a caller's
 * transaction it is a savepoint of its own, so it cannot undo what the transaction does.
 */
export function createPurchaseTimeline(deps: { db: Database; clock: Clock; log: FastifyBaseLogger }) {
  const { db, clock, log } = deps;

  const rowOf = (event: PurchaseEventInput, maxRawChars?: number) => ({
    id: newId('pev'),
    purchaseId: event.purchaseId,
    at: event.at ?? clock.now(),
    kind: event.kind,
    outcome: event.outcome ?? null,
    code: event.code ?? null,
    raw: sanitizeRaw(event.raw, maxRawChars),
    note: event.note ?? null,
    actorId: event.actorId ?? null,
    provider: event.provider ?? null,
  });

  async function record(event: PurchaseEventInput, tx?: Transaction): Promise<void> {
    try {
      const values = rowOf(event);
      if (tx) {
        await tx.transaction(async (savepoint) => {
          await savepoint.insert(purchaseEvents).values(values);
        });
      } else {
        await db.insert(purchaseEvents).values(values);
      }
    } catch (error) {
      log.error(
        { err: error, purchaseId: event.purchaseId, kind: event.kind },
        'could not record a purchase event',
      );
    }
  }

  /**
   * A provider callback's line, unless the purchase already has one from the last minute: anyone may send
   * callbacks, and a burst of them must not grow the timeline. Concurrent callbacks for one purchase take
   * turns on a lock, so a burst keeps exactly one. Never throws; returns whether the line was kept.
   */
  async function recordCallback(event: Omit<PurchaseEventInput, 'kind' | 'at'>): Promise<boolean> {
    const at = clock.now();
    const hasRecent = async (executor: Database | Transaction) => {
      const [recent] = await executor
        .select({ id: purchaseEvents.id })
        .from(purchaseEvents)
        .where(
          and(
            eq(purchaseEvents.purchaseId, event.purchaseId),
            eq(purchaseEvents.kind, 'provider.callback'),
            gt(purchaseEvents.at, new Date(at.getTime() - CALLBACK_EVERY_MS)),
          ),
        )
        .limit(1);
      return recent !== undefined;
    };
    try {
      // most of a burst stops here, without waiting on the lock
      if (await hasRecent(db)) return false;
      const values = rowOf({ ...event, kind: 'provider.callback', at }, MAX_CALLBACK_RAW_CHARS);
      return await db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`purchase-callback:${event.purchaseId}`}))`,
        );
        if (await hasRecent(tx)) return false;
        await tx.insert(purchaseEvents).values(values);
        return true;
      });
    } catch (error) {
      log.error(
        { err: error, purchaseId: event.purchaseId, kind: 'provider.callback' },
        'could not record a purchase event',
      );
      return false;
    }
  }

  /**
   * A page of the timeline: the newest `limit` lines before the line `before` (or the newest of all), shown
   * oldest first, and the cursor for the page before them (null when there is none).
   */
  async function listPage(
    purchaseId: string,
    page: { before?: string | undefined; limit?: number } = {},
  ): Promise<{ events: PurchaseEventRow[]; olderCursor: string | null }> {
    const limit = page.limit ?? TIMELINE_PAGE_SIZE;
    const rows = await db
      .select()
      .from(purchaseEvents)
      .where(
        and(
          eq(purchaseEvents.purchaseId, purchaseId),
          page.before
            ? sql`(${purchaseEvents.at}, ${purchaseEvents.id}) < (select mark.at, mark.id from purchase_events mark where mark.id = ${page.before} and mark.purchase_id = ${purchaseId})`
            : undefined,
        ),
      )
      .orderBy(desc(purchaseEvents.at), desc(purchaseEvents.id))
      .limit(limit + 1);
    const events = rows.slice(0, limit).reverse();
    return { events, olderCursor: rows.length > limit ? (events[0]?.id ?? null) : null };
  }

  return { record, recordCallback, listPage };
}

export type PurchaseTimeline = ReturnType<typeof createPurchaseTimeline>;

/** A provider's answer as a line of the timeline. */
export function providerEvent(
  purchaseId: string,
  kind: 'provider.purchase' | 'provider.requery' | 'customer.dispute',
  answer: ProviderOutcome | ({ status: 'unknown' } & { raw?: unknown }),
  at: Date,
  provider: BillsProviderName,
): PurchaseEventInput {
  return {
    purchaseId,
    kind,
    at,
    provider,
    outcome: answer.status,
    code: 'code' in answer ? answer.code : null,
    raw: answer.raw,
    note: 'message' in answer ? answer.message : null,
  };
}
