import { inArray, eq } from 'drizzle-orm';
import { kobo, type Kobo } from '@quickvend/shared/money';
import type { Database, Executor } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { ledgerAccounts } from './ledger.tables.ts';

const walletCode = (userId: string) => `wallet:${userId}`;

export function createLedger(db: Database) {
  return {
    /** Idempotent: every user has exactly one wallet account. */
    async openWalletAccount(userId: string, executor: Executor = db): Promise<void> {
      await executor
        .insert(ledgerAccounts)
        .values({ id: newId('wal'), code: walletCode(userId), ownerUserId: userId })
        .onConflictDoNothing();
    },

    /** A user without a wallet account has never had money move: their balance is zero. */
    async getWalletBalance(userId: string): Promise<Kobo> {
      const [row] = await db
        .select({ balanceKobo: ledgerAccounts.balanceKobo })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.ownerUserId, userId));
      return kobo(row?.balanceKobo ?? 0);
    },

    async getWalletBalances(userIds: readonly string[]): Promise<Map<string, Kobo>> {
      const balances = new Map<string, Kobo>(userIds.map((id) => [id, kobo(0)]));
      if (userIds.length === 0) return balances;
      const rows = await db
        .select({ userId: ledgerAccounts.ownerUserId, balanceKobo: ledgerAccounts.balanceKobo })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.ownerUserId, [...userIds]));
      for (const row of rows) if (row.userId) balances.set(row.userId, kobo(row.balanceKobo));
      return balances;
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
