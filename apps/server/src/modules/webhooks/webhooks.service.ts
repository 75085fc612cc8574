import { and, desc, eq, lt } from 'drizzle-orm';
import { profileTexts } from '@quickvend/shared/api/profile';
import { webhookTexts, type WebhookMessageStatus, type WebhookMode } from '@quickvend/shared/api/webhooks';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { createDelivery, DELIVER_JOB, type DeliveryDeps } from './webhook-delivery.ts';
import { createSecretBox, newSigningSecret, secretPrefixOf } from './webhook-secrets.ts';
import { toEndpointView, toMessageView } from './webhook-views.ts';
import { webhookEndpoints, webhookMessages } from './webhooks.tables.ts';

const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;
const WRONG_PASSWORD = 'That password is not right. Enter the password you sign in with.';
const PASSWORD_TRIES = { max: 5, windowSeconds: 15 * 60 };
const RESENDS = { max: 30, windowSeconds: 60 };

export type WebhooksDeps = Omit<DeliveryDeps, 'secrets' | 'jobs'> & {
  jobs: Pick<JobQueue, 'send'>;
  authSecret: string;
  /** live PROVIDER_MODE: endpoints must be https */
  requireHttps: boolean;
  rateLimiter: Pick<RateLimiter, 'consume' | 'countFailures'>;
  verifyPassword: (userId: string, password: string) => Promise<boolean>;
  partnerAccessOf: (userId: string) => Promise<Date | null>;
};

/** A message as the subscriber makes it from a domain event. */
export type NewMessage = {
  userId: string;
  mode: WebhookMode;
  eventId: string;
  type: string;
  purchaseId: string | null;
  data: Record<string, unknown>;
};

