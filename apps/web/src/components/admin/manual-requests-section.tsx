import { useEffect, useRef, useState } from 'react';
import {
  approveManualFundingBody,
  rejectManualFundingBody,
  type ManualFundingRequest,
} from '@quickvend/shared/api/funding';
import { formatNaira } from '@quickvend/shared/money';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { messages } from '@quickvend/shared/messages';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { StatusMessage, type StatusTone } from '../ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { errorLine } from '@/lib/form-errors.ts';
import { useApproveManualRequest } from '@/lib/api/admin/approve-manual-request.ts';
import { usePendingManualRequests } from '@/lib/api/admin/get-manual-requests.ts';
import { useRejectManualRequest } from '@/lib/api/admin/reject-manual-request.ts';
import { NoteConfirm, RowTable, rowTableCell, WaitingForSecondAdmin } from './row-table.tsx';

type Status = { text: string; tone: StatusTone };

const columns = ['Customer', 'Deposit', 'Amount', 'Credit after charge', 'Date', 'Actions'] as const;

function failureOf(error: unknown): Status {
  // another admin decided first: the server's own words say so
  if (isApiError(error, 'CONFLICT')) return { text: error.message, tone: 'error' };
  return { text: errorLine(error, 'Please try again.'), tone: 'error' };
}

function customerName(request: ManualFundingRequest): string {
  const name = request.user?.name.trim();
  return name ? name : 'N/A';
}

function RequestRow({
  request,
  onDone,
}: {
  request: ManualFundingRequest;
  onDone: (status: Status) => void;
}) {
  const approve = useApproveManualRequest();
  const reject = useRejectManualRequest();
  const [step, setStep] = useState<'choose' | 'approve' | 'reject'>('choose');
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const name = customerName(request);
  const firstInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step !== 'choose') firstInput.current?.focus();
  }, [step]);

  const cancel = () => {
    setStep('choose');
    setNoteError(undefined);
    setReasonError(undefined);
  };

  const doApprove = async () => {
    const parsed = approveManualFundingBody.safeParse({ note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message);
      return;
    }
    setNoteError(undefined);
    try {
      const { request: approved, approvalId } = await approve.mutateAsync({
        id: request.id,
        ...(parsed.data.note && { note: parsed.data.note }),
      });
      onDone(
        approvalId
          ? {
              text: `Sent for a second approval: ${formatNaira(approved.amountKobo)} from ${name} is above the approval limit, so another admin must approve it on the Approvals page.`,
              tone: 'info',
            }
          : { text: `Approved: ${formatNaira(approved.creditKobo)} credited to ${name}.`, tone: 'success' },
      );
    } catch (error) {
      onDone(failureOf(error));
    }
  };

  const doReject = async () => {
    const parsed = rejectManualFundingBody.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message);
      return;
    }
    setReasonError(undefined);
    try {
      await reject.mutateAsync({ id: request.id, reason: parsed.data.reason });
      onDone({ text: `Rejected: ${name} will see your reason.`, tone: 'success' });
    } catch (error) {
      onDone(failureOf(error));
    }
  };

  let actions;
  if (request.awaitingApproval) {
    actions = <WaitingForSecondAdmin />;
  } else if (step === 'approve') {
    actions = (
      <NoteConfirm
        question={`Credit ${formatNaira(request.creditKobo)} to ${name}?`}
        inputRef={firstInput}
        label={`Note on approving ${name}'s deposit (optional)`}
        hint="Kept in the audit log, and shown to a second admin if one must approve."
        value={note}
        error={noteError}
        onChange={setNote}
        confirmLabel="Confirm approve"
        isBusy={approve.isPending}
        onConfirm={() => void doApprove()}
        onCancel={cancel}
      />
    );
  } else if (step === 'reject') {
    actions = (
      <NoteConfirm
        inputRef={firstInput}
        label={`Reason for rejecting ${name}'s deposit`}
        hint="The customer will see this."
        value={reason}
        error={reasonError}
        onChange={setReason}
        confirmLabel="Confirm reject"
        isDanger
        isBusy={reject.isPending}
        onConfirm={() => void doReject()}
        onCancel={cancel}
      />
    );
  } else {
    actions = (
      <div className="flex gap-2">
        <Button
          className="flex-1 xl:flex-none"
          aria-label={`Approve ${formatNaira(request.amountKobo)} from ${name}`}
          onClick={() => {
            setStep('approve');
          }}
        >
          Approve
        </Button>
        <Button
          variant="secondary"
          className="flex-1 xl:flex-none"
          aria-label={`Reject ${formatNaira(request.amountKobo)} from ${name}`}
          onClick={() => {
            setStep('reject');
          }}
        >
          Reject
        </Button>
      </div>
    );
  }

  return (
    <tr className="block rounded-xl border border-gray-200 bg-white py-2 xl:table-row xl:rounded-none xl:border-0 xl:border-t xl:py-0">
      <td data-label="Customer" className={rowTableCell}>
        <span className="flex min-w-0 flex-col xl:items-start">
          <span className="font-semibold">{name}</span>
          <span className="text-gray-700">{request.user?.email ?? ''}</span>
        </span>
      </td>
      <td data-label="Deposit" className={rowTableCell}>
        <span className="flex min-w-0 flex-col xl:items-start">
          <span>{request.depositorName}</span>
          <span className="text-gray-700">{request.bankName}</span>
        </span>
      </td>
      <td data-label="Amount" className={`${rowTableCell} tabular-nums xl:whitespace-nowrap`}>
        {formatNaira(request.amountKobo)}
      </td>
      <td
        data-label="Credit after charge"
        className={`${rowTableCell} font-semibold tabular-nums xl:whitespace-nowrap`}
      >
        {formatNaira(request.creditKobo)}
      </td>
      <td data-label="Date" className={rowTableCell}>
        {formatLagosDateTime(request.createdAt)}
      </td>
      <td className="block px-4 pt-2 pb-1 xl:table-cell xl:py-3 xl:align-top">{actions}</td>
    </tr>
  );
}

