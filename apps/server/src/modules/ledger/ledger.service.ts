import { createHash } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { messages } from '@quickvend/shared/messages';
import { kobo, negateKobo, type Kobo } from '@quickvend/shared/money';
import {
  databaseErrorOf,
  inTransaction,
  queryRows,
  type Database,
  type Executor,
  type Transaction,
} from '../../db/client.ts';
import { createPreparedRunner, runPreparedIn } from '../../db/prepared.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import {
  buildLines,
  inputHashOf,
  LedgerInvariantError,
  MissingWalletError,
  WALLET_PREFIX,
  walletCode,
  type PostedEntry,
  type PostInput,
} from './ledger.lines.ts';
import { createLedgerPeriods } from './ledger.period.ts';
import { createLedgerQueries } from './ledger.queries.ts';
import {
  asQuery,
  fill,
  renderEntry,
  shapeOf,
  valuesOf,
  type EntryPlan,
  type Move,
  type Template,
} from './ledger.statement.ts';
import { ledgerAccounts, ledgerEntries, ledgerLines, walletAdjustments } from './ledger.tables.ts';

type EntryInput = Omit<PostInput, 'postings'>;

function walletBalancesOf(plan: EntryPlan, row: Record<string, unknown>): Map<string, Kobo> {
  return new Map(
    plan.wallets.map((move, i) => [
      move.code.slice(WALLET_PREFIX.length),
      kobo(Number(row[`ledger_wallet_balance_${i}`])),
    ]),
  );
}

const systemBelowZero = (codes: string) =>
  new LedgerInvariantError(`System account ${codes} would go below zero: the books are out of step.`);

const byCode = (a: Move, b: Move) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** Why the entry's statement was refused, from the constraint that refused it (see ledger.statement.ts). */
function refusalOf(error: unknown, plan: EntryPlan): Error | 'missing wallet' | null {
  const cause = databaseErrorOf(error);
  if (!cause) return null;
  if (cause.constraint === 'ledger_accounts_balance_non_negative') {
    // a wallet's debit is conditional and never trips the constraint: a system account did
    return systemBelowZero(
      plan.system
        .filter((move) => move.delta < 0)
        .map((move) => move.code)
        .join(', '),
    );
  }
  if (cause.code !== NOT_NULL_VIOLATION) return null;
  const column = cause.column ?? /column "(\w+)"/.exec(cause.message)?.[1];
  if (column === 'balance_after_kobo' && plan.wallets.length > 0)
    return new AppError('INSUFFICIENT_FUNDS', messages.purchase.insufficientBalance);
  if (column === 'account_id' && plan.wallets.length > 0) return 'missing wallet';
  return null;
}

const NOT_NULL_VIOLATION = '23502';

export type LedgerOptions = {
  /**
   * Told the owners of the wallets an entry of its own moved, once it has committed. Without it, every
   * statement NOTIFYs itself (see `notifyInStatement`).
   */
  announceBalances?: (userIds: string[]) => void;
};

