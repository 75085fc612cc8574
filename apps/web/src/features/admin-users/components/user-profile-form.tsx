import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import {
  updateAdminUserBody,
  userAdminMessages,
  type AdminUserProfile,
  type EmailChangeOutcome,
  type UpdateAdminUserBody,
} from '@quickvend/shared/api/admin-users';
import { detectNetwork } from '@quickvend/shared/phone';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PhoneInput } from '@/components/ui/phone-input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { showServerError } from '@/lib/form-errors.ts';
import { formatPhoneInput } from '@/lib/phone.ts';
import { useUpdateUser } from '../api/update-user.ts';

const FIELDS = ['name', 'email', 'phone'] as const;

/** What became of a new email: never set here, the new address confirms it first. */
function emailOutcomeText(change: EmailChangeOutcome | null, oldEmail: string): string {
  if (!change) return 'Changes saved.';
  if (change.status === 'link_sent')
    return `Changes saved. We sent a confirmation link to ${change.sentTo}: the email changes only when it is opened, and ${oldEmail} has been told.`;
  const newEmail =
    typeof change.approval.payload['email'] === 'string' ? change.approval.payload['email'] : '';
  return `${userAdminMessages.sentForApproval} Once another admin approves it, ${newEmail} gets a confirmation link; until it is opened the email stays as it is. Other changes are saved.`;
}

/**
 * Name and phone (a Nigerian mobile number, or blank) change at once; a new email must confirm itself by a
 * mailed link (an admin's only after a second admin approves). An admin's own email is changed from Profile.
 */
export function UserProfileForm({ user, isSelf = false }: { user: AdminUserProfile; isSelf?: boolean }) {
  const update = useUpdateUser(user.id);
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
    reset,
  } = useForm<UpdateAdminUserBody, unknown, ReturnType<typeof updateAdminUserBody.parse>>({
    resolver: zodResolver(updateAdminUserBody),
    defaultValues: { name: user.name, email: user.email, phone: formatPhoneInput(user.phone ?? '') },
  });
  const isDeleted = user.status === 'deleted';

  const onSubmit = handleSubmit(async (body) => {
    setStatus(null);
    try {
      const { user: saved, emailChange } = await update.mutateAsync({ ...body, phone: body.phone ?? '' });
      reset({ name: saved.name, email: saved.email, phone: formatPhoneInput(saved.phone ?? '') });
      setStatus({ text: emailOutcomeText(emailChange, saved.email), tone: 'success' });
    } catch (error) {
      const text = showServerError(error, FIELDS, setError);
      if (text) setStatus({ text, tone: 'error' });
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className="flex flex-col gap-3"
      aria-label="Profile"
    >
      <fieldset disabled={isDeleted} className="flex flex-col gap-1">
        <Input label="Name" autoComplete="off" {...register('name')} error={errors.name?.message} />
        <Input
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          readOnly={isSelf}
          {...register('email')}
          hint={
            isSelf
              ? 'This is your own account: change your email from your Profile, where the new address confirms it.'
              : userAdminMessages.emailConfirmHint
          }
          error={errors.email?.message}
        />
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <PhoneInput
              label="Phone (optional)"
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              network={detectNetwork(field.value)}
              error={errors.phone?.message}
            />
          )}
        />
      </fieldset>
      {isDeleted ? null : (
        <Button
          type="submit"
          className="self-start"
          isBusy={update.isPending}
          busyLabel="Saving..."
          disabled={!isDirty}
        >
          Save changes
        </Button>
      )}
      <StatusMessage message={status?.text} tone={status?.tone} />
    </form>
  );
}
