import { eq, isNotNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { users } from './auth.tables.ts';

/**
 * Where a test account's mail would go: `.invalid` is reserved (RFC 2606) and never delivered, so nothing a test
 * purchase does reaches a mailbox (the partner reads it through the API and their webhooks).
 */
export const TEST_ACCOUNT_DOMAIN = 'test-accounts.invalid';

/**
 * A partner's test account: a hidden user their test keys act for, with its own wallet, purchases and
 * statement, so test money never meets live money. It has no password and never signs in.
 */
export function createTestAccounts(deps: {
  db: Database;
  /** opens the account's wallet in the same transaction */
  openWallet: (userId: string, tx: Transaction) => Promise<void>;
}) {
  const { db } = deps;
  return {
    /** The partner's test account id, made in `tx` the first time (a test key's creation asks). */
    async ensure(partner: { id: string; name: string }, tx: Transaction): Promise<string> {
      const id = newId('usr');
      const [made] = await tx
        .insert(users)
        .values({
          id,
          name: `${partner.name} (test)`,
          email: `${id}@${TEST_ACCOUNT_DOMAIN}`,
          emailVerified: true,
          testOf: partner.id,
        })
        .onConflictDoNothing({ target: users.testOf })
        .returning({ id: users.id });
      if (made) {
        await deps.openWallet(made.id, tx);
        return made.id;
      }
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.testOf, partner.id));
      if (!existing) throw new Error('test account conflict without a test account');
      return existing.id;
    },

    /** Whose money `userId`'s is: a test account's is its partner's test money, anyone else's their own. */
    async ownerOf(userId: string): Promise<{ userId: string; mode: 'live' | 'test' }> {
      const [row] = await db.select({ testOf: users.testOf }).from(users).where(eq(users.id, userId));
      return row?.testOf ? { userId: row.testOf, mode: 'test' } : { userId, mode: 'live' };
    },

    /** Every test account's id (one per partner who has made a test key). */
    async ids(): Promise<string[]> {
      const rows = await db.select({ id: users.id }).from(users).where(isNotNull(users.testOf));
      return rows.map((row) => row.id);
    },

    /** The partner's test account id, or null before their first test key. */
    async of(partnerId: string): Promise<string | null> {
      const [row] = await db.select({ id: users.id }).from(users).where(eq(users.testOf, partnerId));
      return row?.id ?? null;
    },
  };
}

export type TestAccounts = ReturnType<typeof createTestAccounts>;
