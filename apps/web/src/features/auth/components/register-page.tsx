import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from '@/lib/router/index.ts';
import { z } from 'zod';
import { adminRegisterBody, referralCode, signUpBody, type Me } from '@quickvend/shared/api/auth';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { AuthLayout } from '@/components/layouts/auth-layout.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { rememberFirstSteps } from '@/lib/first-steps.ts';
import { errorMessageOf, setServerFieldErrors } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { setSignedIn } from '@/lib/session.ts';
import { useRegisterAdmin } from '../api/admin-register.ts';
import { useInvitation } from '../api/get-invitation.ts';
import { useSignUp } from '../api/sign-up.ts';
import { fieldError, SUCCESS_PAUSE_MS, type Audience, type Status } from './form-helpers.ts';

export const INVITATION_REQUIRED =
  'Admin accounts are created by invitation only. Ask an existing admin to send you an invitation link, then open that link to register.';

const REFERRAL_STORAGE_KEY = 'quickvend.ref';

type RegisterValues = { name: string; email: string; password: string; confirm: string; ref: string };

/** A customer gives a name; an invited admin confirms the password instead. */
const schemas: Record<Audience, z.ZodType<RegisterValues, RegisterValues>> = {
  customer: signUpBody.pick({ name: true, email: true, password: true }).extend({
    confirm: z.string(),
    ref: z.string().trim().max(64, 'A referral code is at most 64 characters.'),
  }),
  admin: adminRegisterBody
    .pick({ email: true, password: true })
    .extend({ name: z.string(), ref: z.string(), confirm: z.string().min(1, messages.auth.signupRequired) })
    .refine((values) => values.password === values.confirm, {
      message: messages.auth.passwordsDoNotMatch,
      path: ['confirm'],
    }),
};

const registrations = {
  customer: {
    fields: ['name', 'email', 'password', 'ref'],
    emailLabel: 'Email address',
    password: { hint: 'At least 8 characters.' },
    submit: 'Sign Up',
    busy: messages.auth.signingUp,
  },
  admin: {
    fields: ['email', 'password', 'confirm'],
    emailLabel: 'Email',
    password: { hint: 'Use at least 8 characters.', placeholder: 'More than 6 characters' },
    submit: 'Register',
    busy: 'Registering...',
  },
} as const satisfies Record<Audience, object>;

type RegisterFormProps =
  | { audience: 'customer'; referral: string | undefined }
  | { audience: 'admin'; token: string; invitedEmail: string | null };

/**
 * The one registration form. A customer is welcomed and taken to the dashboard (with the referral code
 * that brought them); an invited admin goes to `/admin`.
 */
function RegisterForm(props: RegisterFormProps) {
  const { audience } = props;
  const registration = registrations[audience];
  const invitedEmail = props.audience === 'admin' ? props.invitedEmail : null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signUp = useSignUp();
  const registerAdmin = useRegisterAdmin();
  const [status, setStatus] = useState<Status | null>(null);
  // the welcome is showing and the dashboard is next
  const [isLeaving, setIsLeaving] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(schemas[audience]),
    defaultValues: {
      name: '',
      email: invitedEmail ?? '',
      password: '',
      confirm: '',
      ref: props.audience === 'customer' ? (props.referral ?? '') : '',
    },
  });

  const send = ({ name, email, password, ref }: RegisterValues): Promise<{ user: Me }> =>
    props.audience === 'customer'
      ? signUp.mutateAsync({ name, email, password, ...(ref ? { ref } : {}) })
      : registerAdmin.mutateAsync({ token: props.token, email, password });

  const welcome = (user: Me) => {
    window.localStorage.removeItem(REFERRAL_STORAGE_KEY);
    // an account just made has no PIN and an empty wallet: the dashboard shows both steps from its first paint
    rememberFirstSteps(user.id, ['pin', 'fund']);
    setStatus({ text: messages.auth.signupSuccess, tone: 'success' });
    setIsLeaving(true);
    window.setTimeout(() => {
      setSignedIn(queryClient, user);
      void navigate(paths.dashboard, { replace: true, state: { flash: messages.auth.signupSuccess } });
    }, SUCCESS_PAUSE_MS);
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setStatus(null);
      let user: Me;
      try {
        ({ user } = await send(values));
      } catch (error) {
        const isOnField = setServerFieldErrors(error, registration.fields, setError);
        // a code the server does not know is not kept for the next try
        if (isApiError(error) && error.fieldErrors['ref'])
          window.localStorage.removeItem(REFERRAL_STORAGE_KEY);
        if (audience === 'admin') {
          setStatus({ text: messages.auth.adminRegistrationFailed, tone: 'error' });
        } else if (!isOnField) {
          // said once: under the input it concerns, or else on the status line
          setStatus({ text: messages.auth.signupError(errorMessageOf(error)), tone: 'error' });
        }
        return;
      }
      if (audience === 'customer') {
        welcome(user);
      } else {
        setSignedIn(queryClient, user);
        void navigate(paths.admin, { replace: true });
      }
    },
    (invalid) => {
      const isMissing = registration.fields.some(
        (name) => invalid[name]?.message === messages.auth.signupRequired,
      );
      setStatus(isMissing ? { text: messages.auth.signupRequired, tone: 'error' } : null);
    },
  );

  // "All fields are required!" is said once by the status line, not under each input
  const errorOf = (name: keyof RegisterValues) =>
    fieldError(errors[name]?.message, messages.auth.signupRequired);

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
      {audience === 'customer' ? (
        <Input label="Full name" autoComplete="name" {...register('name')} error={errorOf('name')} />
      ) : null}
      <Input
        label={registration.emailLabel}
        type="email"
        autoComplete="email"
        inputMode="email"
        readOnly={invitedEmail !== null}
        hint={invitedEmail !== null ? 'This invitation is for this email address.' : undefined}
        {...register('email')}
        error={errorOf('email')}
      />
      <Input
        label="Password"
        type="password"
        autoComplete="new-password"
        {...registration.password}
        {...register('password')}
        error={errorOf('password')}
      />
      {audience === 'customer' ? (
        <Input
          label="Referral code (optional)"
          autoComplete="off"
          autoCapitalize="off"
          hint="From the friend who invited you, if you have one."
          {...register('ref')}
          error={errorOf('ref')}
        />
      ) : null}
      {audience === 'admin' ? (
        <Input
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...register('confirm')}
          error={errorOf('confirm')}
        />
      ) : null}
      <StatusMessage message={status?.text} tone={status?.tone} />
      <Button
        type="submit"
        fullWidth
        isBusy={signUp.isPending || registerAdmin.isPending}
        busyLabel={registration.busy}
        disabled={isLeaving}
      >
        {registration.submit}
      </Button>
    </form>
  );
}

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

/** `/signup`: a customer account. */
export function SignUpPage() {
  const referral = useReferralCode();
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
      <RegisterForm audience="customer" referral={referral} />
    </AuthLayout>
  );
}

/** `/AdminRegister?invite=TOKEN`: an admin account, only from an invitation the server knows. */
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
    body = <RegisterForm audience="admin" token={token} invitedEmail={invitation.data.email} />;
  }

  return (
    <AuthLayout title="Admin registration" homePath={paths.landing}>
      <title>{`Admin registration · ${PRODUCT_NAME}`}</title>
      {body}
    </AuthLayout>
  );
}
