import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from '@/lib/router/index.ts';
import { z } from 'zod';
import { changePinRequestBody, pinDigits } from '@quickvend/shared/api/pin';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { useRequestPinChange } from '../api/request-pin-change.ts';
import { useResetPin } from '../api/reset-pin.ts';

export const changePinTexts = {
  title: 'Change Transaction PIN',
  resetTitle: 'Choose a new transaction PIN',
  done: 'Your new transaction PIN is set. Use it for your next purchase.',
  mismatch: 'The two PINs do not match.',
} as const;

type Status = { text: string; tone: StatusTone };

const cardClasses =
  'mx-auto flex w-full max-w-md flex-col gap-4 rounded-2xl border border-gray-200 bg-white p-5 shadow-sm';

function RequestChangeForm() {
  const { data: user } = useSession();
  const requestChange = useRequestPinChange();
  const [status, setStatus] = useState<Status | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(changePinRequestBody), defaultValues: { email: user?.email ?? '' } });

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      await requestChange.mutateAsync(values);
      setStatus({ text: messages.changePin.sent, tone: 'success' });
    } catch (error) {
      setStatus(
        isApiError(error, 'NETWORK')
          ? { text: messages.changePin.networkError, tone: 'error' }
          : { text: messages.changePin.failed, tone: 'error' },
      );
    }
  });

  return (
    <section aria-labelledby="change-pin-heading" className={cardClasses}>
      <h1 id="change-pin-heading" className="text-xl font-bold text-gray-900">
        {changePinTexts.title}
      </h1>
      <p className="text-sm text-gray-700">
        We will email you a link. Open it on this phone to choose a new PIN.
      </p>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
        <Input
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...register('email')}
          error={errors.email?.message}
        />
        <StatusMessage message={status?.text} tone={status?.tone} />
        <Button
          type="submit"
          fullWidth
          isBusy={requestChange.isPending}
          busyLabel={messages.purchase.processing}
        >
          Request Change PIN
        </Button>
      </form>
    </section>
  );
}

const resetFormSchema = z
  .object({
    password: z.string().min(1, 'Enter your password.'),
    pin: pinDigits,
    confirmPin: z.string(),
  })
  .refine((values) => values.pin === values.confirmPin, {
    path: ['confirmPin'],
    message: changePinTexts.mismatch,
  });

function ResetPinForm({ token }: { token: string }) {
  const resetPin = useResetPin();
  const [status, setStatus] = useState<Status | null>(null);
  const [isDone, setIsDone] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', pin: '', confirmPin: '' },
  });

  const onSubmit = handleSubmit(async ({ password, pin }) => {
    setStatus(null);
    try {
      await resetPin.mutateAsync({ token, password, pin });
      setIsDone(true);
      setStatus({ text: changePinTexts.done, tone: 'success' });
    } catch (error) {
      setStatus({
        text: isApiError(error, 'NETWORK')
          ? messages.changePin.networkError
          : `Error: ${error instanceof Error ? error.message : messages.changePin.failed}`,
        tone: 'error',
      });
    }
  });

  return (
    <section aria-labelledby="reset-pin-heading" className={cardClasses}>
      <h1 id="reset-pin-heading" className="text-xl font-bold text-gray-900">
        {changePinTexts.resetTitle}
      </h1>
      {isDone ? (
        <>
          <StatusMessage message={status?.text} tone="success" />
          <Link
            to={paths.airtime}
            className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
          >
            Buy airtime
          </Link>
        </>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            setStatus(null);
            void onSubmit(event);
          }}
          onChange={() => {
            if (status !== null) setStatus(null);
          }}
          className="flex flex-col gap-3"
        >
          <Input
            label="Account password"
            type="password"
            autoComplete="current-password"
            hint="Your sign-in password proves the link is yours."
            {...register('password')}
            error={errors.password?.message}
          />
          <Input
            label="New PIN"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            {...register('pin')}
            error={errors.pin?.message}
          />
          <Input
            label="New PIN again"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            {...register('confirmPin')}
            error={errors.confirmPin?.message}
          />
          <StatusMessage message={status?.text} tone={status?.tone} />
          <Button
            type="submit"
            fullWidth
            isBusy={resetPin.isPending}
            busyLabel={messages.purchase.processing}
          >
            Save new PIN
          </Button>
        </form>
      )}
    </section>
  );
}

/** `/change-pin`: ask for a change-pin email; with `?token=` (the mailed link), choose the new PIN. */
export function ChangePinPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return (
    <div className="flex flex-col gap-4">
      <title>{`${changePinTexts.title} · ${PRODUCT_NAME}`}</title>
      {token ? <ResetPinForm token={token} /> : <RequestChangeForm />}
    </div>
  );
}
