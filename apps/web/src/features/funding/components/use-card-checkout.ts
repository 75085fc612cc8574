import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from '@/lib/router/index.ts';
import { messages } from '@quickvend/shared/messages';
import type { StatusTone } from '@/components/ui/status-message.tsx';
import { paths } from '@/lib/paths.ts';
import { refreshMoney } from '@/lib/query-keys.ts';
import { useConfirmPayment } from '../api/confirm-card-payment.ts';
import { checkoutMessages, describePayment } from './payment-status.ts';

/** Time to read "Payment successful!" before the dashboard (which shows it again). */
export const SUCCESS_REDIRECT_MS = 1_500;

const RETURN_PARAMS = ['reference', 'trxref', 'cancelled'] as const;

export type CheckoutResult = { reference: string; isClosed: boolean };

function readReturn(params: URLSearchParams): CheckoutResult | null {
  const reference = (params.get('reference') ?? params.get('trxref') ?? '').trim();
  if (reference === '') return null;
  return { reference, isClosed: params.get('cancelled') === 'true' };
}

/**
 * The end of a card checkout: the redirect back from the sandbox page (`?reference=R[&cancelled=true]`)
 * or the live popup's callbacks. Confirms the payment with the server (again every few seconds while
 * it is pending), says what happened, and after a success refreshes the wallet and goes to the dashboard.
 */
export function useCardCheckout() {
  const [searchParams, setSearchParams] = useSearchParams();
  const [result, setResult] = useState<CheckoutResult | null>(() => readReturn(searchParams));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const confirm = useConfirmPayment(result?.reference ?? null);
  const status = confirm.data?.payment.status;

  // a reload must not handle the same return twice
  const hasReturnParams = RETURN_PARAMS.some((name) => searchParams.has(name));
  useEffect(() => {
    if (!hasReturnParams) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const name of RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  }, [hasReturnParams, setSearchParams]);

  useEffect(() => {
    if (status === undefined || status === 'pending') return;
    void refreshMoney(queryClient);
  }, [status, queryClient]);

  const successText =
    status === 'success' && result ? messages.funding.paymentSuccessful(result.reference) : null;
  useEffect(() => {
    if (successText === null) return;
    const timer = window.setTimeout(() => {
      void navigate(paths.dashboard, { state: { flash: successText } });
    }, SUCCESS_REDIRECT_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [successText, navigate]);

  let message: { text: string; tone: StatusTone } | null = null;
  if (result) {
    if (status === 'success') message = describePayment(status, result.reference);
    else if (result.isClosed) message = { text: messages.funding.paymentClosed, tone: 'info' };
    else if (status !== undefined) message = describePayment(status, result.reference);
    else if (confirm.isError) message = { text: `Error: ${confirm.error.message}`, tone: 'error' };
    else message = { text: checkoutMessages.checking, tone: 'info' };
  }

  return {
    message,
    isSucceeded: status === 'success',
    /** The live popup finished: confirm this payment. */
    track: setResult,
  };
}
