import { and, asc, eq, gt, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { RefusedTargetError, safePost, type Resolver, type SafePostAnswer } from './safe-fetch.ts';
import { signatureHeader, type SecretBox } from './webhook-secrets.ts';
import type { MessageRow } from './webhook-views.ts';
import { webhookEndpoints, webhookMessages, type StoredAttempt } from './webhooks.tables.ts';

export const DELIVER_JOB = 'webhooks.deliver';
export const DELIVER_DUE_JOB = 'webhooks.deliver-due';

/** Seconds before each retry: 10 attempts over about three days, then the message is given up. */
export const RETRY_SCHEDULE_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 50_400, 72_000, 72_000] as const;
const MAX_RETRY_AFTER_SECONDS = 24 * 60 * 60;
const LOCK_MS = 60_000;
const KEEP_ATTEMPTS = 20;
const LOG_BODY_CHARS = 2_000;

export const GONE_FAILURE = 'Your endpoint answered 410 Gone, so we turned it off.';
export const OFF_FAILURE = 'Not sent: the webhook endpoint is turned off.';
export const GAVE_UP_FAILURE = 'Given up after about three days of tries without a 2xx answer.';

export type DeliveryDeps = {
  db: Database;
  clock: Clock;
  jobs: Pick<JobQueue, 'send'>;
  secrets: SecretBox;
  log: Pick<FastifyBaseLogger, 'warn'>;
  allowPrivateTargets: boolean;
  timeoutMs?: number;
  resolve?: Resolver;
  /** 0 to 1; a fixed value in tests */
  random?: () => number;
};

/** Seconds from a `Retry-After` header: a number of seconds or an HTTP date. */
export function retryAfterSeconds(header: string | string[] | undefined, now: Date): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const seconds = /^\d+$/.test(value.trim())
    ? Number(value.trim())
    : (Date.parse(value) - now.getTime()) / 1000;
  if (!Number.isFinite(seconds)) return null;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(seconds)));
}

