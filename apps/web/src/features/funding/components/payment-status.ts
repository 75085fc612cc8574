import type { PaymentStatus } from '@quickvend/shared/api/funding';
import { messages } from '@quickvend/shared/messages';
import type { StatusTone } from '@/components/ui/status-message.tsx';

export const checkoutMessages = {
  checking: 'Checking your payment...',
  declined: 'Error: Your card was declined. No money was taken.',
  pending: 'We are confirming your payment. Your wallet will be credited automatically.',
  review: 'We received your payment and are checking it. Our team will credit your wallet shortly.',
  popupFailed: 'Error: We could not open the card payment window. Check your connection and try again.',
} as const;

/** What to tell the user about a card payment they just came back from. */
export function describePayment(
  status: PaymentStatus,
  reference: string,
): { text: string; tone: StatusTone } {
  switch (status) {
    case 'success':
      return { text: messages.funding.paymentSuccessful(reference), tone: 'success' };
    case 'abandoned':
      return { text: messages.funding.paymentClosed, tone: 'info' };
    case 'failed':
      return { text: checkoutMessages.declined, tone: 'error' };
    case 'pending':
      return { text: checkoutMessages.pending, tone: 'info' };
    case 'review':
      return { text: checkoutMessages.review, tone: 'info' };
  }
}
