/**
 * Back-office query keys that more than one admin feature reads or refreshes (kept apart from
 * lib/query-keys.ts, so a customer's first page does not carry them).
 */
export const adminQueryKeys = {
  /** the users (lists, details, statements): a manual deposit decided changes a balance */
  users: ['admin', 'users'] as const,
  /** every query about purchases: refreshing it refreshes the lists, counts and details */
  purchases: ['admin', 'purchases'] as const,
  fundings: ['admin', 'fundings'] as const,
};
