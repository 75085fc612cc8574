import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useNavigate } from '@/lib/router/index.ts';
import type { SupportContact } from '@quickvend/shared/api/meta';
import { closeAccountBody, DATA_EXPORTS_PER_HOUR, profileTexts } from '@quickvend/shared/api/profile';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useMeta } from '@/lib/api/get-meta.ts';
import { errorMessageOf, showServerError } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { clearSession } from '@/lib/session.ts';
import { useDownloadMyData } from '../api/download-my-data.ts';
import { useCloseAccount } from '../api/close-account.ts';

export const myDataTexts = {
  law:
    "Nigeria's Data Protection Act gives you the right to a copy of the data we hold about you, " +
    'and to close your account.',
  download:
    'One file (JSON) with your details, wallet and statement, purchases, payments and deposits, ' +
    'referrals, saved numbers, notifications and their settings, API keys (never the keys themselves) and signed-in devices. ' +
    `You can download it ${DATA_EXPORTS_PER_HOUR} times an hour.`,
  closeWarning:
    'Closing is permanent: you will be signed out everywhere and cannot sign in again. We delete your ' +
    'name, email and phone number. The records of your payments and purchases stay in our books, ' +
    'without your name, because the law requires us to keep them.',
  /** support is offered only when the business has configured a way to reach it */
  closeNeeds: (support: string | null) =>
    'Your wallet must be empty (₦0.00) and no purchase or deposit may still be waiting. ' +
    (support
      ? `Spend what is left first, or ask support to send it to your bank: ${support}.`
      : 'Spend what is left on airtime, data or a bill first.'),
} as const;

/** The first configured way to reach support, as the customer would use it. */
function supportWayOf(support: SupportContact | undefined): string | null {
  if (support?.phone) return `call ${support.phone}`;
  if (support?.whatsappUrl) return 'message them on WhatsApp';
  if (support?.email) return `email ${support.email}`;
  return null;
}

function CloseAccountForm({ onCancel }: { onCancel: () => void }) {
  const closeAccount = useCloseAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const support = supportWayOf(useMeta().data?.support);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(closeAccountBody), defaultValues: { password: '' } });

  const onSubmit = handleSubmit(async ({ password }) => {
    setError(null);
    try {
      await closeAccount.mutateAsync(password);
      clearSession(queryClient);
      void navigate(paths.landing, { replace: true, state: { flash: profileTexts.accountClosed } });
    } catch (cause) {
      setError(showServerError(cause, ['password'], setFieldError));
    }
  });

  return (
    <form
      noValidate
      aria-label="Close your account"
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50 p-3"
    >
      <p className="text-sm text-red-950">{myDataTexts.closeWarning}</p>
      <p className="text-sm text-red-950">{myDataTexts.closeNeeds(support)}</p>
      <Input
        label="Your password"
        type="password"
        autoComplete="current-password"
        {...register('password')}
        error={errors.password?.message}
      />
      <StatusMessage message={error} tone="error" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" isBusy={closeAccount.isPending} busyLabel="Closing...">
          Close my account for good
        </Button>
        <Button variant="text" onClick={onCancel}>
          Keep my account
        </Button>
      </div>
    </form>
  );
}

/** The customer's rights over their data: a copy of it, and closing the account. */
export function MyDataSection() {
  const [isClosing, setIsClosing] = useState(false);
  const download = useDownloadMyData();
  return (
    <section
      aria-labelledby="my-data-heading"
      className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4"
    >
      <h2 id="my-data-heading" className="text-lg font-bold text-gray-900">
        Your data
      </h2>
      <p className="text-sm text-gray-700">{myDataTexts.law}</p>
      <div className="flex flex-col gap-1">
        <Button
          variant="secondary"
          className="self-start"
          isBusy={download.isPending}
          busyLabel="Preparing your file..."
          onClick={() => {
            download.mutate();
          }}
        >
          Download my data
        </Button>
        <p className="text-sm text-gray-600">{myDataTexts.download}</p>
        <StatusMessage
          message={download.isError ? `Error: ${errorMessageOf(download.error)}` : null}
          tone="error"
        />
      </div>
      {isClosing ? (
        <CloseAccountForm
          onCancel={() => {
            setIsClosing(false);
          }}
        />
      ) : (
        <Button
          variant="text"
          className="self-start px-0 text-red-800"
          onClick={() => {
            setIsClosing(true);
          }}
        >
          Close my account
        </Button>
      )}
    </section>
  );
}
