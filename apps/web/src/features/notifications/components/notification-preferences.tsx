import { useId, type ReactNode } from 'react';
import { Link } from '@/lib/router/index.ts';
import type { NotificationPreferences as Preferences } from '@quickvend/shared/api/notifications';
import { outcomeSmsTexts } from '@quickvend/shared/messages/outcome-sms';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useIsSandbox } from '@/lib/sandbox.ts';
import { paths, serverPages } from '@/lib/paths.ts';
import { useNotificationPreferences } from '../api/get-notification-preferences.ts';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences.ts';

type SwitchProps = {
  label: string;
  hint: ReactNode;
  isOn: boolean;
  isDisabled?: boolean;
  onToggle?: (isOn: boolean) => void;
};

function Switch({ label, hint, isOn, isDisabled = false, onToggle }: SwitchProps) {
  const id = useId();
  return (
    <li className="flex items-center justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="text-base font-medium text-gray-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          {hint}
        </p>
      </div>
      <span className="relative inline-flex h-11 shrink-0 items-center">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={isOn}
          disabled={isDisabled}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onToggle?.(event.target.checked)}
          className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
        />
        <span
          aria-hidden="true"
          className="relative h-7 w-12 rounded-full bg-gray-400 transition-colors peer-checked:bg-brand-700 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 peer-disabled:opacity-60 after:absolute after:top-1 after:left-1 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5 motion-reduce:transition-none motion-reduce:after:transition-none"
        />
      </span>
    </li>
  );
}

const EMAIL_SWITCHES: { key: keyof Preferences; label: string; hint: string }[] = [
  {
    key: 'emailPurchases',
    label: 'Purchases',
    hint: 'Delivered, pending, failed and refunded purchases, with your tokens and PINs.',
  },
  { key: 'emailFunding', label: 'Wallet funding', hint: 'Card payments, bank transfers and deposits.' },
  {
    key: 'emailReferrals',
    label: 'Referral rewards',
    hint: 'When a friend you referred earns you a reward.',
  },
];

/** Which notices also come by email and by text message. Security emails cannot be turned off. */
export function NotificationPreferences() {
  const emailHeading = useId();
  const smsHeading = useId();
  const isSandbox = useIsSandbox();
  const query = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  const save = (change: Partial<Preferences>) => {
    update.mutate(change);
  };

  if (query.isPending) {
    return (
      <div aria-hidden="true" className="flex flex-col gap-3">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-start gap-2">
        <StatusMessage
          message="We could not load your settings. Check your connection and try again."
          tone="error"
        />
        <Button variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { preferences, smsAvailable, hasPhone } = query.data;
  return (
    <div className="flex flex-col gap-4">
      <div>
        <h3 id={emailHeading} className="mt-2 text-sm font-semibold tracking-wide text-gray-600 uppercase">
          Email me about
        </h3>
        <ul aria-labelledby={emailHeading} className="divide-y divide-gray-100">
          {EMAIL_SWITCHES.map((item) => (
            <Switch
              key={item.key}
              label={item.label}
              hint={item.hint}
              isOn={preferences[item.key]}
              onToggle={(isOn) => {
                save({ [item.key]: isOn });
              }}
            />
          ))}
          <Switch
            label="Account security"
            hint="Sign-ins, changes to your password, PIN and API keys, and anything our team does to your account or wallet. Always on, to keep your account safe."
            isOn
            isDisabled
          />
        </ul>
      </div>
      {smsAvailable ? (
        <div>
          <h3 id={smsHeading} className="text-sm font-semibold tracking-wide text-gray-600 uppercase">
            Text messages
          </h3>
          <ul aria-labelledby={smsHeading} className="divide-y divide-gray-100">
            <Switch
              label="Text me tokens and exam PINs"
              hint={
                hasPhone ? (
                  'Electricity tokens and exam PINs go by text message to the phone number on your account too.'
                ) : (
                  <>
                    Add a phone number to{' '}
                    <Link
                      to={paths.profile}
                      className="font-semibold text-brand-800 underline underline-offset-2"
                    >
                      your profile
                    </Link>{' '}
                    first: tokens and exam PINs are texted to it.
                  </>
                )
              }
              isOn={preferences.smsCredentials}
              isDisabled={!hasPhone && !preferences.smsCredentials}
              onToggle={(isOn) => {
                save({ smsCredentials: isOn });
              }}
            />
            <Switch
              label={outcomeSmsTexts.preferenceLabel}
              hint={hasPhone ? outcomeSmsTexts.preferenceHint : 'Add a phone number to your profile first.'}
              isOn={preferences.smsOutcomes}
              isDisabled={!hasPhone && !preferences.smsOutcomes}
              onToggle={(isOn) => {
                save({ smsOutcomes: isOn });
              }}
            />
          </ul>
          {isSandbox && (preferences.smsCredentials || preferences.smsOutcomes) ? (
            <a href={serverPages.sandboxSms} className="text-sm font-semibold text-brand-800 underline">
              Open the sandbox text messages
            </a>
          ) : null}
        </div>
      ) : null}
      <StatusMessage
        message={
          update.isError
            ? 'We could not save that change. Please try again.'
            : update.isSuccess
              ? 'Saved.'
              : null
        }
        tone={update.isError ? 'error' : 'success'}
      />
    </div>
  );
}