export function createLedger(db: Database, options: LedgerOptions = {}) {
  const runPrepared = createPreparedRunner(db);
  const templates = new Map<string, Template & { name: string }>();

  function templateOf(plan: EntryPlan) {
    const shape = shapeOf(plan);
    let template = templates.get(shape);
    if (!template) {
      const rendered = renderEntry(plan);
      // one text, one name: a name PostgreSQL has already prepared never gets another text
      const name = `qv_${createHash('sha256').update(rendered.text).digest('base64url').slice(0, 24)}`;
      template = { ...rendered, name };
      templates.set(shape, template);
    }
    return template;
  }

  async function ensureWalletAccount(executor: Executor, userId: string): Promise<void> {
    await executor
      .insert(ledgerAccounts)
      .values({ id: newId('wal'), code: walletCode(userId), ownerUserId: userId })
      .onConflictDoNothing();
  }

  function planOf(
    input: EntryInput,
    lines: ReadonlyMap<string, number>,
    tx: Transaction | undefined,
    callerAnnounces = false,
  ): EntryPlan {
    const moves = [...lines].map(([code, delta]) => ({ code, delta }));
    return {
      // inside a caller's transaction only PostgreSQL knows when it commits, unless the caller says it will tell
      notifyInStatement: !options.announceBalances || (tx !== undefined && !callerAnnounces),
      entry: {
        id: newId('ent'),
        reference: input.reference,
        kind: input.kind,
        memo: input.memo,
        actorId: input.actorId ?? null,
        reversesEntryId: input.reversesEntryId ?? null,
        inputHash: inputHashOf(input.kind, lines),
      },
      wallets: moves.filter((move) => move.code.startsWith(WALLET_PREFIX)).sort(byCode),
      system: moves.filter((move) => !move.code.startsWith(WALLET_PREFIX)).sort(byCode),
    };
  }

  /**
   * Every posting goes through here: one statement, in the caller's transaction or on its own.
   * @returns the statement's one row: the entry's id (none when the reference was posted before) and balances
   */
  async function write(plan: EntryPlan, tx: Transaction | undefined): Promise<Record<string, unknown>[]> {
    const template = templateOf(plan);
    const values = fill(template, valuesOf(plan));
    const run = async () =>
      tx
        ? ((await runPreparedIn<Record<string, unknown>>(tx, template.name, template.text, values)) ??
          queryRows<Record<string, unknown>>(tx, asQuery(template, values)))
        : runPrepared<Record<string, unknown>>(template.name, template.text, values);
    const announced = async () => {
      const rows = await run();
      if (!plan.notifyInStatement && !tx && plan.wallets.length > 0 && rows[0]?.['ledger_entry_id'])
        options.announceBalances?.(plan.wallets.map((move) => move.code.slice(WALLET_PREFIX.length)));
      return rows;
    };
    try {
      return await announced();
    } catch (error) {
      const refusal = refusalOf(error, plan);
      if (refusal instanceof Error) throw refusal;
      // a wallet is opened at sign-up; this covers one that predates that. Inside a caller's transaction the
      // failed statement has ended it, so only a statement of its own can try again.
      if (refusal === 'missing wallet' && !tx) {
        for (const { code } of plan.wallets) await ensureWalletAccount(db, code.slice(WALLET_PREFIX.length));
        return announced();
      }
      if (refusal === 'missing wallet')
        throw new MissingWalletError('A wallet in this entry has no account yet.');
      throw error;
    }
  }

  /** The entry a reused reference names; refused when it moved other money. */
  async function existingEntry(reference: string, inputHash: string): Promise<PostedEntry> {
    const [existing] = await db
      .select({ id: ledgerEntries.id, inputHash: ledgerEntries.inputHash })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, reference));
    if (!existing) throw new Error(`Entry ${reference} conflicted but cannot be read`);
    // entries from before hashes were kept have none to compare
    if (existing.inputHash !== null && existing.inputHash !== inputHash) {
      throw new LedgerInvariantError(`Entry ${reference} was posted before with other postings.`);
    }
    return { entryId: existing.id, isNew: false, walletBalances: new Map() };
  }

  async function postLines(
    input: EntryInput,
    lines: ReadonlyMap<string, number>,
    tx?: Transaction,
    callerAnnounces?: boolean,
  ): Promise<PostedEntry> {
    const plan = planOf(input, lines, tx, callerAnnounces);
    const [row] = await write(plan, tx);
    if (typeof row?.['ledger_entry_id'] !== 'string') {
      return existingEntry(input.reference, plan.entry.inputHash);
    }
    return { entryId: row['ledger_entry_id'], isNew: true, walletBalances: walletBalancesOf(plan, row) };
  }

  /**
   * Records one entry and moves the balances, in the caller's transaction or as one statement of its own.
   * Every balance change is one conditional UPDATE, so concurrent postings can never overdraw a wallet.
   * @throws INSUFFICIENT_FUNDS when a wallet would go below zero (nothing is recorded); LedgerInvariantError when
   * a system account would, or when the reference was posted before with other postings
   */
  async function post(
    input: PostInput,
    tx?: Transaction,
    options: {
      /** the caller calls `announce` with the wallets' owners once `tx` has committed (see `notifyInStatement`) */
      callerAnnounces?: boolean;
    } = {},
  ): Promise<PostedEntry> {
    return postLines(input, buildLines(input.postings, input.shard), tx, options.callerAnnounces);
  }

  /**
   * Undoes an entry with a new one that moves every line back, linked to it; once, however often it is asked.
   * A wallet that has since spent the money is not overdrawn: the reversal is refused as INSUFFICIENT_FUNDS.
   * @throws NOT_FOUND for an unknown entry, CONFLICT for a reversal, INSUFFICIENT_FUNDS
   */
  async function reverse(entryId: string, reason: string, actorId?: string | null): Promise<PostedEntry> {
    const [original] = await db
      .select({ kind: ledgerEntries.kind })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, entryId));
    if (!original) throw new AppError('NOT_FOUND', 'We could not find that ledger entry.');
    if (original.kind === 'reversal') throw new AppError('CONFLICT', 'A reversal cannot itself be reversed.');
    const lines = await db
      .select({ code: ledgerAccounts.code, amountKobo: ledgerLines.amountKobo })
      .from(ledgerLines)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerLines.accountId))
      .where(eq(ledgerLines.entryId, entryId));
    return postLines(
      { reference: `reversal:${entryId}`, kind: 'reversal', memo: reason, actorId, reversesEntryId: entryId },
      new Map(lines.map((line) => [line.code, negateKobo(line.amountKobo)])),
    );
  }

  return {
    post,
    reverse,

    /** Tells every process that these users' balances changed: for a caller that posted with `callerAnnounces`. */
    announce(userIds: string[]): void {
      options.announceBalances?.(userIds);
    },
    ...createLedgerQueries(db),
    ...createLedgerPeriods(db),

    /** Idempotent: every user has exactly one wallet account. */
    async openWalletAccount(userId: string, executor: Executor = db): Promise<void> {
      await ensureWalletAccount(executor, userId);
    },

    /**
     * An operator's credit or debit of a wallet, recorded with who, why, and the balance before and after.
     * @throws INSUFFICIENT_FUNDS when a debit would overdraw the wallet
     */
    async adjustWallet(
      input: {
        userId: string;
        direction: 'credit' | 'debit';
        amountKobo: Kobo;
        reason: string;
        actor: string;
        actorId?: string | null;
        /** the approval a second admin gave it; null or absent when made on one admin's word */
        approvalId?: string | null;
        /** when it was made (the app's clock); the database's time when absent */
        at?: Date;
        /** names the adjustment, so carrying out one decision twice moves the money once */
        reference?: string;
      },
      outer?: Transaction,
    ) {
      const id = newId('adj');
      const wallet = { wallet: input.userId };
      const equity = { system: 'equity:adjustments' } as const;
      return inTransaction(db, outer, async (tx) => {
        const posted = await post(
          {
            reference: input.reference ?? `adjustment:${id}`,
            kind: 'adjustment',
            memo: input.reason,
            actorId: input.actorId ?? null,
            postings: [
              input.direction === 'credit'
                ? { from: equity, to: wallet, amountKobo: input.amountKobo }
                : { from: wallet, to: equity, amountKobo: input.amountKobo },
            ],
          },
          tx,
        );
        if (!posted.isNew) throw new AppError('CONFLICT', 'This adjustment has already been made.');
        const after = posted.walletBalances.get(input.userId) ?? kobo(0);
        const before = kobo(
          input.direction === 'credit' ? after - input.amountKobo : after + input.amountKobo,
        );
        await tx.insert(walletAdjustments).values({
          id,
          entryId: posted.entryId,
          userId: input.userId,
          actor: input.actor,
          direction: input.direction,
          amountKobo: input.amountKobo,
          balanceBeforeKobo: before,
          balanceAfterKobo: after,
          reason: input.reason,
          actorId: input.actorId ?? null,
          approvalId: input.approvalId ?? null,
          ...(input.at && { createdAt: input.at }),
        });
        return {
          adjustmentId: id,
          entryId: posted.entryId,
          balanceBeforeKobo: before,
          balanceAfterKobo: after,
        };
      });
    },

    /**
     * What `actorId` credited and debited on their own word (no approval) since `since`, as absolute amounts:
     * to `userId`, and to every customer together. Read through the caller's transaction.
     */
    async soloAdjustmentTotals(
      actorId: string,
      userId: string,
      since: Date,
      executor: Executor,
    ): Promise<{ toCustomerKobo: Kobo; inAllKobo: Kobo }> {
      const [row] = await executor
        .select({
          inAll: sql<string>`coalesce(sum(${walletAdjustments.amountKobo}), 0)::text`,
          toCustomer: sql<string>`coalesce(sum(${walletAdjustments.amountKobo}) filter (where ${walletAdjustments.userId} = ${userId}), 0)::text`,
        })
        .from(walletAdjustments)
        .where(
          and(
            eq(walletAdjustments.actorId, actorId),
            gt(walletAdjustments.createdAt, since),
            isNull(walletAdjustments.approvalId),
          ),
        );
      return { toCustomerKobo: kobo(Number(row?.toCustomer ?? 0)), inAllKobo: kobo(Number(row?.inAll ?? 0)) };
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
