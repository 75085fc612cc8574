import type { AuditEntry } from '@quickvend/shared/api/audit';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { Link } from '@/lib/router/index.ts';
import { adminPurchasePath, editUserPath, paths } from '@/lib/paths.ts';
import { TARGET_TYPES } from './audit-filters.tsx';
import { actionLabel, describeChanges } from './audit-words.ts';

export const AUDIT_COLUMNS = ['When (Lagos)', 'Who', 'Action', 'Target', 'Change', 'Reason', 'IP'] as const;

const cell =
  'flex justify-between gap-3 px-4 py-1.5 text-right text-sm wrap-anywhere before:shrink-0 before:text-left before:font-semibold before:text-gray-600 before:content-[attr(data-label)] xl:table-cell xl:py-3 xl:text-left xl:align-top xl:before:content-none';

// our own ids (`usr_01J…`) are long and alike at the start: their end tells them apart
const shortId = (id: string) => (/^[a-z]+_[0-9A-Za-z]{16,}$/.test(id) ? `…${id.slice(-6)}` : id);

/** Where a target is looked at in the back office, when it has a page. */
function targetPath(entry: AuditEntry): string | null {
  if (!entry.targetId) return null;
  switch (entry.targetType) {
    case 'user':
      return editUserPath(entry.targetId);
    case 'purchase':
      return adminPurchasePath(entry.targetId);
    case 'approval':
      return paths.adminApprovals;
    default:
      return null;
  }
}

function Target({ entry }: { entry: AuditEntry }) {
  const kind = TARGET_TYPES[entry.targetType] ?? entry.targetType;
  const to = targetPath(entry);
  const label = entry.targetId ? `${kind} ${shortId(entry.targetId)}` : kind;
  return to ? (
    <Link to={to} title={entry.targetId ?? undefined} className="font-medium text-brand-800 underline">
      {label}
    </Link>
  ) : (
    <span title={entry.targetId ?? undefined}>{label}</span>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = describeChanges(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-gray-500">–</span>;
  return (
    <ul className="flex flex-col gap-0.5 text-right xl:text-left">
      {changes.map((change) => (
        <li key={change.field}>
          <span className="text-xs font-semibold text-gray-600">{change.field}:</span>{' '}
          {entry.before === null ? null : (
            <>
              <del className="text-red-800">{change.before ?? '(none)'}</del>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> became </span>
            </>
          )}
          <ins className="text-green-800 no-underline">{change.after ?? '(none)'}</ins>
        </li>
      ))}
    </ul>
  );
}

/** One audited action: a card on a phone, a table row on a laptop. */
export function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  const isCli = entry.actorId === null;
  return (
    <tr className="block rounded-xl border border-gray-200 bg-white py-2 xl:table-row xl:rounded-none xl:border-0 xl:border-t xl:py-0">
      <td data-label="When (Lagos)" className={`${cell} whitespace-nowrap`}>
        {formatLagosDateTime(entry.at)}
      </td>
      <td data-label="Who" className={cell}>
        {isCli ? `Command line (${entry.actorLabel})` : entry.actorLabel}
      </td>
      <td data-label="Action" className={cell}>
        <span className="flex flex-col items-end gap-0.5 xl:items-start">
          {actionLabel(entry.action) === entry.action ? null : <span>{actionLabel(entry.action)}</span>}
          <code className="text-xs text-gray-500">{entry.action}</code>
        </span>
      </td>
      <td data-label="Target" className={cell}>
        <Target entry={entry} />
      </td>
      <td data-label="Change" className={cell}>
        <Changes entry={entry} />
      </td>
      <td data-label="Reason" className={cell}>
        {entry.reason ?? <span className="text-gray-500">–</span>}
      </td>
      <td data-label="IP" className={`${cell} font-mono text-xs`}>
        {entry.ip ?? ''}
      </td>
    </tr>
  );
}
