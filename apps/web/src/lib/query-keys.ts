import type { QueryClient } from '@tanstack/react-query';

/**
 * Query keys that more than one part of the app reads or refreshes: the live balance (wallet feature)
 * refreshes the wallet, the statement (wallet feature), the payments (funding feature) and the purchases
 * when money moves; the referrals too, since a friend's first funding pays the referrer.
 */
export const queryKeys = {
  wallet: ['wallet'] as const,
  /** under `wallet`, so refreshing the wallet refreshes the statement too */
  statement: ['wallet', 'statement'] as const,
  payments: ['funding', 'payments'] as const,
  /** every purchase query (lists, the recent five, single receipts) */
  purchases: ['purchases'] as const,
  /** the dashboard's latest five */
  recentPurchases: ['purchases', 'recent'] as const,
  pin: ['pin'] as const,
  /** the referral link and list: a friend's first funding pays the referrer */
  referrals: ['referrals'] as const,
  /** the saved numbers: purchase pages pick from them, a delivered purchase adds to them */
  beneficiaries: ['beneficiaries'] as const,
  services: ['catalog', 'services'] as const,
  variations: (serviceId: string) => ['catalog', 'variations', serviceId] as const,
};

/**
 * Money moved: fetch the wallet (with its breakdown and statement), the payments, purchases and referrals
 * again.
 */
export async function refreshMoney(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.wallet }),
    queryClient.invalidateQueries({ queryKey: queryKeys.payments }),
    queryClient.invalidateQueries({ queryKey: queryKeys.purchases }),
    queryClient.invalidateQueries({ queryKey: queryKeys.referrals }),
  ]);
}
