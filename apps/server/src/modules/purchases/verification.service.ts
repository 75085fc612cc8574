import { and, desc, eq, gt } from 'drizzle-orm';
import { checkSmartCard, isTvServiceId } from '@quickvend/shared/bills';
import { messages } from '@quickvend/shared/messages';
import { kobo } from '@quickvend/shared/money';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { GiveBack, RateLimiter } from '../../lib/rate-limit.ts';
import { spendAllowance } from './purchase-limits.ts';
import type { BillsProvider, CustomerCheck, VerifiedCustomer } from './purchases.port.ts';
import { customerVerifications } from './purchases.tables.ts';

/** A purchase may rely on a verification this recent instead of asking the provider again. */
const FRESH_FOR_MS = 30 * 60_000;
const TOO_MANY_CHECKS = 'Too many checks in a short time. Please wait a minute and try again.';

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

/** A customer as a purchase found them, and the allowance its check spent, to be given back once paid for. */
export type EnsuredCustomer = { customer: VerifiedCustomer; giveBack: GiveBack };

const nothingToGiveBack: GiveBack = () => Promise.resolve();

/**
 * Smartcards, meters and JAMB profiles, checked with the provider and remembered for a while. Every check
 * is a paid provider call, so each user gets a few a minute: the allowance is spent before the provider is
 * asked, in one statement (lib/rate-limit.ts), so concurrent checks can never slip past it; refused checks
 * count too.
 */
export function createVerificationService(deps: {
  db: Database;
  provider: Pick<BillsProvider, 'verifyCustomer'>;
  clock: Clock;
  limiter: Pick<RateLimiter, 'consume'>;
  perMinute: number;
  /** sandbox mode lets the provider's sandbox scenario numbers through as smart cards */
  acceptsSandboxNumbers?: boolean;
}) {
  const { db, provider, clock } = deps;

  /**
   * A smart card of the wrong length is refused in the spec's words before it costs a paid provider call or a
   * check of the allowance.
   * @throws VALIDATION_FAILED
   */
  const refuseMisshapen = (check: CustomerCheck) => {
    if (!isTvServiceId(check.serviceId)) return;
    const problem = checkSmartCard(
      check.serviceId,
      check.billersCode,
      deps.acceptsSandboxNumbers === true || check.mode === 'test',
    );
    if (problem) throw new AppError('VALIDATION_FAILED', problem, { fields: { billersCode: problem } });
  };

  const matching = (userId: string, check: CustomerCheck) =>
    and(
      eq(customerVerifications.userId, userId),
      eq(customerVerifications.serviceId, check.serviceId),
      eq(customerVerifications.billersCode, check.billersCode),
      eq(customerVerifications.type, check.type ?? ''),
    );

  /** @throws RATE_LIMITED (details.retryAfterSeconds) when this minute's checks are spent */
  const spendCheck = (userId: string): Promise<GiveBack> =>
    spendAllowance(
      deps.limiter,
      { key: `verify:user:${userId}`, max: deps.perMinute, windowSeconds: 60 },
      TOO_MANY_CHECKS,
    );

  /**
   * Asks the provider now; the caller has spent the allowance.
   * @throws CUSTOMER_NOT_VERIFIED with the provider's reason, ProviderUnavailableError
   */
  async function ask(userId: string, check: CustomerCheck): Promise<VerifiedCustomer> {
    const outcome = await provider.verifyCustomer(check);
    const customer = outcome.status === 'verified' ? outcome.customer : null;
    await db.insert(customerVerifications).values({
      id: newId('ver'),
      userId,
      serviceId: check.serviceId,
      billersCode: check.billersCode,
      type: check.type ?? '',
      // a refused check is kept (with no name) so it is never reused
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
    /**
     * A customer's own check before paying.
     * @throws VALIDATION_FAILED, RATE_LIMITED, CUSTOMER_NOT_VERIFIED, ProviderUnavailableError
     */
    async verify(userId: string, check: CustomerCheck): Promise<VerifiedCustomer> {
      refuseMisshapen(check);
      await spendCheck(userId);
      return ask(userId, check);
    },
    /**
     * For a purchase: a recent check, or a new one from the same allowance as `verify`, so buying is no way
     * around it. A purchase that goes on to be paid for gives its check back (`giveBack`): only refused ones
     * keep spending the allowance.
     * @throws RATE_LIMITED, CUSTOMER_NOT_VERIFIED, ProviderUnavailableError
     */
    async ensure(userId: string, check: CustomerCheck): Promise<EnsuredCustomer> {
      const known = await recent(userId, check);
      if (known) return { customer: known, giveBack: nothingToGiveBack };
      const giveBack = await spendCheck(userId);
      return { customer: await ask(userId, check), giveBack };
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
