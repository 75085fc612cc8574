import { useEffect, useRef, useState } from 'react';
import { rejectBody, type ApprovalRequest } from '@quickvend/shared/api/admin-money';
import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import type { StatusTone } from '../ui/status-message.tsx';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { useDecideApproval } from '@/lib/api/admin/decide-approval.ts';
import { settingChangeOf } from './setting-labels.ts';
import { kindLabel } from './approval-labels.ts';

export type Outcome = { text: string; tone: StatusTone };

const describe = (approval: ApprovalRequest) => {
  const change = settingChangeOf(approval);
  if (change)
    return `${change.title} from ${formatNaira(change.beforeKobo)} to ${formatNaira(change.valueKobo)}`;
  return `${kindLabel(approval)}${approval.amountKobo === null ? '' : ` of ${formatNaira(approval.amountKobo)}`}${
    approval.customer ? ` for ${approval.customer.name}` : ''
  }`;
};

/**
 * Approve (with an optional note) or reject (with a note) another admin's request; withdraw one's own.
 * Each asks once more before it acts.
 */
export function ApprovalActions({
  approval,
  onDone,
}: {
  approval: ApprovalRequest;
  onDone: (outcome: Outcome) => void;
}) {
  const decide = useDecideApproval();
  const [open, setOpen] = useState<'approve' | 'reject' | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const noteInput = useRef<HTMLInputElement>(null);
  const what = describe(approval);

  useEffect(() => {
    if (open) noteInput.current?.focus();
  }, [open]);

  const run = async (action: 'approve' | 'reject' | 'cancel') => {
    if (action === 'reject') {
      const parsed = rejectBody.safeParse({ note });
      if (!parsed.success) {
        setNoteError(parsed.error.issues[0]?.message);
        return;
      }
    }
    setNoteError(undefined);
    try {
      if (action === 'approve') await decide.mutateAsync({ id: approval.id, action, note: note.trim() });
      else if (action === 'reject') await decide.mutateAsync({ id: approval.id, action, note: note.trim() });
      else await decide.mutateAsync({ id: approval.id, action });
      const done = { approve: 'Approved', reject: 'Rejected', cancel: 'Withdrawn' }[action];
      onDone({ text: `${done}: ${what}.`, tone: 'success' });
    } catch (failure) {
      onDone({ text: errorMessageOf(failure), tone: 'error' });
    }
  };

  if (approval.isMine) {
    return (
      <div className="flex flex-col gap-1 md:items-start">
        <p className="text-sm text-gray-700">Yours: another admin must decide it.</p>
        <Button
          variant="secondary"
          className="self-start"
          isBusy={decide.isPending}
          busyLabel={messages.purchase.processing}
          aria-label={`Withdraw your request: ${what}`}
          onClick={() => void run('cancel')}
        >
          Withdraw
        </Button>
      </div>
    );
  }

  if (open) {
    const isReject = open === 'reject';
    return (
      <div className="flex flex-col gap-2 md:min-w-64">
        <Input
          ref={noteInput}
          label={isReject ? 'Why reject it?' : 'Note (optional)'}
          hint={isReject ? 'The admin who asked will see this.' : undefined}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
          }}
          error={noteError}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant={isReject ? 'danger' : 'primary'}
            isBusy={decide.isPending}
            busyLabel={messages.purchase.processing}
            onClick={() => void run(open)}
          >
            {isReject ? 'Confirm reject' : 'Confirm approve'}
          </Button>
          <Button
            variant="text"
            disabled={decide.isPending}
            onClick={() => {
              setOpen(null);
              setNoteError(undefined);
            }}
          >
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  return (
    <div className="flex gap-2">
      <Button
        className="flex-1 md:flex-none"
        aria-label={`Approve: ${what}`}
        onClick={() => {
          setOpen('approve');
        }}
      >
        Approve
      </Button>
      <Button
        variant="secondary"
        className="flex-1 md:flex-none"
        aria-label={`Reject: ${what}`}
        onClick={() => {
          setOpen('reject');
        }}
      >
        Reject
      </Button>
    </div>
  );
}
