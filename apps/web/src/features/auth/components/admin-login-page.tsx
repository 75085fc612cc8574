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
import { isApiError } from '@/lib/api-client.ts';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { sessionQueryKey, setSignedIn, signOut } from '@/lib/session.ts';
import { useSignIn } from '../api/sign-in.ts';
import { CredentialsFields, missingCredentialsMessage } from './credentials-fields.tsx';
import { type Status } from './form-helpers.ts';

export function AdminLoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const [status, setStatus] = useState<Status | null>(null);
  const [isCheckingRole, setIsCheckingRole] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(signInBody), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(
    async (values) => {
      setStatus(null);
      let user;
      try {
        ({ user } = await signIn.mutateAsync(values));
      } catch (error) {
        setStatus({
          text: isApiError(error, 'INVALID_CREDENTIALS')
            ? messages.auth.invalidCredentials
            : messages.auth.loginError(errorMessageOf(error)),
          tone: 'error',
        });
        return;
      }
      if (user.role !== 'admin') {
        setStatus({ text: messages.auth.notAdmin, tone: 'error' });
        setIsCheckingRole(true);
        try {
          await signOut();
        } catch {
          // the session cookie is short-lived anyway; the page still treats the visitor as signed out
        } finally {
          queryClient.setQueryData(sessionQueryKey, null);
          setIsCheckingRole(false);
        }
        return;
      }
      setSignedIn(queryClient, user);
      void navigate(paths.admin, { replace: true });
    },
    (invalid) => {
      const missing = missingCredentialsMessage(invalid);
      setStatus(missing ? { text: missing, tone: 'error' } : null);
    },
  );

  return (
    <AuthLayout title="Admin login" homePath={paths.landing} intro="For QuickVend administrators only.">
      <title>{`Admin login · ${PRODUCT_NAME}`}</title>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
        <CredentialsFields register={register} errors={errors} />
        <StatusMessage message={status?.text} tone={status?.tone} />
        <Button
          type="submit"
          fullWidth
          isBusy={signIn.isPending || isCheckingRole}
          busyLabel={messages.auth.loggingIn}
        >
          Login
        </Button>
      </form>
      <p className="mt-4 text-sm text-gray-700">
        Invited to be an admin?{' '}
        <Link
          to={paths.adminRegister}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          Admin registration
        </Link>
      </p>
    </AuthLayout>
  );
}
