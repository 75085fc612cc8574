import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PURCHASE_EVENT as SharedName, PurchaseChangedEvent } from '@quickvend/shared/api/purchases';
import { openUserEvents } from '@/lib/user-events.ts';
import { purchaseQueryKey } from '@/lib/api/get-purchase.ts';

// the name only, typed by the shared one: a value from the shared schemas would bring zod onto the page
const PURCHASE_EVENT: typeof SharedName = 'purchase';

// checked by hand, not with the shared zod schema, as the other stream events are
function readRequestId(data: unknown): PurchaseChangedEvent['requestId'] | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { requestId } = parsed as Record<string, unknown>;
    return typeof requestId === 'string' ? requestId : null;
  } catch {
    return null;
  }
}

/**
 * While a purchase's receipt is open, the user's live event stream says when the team changed something on it
 * (answered the customer's report): the purchase and everything under its key (the report) are fetched again.
 */
export function useLivePurchase(requestId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (requestId === '') return;
    const stream = openUserEvents();
    if (stream === null) return;
    const onPurchase = (event: Event) => {
      if (readRequestId(event instanceof MessageEvent ? event.data : undefined) !== requestId) return;
      void queryClient.invalidateQueries({ queryKey: purchaseQueryKey(requestId) });
    };
    stream.source.addEventListener(PURCHASE_EVENT, onPurchase);
    return () => {
      stream.source.removeEventListener(PURCHASE_EVENT, onPurchase);
      stream.release();
    };
  }, [queryClient, requestId]);
}
