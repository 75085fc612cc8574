import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { StartCardPaymentResponse } from '@quickvend/shared/api/funding';
import { formatNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import { useStartCardPayment } from '../api/start-card-payment.ts';
import { loadPaystackPop, type PaystackPopClass } from '../paystack-pop.ts';
import { nairaAmountField } from './amount.ts';
import { checkoutNavigation } from './checkout-navigation.ts';
import { checkoutMessages } from './payment-status.ts';
import type { CheckoutResult } from './use-card-checkout.ts';

const fieldNames = ['email', 'amount'] as const;

function cardFormSchema(minFundingKobo: number | undefined) {
  return z.object({
    email: z
      .string()
      .trim()
      .min(1, 'Enter your email address.')
      .pipe(z.email({ error: 'Please enter a valid email address.' }).max(254)),
    amount: nairaAmountField({ requiredMessage: 'Enter an amount.', minKobo: minFundingKobo }),
  });
}

type CardFormValues = z.output<ReturnType<typeof cardFormSchema>>;

type CardPaymentFormProps = {
  defaultEmail: string;
  minFundingKobo: number | undefined;
  /** A new payment starts: forget the message of the last one. */
  onStart: () => void;
  /** The live popup finished (paid or closed). */
  onFinish: (result: CheckoutResult) => void;
  /** After a success the page is about to leave. */
  isLocked: boolean;
};

/** Card payment: email and amount, then the Paystack checkout (sandbox page or live popup). */
export function CardPaymentForm({
  defaultEmail,
  minFundingKobo,
  onStart,
  onFinish,
  isLocked,
}: CardPaymentFormProps) {
  const startPayment = useStartCardPayment();
  const [status, setStatus] = useState<string | null>(null);
  // leaving for the checkout page, or the popup is open: the payment is under way
  const [isInCheckout, setIsInCheckout] = useState(false);
  const isSubmitting = useRef(false);
  const schema = useMemo(() => cardFormSchema(minFundingKobo), [minFundingKobo]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: defaultEmail, amount: '' } });

  const release = () => {
    isSubmitting.current = false;
    setIsInCheckout(false);
  };

  // back from the checkout page through the browser's page cache: the button must work again
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) release();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);

  const pay = async (values: CardFormValues) => {
    if (isSubmitting.current) return;
    isSubmitting.current = true;
    setStatus(null);
    onStart();
    let checkout: StartCardPaymentResponse['checkout'];
    try {
      ({ checkout } = await startPayment.mutateAsync({ email: values.email, amount: values.amount }));
    } catch (error) {
      release();
      setStatus(showServerError(error, fieldNames, setError));
      return;
    }
    setIsInCheckout(true);
    if (checkout.mode === 'sandbox') {
      checkoutNavigation.assign(checkout.authorizationUrl);
      return;
    }
    let PaystackPop: PaystackPopClass;
    try {
      // Paystack's script is fetched from Paystack only when someone pays by card in live mode
      PaystackPop = await loadPaystackPop();
    } catch {
      release();
      setStatus(checkoutMessages.popupFailed);
      return;
    }
    new PaystackPop().resumeTransaction(checkout.accessCode, {
      onSuccess: ({ reference }) => {
        release();
        onFinish({ reference: reference || checkout.reference, isClosed: false });
      },
      onCancel: () => {
        release();
        onFinish({ reference: checkout.reference, isClosed: true });
      },
      onError: ({ message }) => {
        release();
        setStatus(`Error: ${message}`);
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(pay)(event)} className="flex flex-col gap-3">
      <Input
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        {...register('email')}
        error={errors.email?.message}
      />
      <Input
        label="Amount (NGN)"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        placeholder="e.g. 5,000"
        required
        hint={
          minFundingKobo !== undefined && !errors.amount
            ? `The minimum is ${formatNaira(minFundingKobo)}.`
            : undefined
        }
        {...register('amount')}
        error={errors.amount?.message}
      />
      <StatusMessage message={status} />
      <Button
        type="submit"
        fullWidth
        isBusy={startPayment.isPending || isInCheckout || isLocked}
        busyLabel={messages.purchase.processing}
      >
        Pay Now
      </Button>
    </form>
  );
}
