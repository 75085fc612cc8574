import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { call, pathOf } from '@/lib/api-client.ts';

export const AUDIT_FILTER_KEYS = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
export type AuditFilters = Partial<Record<(typeof AUDIT_FILTER_KEYS)[number], string>>;

const PAGE_SIZE = 50;

/** The filters that say something, trimmed. */
function queryOf(filters: AuditFilters): AuditFilters {
  return Object.fromEntries(
    AUDIT_FILTER_KEYS.flatMap((key) => {
      const value = filters[key]?.trim();
      return value ? [[key, value]] : [];
    }),
  );
}

/** The filtered log as a CSV download: a plain link, the browser sends the session cookie. */
export function auditCsvUrl(filters: AuditFilters): string {
  return pathOf('GET /api/v1/admin/audit.csv', { query: queryOf(filters) });
}

export function getAuditPage(filters: AuditFilters, cursor: string | null, signal?: AbortSignal) {
  return call('GET /api/v1/admin/audit', {
    query: { ...queryOf(filters), limit: PAGE_SIZE, cursor: cursor ?? undefined },
    signal,
  });
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
