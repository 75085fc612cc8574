import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletResponse } from '@quickvend/shared/api/wallet';
import { call } from '../api-client.ts';
import { queryKeys } from '../query-keys.ts';

export function getWallet(signal?: AbortSignal): Promise<WalletResponse> {
  return call('GET /api/v1/wallet', { signal });
}

export const walletQueryOptions = queryOptions({
  queryKey: queryKeys.wallet,
  queryFn: ({ signal }) => getWallet(signal),
});

/** The live wallet balance, shared by the top bar and every page that shows it. */
export function useWallet() {
  return useQuery(walletQueryOptions);
}
