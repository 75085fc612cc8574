import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { AuditResponse } from '@quickvend/shared/api/audit';
import { api } from '@/lib/api-client.ts';

export const AUDIT_FILTER_KEYS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
export type AuditFilters = Partial<Record<(typeof AUDIT_FILTER_KEYS)[number], string>>;

const PAGE_SIZE = 50;

function queryOf(filters: AuditFilters): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of AUDIT_FILTER_KEYS) {
    const value = filters[key]?.trim();
    if (value) query.set(key, value);
  }
  return query;
}

/** The filtered log as a CSV download: a plain link, the browser sends the session cookie. */
export function auditCsvUrl(filters: AuditFilters): string {
  const query = queryOf(filters).toString();
  return `/api/v1/admin/audit.csv${query ? `?${query}` : ''}`;
}

export function getAuditPage(filters: AuditFilters, cursor: string | null, signal?: AbortSignal) {
  const query = queryOf(filters);
  query.set('limit', String(PAGE_SIZE));
  if (cursor) query.set('cursor', cursor);
  return api.get<AuditResponse>(`/api/v1/admin/audit?${query.toString()}`, { signal });
}

/** The audit log newest first, 50 records at a time. */
export const auditLogQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'audit', filters] as const,
    queryFn: ({ pageParam, signal }) => getAuditPage(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery({ ...auditLogQueryOptions(filters), placeholderData: keepPreviousData });
}
