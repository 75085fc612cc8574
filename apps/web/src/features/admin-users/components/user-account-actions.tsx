import { useEffect, useRef, useState } from 'react';
import { userActionBody, userAdminMessages, type AdminUserProfile } from '@quickvend/shared/api/admin-users';
import { messages } from '@quickvend/shared/messages';
import { Button, type ButtonVariant } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { useUserAction, type UserAction } from '../api/user-actions.ts';
import { displayName } from './user-labels.ts';

type ActionText = {
  button: string;
  question: (name: string) => string;
  hint: string;
  confirm: string;
  done: (name: string) => string;
  variant: ButtonVariant;
};

const TEXTS: Record<UserAction, ActionText> = {
  suspend: {
    button: 'Suspend',
    question: (name) => `Why suspend ${name}?`,
    hint: 'They are signed out at once and cannot sign in, buy, fund or use API keys. Payments they already made still reach their wallet.',
    confirm: 'Confirm suspension',
    done: (name) => `${name} is suspended.`,
    variant: 'danger',
  },
  unsuspend: {
    button: 'Restore account',
    question: (name) => `Why restore ${name}?`,
    hint: 'They can sign in and use their API keys again.',
    confirm: 'Confirm restore',
    done: (name) => `${name} can use their account again.`,
    variant: 'primary',
  },
  demote: {
    button: 'Demote to user',
    question: (name) => `Why demote ${name}?`,
    hint: 'Once a second admin approves, they lose the back office, their open invitations end and their waiting requests close. New admins come only by invitation.',
    confirm: 'Confirm demotion',
    done: (name) => `${name} is now an ordinary user.`,
    variant: 'danger',
  },
  delete: {
    button: 'Delete',
    question: (name) => `Why delete ${name}?`,
    hint: 'Their name, email and phone are removed and they can no longer sign in. Their payments and purchases stay in the books. The wallet must be empty first.',
    confirm: 'Confirm delete',
    done: () => messages.admin.userDeleted,
    variant: 'danger',
  },
};

function ReasonForm({
  user,
  action,
  onDone,
  onCancel,
}: {
  user: AdminUserProfile;
  action: UserAction;
  onDone: (status: { text: string; tone: 'success' | 'error' }) => void;
  onCancel: () => void;
}) {
  const mutation = useUserAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);
  const text = TEXTS[action];
  const name = displayName(user.name);

  const confirm = async () => {
    const parsed = userActionBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      const outcome = await mutation.mutateAsync({ id: user.id, action, reason: parsed.data.reason });
      onDone({
        text:
          outcome.status === 'awaiting_approval'
            ? `${userAdminMessages.sentForApproval} Nothing changes for ${name} until another admin approves it on the Approvals page; ${name} has been emailed.`
            : text.done(name),
        tone: 'success',
      });
    } catch (failure) {
      onDone({ text: errorMessageOf(failure), tone: 'error' });
    }
  };

  return (
    <div className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-gray-50 p-3">
      <Input
        ref={input}
        label={text.question(name)}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
        }}
        hint={text.hint}
        error={error}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant={text.variant}
          isBusy={mutation.isPending}
          busyLabel={messages.purchase.processing}
          onClick={() => void confirm()}
        >
          {user.role === 'admin' ? "Send for a second admin's approval" : text.confirm}
        </Button>
        <Button variant="text" disabled={mutation.isPending} onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </div>
  );
}

/** Suspend or restore, demote, delete: each asks why; an admin cannot do these to their own account. */
export function UserAccountActions({ user, isSelf }: { user: AdminUserProfile; isSelf: boolean }) {
  const [open, setOpen] = useState<UserAction | null>(null);
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);

  const actions: UserAction[] =
    isSelf || user.status === 'deleted'
      ? []
      : [
          user.status === 'suspended' ? 'unsuspend' : 'suspend',
          ...(user.role === 'admin' ? (['demote'] as const) : []),
          'delete',
        ];

  return (
    <div className="flex flex-col gap-3">
      {user.status === 'deleted' ? (
        <p className="text-sm text-gray-700">This account was deleted: there is nothing more to do.</p>
      ) : null}
      {isSelf ? (
        <p className="text-sm text-gray-700">
          This is your own account: another admin must suspend, demote or delete it.
        </p>
      ) : null}
      {!isSelf && user.role === 'admin' && user.status !== 'deleted' ? (
        <p className="text-sm text-gray-700">
          This is an admin: suspending, restoring, demoting or deleting them waits for a second admin&apos;s
          approval, and they are emailed when it is asked and when it is done.
        </p>
      ) : null}
      {open ? (
        <ReasonForm
          key={open}
          user={user}
          action={open}
          onCancel={() => {
            setOpen(null);
          }}
          onDone={(outcome) => {
            setStatus(outcome);
            if (outcome.tone === 'success') setOpen(null);
          }}
        />
      ) : actions.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {actions.map((action) => (
            <Button
              key={action}
              variant={action === 'unsuspend' ? 'primary' : 'secondary'}
              onClick={() => {
                setStatus(null);
                setOpen(action);
              }}
            >
              {TEXTS[action].button}
            </Button>
          ))}
        </div>
      ) : null}
      <StatusMessage message={status?.text} tone={status?.tone} />
    </div>
  );
}
