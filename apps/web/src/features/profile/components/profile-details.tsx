import { useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  changeEmailBody,
  isPossibleBirthday,
  profileTexts,
  updateProfileBody,
  type Profile,
  type UpdateProfileBody,
} from '@quickvend/shared/api/profile';
import { formatCalendarDate } from '@quickvend/shared/format';
import { lagosDateOf } from '@quickvend/shared/periods';
import { detectNetwork } from '@quickvend/shared/phone';
import { Button } from '@/components/ui/button.tsx';
import { CopyButton } from '@/components/ui/copy-button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PhoneInput } from '@/components/ui/phone-input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import { formatPhoneInput } from '@/lib/phone.ts';
import { useChangeEmail } from '../api/change-email.ts';
import { useUpdateProfile } from '../api/update-profile.ts';
import { BirthdayField } from './birthday-field.tsx';

export const detailsTexts = {
  saved: 'Your details are saved.',
  notGiven: 'Not added yet',
  birthdayHint: 'Optional. Only you and our support team see it.',
  phoneHint: 'Optional. Support may call this number about a purchase.',
  referralHint: 'Share it: you earn when a friend signs up with it and adds money.',
  emailHint: 'We will send a link to the new address. Your email changes only after you open it.',
} as const;

/** An email that, when it must wrap, wraps after the @ first rather than mid-word. */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** One detail: its name above its value, so a long value gets the card's whole width. */
function Row({ label, children, action }: { label: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start justify-between gap-3 py-3">
      <div className="min-w-0 flex-1">
        <dt className="text-sm font-semibold text-gray-600">{label}</dt>
        <dd className="mt-0.5 text-gray-900 wrap-anywhere">{children}</dd>
      </div>
      {action}
    </div>
  );
}

const NotGiven = () => <span className="text-gray-500">{detailsTexts.notGiven}</span>;

const todayInLagos = () => lagosDateOf(new Date());

/** The server also refuses a birthday that has not come yet; the form says so before sending. */
const detailsSchema = updateProfileBody.superRefine((values, context) => {
  if (values.birthday !== null && !isPossibleBirthday(values.birthday, todayInLagos())) {
    context.addIssue({ code: 'custom', path: ['birthday'], message: profileTexts.birthdayInvalid });
  }
});

const DETAIL_FIELDS = ['name', 'phone', 'birthday'] as const;

function DetailsForm({ profile, onDone }: { profile: Profile; onDone: (saved: boolean) => void }) {
  const update = useUpdateProfile();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<UpdateProfileBody, unknown, z.output<typeof updateProfileBody>>({
    resolver: zodResolver(detailsSchema),
    defaultValues: {
      name: profile.name,
      phone: formatPhoneInput(profile.phone ?? ''),
      birthday: profile.birthday ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await update.mutateAsync({ ...values, phone: values.phone ?? '', birthday: values.birthday ?? '' });
      onDone(true);
    } catch (cause) {
      setError(showServerError(cause, DETAIL_FIELDS, setFieldError));
    }
  });

  return (
    <form
      noValidate
      aria-label="Edit your details"
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-1"
    >
      <Input label="Full name" autoComplete="name" {...register('name')} error={errors.name?.message} />
      <Controller
        control={control}
        name="phone"
        render={({ field }) => (
          <PhoneInput
            label="Phone number"
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            network={detectNetwork(field.value)}
            hint={detailsTexts.phoneHint}
            error={errors.phone?.message}
          />
        )}
      />
      <Controller
        control={control}
        name="birthday"
        render={({ field }) => (
          <BirthdayField
            value={field.value}
            onChange={field.onChange}
            hint={detailsTexts.birthdayHint}
            error={errors.birthday?.message}
          />
        )}
      />
      <StatusMessage message={error} tone="error" />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={update.isPending} busyLabel="Saving...">
          Save changes
        </Button>
        <Button
          variant="text"
          onClick={() => {
            onDone(false);
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}

const EMAIL_FIELDS = ['email', 'password'] as const;

function EmailForm({ onClose }: { onClose: () => void }) {
  const changeEmail = useChangeEmail();
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(changeEmailBody),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setStatus(null);
    try {
      const { sentTo } = await changeEmail.mutateAsync(values);
      reset();
      setStatus({ text: profileTexts.emailLinkSent(sentTo), tone: 'success' });
    } catch (cause) {
      const text = showServerError(cause, EMAIL_FIELDS, setFieldError);
      if (text) setStatus({ text, tone: 'error' });
    }
  });

  return (
    <form
      noValidate
      aria-label="Change your email"
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-1 rounded-xl bg-gray-50 p-3"
    >
      <p className="mb-2 text-sm text-gray-700">{detailsTexts.emailHint}</p>
      <Input
        label="New email"
        type="email"
        inputMode="email"
        autoComplete="email"
        {...register('email')}
        error={errors.email?.message}
      />
      <Input
        label="Your password"
        type="password"
        autoComplete="current-password"
        {...register('password')}
        error={errors.password?.message}
      />
      <StatusMessage message={status?.text} tone={status?.tone} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isBusy={changeEmail.isPending} busyLabel="Sending...">
          Send link
        </Button>
        <Button variant="text" onClick={onClose}>
          {status?.tone === 'success' ? 'Done' : 'Cancel'}
        </Button>
      </div>
    </form>
  );
}

/** The Profile tab: who the customer is, what they may change, and their referral link. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const [isEditing, setIsEditing] = useState(false);
  const [isChangingEmail, setIsChangingEmail] = useState(false);
  const [saved, setSaved] = useState(false);

  if (isEditing) {
    return (
      <DetailsForm
        profile={profile}
        onDone={(wasSaved) => {
          setSaved(wasSaved);
          setIsEditing(false);
        }}
      />
    );
  }

  const editButton = (
    <Button
      variant="secondary"
      className="self-start"
      onClick={() => {
        setSaved(false);
        setIsEditing(true);
      }}
    >
      Edit details
    </Button>
  );

  return (
    <div className="flex flex-col gap-2">
      <StatusMessage message={saved ? detailsTexts.saved : null} tone="success" />
      <dl className="divide-y divide-gray-100">
        <Row label="Full name">{profile.name.trim() || <NotGiven />}</Row>
        <Row
          label="Email"
          action={
            isChangingEmail ? null : (
              <Button
                variant="text"
                className="shrink-0 px-2"
                onClick={() => {
                  setIsChangingEmail(true);
                }}
              >
                Change
              </Button>
            )
          }
        >
          <span data-testid="profile-email">
            <EmailText email={profile.email} />
          </span>
          {isChangingEmail ? (
            <div className="mt-2">
              <EmailForm
                onClose={() => {
                  setIsChangingEmail(false);
                }}
              />
            </div>
          ) : null}
        </Row>
        <Row label="Phone number">{profile.phone ? formatPhoneInput(profile.phone) : <NotGiven />}</Row>
        <Row label="Birthday">{profile.birthday ? formatCalendarDate(profile.birthday) : <NotGiven />}</Row>
        <Row label="Referral link" action={<CopyButton text={profile.referralLink} what="referral link" />}>
          <span className="text-sm break-all">{profile.referralLink}</span>
          <span className="mt-1 block text-sm text-gray-600">{detailsTexts.referralHint}</span>
        </Row>
      </dl>
      {editButton}
    </div>
  );
}
