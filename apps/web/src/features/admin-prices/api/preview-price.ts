import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PricePreview, PricePreviewBody } from '@quickvend/shared/api/admin-prices';
import { call } from '@/lib/api-client.ts';

export function previewPrice(body: PricePreviewBody, signal?: AbortSignal): Promise<PricePreview> {
  return call('POST /api/v1/admin/prices/preview', { body, signal });
}

/** What a rule would sell at, cost and earn, row by row; nothing is asked for `null` (an incomplete rule). */
export const pricePreviewQueryOptions = (body: PricePreviewBody | null) =>
  queryOptions({
    queryKey: ['admin', 'prices', 'preview', body] as const,
    queryFn: ({ signal }) => previewPrice(body as PricePreviewBody, signal),
    enabled: body !== null,
    staleTime: 30_000,
  });

export function usePricePreview(body: PricePreviewBody | null) {
  return useQuery({ ...pricePreviewQueryOptions(body), placeholderData: keepPreviousData });
}
