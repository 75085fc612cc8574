import { useEffect, useId, useRef, useState } from 'react';
import { DISPUTE_NOTE_MAX, DISPUTE_WINDOW_HOURS } from '@quickvend/shared/disputes';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { Button } from '@/components/ui/button.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { TextArea } from '@/components/ui/text-area.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { useDispute } from '../api/get-dispute.ts';
import { useReportNotReceived } from '../api/report-not-received.ts';

export const notReceivedTexts = {
  action: 'I didn’t get it',
  intro: 'We will ask the provider about this purchase right now, show you their answer and tell our team.',
  note: 'What happened? (optional)',
  submit: 'Check with the provider',
  checking: 'Checking with the provider...',
  open: 'We are looking into it',
  closed: 'Our team looked into it',
  youSaid: (note: string) => `You told us: “${note}”`,
  reported: (at: string) => `Reported ${formatLagosDateTime(at)} (Lagos time)`,
  closedAt: (at: string) => `Answered ${formatLagosDateTime(at)} (Lagos time)`,
} as const;

const noteHints: Record<Purchase['kind'], string> = {
  airtime: 'For example: no airtime came to the line.',
  data: 'For example: the data has not shown on the line.',
  tv: 'For example: the decoder still says the subscription has ended.',
  electricity: 'For example: the meter did not take the token.',
  education: 'For example: the PIN was not accepted.',
};

/** A delivered purchase the customer may still say they did not get (the server has the last word). */
export function canReportNotReceived(purchase: Purchase, now = Date.now()): boolean {
  if (purchase.status !== 'delivered') return false;
  const deliveredAt = Date.parse(purchase.updatedAt);
  return Number.isFinite(deliveredAt) && now - deliveredAt <= DISPUTE_WINDOW_HOURS * 3_600_000;
}

/**
 * The customer's report, once there is one, above the receipt where it is seen first: "We are looking into it"
 * with the provider's answer, or the team's words once closed.
 */
export function NotReceivedReport({ purchase }: { purchase: Purchase }) {
  const existing = useDispute(purchase.requestId, purchase.status === 'delivered');
  const dispute = existing.data ?? null;
  const ref = useRef<HTMLDivElement>(null);
  const hadNone = useRef(false);
  const headingId = useId();
  // made just now from the form below, which had the focus and is gone: the answer takes it
  useEffect(() => {
    if (dispute === null) {
      if (existing.isFetched) hadNone.current = true;
    } else if (hadNone.current) {
      hadNone.current = false;
      ref.current?.focus();
    }
  }, [dispute, existing.isFetched]);
  if (purchase.status !== 'delivered' || dispute === null) return null;
  const isOpen = dispute.status === 'open';
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-live="polite"
      aria-labelledby={headingId}
      className={`flex scroll-mt-24 flex-col gap-1 rounded-xl border p-4 text-sm print:hidden ${
        isOpen ? 'border-sky-300 bg-sky-50 text-sky-950' : 'border-gray-300 bg-white text-gray-900'
      }`}
    >
      <p id={headingId} className="text-base font-bold">
        {isOpen ? notReceivedTexts.open : notReceivedTexts.closed}
      </p>
      <p className="whitespace-pre-line">{isOpen ? dispute.answer : dispute.resolution}</p>
      {dispute.customerNote ? <p>{notReceivedTexts.youSaid(dispute.customerNote)}</p> : null}
      <p className="text-gray-700">
        {dispute.closedAt
          ? notReceivedTexts.closedAt(dispute.closedAt)
          : notReceivedTexts.reported(dispute.createdAt)}
      </p>
    </div>
  );
}

type Report = ReturnType<typeof useReportNotReceived>;

function ReportForm({
  purchase,
  report,
  onCancel,
}: {
  purchase: Purchase;
  report: Report;
  onCancel: () => void;
}) {
  const [note, setNote] = useState('');
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const headingId = useId();
  useEffect(() => {
    noteRef.current?.focus();
  }, []);
  return (
    <form
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 print:hidden"
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = note.trim();
        report.mutate(trimmed ? { note: trimmed } : {});
      }}
    >
      <h2 id={headingId} className="text-base font-bold text-gray-900">
        {notReceivedTexts.action}
      </h2>
      <p className="text-sm text-gray-700">{notReceivedTexts.intro}</p>
      <TextArea
        ref={noteRef}
        label={notReceivedTexts.note}
        hint={noteHints[purchase.kind]}
        maxLength={DISPUTE_NOTE_MAX}
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
        }}
      />
      <StatusMessage message={report.error ? `Error: ${errorMessageOf(report.error)}` : null} />
      <Button type="submit" fullWidth isBusy={report.isPending} busyLabel={notReceivedTexts.checking}>
        {notReceivedTexts.submit}
      </Button>
      <Button variant="text" fullWidth disabled={report.isPending} onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}

/**
 * "I didn't get it" under a delivered purchase's receipt: within a day of delivery the customer says so and the
 * provider is asked again at once; its answer shows in NotReceivedReport, and this is gone.
 */
export function NotReceived({
  purchase,
  isStartedOpen = false,
}: {
  purchase: Purchase;
  /** opened from the purchase's result page: the form is open, with the focus in it */
  isStartedOpen?: boolean;
}) {
  const isDelivered = purchase.status === 'delivered';
  const existing = useDispute(purchase.requestId, isDelivered);
  const report = useReportNotReceived(purchase.requestId);
  const [isFormOpen, setIsFormOpen] = useState(isStartedOpen);
  const [wasCancelled, setWasCancelled] = useState(false);
  const actionRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (wasCancelled) actionRef.current?.querySelector('button')?.focus();
  }, [wasCancelled]);

  if (!isDelivered || existing.isPending || existing.data || report.isSuccess) return null;

  // the server refused (not delivered, or too late): its words, calmly, and nothing more to press
  if (isApiError(report.error, 'CONFLICT'))
    return <StatusMessage message={report.error.message} tone="info" />;
  if (!canReportNotReceived(purchase)) return null;

  if (isFormOpen) {
    return (
      <ReportForm
        purchase={purchase}
        report={report}
        onCancel={() => {
          setIsFormOpen(false);
          setWasCancelled(true);
          report.reset();
        }}
      />
    );
  }
  return (
    <div ref={actionRef} className="print:hidden">
      <Button
        variant="text"
        fullWidth
        onClick={() => {
          setIsFormOpen(true);
          setWasCancelled(false);
        }}
      >
        {notReceivedTexts.action}
      </Button>
    </div>
  );
}
