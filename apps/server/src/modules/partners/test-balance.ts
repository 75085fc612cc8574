import { TEST_BALANCE_CAP_KOBO, testBalanceMessages } from '@quickvend/shared/api/api-keys';
import { profileTexts } from '@quickvend/shared/api/profile';
import { formatNaira, kobo, type Kobo } from '@quickvend/shared/money';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { TestAccounts } from '../auth/index.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import type { Ledger } from '../ledger/index.ts';

/** Top-ups a partner may make in an hour: plenty to test with, and each one is a ledger entry. */
export const TEST_TOP_UPS_PER_HOUR = 30;

/**
 * The balance a partner's test keys spend. Test money comes from `test:funds`, so it is on the ledger like
 * any other (every invariant holds) yet never in the books' totals, and it cannot reach a live wallet: a test
 * account's purchases are sold by the simulators into the test accounts (purchase-entries.ts).
 */
export function createTestBalances(deps: {
  db: Database;
  ledger: Pick<Ledger, 'post' | 'getWalletBalance'>;
  testAccounts: Pick<TestAccounts, 'ensure' | 'of'>;
  /** when the partner turned partner access on; null while off */
  partnerAccessOf: (userId: string) => Promise<Date | null>;
  limiter: Pick<RateLimiter, 'consume'>;
}) {
  const { ledger } = deps;

  /** @throws FORBIDDEN without partner access */
  async function accountOf(partner: { id: string; name: string }): Promise<string> {
    const existing = await deps.testAccounts.of(partner.id);
    if (existing) return existing;
    if (!(await deps.partnerAccessOf(partner.id)))
      throw new AppError('FORBIDDEN', profileTexts.partnerAccessNeeded);
    return deps.db.transaction((tx) => deps.testAccounts.ensure(partner, tx));
  }

  return {
    /** What the partner's test keys can spend; 0 before their first test key or top-up. */
    async balanceOf(partnerId: string): Promise<Kobo> {
      const account = await deps.testAccounts.of(partnerId);
      return account ? ledger.getWalletBalance(account) : kobo(0);
    },

    /**
     * Adds test money to `testAccountId` (a test key's account) or to the partner's own test account.
     * @throws CONFLICT when it would hold more than TEST_BALANCE_CAP_KOBO; FORBIDDEN without partner access;
     * RATE_LIMITED past TEST_TOP_UPS_PER_HOUR
     */
    async topUp(
      target: { testAccountId: string } | { partner: { id: string; name: string } },
      amountKobo: Kobo,
    ): Promise<Kobo> {
      const account = 'testAccountId' in target ? target.testAccountId : await accountOf(target.partner);
      await deps.limiter.consume([
        { key: `test-top-up:account:${account}`, max: TEST_TOP_UPS_PER_HOUR, windowSeconds: 3600 },
      ]);
      const overCap = () =>
        new AppError('CONFLICT', testBalanceMessages.overCap(formatNaira(kobo(TEST_BALANCE_CAP_KOBO))));
      if (amountKobo > TEST_BALANCE_CAP_KOBO) throw overCap();
      return deps.db.transaction(async (tx) => {
        const posted = await ledger.post(
          {
            reference: `test-top-up:${newId('ttu')}`,
            kind: 'test.top-up',
            memo: 'Test money',
            postings: [{ from: { system: 'test:funds' }, to: { wallet: account }, amountKobo }],
          },
          tx,
        );
        const after = posted.walletBalances.get(account) ?? kobo(0);
        // checked after the credit, on the row the credit locked: two top-ups at once cannot pass the cap together
        if (after > TEST_BALANCE_CAP_KOBO) throw overCap();
        return after;
      });
    },
  };
}

export type TestBalances = ReturnType<typeof createTestBalances>;
