import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BalanceEvent, WalletResponse } from '@quickvend/shared/api/wallet';
import { kobo } from '@quickvend/shared/money';
import { queryKeys, refreshMoney } from '@/lib/query-keys.ts';
import { openUserEvents, USER_EVENTS_URL } from '@/lib/user-events.ts';

export const WALLET_EVENTS_URL = USER_EVENTS_URL;

// checked by hand, not with the shared zod schema: zod would be the largest piece of every signed-in page's code
function readBalance(data: unknown): BalanceEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { balanceKobo, balance } = parsed as Record<string, unknown>;
    return Number.isSafeInteger(balanceKobo) && typeof balance === 'string'
      ? { balanceKobo: kobo(balanceKobo as number), balance }
      : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the wallet's server-sent event stream open while mounted (the signed-in layout mounts it once).
 * Each `balance` event shows the new balance at once and then refreshes the wallet's breakdown, the
 * statement and the payments. The browser reconnects by itself after a dropped connection.
 */
export function useLiveBalance(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stream = openUserEvents();
    if (stream === null) return;
    const { source } = stream;
    // the server says the current balance as soon as a stream (re)opens; unchanged, it is no news
    let isGreeting = true;
    const onOpen = () => {
      isGreeting = true;
    };
    const onBalance = (event: Event) => {
      const next = readBalance(event instanceof MessageEvent ? event.data : undefined);
      if (next === null) return;
      const wasGreeting = isGreeting;
      isGreeting = false;
      const cached = queryClient.getQueryData<WalletResponse>(queryKeys.wallet);
      // not loaded yet: the wallet is being fetched anyway and will be current
      if (cached === undefined) return;
      if (wasGreeting && cached.balanceKobo === next.balanceKobo) return;
      queryClient.setQueryData<WalletResponse>(queryKeys.wallet, (old) =>
        old ? { ...old, balanceKobo: next.balanceKobo, balance: next.balance } : old,
      );
      void refreshMoney(queryClient);
    };
    source.addEventListener('open', onOpen);
    source.addEventListener('balance', onBalance);
    return () => {
      source.removeEventListener('open', onOpen);
      source.removeEventListener('balance', onBalance);
      stream.release();
    };
  }, [queryClient]);
}
