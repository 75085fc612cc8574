import { useState, type ReactNode, type SyntheticEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@/lib/router/index.ts';
import type { Me, SignInBody } from '@quickvend/shared/api/auth';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { AuthLayout } from '@/components/layouts/auth-layout.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { paths } from '@/lib/paths.ts';
import { signOut } from '@/lib/api/sign-out.ts';
import { sessionQueryKey, setSignedIn } from '@/lib/session.ts';
import { useSignIn } from '../api/sign-in.ts';
import { SUCCESS_PAUSE_MS, type Audience, type Status } from './form-helpers.ts';

const linkClasses = 'inline-flex min-h-11 items-center font-semibold text-brand-800 underline';

/** What differs between the customers' login and the admins' one. */
const logins: Record<Audience, { title: string; intro: string; links: ReactNode }> = {
  customer: {
    title: 'Login',
    intro: 'Welcome back. Sign in to your wallet.',
    links: (
      <div className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
        <Link to={paths.signup} className={linkClasses}>
          Sign Up
        </Link>
        <Link to={paths.forgotPassword} className={linkClasses}>
          Reset Password
        </Link>
      </div>
    ),
  },
  admin: {
    title: 'Admin login',
    intro: `For ${PRODUCT_NAME} administrators only.`,
    links: (
      <p className="mt-4 text-sm text-gray-700">
        Invited to be an admin?{' '}
        <Link to={paths.adminRegister} className={linkClasses}>
          Admin registration
        </Link>
      </p>
    ),
  },
};

/**
 * The sign-in form asks only that both boxes are filled (the spec's one message, said by the status line): the
 * server checks the rest (`signInBody`). The first page a returning customer loads stays free of the schema
 * and form libraries (39 KB on a slow network).
 * @returns what to send, or null when a box is empty
 */
function readCredentials(form: HTMLFormElement): SignInBody | null {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  const email = text('email').trim();
  const password = text('password');
  if (email === '' || password === '') return null;
  return { email: email.toLowerCase(), password };
}

/**
 * `/login` and `/Adminlogin`: email and password. A customer is welcomed and taken to the dashboard; an
 * admin login lets only admins in (anyone else is signed out again) and goes to `/admin`.
 */
export function LoginPage({ audience = 'customer' }: { audience?: Audience }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const [status, setStatus] = useState<Status | null>(null);
  // a customer's welcome is showing and the dashboard is next
  const [isLeaving, setIsLeaving] = useState(false);
  // someone who is not an admin is being signed out again
  const [isCheckingRole, setIsCheckingRole] = useState(false);
  const login = logins[audience];

  const refuseNonAdmin = async () => {
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
  };

  const welcome = (user: Me) => {
    setStatus({ text: messages.auth.loginSuccess, tone: 'success' });
    setIsLeaving(true);
    window.setTimeout(() => {
      setSignedIn(queryClient, user);
      void navigate(paths.dashboard, { replace: true, state: { flash: messages.auth.loginSuccess } });
    }, SUCCESS_PAUSE_MS);
  };

  const onSubmit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending || isCheckingRole || isLeaving) return;
    const values = readCredentials(event.currentTarget);
    if (!values) {
      setStatus({ text: messages.auth.loginRequired, tone: 'error' });
      return;
    }
    setStatus(null);
    let user: Me;
    try {
      ({ user } = await signIn.mutateAsync(values));
    } catch (error) {
      setStatus({
        text:
          audience === 'admin' && isApiError(error, 'INVALID_CREDENTIALS')
            ? messages.auth.invalidCredentials
            : messages.auth.loginError(errorMessageOf(error)),
        tone: 'error',
      });
      return;
    }
    if (audience === 'customer') {
      welcome(user);
    } else if (user.role !== 'admin') {
      await refuseNonAdmin();
    } else {
      setSignedIn(queryClient, user);
      void navigate(paths.admin, { replace: true });
    }
  };

  return (
    <AuthLayout title={login.title} homePath={paths.landing} intro={login.intro}>
      <title>{`${login.title} · ${PRODUCT_NAME}`}</title>
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-3">
        <Input label="Email" type="email" autoComplete="email" inputMode="email" name="email" />
        <Input label="Password" type="password" autoComplete="current-password" name="password" />
        <StatusMessage message={status?.text} tone={status?.tone} />
        <Button
          type="submit"
          fullWidth
          isBusy={signIn.isPending || isCheckingRole}
          busyLabel={messages.auth.loggingIn}
          disabled={isLeaving}
        >
          Login
        </Button>
      </form>
      {login.links}
    </AuthLayout>
  );
}

export function AdminLoginPage() {
  return <LoginPage audience="admin" />;
}
