import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { adminRegisterBody } from '@quickvend/shared/api/auth';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { AuthLayout } from '@/components/layouts/auth-layout.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { setServerFieldErrors } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { setSignedIn } from '@/lib/session.ts';
import { useRegisterAdmin } from '../api/admin-register.ts';
import { useInvitation } from '../api/get-invitation.ts';
import { fieldError, type Status } from './form-helpers.ts';

const formSchema = adminRegisterBody
  .pick({ email: true, password: true })
  .extend({ confirm: z.string().min(1, messages.auth.signupRequired) })
  .refine((values) => values.password === values.confirm, {
    message: messages.auth.passwordsDoNotMatch,
    path: ['confirm'],
  });

const fieldNames = ['email', 'password', 'confirm'] as const;

export const INVITATION_REQUIRED =
  'Admin accounts are created by invitation only. Ask an existing admin to send you an invitation link, then open that link to register.';

function RegisterForm({ token, invitedEmail }: { token: string; invitedEmail: string | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const registerAdmin = useRegisterAdmin();
  const [status, setStatus] = useState<Status | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { email: invitedEmail ?? '', password: '', confirm: '' },
  });

  const onSubmit = handleSubmit(
    async (values) => {
      setStatus(null);
      try {
        const { user } = await registerAdmin.mutateAsync({
          token,
          email: values.email,
          password: values.password,
        });
        setSignedIn(queryClient, user);
        void navigate(paths.admin, { replace: true });
      } catch (error) {
        setServerFieldErrors(error, fieldNames, setError);
        setStatus({ text: messages.auth.adminRegistrationFailed, tone: 'error' });
      }
    },
    (invalid) => {
      const isMissing = fieldNames.some((name) => invalid[name]?.message === messages.auth.signupRequired);
      setStatus(isMissing ? { text: messages.auth.signupRequired, tone: 'error' } : null);
    },
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
      <Input
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        readOnly={invitedEmail !== null}
        hint={invitedEmail !== null ? 'This invitation is for this email address.' : undefined}
        {...register('email')}
        error={fieldError(errors.email?.message, messages.auth.signupRequired)}
      />
      <Input
        label="Password"
        type="password"
        autoComplete="new-password"
        placeholder="More than 6 characters"
        hint="Use at least 8 characters."
        {...register('password')}
        error={fieldError(errors.password?.message, messages.auth.signupRequired)}
      />
      <Input
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...register('confirm')}
        error={fieldError(errors.confirm?.message, messages.auth.signupRequired)}
      />
      <StatusMessage message={status?.text} tone={status?.tone} />
      <Button type="submit" fullWidth isBusy={registerAdmin.isPending} busyLabel="Registering...">
        Register
      </Button>
    </form>
  );
}

export function AdminRegisterPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('invite');
  const invitation = useInvitation(token);

  let body;
  if (!token || invitation.isError) {
    body = (
      <div className="flex flex-col gap-3">
        <StatusMessage message={INVITATION_REQUIRED} tone="error" />
        <Link
          to={paths.adminLogin}
          className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline"
        >
          Back to admin login
        </Link>
      </div>
    );
  } else if (invitation.isPending) {
    body = (
      <div className="flex flex-col gap-4" aria-busy="true">
        <p className="sr-only">{messages.common.loading}</p>
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-16 w-full" />
      </div>
    );
  } else {
    body = <RegisterForm token={token} invitedEmail={invitation.data.email} />;
  }

  return (
    <AuthLayout title="Admin registration" homePath={paths.landing}>
      <title>{`Admin registration · ${PRODUCT_NAME}`}</title>
      {body}
    </AuthLayout>
  );
}
