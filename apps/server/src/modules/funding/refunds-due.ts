import { and, desc, eq } from 'drizzle-orm';
import {
  refundsDueTexts,
  type RefundDue,
  type RefundDuePayer,
  type RefundDueSource,
} from '@quickvend/shared/api/refunds-due';
import { formatNaira, toNairaString, type Kobo } from '@quickvend/shared/money';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { ApprovalHandler, ApprovalKind, Approvals } from '../approvals/index.ts';
import type { Actor } from '../audit/index.ts';
import type { Ledger, SystemAccount } from '../ledger/index.ts';
import { refundsDue } from './funding.tables.ts';

export const REFUND_DUE_RETURN = 'refund_due.return';

type RefundDueRow = typeof refundsDue.$inferSelect;

const clearingOf = (source: RefundDueSource): SystemAccount =>
  source === 'transfer' ? 'clearing:transfer' : 'clearing:paystack';
const sourceOf = (row: RefundDueRow): RefundDueSource => (row.source === 'transfer' ? 'transfer' : 'card');
const textOf = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

export type ParkedMoney = {
  userId: string;
  source: RefundDueSource;
  /** the payment's gateway reference: money is parked once per reference */
  reference: string;
  amountKobo: Kobo;
  payer: RefundDuePayer;
};

/**
 * Money that reached an account after it closed is never credited to it: it moves from the clearing account it
 * came through to `payable:refunds-due`, in the transaction that claimed the payment (whose guard makes it once).
 */
export async function parkRefundDue(
  tx: Transaction,
  deps: { ledger: Pick<Ledger, 'post'>; clock: Clock },
  money: ParkedMoney,
): Promise<RefundDueRow | null> {
  const posted = await deps.ledger.post(
    {
      reference: `refund-due:${money.reference}`,
      kind: 'refund-due.park',
      memo: `Paid after the account closed: to send back to ${money.payer.name ?? money.payer.email ?? 'the payer'}`,
      postings: [
        {
          from: { system: clearingOf(money.source) },
          to: { system: 'payable:refunds-due' },
          amountKobo: money.amountKobo,
        },
      ],
    },
    tx,
  );
  const [parked] = await tx
    .insert(refundsDue)
    .values({
      id: newId('rfd'),
      userId: money.userId,
      source: money.source,
      reference: money.reference,
      amountKobo: money.amountKobo,
      payer: money.payer,
      entryId: posted.entryId,
      createdAt: deps.clock.now(),
    })
    .onConflictDoNothing({ target: refundsDue.reference })
    .returning();
  return parked ?? null;
}

/**
 * The back office's money to send back: listed with the payer's details; "sent back" is one admin's word that a
 * second admin confirms, and only then leaves the books (`refund-due.return`, back to the clearing account).
 */
export function createRefundsDue(deps: {
  db: Database;
  ledger: Pick<Ledger, 'post'>;
  approvals: Pick<Approvals, 'request' | 'list'>;
  clock: Clock;
}) {
  const { db, ledger, approvals, clock } = deps;

  async function find(id: string, executor: Executor = db): Promise<RefundDueRow> {
    const [row] = await executor.select().from(refundsDue).where(eq(refundsDue.id, id));
    if (!row) throw new AppError('NOT_FOUND', refundsDueTexts.notFound);
    return row;
  }

  async function waitingApprovals(): Promise<Map<string, string>> {
    const waiting = await approvals.list({ kind: REFUND_DUE_RETURN, status: 'pending', limit: 500 });
    return new Map(waiting.map((approval) => [approval.targetId, approval.id]));
  }

  function toView(row: RefundDueRow, waitingApprovalId: string | null): RefundDue {
    return {
      id: row.id,
      source: sourceOf(row),
      reference: row.reference,
      amountKobo: row.amountKobo,
      amount: toNairaString(row.amountKobo),
      payer: {
        name: textOf(row.payer['name']),
        email: textOf(row.payer['email']),
        bank: textOf(row.payer['bank']),
        accountNumber: textOf(row.payer['accountNumber']),
        cardLast4: textOf(row.payer['cardLast4']),
      },
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      returnedAt: row.returnedAt?.toISOString() ?? null,
      note: row.note,
      waitingApprovalId,
    };
  }

  const carryOut: ApprovalHandler = async (approval, { tx }) => {
    const [returned] = await tx
      .update(refundsDue)
      .set({
        status: 'returned',
        returnedAt: clock.now(),
        returnedBy: approval.requestedBy,
        note: approval.reason,
      })
      .where(and(eq(refundsDue.id, approval.targetId), eq(refundsDue.status, 'open')))
      .returning();
    if (!returned) throw new AppError('CONFLICT', refundsDueTexts.alreadyReturned);
    const posted = await ledger.post(
      {
        reference: `refund-due:${returned.reference}:return`,
        kind: 'refund-due.return',
        memo: `Sent back to the payer: ${approval.reason}`,
        actorId: approval.requestedBy.startsWith('cli:') ? null : approval.requestedBy,
        postings: [
          {
            from: { system: 'payable:refunds-due' },
            to: { system: clearingOf(sourceOf(returned)) },
            amountKobo: returned.amountKobo,
          },
        ],
      },
      tx,
    );
    await tx.update(refundsDue).set({ returnEntryId: posted.entryId }).where(eq(refundsDue.id, returned.id));
    return { reference: returned.reference, amountKobo: returned.amountKobo };
  };

  return {
    /** Open (or returned) money to send back, newest first. */
    async list(status: 'open' | 'returned'): Promise<RefundDue[]> {
      const rows = await db
        .select()
        .from(refundsDue)
        .where(eq(refundsDue.status, status))
        .orderBy(desc(refundsDue.createdAt), desc(refundsDue.id))
        .limit(200);
      const waiting = await waitingApprovals();
      return rows.map((row) => toView(row, waiting.get(row.id) ?? null));
    },

    /**
     * An admin says the money went back to the payer; a second admin must confirm it (asking again returns the
     * request already waiting). @throws NOT_FOUND, CONFLICT once it is marked as sent back
     */
    async askToReturn(id: string, note: string, maker: Actor): Promise<RefundDue> {
      const row = await find(id);
      if (row.status !== 'open') throw new AppError('CONFLICT', refundsDueTexts.alreadyReturned);
      const approval = await approvals.request(
        {
          kind: REFUND_DUE_RETURN,
          targetId: row.id,
          amountKobo: row.amountKobo,
          payload: { source: row.source, reference: row.reference, payer: row.payer },
          reason: note,
          onePending: true,
        },
        maker,
      );
      return toView(row, approval.id);
    },

    /** How approvals carry a "sent back" out, say when it no longer applies, and link to it. */
    approvalKind: {
      carryOut,
      staleReason: async (approval, executor) => {
        const [row] = await executor
          .select({ status: refundsDue.status })
          .from(refundsDue)
          .where(eq(refundsDue.id, approval.targetId));
        return row?.status === 'open' ? null : 'this money has already been marked as sent back';
      },
      subjectOf: (approval) => ({
        label: `Money to send back${approval.amountKobo === null ? '' : ` (${formatNaira(approval.amountKobo)})`}`,
        href: '/admin/fundings',
      }),
    } satisfies ApprovalKind,
  };
}

export type RefundsDue = ReturnType<typeof createRefundsDue>;
