import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { newId } from '../../lib/ids.ts';
import { toStorableJson } from '../../lib/storable-json.ts';
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
};

const SECRET_FIELD =
  /api[-_]?key|secret|password|passwd|authori[sz]ation|bearer|private[-_]?key|public[-_]?key/i;
const REMOVED = '[removed]';
/** A larger answer is kept as its first characters: a timeline line, not an archive. */
const MAX_RAW_CHARS = 16_000;

/** The provider's answer without anything that looks like a key, small enough to keep. */
export function sanitizeRaw(raw: unknown): unknown {
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
  return text.length > MAX_RAW_CHARS ? { truncated: true, text: text.slice(0, MAX_RAW_CHARS) } : stripped;
}

/**
 * The timeline of each purchase: every call to the provider, every callback and every admin action. Recording
 * is never part of the money's path: a failure to record is logged, never thrown, and inside a caller's
 * transaction it is a savepoint of its own, so it cannot undo what the transaction does.
 */
export function createPurchaseTimeline(deps: { db: Database; clock: Clock; log: FastifyBaseLogger }) {
  const { db, clock, log } = deps;

  async function record(event: PurchaseEventInput, tx?: Transaction): Promise<void> {
    try {
      const values = {
        id: newId('pev'),
        purchaseId: event.purchaseId,
        at: event.at ?? clock.now(),
        kind: event.kind,
        outcome: event.outcome ?? null,
        code: event.code ?? null,
        raw: sanitizeRaw(event.raw),
        note: event.note ?? null,
        actorId: event.actorId ?? null,
      };
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

  /** Oldest first. */
  async function list(purchaseId: string): Promise<PurchaseEventRow[]> {
    return db
      .select()
      .from(purchaseEvents)
      .where(eq(purchaseEvents.purchaseId, purchaseId))
      .orderBy(asc(purchaseEvents.at), asc(purchaseEvents.id));
  }

  return { record, list };
}

export type PurchaseTimeline = ReturnType<typeof createPurchaseTimeline>;

/** A provider's answer as a line of the timeline. */
export function providerEvent(
  purchaseId: string,
  kind: 'provider.purchase' | 'provider.requery' | 'customer.dispute',
  answer: ProviderOutcome | ({ status: 'unknown' } & { raw?: unknown }),
  at: Date,
): PurchaseEventInput {
  return {
    purchaseId,
    kind,
    at,
    outcome: answer.status,
    code: 'code' in answer ? answer.code : null,
    raw: answer.raw,
    note: 'message' in answer ? answer.message : null,
  };
}
