import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { GatewayRejectedError, GatewayUnavailableError, type PaymentGateway } from './funding.port.ts';
import { dedicatedAccounts } from './funding.tables.ts';

type Payer = { id: string; name: string; email: string };

/** Each customer's own account number for bank transfers: opened once at the gateway, closed with the account. */
export function createDedicatedAccounts(deps: {
  db: Database;
  gateway: PaymentGateway;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
}) {
  const { db, gateway, clock, log } = deps;

  async function getDedicatedAccount(userId: string) {
    const [account] = await db.select().from(dedicatedAccounts).where(eq(dedicatedAccounts.userId, userId));
    return account ?? null;
  }

  return {
    getDedicatedAccount,

    /** In the closing transaction: a transfer to the number from now on is parked, never credited. */
    async closeDedicatedAccount(userId: string, tx: Transaction) {
      const [closed] = await tx
        .update(dedicatedAccounts)
        .set({ closedAt: clock.now() })
        .where(and(eq(dedicatedAccounts.userId, userId), isNull(dedicatedAccounts.closedAt)))
        .returning();
      return closed ?? null;
    },

    /** After the closing committed: asks the gateway to stop the number taking transfers; a failure is logged. */
    async deactivateDedicatedAccount(account: {
      userId: string;
      customerCode: string;
      accountNumber: string;
    }) {
      try {
        await gateway.deactivateDedicatedAccount(account);
      } catch (error) {
        log.warn(
          { err: error, userId: account.userId, accountNumber: account.accountNumber },
          'the closed account’s transfer number was not deactivated at the gateway; transfers to it are parked',
        );
      }
    },

    /** Once per user. @throws SERVICE_UNAVAILABLE when the gateway cannot make one now */
    async openDedicatedAccount(payer: Payer) {
      const existing = await getDedicatedAccount(payer.id);
      if (existing) return existing;
      const [firstName = payer.name, ...rest] = payer.name.trim().split(/\s+/);
      let created;
      try {
        created = await gateway.createDedicatedAccount({
          email: payer.email,
          firstName,
          lastName: rest.join(' ') || firstName,
        });
      } catch (error) {
        if (error instanceof GatewayUnavailableError || error instanceof GatewayRejectedError) {
          log.warn({ err: error }, 'dedicated account not created');
          throw new AppError(
            'SERVICE_UNAVAILABLE',
            'We could not create your account number right now. Please try again in a few minutes.',
          );
        }
        throw error;
      }
      await db
        .insert(dedicatedAccounts)
        .values({ id: newId('dva'), userId: payer.id, ...created })
        .onConflictDoNothing();
      const account = await getDedicatedAccount(payer.id);
      if (!account) throw new Error('dedicated account vanished');
      return account;
    },
  };
}