export function createDelivery(deps: DeliveryDeps) {
  const { db, clock } = deps;
  const random = deps.random ?? Math.random;

  /** Holds a message that is due, pending, not in flight and not waiting behind an earlier one of its purchase. */
  async function claim(id: string, now: Date): Promise<MessageRow | null> {
    const [row] = await db
      .update(webhookMessages)
      .set({ lockedUntil: new Date(now.getTime() + LOCK_MS) })
      .where(
        and(
          eq(webhookMessages.id, id),
          eq(webhookMessages.status, 'pending'),
          lte(webhookMessages.nextAttemptAt, now),
          or(isNull(webhookMessages.lockedUntil), lte(webhookMessages.lockedUntil, now)),
          sql`not exists (select 1 from webhook_messages earlier where earlier.purchase_id = ${webhookMessages.purchaseId}
            and earlier.user_id = ${webhookMessages.userId} and earlier.mode = ${webhookMessages.mode}
            and earlier.id < ${webhookMessages.id} and earlier.status = 'pending')`,
        ),
      )
      .returning();
    return row ?? null;
  }

  const withAttempt = (row: MessageRow, attempt: StoredAttempt) =>
    [...row.attempts, attempt].slice(-KEEP_ATTEMPTS);

  async function finish(row: MessageRow, set: Partial<typeof webhookMessages.$inferInsert>) {
    await db
      .update(webhookMessages)
      .set({ ...set, lockedUntil: null })
      .where(eq(webhookMessages.id, row.id));
    if (set.status && set.status !== 'pending' && row.purchaseId) {
      // the next message of the same purchase was waiting for this one
      const [next] = await db
        .select({ id: webhookMessages.id })
        .from(webhookMessages)
        .where(
          and(
            eq(webhookMessages.purchaseId, row.purchaseId),
            eq(webhookMessages.userId, row.userId),
            eq(webhookMessages.status, 'pending'),
            gt(webhookMessages.id, row.id),
          ),
        )
        .orderBy(asc(webhookMessages.id))
        .limit(1);
      if (next) await deps.jobs.send(DELIVER_JOB, { messageId: next.id });
    }
  }

  async function send(row: MessageRow, url: string, signingSecrets: string[], now: Date) {
    const timestamp = Math.floor(now.getTime() / 1000);
    const body = JSON.stringify(row.payload);
    const started = performance.now();
    let answer: SafePostAnswer | null = null;
    let error: string | null = null;
    let refused = false;
    try {
      answer = await safePost(
        url,
        {
          headers: {
            'content-type': 'application/json',
            'user-agent': 'QuickVend-Webhooks/1',
            'webhook-id': row.id,
            'webhook-timestamp': String(timestamp),
            'webhook-signature': signatureHeader(signingSecrets, row.id, timestamp, body),
          },
          body,
        },
        {
          allowPrivate: deps.allowPrivateTargets,
          ...(deps.timeoutMs !== undefined && { timeoutMs: deps.timeoutMs }),
          ...(deps.resolve && { resolve: deps.resolve }),
        },
      );
    } catch (caught) {
      refused = caught instanceof RefusedTargetError;
      error = caught instanceof Error ? caught.message : String(caught);
    }
    const attempt: StoredAttempt = {
      at: now.toISOString(),
      statusCode: answer?.statusCode ?? null,
      durationMs: Math.round(performance.now() - started),
      error:
        error ??
        (answer && answer.statusCode >= 300 && answer.statusCode < 400
          ? 'Redirects are not followed: answer 2xx at this address.'
          : null),
      body: answer?.body.slice(0, LOG_BODY_CHARS) ?? '',
    };
    return { answer, attempt, refused };
  }

  /**
   * One attempt of a message, if it is due: 2xx delivers it; 410 turns the endpoint off and gives up its pending
   * messages; anything else (429, 5xx, a redirect, no answer) is tried again on the schedule, or at the endpoint's
   * `Retry-After`, until the schedule runs out.
   */
  async function attempt(messageId: string): Promise<void> {
    const now = clock.now();
    const row = await claim(messageId, now);
    if (!row) return;
    const [endpoint] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, row.userId), eq(webhookEndpoints.mode, row.mode)));
    if (!endpoint?.enabled) {
      await finish(row, { status: 'failed', failure: OFF_FAILURE });
      return;
    }
    const signingSecrets = [deps.secrets.open(endpoint.secret)];
    if (endpoint.previousSecret && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now)
      signingSecrets.push(deps.secrets.open(endpoint.previousSecret));
    const { answer, attempt: tried, refused } = await send(row, endpoint.url, signingSecrets, now);
    const attempts = withAttempt(row, tried);
    const status = answer?.statusCode ?? 0;
    if (status >= 200 && status < 300) {
      await finish(row, { status: 'delivered', attempts, deliveredAt: now, failure: null });
      return;
    }
    if (status === 410) {
      await db
        .update(webhookEndpoints)
        .set({ enabled: false, disabledReason: 'gone', disabledAt: now, updatedAt: now })
        .where(and(eq(webhookEndpoints.userId, row.userId), eq(webhookEndpoints.mode, row.mode)));
      await finish(row, { status: 'failed', attempts, failure: GONE_FAILURE });
      await db
        .update(webhookMessages)
        .set({ status: 'failed', failure: OFF_FAILURE })
        .where(
          and(
            eq(webhookMessages.userId, row.userId),
            eq(webhookMessages.mode, row.mode),
            eq(webhookMessages.status, 'pending'),
          ),
        );
      return;
    }
    const scheduled = RETRY_SCHEDULE_SECONDS[row.retries];
    if (scheduled === undefined || refused) {
      await finish(row, { status: 'failed', attempts, failure: refused ? tried.error : GAVE_UP_FAILURE });
      return;
    }
    const jittered = Math.round(scheduled * (0.9 + 0.2 * random()));
    const delaySeconds = retryAfterSeconds(answer?.headers['retry-after'], now) ?? Math.max(1, jittered);
    await finish(row, {
      attempts,
      retries: row.retries + 1,
      nextAttemptAt: new Date(now.getTime() + delaySeconds * 1000),
    });
    await deps.jobs.send(
      DELIVER_JOB,
      { messageId: row.id },
      { startAfterSeconds: delaySeconds, dedupeKey: `${row.id}:${row.retries + 1}` },
    );
  }

  /** Every message that is due now, oldest first (what a lost job or a restart left behind). */
  async function deliverDue(limit = 100): Promise<void> {
    const due = await db
      .select({ id: webhookMessages.id })
      .from(webhookMessages)
      .where(and(eq(webhookMessages.status, 'pending'), lte(webhookMessages.nextAttemptAt, clock.now())))
      .orderBy(asc(webhookMessages.id))
      .limit(limit);
    for (const { id } of due) {
      try {
        await attempt(id);
      } catch (error) {
        deps.log.warn({ err: error, messageId: id }, 'a webhook attempt failed');
      }
    }
  }

  return {
    attempt,
    deliverDue,
    async registerJobs(jobs: Pick<JobQueue, 'work' | 'schedule'>): Promise<void> {
      await jobs.work(DELIVER_JOB, z.object({ messageId: z.string() }), ({ messageId }) =>
        attempt(messageId),
      );
      await jobs.work(DELIVER_DUE_JOB, z.object({}), () => deliverDue());
      await jobs.schedule(DELIVER_DUE_JOB, '* * * * *');
    },
  };
}

export type Delivery = ReturnType<typeof createDelivery>;