export function createWebhooks(deps: WebhooksDeps) {
  const { db, clock } = deps;
  const secrets = createSecretBox(deps.authSecret);
  const delivery = createDelivery({ ...deps, secrets });

  async function findEndpoint(userId: string, mode: WebhookMode) {
    const [row] = await db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.mode, mode)));
    return row ?? null;
  }

  function checkUrl(url: string): string {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new AppError('VALIDATION_FAILED', webhookTexts.urlNeeded, {
        fields: { url: webhookTexts.urlNeeded },
      });
    }
    const allowed = deps.requireHttps ? ['https:'] : ['https:', 'http:'];
    if (!allowed.includes(parsed.protocol) || parsed.username || parsed.password) {
      const message = deps.requireHttps ? webhookTexts.httpsNeeded : webhookTexts.urlNeeded;
      throw new AppError('VALIDATION_FAILED', message, { fields: { url: message } });
    }
    return parsed.toString();
  }

  return {
    delivery,

    async getEndpoint(userId: string, mode: WebhookMode) {
      const row = await findEndpoint(userId, mode);
      return row && toEndpointView(row, clock.now());
    },

    /**
     * Sets the address, and turns the endpoint on or off (on again clears why it was off). The first call makes
     * the endpoint and its signing secret, returned here only.
     * @throws FORBIDDEN without partner access, VALIDATION_FAILED for an address we do not send to
     */
    async putEndpoint(userId: string, input: { mode: WebhookMode; url: string; enabled: boolean }) {
      if (!(await deps.partnerAccessOf(userId)))
        throw new AppError('FORBIDDEN', profileTexts.partnerAccessNeeded);
      const url = checkUrl(input.url);
      const now = clock.now();
      const off = input.enabled ? {} : { disabledReason: 'manual' as const, disabledAt: now };
      const on = { disabledReason: null, disabledAt: null };
      const existing = await findEndpoint(userId, input.mode);
      if (existing) {
        const [row] = await db
          .update(webhookEndpoints)
          .set({
            url,
            enabled: input.enabled,
            // turning off again keeps the first reason (a 410 stays a 410 until it is turned on)
            ...(input.enabled ? on : existing.enabled ? off : {}),
            updatedAt: now,
          })
          .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.mode, input.mode)))
          .returning();
        if (!row) throw new Error('webhook endpoint update returned nothing');
        return { endpoint: toEndpointView(row, now), secret: null };
      }
      const secret = newSigningSecret();
      const [row] = await db
        .insert(webhookEndpoints)
        .values({
          userId,
          mode: input.mode,
          url,
          secret: secrets.seal(secret),
          secretPrefix: secretPrefixOf(secret),
          enabled: input.enabled,
          ...off,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('CONFLICT', 'The endpoint was just made elsewhere. Load the page again.');
      return { endpoint: toEndpointView(row, now), secret };
    },

    /**
     * A new signing secret, returned here only; the previous one keeps signing beside it for 24 hours, so the
     * partner can deploy the new one without missing a message.
     * @throws NOT_FOUND without an endpoint, INVALID_CREDENTIALS, RATE_LIMITED
     */
    async rotateSecret(userId: string, input: { mode: WebhookMode; password: string }) {
      await deps.rateLimiter.countFailures(
        [{ key: `webhook-secret-password:user:${userId}`, ...PASSWORD_TRIES }],
        async () => {
          if (!(await deps.verifyPassword(userId, input.password))) {
            throw new AppError('INVALID_CREDENTIALS', WRONG_PASSWORD, {
              fields: { password: WRONG_PASSWORD },
            });
          }
        },
      );
      const existing = await findEndpoint(userId, input.mode);
      if (!existing) throw new AppError('NOT_FOUND', webhookTexts.noEndpoint);
      const now = clock.now();
      const secret = newSigningSecret();
      const [row] = await db
        .update(webhookEndpoints)
        .set({
          secret: secrets.seal(secret),
          secretPrefix: secretPrefixOf(secret),
          previousSecret: existing.secret,
          previousSecretUntil: new Date(now.getTime() + ROTATION_OVERLAP_MS),
          updatedAt: now,
        })
        .where(and(eq(webhookEndpoints.userId, userId), eq(webhookEndpoints.mode, input.mode)))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', webhookTexts.noEndpoint);
      return { endpoint: toEndpointView(row, now), secret };
    },

    /**
     * The message of one domain event, if its owner has an endpoint turned on for its mode; sent at once.
     * A replayed event makes no second message.
     */
    async createMessage(input: NewMessage): Promise<string | null> {
      const endpoint = await findEndpoint(input.userId, input.mode);
      if (!endpoint?.enabled) return null;
      const now = clock.now();
      const [row] = await db
        .insert(webhookMessages)
        .values({
          id: newId('msg'),
          userId: input.userId,
          mode: input.mode,
          eventId: input.eventId,
          type: input.type,
          purchaseId: input.purchaseId,
          payload: { type: input.type, timestamp: now.toISOString(), data: input.data },
          nextAttemptAt: now,
          createdAt: now,
        })
        .onConflictDoNothing({ target: webhookMessages.eventId })
        .returning({ id: webhookMessages.id });
      // a replay finds its message made: the first run sent its job, and the sweep sends what is due
      if (!row) return null;
      await deps.jobs.send(DELIVER_JOB, { messageId: row.id });
      return row.id;
    },

    /** The caller's messages, newest first, `limit` a page. */
    async listMessages(
      userId: string,
      query: {
        limit: number;
        cursor?: string | undefined;
        status?: WebhookMessageStatus | undefined;
        mode?: WebhookMode | undefined;
      },
    ) {
      const rows = await db
        .select()
        .from(webhookMessages)
        .where(
          and(
            eq(webhookMessages.userId, userId),
            query.cursor ? lt(webhookMessages.id, query.cursor) : undefined,
            query.status ? eq(webhookMessages.status, query.status) : undefined,
            query.mode ? eq(webhookMessages.mode, query.mode) : undefined,
          ),
        )
        .orderBy(desc(webhookMessages.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      return {
        messages: page.map(toMessageView),
        nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    /**
     * Sends a message again, with its id (the endpoint may have seen it), from the start of the retry schedule.
     * @throws NOT_FOUND when it is not the caller's, CONFLICT while its endpoint is off, RATE_LIMITED
     */
    /** `mode`: a key resends only messages of its own mode */
    async resend(userId: string, messageId: string, mode?: WebhookMode) {
      await deps.rateLimiter.consume([{ key: `webhook-resend:user:${userId}`, ...RESENDS }]);
      const [message] = await db
        .select()
        .from(webhookMessages)
        .where(
          and(
            eq(webhookMessages.id, messageId),
            eq(webhookMessages.userId, userId),
            mode ? eq(webhookMessages.mode, mode) : undefined,
          ),
        );
      if (!message) throw new AppError('NOT_FOUND', webhookTexts.notFound);
      const endpoint = await findEndpoint(userId, message.mode);
      if (!endpoint?.enabled) {
        throw new AppError('CONFLICT', 'Turn your webhook endpoint on first, then send the message again.');
      }
      const now = clock.now();
      const [row] = await db
        .update(webhookMessages)
        .set({ status: 'pending', retries: 0, nextAttemptAt: now, deliveredAt: null, failure: null })
        .where(eq(webhookMessages.id, messageId))
        .returning();
      if (!row) throw new AppError('NOT_FOUND', webhookTexts.notFound);
      await deps.jobs.send(DELIVER_JOB, { messageId });
      return toMessageView(row);
    },
  };
}

export type Webhooks = ReturnType<typeof createWebhooks>;
