import { and, count, desc, eq, gt } from 'drizzle-orm';
import { messages } from '@quickvend/shared/messages';
import { kobo } from '@quickvend/shared/money';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { BillsProvider, CustomerCheck, VerifiedCustomer } from './purchases.port.ts';
import { customerVerifications } from './purchases.tables.ts';

/** A purchase may rely on a verification this recent instead of asking the provider again. */
const FRESH_FOR_MS = 30 * 60_000;
const WINDOW_MS = 60_000;

type StoredCustomer = Record<keyof VerifiedCustomer, string | number | boolean | null>;

function fromStored(details: StoredCustomer): VerifiedCustomer {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const amount = (value: unknown) => (typeof value === 'number' ? kobo(value) : null);
  return {
    customerName: text(details.customerName) ?? '',
    address: text(details.address),
    meterType: text(details.meterType),
    minimumKobo: amount(details.minimumKobo),
    maximumKobo: amount(details.maximumKobo),
    canVend: typeof details.canVend === 'boolean' ? details.canVend : null,
    accountType: text(details.accountType),
    status: text(details.status),
    dueDate: text(details.dueDate),
    currentBouquet: text(details.currentBouquet),
    renewalKobo: amount(details.renewalKobo),
  };
}

/**
 * Smartcards, meters and JAMB profiles, checked with the provider and remembered for a while. Every check
 * is a paid provider call, so each user gets a few a minute; refused checks count too.
 */
export function createVerificationService(deps: {
  db: Database;
  provider: Pick<BillsProvider, 'verifyCustomer'>;
  clock: Clock;
  perMinute: number;
}) {
  const { db, provider, clock } = deps;

  const matching = (userId: string, check: CustomerCheck) =>
    and(
      eq(customerVerifications.userId, userId),
      eq(customerVerifications.serviceId, check.serviceId),
      eq(customerVerifications.billersCode, check.billersCode),
      eq(customerVerifications.type, check.type ?? ''),
    );

  async function refuseWhenTooMany(userId: string): Promise<void> {
    const since = new Date(clock.now().getTime() - WINDOW_MS);
    const [row] = await db
      .select({ n: count() })
      .from(customerVerifications)
      .where(and(eq(customerVerifications.userId, userId), gt(customerVerifications.verifiedAt, since)));
    if ((row?.n ?? 0) >= deps.perMinute) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many checks in a short time. Please wait a minute and try again.',
      );
    }
  }

  /**
   * Asks the provider now.
   * @throws CUSTOMER_NOT_VERIFIED with the provider's reason, RATE_LIMITED, ProviderUnavailableError
   */
  async function verify(
    userId: string,
    check: CustomerCheck,
    { limited }: { limited: boolean },
  ): Promise<VerifiedCustomer> {
    if (limited) await refuseWhenTooMany(userId);
    const outcome = await provider.verifyCustomer(check);
    const customer = outcome.status === 'verified' ? outcome.customer : null;
    await db.insert(customerVerifications).values({
      id: newId('ver'),
      userId,
      serviceId: check.serviceId,
      billersCode: check.billersCode,
      type: check.type ?? '',
      // a refused check is kept (with no name) so it counts against the limit and is never reused
      customerName: customer?.customerName ?? '',
      details: customer ?? {},
      verifiedAt: clock.now(),
    });
    if (outcome.status === 'rejected') {
      throw new AppError('CUSTOMER_NOT_VERIFIED', outcome.message || messages.bills.notVerified, {
        fields: { billersCode: outcome.message || messages.bills.notVerified },
      });
    }
    return outcome.customer;
  }

  /** The latest successful check of this user within the last half hour, if any. */
  async function recent(userId: string, check: CustomerCheck): Promise<VerifiedCustomer | null> {
    const since = new Date(clock.now().getTime() - FRESH_FOR_MS);
    const [row] = await db
      .select()
      .from(customerVerifications)
      .where(and(matching(userId, check), gt(customerVerifications.verifiedAt, since)))
      .orderBy(desc(customerVerifications.verifiedAt))
      .limit(1);
    if (!row || row.customerName === '') return null;
    return fromStored(row.details as StoredCustomer);
  }

  return {
    /** A customer's own check before paying: limited per user. */
    verify: (userId: string, check: CustomerCheck) => verify(userId, check, { limited: true }),
    /** For a purchase: a recent check, or a new one (not limited: the purchase itself is paid for). */
    async ensure(userId: string, check: CustomerCheck): Promise<VerifiedCustomer> {
      return (await recent(userId, check)) ?? verify(userId, check, { limited: false });
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
