import type { Payment, PaymentStatus } from '@quickvend/shared/api/funding';
import { formatNaira } from '@quickvend/shared/money';
import { formatLagosDateTime, lagosClock } from '@quickvend/shared/format';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusBadge, type BadgeTone } from '@/components/ui/status-badge.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { usePayments } from '../api/get-payments.ts';

// one rule: every payment is listed; one that ended without taking money (declined, cancelled or left
// unpaid until its checkout ended) is "Not completed", whichever of the two the gateway called it
const paymentStatus: Record<PaymentStatus, { label: string; tone: BadgeTone }> = {
  success: { label: 'Successful', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  review: { label: 'In review', tone: 'warning' },
  failed: { label: 'Not completed', tone: 'neutral' },
  abandoned: { label: 'Not completed', tone: 'neutral' },
};

/** While a card payment waits: until when, in Lagos time, as the server set its checkout's end. */
function waitingNoteOf(payment: Payment, now: Date): string | null {
  if (payment.status !== 'pending' || payment.checkoutEndsAt === null) return null;
  const endsAt = new Date(payment.checkoutEndsAt);
  if (endsAt <= now) {
    return 'Still checking with your bank. If money was taken, your wallet is credited automatically.';
  }
  const { hour, minute } = lagosClock(endsAt);
  return `Waiting for your bank until ${hour}:${minute}`;
}

function channelLabel(payment: Payment): string {
  if (payment.channel === 'dedicated_nuban') {
    return payment.senderName ? `Bank transfer from ${payment.senderName}` : 'Bank transfer';
  }
  return payment.channel === 'card' ? 'Card payment' : payment.channel;
}

function PaymentItem({ payment }: { payment: Payment }) {
  const status = paymentStatus[payment.status];
  const waitingNote = waitingNoteOf(payment, new Date());
  return (
    <li className="flex flex-col gap-1 rounded-xl border border-gray-200 bg-white px-3 py-2.5">
      <div className="flex items-center justify-between gap-2">
        <span className="text-base font-bold tabular-nums text-gray-900">
          {formatNaira(payment.amountKobo)}
        </span>
        <StatusBadge label={status.label} tone={status.tone} />
      </div>
      <p className="text-sm font-medium text-gray-800">{channelLabel(payment)}</p>
      {waitingNote && <p className="text-sm text-gray-700">{waitingNote}</p>}
      <p className="text-sm wrap-anywhere text-gray-700">{payment.email}</p>
      <p className="flex flex-wrap justify-between gap-x-3 text-xs text-gray-600">
        <span className="font-mono wrap-anywhere">{payment.reference}</span>
        <span>{formatLagosDateTime(payment.paidAt ?? payment.createdAt)}</span>
      </p>
    </li>
  );
}

/** Card and bank-transfer payments, newest first. */
export function PaymentHistory() {
  const payments = usePayments();
  let content;
  if (payments.isPending) {
    content = (
      <div aria-busy="true">
        <span className="sr-only">Loading...</span>
        <SkeletonList rows={3} />
      </div>
    );
  } else if (payments.isError) {
    content = <StatusMessage message={`Error: ${payments.error.message}`} tone="error" />;
  } else if (payments.data.payments.length === 0) {
    content = (
      <EmptyState title="No payments yet.">Card payments and bank transfers will be listed here.</EmptyState>
    );
  } else {
    content = (
      <ul className="flex flex-col gap-2" aria-label="Payments">
        {payments.data.payments.map((payment) => (
          <PaymentItem key={payment.id} payment={payment} />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="payment-history-heading" className="flex flex-col gap-3">
      <h2 id="payment-history-heading" className="text-lg font-bold text-gray-900">
        Payment history
      </h2>
      {content}
    </section>
  );
}
