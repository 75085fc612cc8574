import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletResponse } from '@quickvend/shared/api/wallet';
import { api } from './api-client.ts';

export const walletQueryOptions = queryOptions({
  queryKey: ['wallet'] as const,
  queryFn: ({ signal }) => api.get<WalletResponse>('/api/v1/wallet', { signal }),
});

/** The live wallet balance, shared by the top bar and the pages that show it. */
export function useWallet() {
  return useQuery(walletQueryOptions);
}
