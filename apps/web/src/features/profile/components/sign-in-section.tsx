import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { changePasswordBody, profileTexts, type SignedInSession } from '@quickvend/shared/api/profile';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { PASSWORD_MIN_LENGTH } from '@quickvend/shared/services';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { errorMessageOf, showServerError } from '@/lib/form-errors.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useEndSession } from '../api/end-session.ts';
import { useSessions } from '../api/get-sessions.ts';
import { useSignOutOthers } from '../api/sign-out-others.ts';

export const signInTexts = {
  devicesIntro:
    'Phones and computers signed in to your account. Sign out any you do not recognise, then change your password.',
  othersSignedOut: (count: number) =>
    count === 0
      ? 'No other device was signed in.'
      : `Signed out of ${count === 1 ? '1 other device' : `${count} other devices`}.`,
  signedOut: (device: string) => `Signed out of ${device}.`,
} as const;

const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

function PasswordForm({ onClose, onChanged }: { onClose: () => void; onChanged: () => void }) {
  const changePassword = useChangePassword();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changePasswordBody),
    defaultValues: { currentPassword: '', newPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await changePassword.mutateAsync(values);
      onChanged();
    } catch (cause) {
      setError(showServerError(cause, PASSWORD_FIELDS, setFieldError));
    }
  });

  return (
    <form
      noValidate
      aria-label="Change your password"
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-1"
    >
      <Input
        label="Current password"
        type="password"
        autoComplete="current-password"
        {...register('currentPassword')}
        error={errors.currentPassword?.message}
      />
      <Input
        label="New password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters. Every other device will be signed out.`}
        {...register('newPassword')}
        error={errors.newPassword?.message}
      />
      <StatusMessage message={error} tone="error" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={changePassword.isPending} busyLabel="Saving...">
          Save new password
        </Button>
        <Button variant="text" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function SessionRow({
  session,
  onSignedOut,
}: {
  session: SignedInSession;
  onSignedOut: (text: string, tone: 'success' | 'error') => void;
}) {
  const endSession = useEndSession();
  return (
    <li className="flex items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-gray-900">
          {session.device}
          {session.isCurrent ? <StatusBadge label="This device" tone="success" /> : null}
        </p>
        <p className="text-sm text-gray-700">Last active {formatLagosDateTime(session.lastActiveAt)}</p>
        {session.ipAddress ? (
          <p className="text-sm wrap-anywhere text-gray-700">Internet address: {session.ipAddress}</p>
        ) : null}
      </div>
      {session.isCurrent ? null : (
        <Button
          variant="text"
          className="shrink-0 px-2 text-red-800"
          aria-label={`Sign out ${session.device}`}
          isBusy={endSession.isPending}
          busyLabel="Signing out..."
          onClick={() => {
            endSession.mutate(session.id, {
              onSuccess: () => {
                onSignedOut(signInTexts.signedOut(session.device), 'success');
              },
              onError: (cause) => {
                onSignedOut(`Error: ${errorMessageOf(cause)}`, 'error');
              },
            });
          }}
        >
          Sign out
        </Button>
      )}
    </li>
  );
}

function Devices() {
  const sessions = useSessions();
  const signOutOthers = useSignOutOthers();
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const report = (text: string, tone: 'success' | 'error') => {
    setStatus({ text, tone });
  };

  if (sessions.isPending) return <SkeletonList rows={2} />;
  if (sessions.isError) return <StatusMessage message={`Error: ${sessions.error.message}`} tone="error" />;
  const hasOthers = sessions.data.some((session) => !session.isCurrent);
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-gray-700">{signInTexts.devicesIntro}</p>
      <ul aria-label="Signed-in devices" className="divide-y divide-gray-100">
        {sessions.data.map((session) => (
          <SessionRow key={session.id} session={session} onSignedOut={report} />
        ))}
      </ul>
      <StatusMessage message={status?.text} tone={status?.tone} />
      {hasOthers ? (
        <Button
          variant="secondary"
          className="self-start"
          isBusy={signOutOthers.isPending}
          busyLabel="Signing out..."
          onClick={() => {
            setStatus(null);
            signOutOthers.mutate(undefined, {
              onSuccess: ({ signedOut }) => {
                report(signInTexts.othersSignedOut(signedOut), 'success');
              },
              onError: (cause) => {
                report(`Error: ${errorMessageOf(cause)}`, 'error');
              },
            });
          }}
        >
          Sign out other devices
        </Button>
      ) : null}
    </div>
  );
}

/** The password and the devices signed in with it. */
export function SignInSection() {
  const [isChanging, setIsChanging] = useState(false);
  const [isChanged, setIsChanged] = useState(false);
  return (
    <section
      aria-labelledby="sign-in-heading"
      className="flex flex-col gap-4 rounded-2xl border border-gray-200 bg-white p-4"
    >
      <h2 id="sign-in-heading" className="text-lg font-bold text-gray-900">
        Password and devices
      </h2>
      {isChanging ? (
        <PasswordForm
          onClose={() => {
            setIsChanging(false);
          }}
          onChanged={() => {
            setIsChanging(false);
            setIsChanged(true);
          }}
        />
      ) : (
        <Button
          variant="secondary"
          className="self-start"
          onClick={() => {
            setIsChanged(false);
            setIsChanging(true);
          }}
        >
          Change password
        </Button>
      )}
      <StatusMessage message={isChanged ? profileTexts.passwordChanged : null} tone="success" />
      <Devices />
    </section>
  );
}
