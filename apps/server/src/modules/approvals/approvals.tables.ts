import type { Kobo } from '@quickvend/shared/money';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** `closed`: the system ended it because it no longer applies (its purchase is final, its customer closed) */
export const approvalStatuses = ['pending', 'approved', 'rejected', 'cancelled', 'closed'] as const;
export type ApprovalStatus = (typeof approvalStatuses)[number];

/**
 * Maker–checker: an action one admin asks for and a second admin decides. Decided once: the decision is a
 * conditional update from `pending`, and the database refuses a decider who is the maker (the maker may only
 * cancel).
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: text('id').primaryKey(),
    /** what is asked, e.g. `wallet.adjustment`, `manual_deposit.approve`, `purchase.deliver` */
    kind: text('kind').notNull(),
    /** the subject, e.g. the user, manual request or purchase id */
    targetId: text('target_id').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).$type<Kobo>(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: approvalStatuses }).notNull().default('pending'),
    requestedBy: text('requested_by').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionNote: text('decision_note'),
    /** what carrying it out returned (e.g. the adjustment id), or why it could not be */
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('approval_requests_status_idx').on(t.status, t.requestedAt),
    index('approval_requests_target_idx').on(t.kind, t.targetId),
    check(
      'approval_requests_four_eyes',
      sql`${t.status} in ('cancelled', 'closed') or ${t.decidedBy} is null or ${t.decidedBy} <> ${t.requestedBy}`,
    ),
  ],
);
