import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { signInBody } from '@quickvend/shared/api/auth';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { AuthLayout } from '@/components/layouts/auth-layout.tsx';
import { Button } from '@/components/ui/button.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { setSignedIn } from '@/lib/session.ts';
import { useSignIn } from '../api/sign-in.ts';
import { CredentialsFields, missingCredentialsMessage } from './credentials-fields.tsx';
import { SUCCESS_PAUSE_MS, type Status } from './form-helpers.ts';

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const [status, setStatus] = useState<Status | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signInBody), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(
    async (values) => {
      setStatus(null);
      try {
        const { user } = await signIn.mutateAsync(values);
        setStatus({ text: messages.auth.loginSuccess, tone: 'success' });
        setIsLeaving(true);
        window.setTimeout(() => {
          setSignedIn(queryClient, user);
          void navigate(paths.dashboard, { replace: true, state: { flash: messages.auth.loginSuccess } });
        }, SUCCESS_PAUSE_MS);
      } catch (error) {
        setStatus({ text: messages.auth.loginError(errorMessageOf(error)), tone: 'error' });
      }
    },
    (invalid) => {
      const missing = missingCredentialsMessage(invalid);
      setStatus(missing ? { text: missing, tone: 'error' } : null);
    },
  );

  return (
    <AuthLayout title="Login" homePath={paths.landing} intro="Welcome back. Sign in to your wallet.">
      <title>{`Login · ${PRODUCT_NAME}`}</title>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
        <CredentialsFields register={register} errors={errors} />
        <StatusMessage message={status?.text} tone={status?.tone} />
        <Button
          type="submit"
          fullWidth
          isBusy={signIn.isPending}
          busyLabel={messages.auth.loggingIn}
          disabled={isLeaving}
        >
          Login
        </Button>
      </form>
      <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <Link
          to={paths.signup}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          Sign Up
        </Link>
        <Link
          to={paths.forgotPassword}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          Reset Password
        </Link>
      </div>
    </AuthLayout>
  );
}
