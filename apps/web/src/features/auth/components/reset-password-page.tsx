import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useSearchParams } from '@/lib/router/index.ts';
import { z } from 'zod';
import { resetPasswordBody } from '@quickvend/shared/api/auth';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { AuthLayout } from '@/components/layouts/auth-layout.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { useResetPassword } from '../api/reset-password.ts';

const formSchema = resetPasswordBody
  .pick({ password: true })
  .extend({ confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    message: messages.auth.passwordsDoNotMatch,
    path: ['confirm'],
  });

const linkClasses = 'inline-flex min-h-11 items-center font-semibold text-brand-800 underline';

export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const reset = useResetPassword();
  const [isDone, setIsDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isTokenRejected, setIsTokenRejected] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: { password: '', confirm: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await reset.mutateAsync({ token, password: values.password });
      setIsDone(true);
    } catch (caught) {
      setIsTokenRejected(isApiError(caught, 'INVALID_TOKEN'));
      setError(messages.auth.loginError(errorMessageOf(caught)));
    }
  });

  let body;
  if (token === '') {
    body = (
      <div className="flex flex-col gap-3">
        <StatusMessage message="This reset link is not valid. Ask for a new one." tone="error" />
        <Link to={paths.forgotPassword} className={linkClasses}>
          Request a new reset link
        </Link>
      </div>
    );
  } else if (isDone) {
    body = (
      <div className="flex flex-col gap-3">
        <StatusMessage message="Your password has been changed. You can now log in with it." tone="success" />
        <Link to={paths.login} className={linkClasses}>
          Go to login
        </Link>
      </div>
    );
  } else {
    body = (
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
        <Input
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...register('password')}
          error={errors.password?.message}
        />
        <Input
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          {...register('confirm')}
          error={errors.confirm?.message}
        />
        <StatusMessage message={error} tone="error" />
        {isTokenRejected ? (
          <Link to={paths.forgotPassword} className={linkClasses}>
            Request a new reset link
          </Link>
        ) : null}
        <Button type="submit" fullWidth isBusy={reset.isPending} busyLabel="Saving...">
          Save new password
        </Button>
      </form>
    );
  }

  return (
    <AuthLayout title="Choose a new password" homePath={paths.landing}>
      <title>{`New password · ${PRODUCT_NAME}`}</title>
      {body}
    </AuthLayout>
  );
}
