import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from '@/lib/router/index.ts';
import { forgotPasswordBody } from '@quickvend/shared/api/auth';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { AuthLayout } from '@/components/layouts/auth-layout.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useIsSandbox } from '@/lib/sandbox.ts';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { paths, serverPages } from '@/lib/paths.ts';
import { useRequestPasswordReset } from '../api/forgot-password.ts';

export function ForgotPasswordPage() {
  const isSandbox = useIsSandbox();
  const requestReset = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordBody), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await requestReset.mutateAsync(values);
      setSentTo(values.email);
    } catch (caught) {
      setError(messages.auth.loginError(errorMessageOf(caught)));
    }
  });

  return (
    <AuthLayout
      title="Reset your password"
      homePath={paths.landing}
      intro="Enter the email address you signed up with and we will send you a link to choose a new password."
    >
      <title>{`Reset password · ${PRODUCT_NAME}`}</title>
      {sentTo ? (
        <div className="flex flex-col gap-3">
          <StatusMessage
            message={`If an account exists for ${sentTo}, we have sent it a link to reset the password. Check your inbox (and spam folder).`}
            tone="success"
          />
          {isSandbox ? (
            <a
              href={serverPages.sandboxMailbox}
              className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
            >
              Sandbox: open the mailbox to read the email
            </a>
          ) : null}
        </div>
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
          <Input
            label="Email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            {...register('email')}
            error={errors.email?.message}
          />
          <StatusMessage message={error} tone="error" />
          <Button type="submit" fullWidth isBusy={requestReset.isPending} busyLabel="Sending...">
            Send reset link
          </Button>
        </form>
      )}
      <p className="mt-4 text-sm">
        <Link
          to={paths.login}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          Back to login
        </Link>
      </p>
    </AuthLayout>
  );
}
