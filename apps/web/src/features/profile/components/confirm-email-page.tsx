import { useState } from 'react';
import { Link, useSearchParams } from '@/lib/router/index.ts';
import { profileTexts, type ConfirmEmailResponse } from '@quickvend/shared/api/profile';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { AuthLayout } from '@/components/layouts/auth-layout.tsx';
import { Button } from '@/components/ui/button.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { useConfirmEmail } from '../api/confirm-email.ts';

const linkClasses = 'inline-flex min-h-11 items-center font-semibold text-brand-800 underline';

/**
 * `/confirm-email?token=…` from a mailed link: a new account's (confirms the address it has) or an email change's
 * (moves the account to the new address). It waits for a tap, so a mail app that opens links to preview them
 * cannot change or confirm anything on its own.
 */
export function ConfirmEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const session = useSession();
  const [answer, setAnswer] = useState<ConfirmEmailResponse | null>(null);
  const confirm = useConfirmEmail(setAnswer);
  const next = session.data ? (
    <Link to={paths.profile} className={linkClasses}>
      Go to your profile
    </Link>
  ) : (
    <Link to={paths.login} className={linkClasses}>
      {answer?.changed ? 'Log in with your new email' : 'Log in'}
    </Link>
  );

  return (
    <AuthLayout title="Confirm your email" homePath={paths.landing}>
      <title>{`Confirm your email · ${PRODUCT_NAME}`}</title>
      {token === '' ? (
        <StatusMessage message={profileTexts.emailLinkInvalid} tone="error" />
      ) : answer ? (
        <div className="flex flex-col gap-3">
          <StatusMessage
            message={answer.changed ? profileTexts.emailChanged(answer.email) : profileTexts.emailConfirmed}
            tone="success"
          />
          {next}
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-gray-700">
            Tap the button to confirm this address for your {PRODUCT_NAME} account.
          </p>
          <StatusMessage
            message={confirm.isError ? `Error: ${errorMessageOf(confirm.error)}` : null}
            tone="error"
          />
          <Button
            fullWidth
            isBusy={confirm.isPending}
            busyLabel="Confirming..."
            onClick={() => {
              confirm.mutate(token);
            }}
          >
            Confirm my email
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
