import { formatLagosDateTime } from './format.ts';
import { bpsAsPercent, formatNaira } from './money.ts';

export type AuditChange = { field: string; before: string | null; after: string | null };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** Statuses and roles as the back office says them (a purchase's, a request's, an account's, a link's). */
const WORDS: Record<string, Record<string, string>> = {
  status: {
    pending: 'waiting',
    processing: 'being processed',
    approved: 'approved',
    rejected: 'rejected',
    cancelled: 'withdrawn',
    closed: 'closed by the system',
    delivered: 'delivered',
    failed: 'failed',
    active: 'active',
    suspended: 'suspended',
    deleted: 'deleted',
    open: 'open',
    used: 'used',
    revoked: 'revoked',
    expired: 'expired',
  },
  role: { admin: 'admin', user: 'customer' },
  mode: { bps: 'a percentage of the face value', fixed: 'a fixed price' },
  direction: { credit: 'credit', debit: 'debit' },
};

/** `-100` → `discount 1 %`, `250` → `markup 2.5 %`: a price rule's basis points as an operator says them. */
export function describeBps(bps: number): string {
  if (bps === 0) return 'face value (no discount or markup)';
  const percent = bpsAsPercent(Math.abs(bps)).replace(/\.?0+$/, '');
  return `${bps < 0 ? 'discount' : 'markup'} ${percent} %`;
}

/**
 * One recorded value as a person reads it: money in naira, price rules as a discount or markup, statuses and
 * roles in plain words, instants in Lagos time, yes and no.
 */
export function describeAuditValue(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && /Kobo$/.test(field) && Number.isSafeInteger(value))
    return formatNaira(value);
  if (typeof value === 'number' && /(^b|B)ps$/.test(field) && Number.isSafeInteger(value))
    return describeBps(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') {
    const word = WORDS[field]?.[value];
    if (word) return word;
    return ISO_INSTANT.test(value) ? formatLagosDateTime(value) : value;
  }
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value.join(', ');
  return JSON.stringify(value);
}

/**
 * What an audited action changed: each field whose value differs between before and after, in the order
 * the record names them. A record with only an `after` (something created) lists every field it set.
 */
export function auditChanges(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .filter((field) => JSON.stringify(before?.[field]) !== JSON.stringify(after?.[field]))
    .map((field) => ({
      field,
      before: describeAuditValue(field, before?.[field]),
      after: describeAuditValue(field, after?.[field]),
    }));
}

/**
 * `status: pending → approved; phone: (none) → 0803…`: the changes on one line, for a spreadsheet. Something
 * created (no before at all) lists what it was set to.
 */
export function auditChangesText(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): string {
  return auditChanges(before, after)
    .map(({ field, before: was, after: now }) =>
      before === null ? `${field}: ${now ?? '(none)'}` : `${field}: ${was ?? '(none)'} → ${now ?? '(none)'}`,
    )
    .join('; ');
}