const waitingCount = (n: number) => `${n.toLocaleString('en-NG')} ${n === 1 ? 'deposit' : 'deposits'}`;

/** Narrows the list to one customer; empty shows everyone's. */
function CustomerFilter({ user, onApply }: { user: string; onApply: (user: string) => void }) {
  const [text, setText] = useState(user);
  return (
    <form
      role="search"
      aria-label="Find a customer’s deposits"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onApply(text.trim());
      }}
    >
      <Input
        label="Waiting deposits of one customer"
        placeholder="Email or user ID"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
        }}
        className="min-w-56 flex-1 xl:flex-none"
      />
      <Button type="submit" variant="secondary">
        Find
      </Button>
      {user ? (
        <Button
          variant="text"
          onClick={() => {
            setText('');
            onApply('');
          }}
        >
          Show everyone
        </Button>
      ) : null}
    </form>
  );
}

/**
 * Manual deposits waiting for an admin, oldest first and a page at a time, so a customer who floods the list
 * cannot hide anyone else's request: approving (confirmed, with an optional note for the audit log) credits the
 * amount less the charge; rejecting needs a reason; one sent for a second admin says so and waits for them.
 */
export function ManualRequestsSection() {
  const [user, setUser] = useState('');
  const requests = usePendingManualRequests(user);
  const [status, setStatus] = useState<Status | null>(null);

  const rows = requests.data?.pages.flatMap((page) => page.requests) ?? [];
  const total = requests.data?.pages[0]?.total;
  const content = (
    <RowTable
      query={requests}
      caption="Pending manual funding requests"
      columns={columns}
      empty={user ? 'No deposits from this customer are waiting.' : 'No deposits are waiting.'}
    >
      {rows.length === 0
        ? null
        : rows.map((request) => <RequestRow key={request.id} request={request} onDone={setStatus} />)}
    </RowTable>
  );

  return (
    <section aria-labelledby="manual-requests-heading" className="flex flex-col gap-3">
      <h2 id="manual-requests-heading" className="text-lg font-bold text-gray-900">
        Manual funding requests
      </h2>
      <CustomerFilter user={user} onApply={setUser} />
      <StatusMessage message={status?.text} tone={status?.tone} />
      {total !== undefined && rows.length > 0 ? (
        <p className="text-sm text-gray-700" aria-live="polite">
          {`Showing ${rows.length.toLocaleString('en-NG')} of ${waitingCount(total)} waiting, oldest first.`}
        </p>
      ) : null}
      {content}
      {requests.hasNextPage ? (
        <Button
          variant="secondary"
          className="self-center"
          isBusy={requests.isFetchingNextPage}
          busyLabel={messages.common.loading}
          onClick={() => void requests.fetchNextPage()}
        >
          Show more
        </Button>
      ) : null}
    </section>
  );
}
