/**
 * Query keys that more than one part of the app reads or refreshes: the live balance (lib) refreshes
 * the wallet, the statement (wallet feature) and the payments (funding feature) when money moves.
 */
export const queryKeys = {
  wallet: ['wallet'] as const,
  /** under `wallet`, so refreshing the wallet refreshes the statement too */
  statement: ['wallet', 'statement'] as const,
  payments: ['funding', 'payments'] as const,
};
