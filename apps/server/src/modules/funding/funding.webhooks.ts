import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { newId } from '../../lib/ids.ts';
import { toStorableJson } from '../../lib/storable-json.ts';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { GatewayEvent, PaymentGateway } from './funding.port.ts';
import { webhookEvents } from './funding.tables.ts';

export const PROCESS_WEBHOOK_JOB = 'funding.process-webhook';

/** The gateway's signed webhooks: each stored once, then processed by a job until it succeeds. */
export function createWebhooks(
  deps: {
    db: Database;
    gateway: Pick<PaymentGateway, 'readWebhookEvent'>;
    jobs: Pick<JobQueue, 'send'>;
    clock: Clock;
    log: Pick<FastifyBaseLogger, 'warn'>;
  },
  handle: {
    creditTransfer: (event: Extract<GatewayEvent, { kind: 'charge.success' }>) => Promise<void>;
    /** @returns whether the reference is a card payment we initialised */
    confirmCardPayment: (reference: string) => Promise<unknown>;
  },
) {
  const { db, gateway, clock, log } = deps;
  const { creditTransfer, confirmCardPayment } = handle;
  return {
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
  };
}
