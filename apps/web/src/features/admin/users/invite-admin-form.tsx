import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useCreateInvitation } from './api/create-invitation.ts';

const formSchema = z.object({
  email: z.union([z.literal(''), z.email({ error: 'Please enter a valid email address.' }).max(254)]),
});

export function InviteAdminForm() {
  const createInvitation = useCreateInvitation();
  const [link, setLink] = useState<string | null>(null);
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(formSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    setStatus(null);
    setLink(null);
    try {
      const { invitation } = await createInvitation.mutateAsync(email === '' ? {} : { email });
      setLink(invitation.url);
    } catch (error) {
      setStatus({
        text: `Error: ${error instanceof Error ? error.message : 'Could not create the invitation.'}`,
        tone: 'error',
      });
    }
  });

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setStatus({ text: 'Invitation link copied to clipboard!', tone: 'success' });
    } catch {
      setStatus({ text: 'Copy failed: select the link and copy it by hand.', tone: 'error' });
    }
  };

  return (
    <section aria-labelledby="invite-heading" className="rounded-2xl border border-gray-200 bg-white p-4">
      <h2 id="invite-heading" className="text-lg font-bold text-gray-900">
        Invite an admin
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        New admins register through a one-time invitation link. Name an email to tie the link to it.
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
        <Button type="submit" className="lg:mt-7" isBusy={createInvitation.isPending} busyLabel="Creating...">
          Create invitation link
        </Button>
      </form>
      {link ? (
        <div className="mt-4 flex flex-col gap-2">
          <Input
            label="Invitation link"
            value={link}
            readOnly
            onFocus={(event) => {
              event.target.select();
            }}
          />
          <Button variant="secondary" onClick={() => void copy()}>
            Copy
          </Button>
        </div>
      ) : null}
      <StatusMessage message={status?.text} tone={status?.tone} className="mt-3" />
    </section>
  );
}
