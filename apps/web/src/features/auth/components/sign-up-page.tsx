import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { referralCode, signUpBody } from '@quickvend/shared/api/auth';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { AuthLayout } from '@/components/layouts/auth-layout.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { errorMessageOf, setServerFieldErrors } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { setSignedIn } from '@/lib/session.ts';
import { useSignUp } from '../api/sign-up.ts';
import { fieldError, SUCCESS_PAUSE_MS, type Status } from './form-helpers.ts';

const REFERRAL_STORAGE_KEY = 'quickvend.ref';
const formSchema = signUpBody.pick({ name: true, email: true, password: true });
const fieldNames = ['name', 'email', 'password'] as const;

/** `?ref=CODE` is remembered so a visitor who looks around first still credits the referrer. */
function useReferralCode(): string | undefined {
  const [searchParams] = useSearchParams();
  const fromUrl = searchParams.get('ref');
  const valid = fromUrl !== null && referralCode.safeParse(fromUrl).success ? fromUrl.trim() : null;

  useEffect(() => {
    if (valid) window.localStorage.setItem(REFERRAL_STORAGE_KEY, valid);
  }, [valid]);

  return valid ?? window.localStorage.getItem(REFERRAL_STORAGE_KEY) ?? undefined;
}

export function SignUpPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ref = useReferralCode();
  const signUp = useSignUp();
  const [status, setStatus] = useState<Status | null>(null);
  const [isLeaving, setIsLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onValid = handleSubmit(
    async (values) => {
      setStatus(null);
      try {
        const { user } = await signUp.mutateAsync({ ...values, ...(ref ? { ref } : {}) });
        window.localStorage.removeItem(REFERRAL_STORAGE_KEY);
        setStatus({ text: messages.auth.signupSuccess, tone: 'success' });
        setIsLeaving(true);
        window.setTimeout(() => {
          setSignedIn(queryClient, user);
          void navigate(paths.dashboard, { replace: true, state: { flash: messages.auth.signupSuccess } });
        }, SUCCESS_PAUSE_MS);
      } catch (error) {
        setServerFieldErrors(error, fieldNames, setError);
        setStatus({ text: messages.auth.signupError(errorMessageOf(error)), tone: 'error' });
      }
    },
    (invalid) => {
      const isMissing = fieldNames.some((name) => invalid[name]?.message === messages.auth.signupRequired);
      setStatus(isMissing ? { text: messages.auth.signupRequired, tone: 'error' } : null);
    },
  );

  return (
    <AuthLayout
      title="Create your account"
      homePath={paths.landing}
      intro={
        <>
          Already have an account?{' '}
          <Link to={paths.login} className="font-semibold text-brand-800 underline">
            Login
          </Link>
        </>
      }
    >
      <title>{`Sign up · ${PRODUCT_NAME}`}</title>
      <form noValidate onSubmit={(event) => void onValid(event)} className="flex flex-col gap-3">
        <Input
          label="Full name"
          autoComplete="name"
          {...register('name')}
          error={fieldError(errors.name?.message, messages.auth.signupRequired)}
        />
        <Input
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...register('email')}
          error={fieldError(errors.email?.message, messages.auth.signupRequired)}
        />
        <Input
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...register('password')}
          error={fieldError(errors.password?.message, messages.auth.signupRequired)}
        />
        <StatusMessage message={status?.text} tone={status?.tone} />
        <Button
          type="submit"
          fullWidth
          isBusy={signUp.isPending}
          busyLabel={messages.auth.signingUp}
          disabled={isLeaving}
        >
          Sign Up
        </Button>
      </form>
    </AuthLayout>
  );
}
