import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Purchase,
  PurchaseStatus,
  purchasesResponse,
  resendPurchaseResponse,
} from '@quickvend/shared/api/purchases';
import { formatNaira } from '@quickvend/shared/money';
import type { z } from 'zod';
import { api } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

export type PurchasesPage = z.infer<typeof purchasesResponse>;

export type PurchaseFilters = { serviceId?: string | undefined; status?: PurchaseStatus | undefined };

/** `GET /api/v1/purchases`: the user's purchases, newest first, a page at a time. */
export function listPurchases(
  options: PurchaseFilters & { limit: number; cursor?: string | null | undefined },
  signal?: AbortSignal,
): Promise<PurchasesPage> {
  const query = new URLSearchParams({ limit: String(options.limit) });
  if (options.cursor) query.set('cursor', options.cursor);
  if (options.serviceId) query.set('serviceId', options.serviceId);
  if (options.status) query.set('status', options.status);
  return api.get<PurchasesPage>(`/api/v1/purchases?${query.toString()}`, { signal });
}

export function getPurchase(requestId: string, signal?: AbortSignal): Promise<{ purchase: Purchase }> {
  return api.get<{ purchase: Purchase }>(`/api/v1/purchases/${encodeURIComponent(requestId)}`, { signal });
}

export function purchaseQueryKey(requestId: string) {
  return [...queryKeys.purchases, 'one', requestId] as const;
}

export const RECENT_PURCHASES = 5;

export const recentPurchasesQueryOptions = queryOptions({
  queryKey: [...queryKeys.purchases, 'recent'] as const,
  queryFn: ({ signal }) => listPurchases({ limit: RECENT_PURCHASES }, signal),
});

/** The user's latest purchases (the dashboard's short list). */
export function useRecentPurchases() {
  return useQuery(recentPurchasesQueryOptions);
}

export const purchaseStatusLabels: Record<PurchaseStatus, string> = {
  delivered: 'Delivered',
  pending: 'Pending',
  failed: 'Failed',
};

/** `POST /api/v1/purchases/{requestId}/email`: mail a delivered purchase's token or PINs again. */
export function resendPurchase(requestId: string): Promise<z.infer<typeof resendPurchaseResponse>> {
  return api.post<z.infer<typeof resendPurchaseResponse>>(
    `/api/v1/purchases/${encodeURIComponent(requestId)}/email`,
    {},
  );
}

/** A delivered purchase that handed over something to keep (a token, PINs) can be mailed again. */
export function canEmailAgain(purchase: Purchase): boolean {
  return purchase.status === 'delivered' && (purchase.token !== null || (purchase.pins?.length ?? 0) > 0);
}

type Row = [label: string, value: string];

/** A receipt row list with each label once: the first wins (a provider's line may repeat one of ours). */
export function uniqueRows(rows: Row[]): Row[] {
  const seen = new Set<string>();
  return rows.filter(([label]) => {
    const key = label.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The customer the provider verified, the units, the quantity and the provider's own receipt lines. */
export function detailRowsOf(purchase: Purchase): Row[] {
  const rows: Row[] = [];
  if (purchase.customerName) rows.push(['Customer', purchase.customerName]);
  if (purchase.kind === 'education' && purchase.quantity !== null)
    rows.push(['Quantity', String(purchase.quantity)]);
  if (purchase.units) rows.push(['Units', purchase.units]);
  for (const line of purchase.receiptLines) {
    // the token and PINs are shown large below the rows, with Copy
    if (/^(token|pins?)$/i.test(line.label.trim())) continue;
    rows.push([line.label, line.value]);
  }
  return rows;
}

/** The face value, what the discount took off, and what the wallet paid. */
export function chargeRowsOf(purchase: Purchase, options: { alwaysCharged?: boolean } = {}): Row[] {
  const rows: Row[] = [['Amount', formatNaira(purchase.amountKobo)]];
  if (purchase.discountKobo > 0) rows.push(['Discount', `-${formatNaira(purchase.discountKobo)}`]);
  if (options.alwaysCharged === true || purchase.chargedKobo !== purchase.amountKobo)
    rows.push(['Amount charged', formatNaira(purchase.chargedKobo)]);
  return rows;
}
