import type { Kobo } from '@quickvend/shared/money';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.tables.ts';
import { PURCHASE_EVENT_KINDS } from '@quickvend/shared/api/admin-purchases';
import { BILLS_PROVIDERS } from '@quickvend/shared/providers';

export const purchaseStatuses = ['processing', 'pending', 'delivered', 'failed'] as const;
export type StoredPurchaseStatus = (typeof purchaseStatuses)[number];

export const purchases = pgTable(
  'purchases',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    /** the caller's idempotency key */
    requestId: text('request_id').notNull(),
    /** what was asked, so a reused key with a different body is refused */
    requestHash: text('request_hash').notNull(),
    /** the aggregator it is sent to now (another only after a definite failure there: purchase_failovers) */
    provider: text('provider', { enum: BILLS_PROVIDERS }).notNull().default('vtpass'),
    /** the id `provider` knows it by; made before the first call, reused on every retry and requery there */
    providerRequestId: text('provider_request_id').notNull().unique(),
    /** when it moved to `provider` after a definite failure elsewhere; null while with its first provider */
    movedAt: timestamp('moved_at', { withTimezone: true }),
    channel: text('channel', { enum: ['web', 'api'] }).notNull(),
    /** `test`: bought with a partner's test key from the simulators, with test money; never in the books' totals */
    mode: text('mode', { enum: ['live', 'test'] })
      .notNull()
      .default('live'),
    /** the partner API key that bought it, when one did */
    apiKeyId: text('api_key_id'),
    /** the Lagos calendar day whose spend of that key it counts in (a refund gives it back there) */
    keySpendDay: date('key_spend_day', { mode: 'string' }),
    serviceId: text('service_id').notNull(),
    phone: text('phone').notNull(),
    billersCode: text('billers_code'),
    variationCode: text('variation_code'),
    planName: text('plan_name'),
    subscriptionType: text('subscription_type', { enum: ['change', 'renew'] }),
    quantity: integer('quantity'),
    /** the customer as the provider verified them before the purchase */
    customerName: text('customer_name'),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    chargedKobo: bigint('charged_kobo', { mode: 'number' }).$type<Kobo>().notNull(),
    balanceAfterKobo: bigint('balance_after_kobo', { mode: 'number' }).$type<Kobo>(),
    /** which of the held account's rows holds this purchase's money (see the ledger's shards); 0 before sharding */
    heldShard: integer('held_shard').notNull().default(0),
    status: text('status', { enum: purchaseStatuses }).notNull().default('processing'),
    message: text('message').notNull().default(''),
    providerReference: text('provider_reference'),
    costKobo: bigint('cost_kobo', { mode: 'number' }).$type<Kobo>(),
    token: text('token'),
    pins: jsonb('pins').$type<{ serial: string | null; pin: string }[]>(),
    units: text('units'),
    receiptLines: jsonb('receipt_lines').$type<{ label: string; value: string }[]>(),
    checks: integer('checks').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    flaggedAt: timestamp('flagged_at', { withTimezone: true }),
    /** promised to the customer while pending: delivered or refunded by then, or escalated to the team */
    resolveBy: timestamp('resolve_by', { withTimezone: true }),
    /** when a caller's look at the open purchase last asked the provider (at most once a minute, see requery) */
    lastRequeriedAt: timestamp('last_requeried_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finalizedAt: timestamp('finalized_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('purchases_user_request_idx').on(t.userId, t.requestId),
    index('purchases_user_created_idx').on(t.userId, t.id),
    index('purchases_open_idx').on(t.status, t.nextCheckAt),
    // the daily service report: a day's purchases, and those open at its end (no finalized time, or a later one)
    index('purchases_created_idx').on(t.createdAt),
    index('purchases_finalized_idx').on(t.finalizedAt),
  ],
);

export type { PurchaseEventKind } from '@quickvend/shared/api/admin-purchases';

/** The timeline of a purchase: every provider call, requery and callback with its raw answer, and every admin action. */
export const purchaseEvents = pgTable(
  'purchase_events',
  {
    id: text('id').primaryKey(),
    purchaseId: text('purchase_id')
      .notNull()
      .references(() => purchases.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind', { enum: PURCHASE_EVENT_KINDS }).notNull(),
    /** the outcome as we read it: delivered, failed, pending */
    outcome: text('outcome'),
    /** the provider's code, when it gave one */
    code: text('code'),
    /** which aggregator was asked, for provider calls and requeries */
    provider: text('provider', { enum: BILLS_PROVIDERS }),
    /** the answer as the provider sent it (secrets removed), or the admin's note */
    raw: jsonb('raw').$type<unknown>(),
    note: text('note'),
    actorId: text('actor_id'),
  },
  (t) => [index('purchase_events_purchase_idx').on(t.purchaseId, t.at)],
);

/**
 * A provider a purchase left after its definite failure there: its request id stays findable (a late callback
 * or a reconciliation line names it), and the purchase's timeline shows each provider asked.
 */
export const purchaseFailovers = pgTable(
  'purchase_failovers',
  {
    id: text('id').primaryKey(),
    purchaseId: text('purchase_id')
      .notNull()
      .references(() => purchases.id),
    provider: text('provider', { enum: BILLS_PROVIDERS }).notNull(),
    providerRequestId: text('provider_request_id').notNull().unique(),
    /** the failure that moved it on, as the provider gave it */
    code: text('code'),
    message: text('message').notNull(),
    /** where it went */
    movedTo: text('moved_to', { enum: BILLS_PROVIDERS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('purchase_failovers_purchase_idx').on(t.purchaseId)],
);

/** The 4-digit transaction PIN, hashed with a server-side pepper, with its wrong-guess counter. */
export const transactionPins = pgTable('transaction_pins', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id),
  pinHash: text('pin_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const pinResetTokens = pgTable('pin_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What the provider said about a smartcard, meter or profile. A purchase within a short time of a
 * verification uses it (and its renewal amount or minimum) instead of asking the provider again.
 */
export const customerVerifications = pgTable(
  'customer_verifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    serviceId: text('service_id').notNull(),
    billersCode: text('billers_code').notNull(),
    type: text('type').notNull().default(''),
    customerName: text('customer_name').notNull(),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_verifications_lookup_idx').on(t.userId, t.serviceId, t.billersCode, t.type, t.verifiedAt),
  ],
);

export const disputeStatuses = ['open', 'closed'] as const;

/** "I didn't get it": a customer's claim that a delivered purchase never arrived, with the requery it triggered. */
export const purchaseDisputes = pgTable(
  'purchase_disputes',
  {
    id: text('id').primaryKey(),
    purchaseId: text('purchase_id')
      .notNull()
      .unique()
      .references(() => purchases.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: disputeStatuses }).notNull().default('open'),
    customerNote: text('customer_note'),
    /** what the provider said when asked again at once: delivered, failed, pending or unknown */
    requeryOutcome: text('requery_outcome'),
    requeryMessage: text('requery_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by').references(() => users.id),
    resolution: text('resolution'),
  },
  (t) => [index('purchase_disputes_status_idx').on(t.status, t.createdAt)],
);
