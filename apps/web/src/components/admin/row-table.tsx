import type { ReactNode, Ref } from 'react';
import { Link } from '@/lib/router/index.ts';
import { messages } from '@quickvend/shared/messages';
import { Button } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { Input } from '../ui/input.tsx';
import { SkeletonList } from '../ui/skeleton.tsx';
import { StatusMessage } from '../ui/status-message.tsx';
import { errorLine } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';

/** Classes of a labelled cell: a line of a card on a phone, a table cell on a wide laptop. */
export const rowTableCell =
  'flex justify-between gap-3 px-4 py-1.5 text-right text-sm wrap-anywhere before:shrink-0 before:text-left before:font-semibold before:text-gray-600 before:content-[attr(data-label)] xl:table-cell xl:py-3 xl:text-left xl:align-top xl:before:content-none';

/**
 * A back-office list whose rows keep state of their own (a form opened on one row): loading, failed, empty or a
 * table of the rows `children` renders (each a `<tr>`, cards on a phone).
 */
export function RowTable({
  query,
  caption,
  columns,
  empty,
  children,
}: {
  query: { isPending: boolean; error: Error | null };
  caption: string;
  columns: readonly string[];
  empty: string;
  /** the rows, or null while there are none */
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <p className="mb-3 text-sm text-gray-700">{messages.admin.loading}</p>
        <SkeletonList rows={2} />
      </div>
    );
  }
  if (query.error) return <StatusMessage message={errorLine(query.error)} tone="error" />;
  if (children === null) return <EmptyState title={empty} />;
  return (
    <table className="block w-full xl:table xl:border-collapse xl:rounded-xl xl:bg-white xl:shadow-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only xl:not-sr-only xl:table-header-group xl:bg-gray-100">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-4 py-3 text-left text-sm font-semibold text-gray-800">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="flex flex-col gap-3 xl:table-row-group">{children}</tbody>
    </table>
  );
}

/** A row's request that waits for a second admin: said instead of its actions, with the way there. */
export function WaitingForSecondAdmin() {
  return (
    <p className="flex flex-col gap-1 text-sm xl:min-w-48">
      <span className="font-semibold text-gray-900">Waiting for a second admin</span>
      <Link to={paths.adminApprovals} className="font-semibold text-brand-800 underline">
        Open Approvals
      </Link>
    </p>
  );
}

/** A row's decision asked once more, with a note (a reason, or how it was done) before it is made. */
export function NoteConfirm({
  question,
  inputRef,
  label,
  hint,
  value,
  error,
  onChange,
  confirmLabel,
  isDanger = false,
  isBusy,
  onConfirm,
  onCancel,
  width = 'xl:min-w-56',
}: {
  question?: ReactNode;
  inputRef: Ref<HTMLInputElement>;
  label: string;
  hint: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  confirmLabel: string;
  isDanger?: boolean;
  isBusy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  width?: 'xl:min-w-56' | 'xl:min-w-64';
}) {
  return (
    <div className={`flex flex-col gap-2 ${width}`}>
      {question ? <p className="text-sm text-gray-900">{question}</p> : null}
      <Input
        ref={inputRef}
        label={label}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        hint={hint}
        error={error}
      />
      <div className="flex gap-2">
        <Button
          variant={isDanger ? 'danger' : 'primary'}
          className="flex-1"
          isBusy={isBusy}
          busyLabel={messages.purchase.processing}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
        <Button variant="text" disabled={isBusy} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
