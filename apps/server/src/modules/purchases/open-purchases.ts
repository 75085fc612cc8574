import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { purchases } from './purchases.tables.ts';

/**
 * Whether the user has a purchase whose outcome is not known yet (processing or pending), read in the
 * caller's transaction: closing an account waits for its money to settle.
 */
export async function hasOpenPurchase(executor: Executor, userId: string): Promise<boolean> {
  const [open] = await executor
    .select({ id: purchases.id })
    .from(purchases)
    .where(and(eq(purchases.userId, userId), inArray(purchases.status, ['processing', 'pending'])))
    .limit(1);
  return open !== undefined;
}
