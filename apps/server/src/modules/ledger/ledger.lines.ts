import { createHash } from 'node:crypto';
import type { Kobo } from '@quickvend/shared/money';

/** Accounts for the world outside the wallets. Seeded by migration; ids equal codes. */
export const systemAccounts = [
  'clearing:paystack',
  'clearing:transfer',
  'clearing:manual',
  'income:fees',
  'income:margin',
  'equity:adjustments',
  'expense:referrals',
  'expense:discounts',
  'held:purchases',
  'provider:vtpass',
  'provider:flutterwave',
  /** what the provider took for purchases we had already refunded, once written off */
  'expense:provider-losses',
  /** money that reached an account after it closed, owed back to whoever paid it */
  'payable:refunds-due',
  /** partners' test money: where test balances are topped up from (negative by what was handed out) */
  'test:funds',
  /** test purchases' money between the hold and the ending, as `held:purchases` is for live ones */
  'test:held',
  /** what test purchases "paid" the simulators */
  'test:provider',
] as const;
export type SystemAccount = (typeof systemAccounts)[number];

/**
 * The system accounts every purchase writes, each kept as LEDGER_SHARDS rows (`held:purchases`, then
 * `held:purchases#1` to `#15`), so that purchases of different customers rarely wait on one row's lock. An
 * entry names its shard; every entry of one purchase names the same one, so no shard of an account that may
 * not go below zero ever does. Reports and statements read a sharded account as the sum of its rows.
 */
export const shardedAccounts: readonly SystemAccount[] = [
  'held:purchases',
  'provider:vtpass',
  'provider:flutterwave',
  'income:margin',
  'expense:discounts',
];
export const LEDGER_SHARDS = 16;
const SHARD_MARK = '#';

/** The row of `account` that shard `shard` uses: the account itself for shard 0 and for unsharded accounts. */
export function shardCode(account: SystemAccount, shard: number): string {
  if (!Number.isInteger(shard) || shard < 0 || shard >= LEDGER_SHARDS)
    throw new UnbalancedEntryError(`No ledger shard ${shard}.`);
  return shard === 0 || !shardedAccounts.includes(account) ? account : `${account}${SHARD_MARK}${shard}`;
}

/** A shard for a new purchase, spread evenly by its id. */
export function shardFor(key: string): number {
  return createHash('sha256').update(key).digest().readUInt8(0) % LEDGER_SHARDS;
}

export type AccountRef = { wallet: string } | { system: SystemAccount };
export type Posting = { from: AccountRef; to: AccountRef; amountKobo: Kobo };

export type EntryKind =
  | 'funding.card'
  | 'funding.transfer'
  | 'funding.manual'
  | 'adjustment'
  | 'referral.reward'
  | 'purchase.hold'
  | 'purchase.settle'
  | 'purchase.refund'
  | 'provider-loss.recover'
  | 'provider-loss.write-off'
  | 'refund-due.park'
  | 'refund-due.return'
  | 'reversal'
  | 'test.top-up';

export type PostInput = {
  /** Unique per money movement (`funding:<ref>`); posting it again moves nothing. */
  reference: string;
  kind: EntryKind;
  memo: string;
  actorId?: string | null;
  reversesEntryId?: string;
  /** which row of each sharded system account the entry moves (see `shardedAccounts`); 0 when not given */
  shard?: number;
  postings: Posting[];
};

export type PostedEntry = {
  entryId: string;
  isNew: boolean;
  /** New balance of each wallet the entry touched, by user id (empty when the entry already existed). */
  walletBalances: Map<string, Kobo>;
};

export class UnbalancedEntryError extends Error {
  override name = 'UnbalancedEntryError';
}

/**
 * A broken invariant, never the customer's fault: a system account that would go below zero, or a reference
 * posted again with other postings. It answers 500 and is logged at error level with its stack.
 */
export class LedgerInvariantError extends Error {
  override name = 'LedgerInvariantError';
}

/**
 * A posting inside a caller's transaction named a wallet that has no account yet (one that predates opening it at
 * sign-up). The failed statement has ended the transaction: the caller opens the wallet and tries again.
 */
export class MissingWalletError extends Error {
  override name = 'MissingWalletError';
}

/** What an entry moves, as a stable hash: the same reference must always carry the same movement. */
export function inputHashOf(kind: EntryKind, lines: ReadonlyMap<string, number>): string {
  const sorted = [...lines].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([kind, sorted]))
    .digest('base64url');
}

export const WALLET_PREFIX = 'wallet:';
export const walletCode = (userId: string) => `${WALLET_PREFIX}${userId}`;
const refKey = (ref: AccountRef, shard: number) =>
  'wallet' in ref ? walletCode(ref.wallet) : shardCode(ref.system, shard);

/**
 * Turns postings into the lines of one entry: positive amounts only, and each posting both takes from one
 * account and gives to another, so the lines always sum to zero. Pure.
 */
export function buildLines(postings: readonly Posting[], shard = 0): Map<string, number> {
  if (postings.length === 0) throw new UnbalancedEntryError('An entry needs at least one posting.');
  const lines = new Map<string, number>();
  for (const { from, to, amountKobo } of postings) {
    if (!Number.isSafeInteger(amountKobo) || amountKobo <= 0) {
      throw new UnbalancedEntryError(`Posting amounts must be positive whole kobo, got ${amountKobo}.`);
    }
    const source = refKey(from, shard);
    const destination = refKey(to, shard);
    if (source === destination)
      throw new UnbalancedEntryError(`A posting cannot move money within ${source}.`);
    lines.set(source, (lines.get(source) ?? 0) - amountKobo);
    lines.set(destination, (lines.get(destination) ?? 0) + amountKobo);
  }
  for (const [code, amount] of lines) if (amount === 0) lines.delete(code);
  const total = [...lines.values()].reduce((sum, amount) => sum + amount, 0);
  if (total !== 0 || lines.size < 2)
    throw new UnbalancedEntryError('The lines of an entry must sum to zero.');
  return lines;
}
