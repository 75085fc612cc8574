import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { userAdminMessages } from '@quickvend/shared/api/admin-users';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useCreateInvitation } from '../api/create-invitation.ts';

const formSchema = z.object({
  email: z.union([z.literal(''), z.email({ error: 'Please enter a valid email address.' }).max(254)]),
});

/** Asks for an invitation link; it exists only once a second admin approves, and then shows in the list. */
export function InviteAdminForm() {
  const createInvitation = useCreateInvitation();
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setStatus(null);
    try {
      await createInvitation.mutateAsync(email === '' ? {} : { email });
      reset();
      setStatus({
        text: `${userAdminMessages.sentForApproval} Once another admin approves it on the Approvals page, the link appears in the list below for you to copy.`,
        tone: 'success',
      });
    } catch (error) {
      setStatus({
        text: `Error: ${error instanceof Error ? error.message : 'Could not ask for the invitation.'}`,
        tone: 'error',
      });
    }
  });

  return (
    <section aria-labelledby="invite-heading" className="rounded-2xl border border-gray-200 bg-white p-4">
      <h2 id="invite-heading" className="text-lg font-bold text-gray-900">
        Invite an admin
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        New admins register through a one-time invitation link. A second admin must approve each invitation
        before its link exists; you can hold 3 open or waiting at once. Name an email to tie the link to it.
      </p>
      <form
        noValidate
        onSubmit={(event) => void onSubmit(event)}
        className="mt-3 flex flex-col gap-3 lg:flex-row lg:items-start"
      >
        <Input
          className="lg:flex-1"
          label="Email (optional)"
          type="email"
          inputMode="email"
          autoComplete="off"
          {...register('email')}
          error={errors.email?.message}
        />
        <Button type="submit" className="lg:mt-7" isBusy={createInvitation.isPending} busyLabel="Sending...">
          Ask for an invitation link
        </Button>
      </form>
      <StatusMessage message={status?.text} tone={status?.tone} className="mt-3" />
    </section>
  );
}
