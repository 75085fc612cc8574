import { formatLagosDateTime } from './format.ts';
import { formatNaira } from './money.ts';

export type AuditChange = { field: string; before: string | null; after: string | null };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One recorded value as a person reads it: money in naira, instants in Lagos time, yes and no. */
export function describeAuditValue(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' && /Kobo$/.test(field) && Number.isSafeInteger(value))
    return formatNaira(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatLagosDateTime(value) : value;
  if (typeof value === 'number') return String(value);
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
