import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { payments } from './funding.tables.ts';

/** How one payer was recognised across two accounts. */
export type SharedPayer = 'card' | 'bank';

const theirs = alias(payments, 'theirs');

/**
 * Whether one card or one bank account paid into both accounts, and which. Reads `userId`'s payments and, for each
 * payer of them, that payer's payments (indexed): pass the account with fewer payments first.
 */
export async function sharedPayerOf(
  executor: Executor,
  userId: string,
  otherUserId: string,
): Promise<SharedPayer | null> {
  const [shared] = await executor
    .select({ payer: payments.payerFingerprint })
    .from(payments)
    .innerJoin(
      theirs,
      and(eq(theirs.payerFingerprint, payments.payerFingerprint), eq(theirs.userId, otherUserId)),
    )
    .where(eq(payments.userId, userId))
    .limit(1);
  if (!shared?.payer) return null;
  return shared.payer.startsWith('card:') ? 'card' : 'bank';
}
