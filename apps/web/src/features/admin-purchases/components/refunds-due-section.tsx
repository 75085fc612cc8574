import { useEffect, useRef, useState } from 'react';
import { returnRefundDueBody, type RefundDue } from '@quickvend/shared/api/refunds-due';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { formatNaira } from '@quickvend/shared/money';
import { Button } from '@/components/ui/button.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useRefundsDue } from '../api/get-refunds-due.ts';
import { useReturnRefundDue } from '../api/return-refund-due.ts';
import { NoteConfirm, RowTable, rowTableCell, WaitingForSecondAdmin } from '@/components/admin/row-table.tsx';

type Status = { text: string; tone: StatusTone };

const columns = ['Payer', 'Paid from', 'Amount', 'Arrived', 'Actions'] as const;

const payerName = (refund: RefundDue) => refund.payer.name ?? refund.payer.email ?? 'The payer';

/** Where the money came from, as the payment gateway described it. */
function paidFrom(refund: RefundDue): string {
  const { bank, accountNumber, cardLast4 } = refund.payer;
  if (refund.source === 'card') {
    const card = cardLast4 ? `Card ending ${cardLast4}` : 'Card';
    return bank ? `${card} (${bank})` : card;
  }
  const account = [bank, accountNumber].filter(Boolean).join(' ');
  return account ? `Bank transfer from ${account}` : 'Bank transfer';
}

function RefundRow({ refund, onDone }: { refund: RefundDue; onDone: (status: Status) => void }) {
  const markReturned = useReturnRefundDue();
  const [isConfirming, setIsConfirming] = useState(false);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | undefined>();
  const noteInput = useRef<HTMLInputElement>(null);
  const name = payerName(refund);

  useEffect(() => {
    if (isConfirming) noteInput.current?.focus();
  }, [isConfirming]);

  const confirm = async () => {
    const parsed = returnRefundDueBody.safeParse({ note });
    if (!parsed.success) {
      setNoteError(parsed.error.issues[0]?.message);
      return;
    }
    setNoteError(undefined);
    try {
      await markReturned.mutateAsync({ id: refund.id, note: parsed.data.note });
      onDone({
        text: `Sent for a second admin: once another admin approves it on the Approvals page, ${formatNaira(refund.amountKobo)} is recorded as sent back to ${name}.`,
        tone: 'info',
      });
    } catch (error) {
      const text = isApiError(error, 'CONFLICT')
        ? error.message
        : `Error: ${error instanceof Error ? error.message : 'Please try again.'}`;
      onDone({ text, tone: 'error' });
    }
  };

  let actions;
  if (refund.waitingApprovalId) {
    actions = <WaitingForSecondAdmin />;
  } else if (isConfirming) {
    actions = (
      <NoteConfirm
        inputRef={noteInput}
        label={`How ${formatNaira(refund.amountKobo)} went back to ${name}`}
        hint="The bank, the date and the transfer reference. A second admin checks it."
        value={note}
        error={noteError}
        onChange={setNote}
        confirmLabel="Confirm sent back"
        isBusy={markReturned.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => {
          setIsConfirming(false);
          setNoteError(undefined);
        }}
        width="xl:min-w-64"
      />
    );
  } else {
    actions = (
      <Button
        variant="secondary"
        aria-label={`Mark ${formatNaira(refund.amountKobo)} to ${name} as sent back`}
        onClick={() => {
          setIsConfirming(true);
        }}
      >
        Mark as sent back
      </Button>
    );
  }

  return (
    <tr className="block rounded-xl border border-gray-200 bg-white py-2 xl:table-row xl:rounded-none xl:border-0 xl:border-t xl:py-0">
      <td data-label="Payer" className={rowTableCell}>
        <span className="flex min-w-0 flex-col xl:items-start">
          <span className="font-semibold">{refund.payer.name ?? 'Name not given'}</span>
          <span className="text-gray-700">{refund.payer.email ?? ''}</span>
        </span>
      </td>
      <td data-label="Paid from" className={rowTableCell}>
        <span className="flex min-w-0 flex-col xl:items-start">
          <span>{paidFrom(refund)}</span>
          <span className="text-gray-700">Reference {refund.reference}</span>
        </span>
      </td>
      <td data-label="Amount" className={`${rowTableCell} font-semibold tabular-nums xl:whitespace-nowrap`}>
        {formatNaira(refund.amountKobo)}
      </td>
      <td data-label="Arrived" className={rowTableCell}>
        {formatLagosDateTime(refund.createdAt)}
      </td>
      <td className="block px-4 pt-2 pb-1 xl:table-cell xl:py-3 xl:align-top">{actions}</td>
    </tr>
  );
}

/**
 * Money that reached an account after it was closed (a card paid late, a transfer to its old number): never
 * credited, it waits here to be sent back to whoever paid it; "sent back" is confirmed by a second admin.
 */
export function RefundsDueSection() {
  const refunds = useRefundsDue();
  const [status, setStatus] = useState<Status | null>(null);

  const rows = refunds.data?.refundsDue ?? [];
  const content = (
    <RowTable
      query={refunds}
      caption="Money to send back"
      columns={columns}
      empty="No money is waiting to be sent back."
    >
      {rows.length === 0
        ? null
        : rows.map((refund) => <RefundRow key={refund.id} refund={refund} onDone={setStatus} />)}
    </RowTable>
  );

  return (
    <section aria-labelledby="refunds-due-heading" className="flex flex-col gap-3">
      <h2 id="refunds-due-heading" className="text-lg font-bold text-gray-900">
        Money to send back
      </h2>
      <p className="text-sm text-gray-700">
        Paid after the customer closed their account, so it was not credited. Send it back to the payer, then
        mark it here.
      </p>
      <StatusMessage message={status?.text} tone={status?.tone} />
      {content}
    </section>
  );
}
