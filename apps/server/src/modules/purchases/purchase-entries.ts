import { kobo } from '@quickvend/shared/money';
import type { BillsProviderName } from '@quickvend/shared/providers';
import type { PostInput, Posting } from '../ledger/index.ts';
import type { DeliveredOutcome } from './purchase-lifecycle.ts';
import type { PurchaseRow } from './purchases.repo.ts';
import type { purchases } from './purchases.tables.ts';

export type NewPurchase = typeof purchases.$inferInsert & { userId: string; chargedKobo: number };

/** How a purchase ends: delivered with the provider's outcome, or failed with the customer's message. */
export type Ending =
  { status: 'delivered'; outcome: DeliveredOutcome } | { status: 'failed'; message: string };

/** What the aggregator that delivered a purchase took for it, per aggregator (costs and float are per provider). */
export const providerAccountOf = (provider: BillsProviderName) =>
  ({ system: provider === 'flutterwave' ? 'provider:flutterwave' : 'provider:vtpass' }) as const;

/** A test purchase's money stays in the test accounts, out of the books' totals. */
const heldAccountOf = (mode: 'live' | 'test' | undefined) =>
  ({ system: mode === 'test' ? 'test:held' : 'held:purchases' }) as const;

/** The entry that holds a purchase's price: from the wallet into the held account's shard of the purchase. */
export function holdEntry(values: NewPurchase, memo: string, shard: number): PostInput {
  return {
    reference: `purchase:${values.id}:hold`,
    kind: 'purchase.hold',
    memo,
    shard,
    postings: [
      {
        from: { wallet: values.userId },
        to: heldAccountOf(values.mode),
        amountKobo: kobo(values.chargedKobo),
      },
    ],
  };
}

/** The entry that ends a hold: to the provider (any commission to our margin), or back to the wallet. */
export function endingEntry(row: PurchaseRow, ending: Ending): PostInput {
  const held = heldAccountOf(row.mode);
  const charged = row.chargedKobo;
  if (ending.status === 'failed') {
    return {
      reference: `purchase:${row.id}:refund`,
      kind: 'purchase.refund',
      memo: `Refund: ${row.serviceId} ${row.phone}`,
      shard: row.heldShard,
      postings: [{ from: held, to: { wallet: row.userId }, amountKobo: charged }],
    };
  }
  if (row.mode === 'test') {
    return {
      reference: `purchase:${row.id}:settle`,
      kind: 'purchase.settle',
      memo: `Delivered ${row.serviceId} (test)`,
      postings: [{ from: held, to: { system: 'test:provider' }, amountKobo: charged }],
    };
  }
  const provider = providerAccountOf(row.provider);
  const cost = ending.outcome.costKobo ?? charged;
  const postings: Posting[] = [{ from: held, to: provider, amountKobo: kobo(Math.min(cost, charged)) }];
  if (charged > cost)
    postings.push({ from: held, to: { system: 'income:margin' }, amountKobo: kobo(charged - cost) });
  if (cost > charged)
    postings.push({ from: { system: 'expense:discounts' }, to: provider, amountKobo: kobo(cost - charged) });
  return {
    reference: `purchase:${row.id}:settle`,
    kind: 'purchase.settle',
    memo: `Delivered ${row.serviceId}`,
    shard: row.heldShard,
    postings,
  };
}

/** The key spend a purchase counts in: what it charged, on its key's day; null when no key bought it. */
export function keySpendOf(purchase: {
  apiKeyId?: string | null;
  keySpendDay?: string | null;
  chargedKobo: number;
}) {
  return purchase.apiKeyId && purchase.keySpendDay
    ? { keyId: purchase.apiKeyId, day: purchase.keySpendDay, amountKobo: kobo(purchase.chargedKobo) }
    : null;
}
