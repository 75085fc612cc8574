import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from '@/lib/router/index.ts';
import { z } from 'zod';
import { pinDigits } from '@quickvend/shared/api/pin';
import { messages } from '@quickvend/shared/messages';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { describePinError } from '@/lib/pin-errors.ts';
import { usePinStatus } from '@/lib/api/get-pin-status.ts';
import { useSetPin } from '@/lib/api/set-pin.ts';
import { paths, TRANSACTION_PIN_HASH } from '@/lib/paths.ts';

export const pinSectionTexts = {
  set: 'Your transaction PIN is set. You will use it for every purchase.',
  changed: 'Your transaction PIN is changed.',
  mismatch: 'The two PINs do not match.',
} as const;

const pinFields = {
  pin: pinDigits,
  confirmPin: z.string(),
};

const setSchema = z
  .object({ currentPin: z.string(), ...pinFields })
  .refine((values) => values.pin === values.confirmPin, {
    path: ['confirmPin'],
    message: pinSectionTexts.mismatch,
  });

const changeSchema = z
  .object({ currentPin: pinDigits, ...pinFields })
  .refine((values) => values.pin === values.confirmPin, {
    path: ['confirmPin'],
    message: pinSectionTexts.mismatch,
  });

const pinInput = { type: 'password', inputMode: 'numeric', autoComplete: 'off', maxLength: 4 } as const;

/** `onSaved` is told what to say: this form is replaced by the other kind once the server answers. */
function PinForm({ hasPin, onSaved }: { hasPin: boolean; onSaved: (text: string | null) => void }) {
  const setPin = useSetPin();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(hasPin ? changeSchema : setSchema),
    defaultValues: { currentPin: '', pin: '', confirmPin: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPin, pin }) => {
    setRefusal(null);
    try {
      await setPin.mutateAsync(hasPin ? { pin, currentPin } : { pin });
      reset();
      onSaved(hasPin ? pinSectionTexts.changed : pinSectionTexts.set);
    } catch (error) {
      setRefusal(
        describePinError(error) ??
          `Error: ${error instanceof Error ? error.message : 'Could not save your PIN.'}`,
      );
    }
  });

  return (
    <form
      noValidate
      // a new attempt or a new digit makes the last answer stale: never show it beside a fresh field error
      onSubmit={(event) => {
        setRefusal(null);
        onSaved(null);
        void onSubmit(event);
      }}
      onChange={() => {
        if (refusal !== null) setRefusal(null);
      }}
      className="flex flex-col gap-3"
    >
      {hasPin ? (
        <Input
          label="Current PIN"
          {...pinInput}
          {...register('currentPin')}
          error={errors.currentPin?.message}
        />
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        <Input label="New PIN" {...pinInput} {...register('pin')} error={errors.pin?.message} />
        <Input
          label="New PIN again"
          {...pinInput}
          {...register('confirmPin')}
          error={errors.confirmPin?.message}
        />
      </div>
      <StatusMessage message={refusal} tone="error" />
      <Button type="submit" isBusy={setPin.isPending} busyLabel={messages.purchase.processing}>
        {hasPin ? 'Change PIN' : 'Set PIN'}
      </Button>
    </form>
  );
}

/**
 * The transaction PIN: set it the first time, change it with the current one, or reset it by email. Opened at
 * `#transaction-pin` (the dashboard's first steps), it is brought into view with its first field focused.
 */
export function PinSection() {
  const pinStatus = usePinStatus();
  const [saved, setSaved] = useState<string | null>(null);
  const { hash } = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  const isShown = pinStatus.isSuccess;
  useEffect(() => {
    const section = sectionRef.current;
    if (!isShown || hash !== TRANSACTION_PIN_HASH || section === null) return;
    // jsdom has no scrolling
    if (typeof section.scrollIntoView === 'function') section.scrollIntoView({ block: 'start' });
    section.querySelector('input')?.focus({ preventScroll: true });
  }, [isShown, hash]);
  return (
    <section
      ref={sectionRef}
      id={TRANSACTION_PIN_HASH.slice(1)}
      aria-labelledby="pin-heading"
      className="flex scroll-mt-20 flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4"
    >
      <h2 id="pin-heading" className="text-lg font-bold text-gray-900">
        Transaction PIN
      </h2>
      {pinStatus.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : pinStatus.isError ? (
        <StatusMessage message={`Error: ${pinStatus.error.message}`} tone="error" />
      ) : (
        <>
          <p className="text-sm text-gray-700">
            {pinStatus.data.hasPin
              ? 'Change the 4-digit PIN you confirm purchases with.'
              : 'You have no PIN yet. Choose 4 digits that are hard to guess: you will confirm every purchase with them.'}
          </p>
          <StatusMessage message={saved} tone="success" />
          <PinForm key={String(pinStatus.data.hasPin)} hasPin={pinStatus.data.hasPin} onSaved={setSaved} />
          {pinStatus.data.hasPin ? (
            <Link
              to={paths.changePin}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline"
            >
              Forgot your PIN? Reset it by email
            </Link>
          ) : null}
        </>
      )}
    </section>
  );
}
