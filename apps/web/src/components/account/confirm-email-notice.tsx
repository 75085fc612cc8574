import { useState } from 'react';
import { profileTexts } from '@quickvend/shared/messages/profile';
import { Button } from '@/components/ui/button.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { errorLine } from '@/lib/form-errors.ts';
import { useSession } from '@/lib/session.ts';
import { useResendEmailConfirmation } from '@/lib/api/resend-email-confirmation.ts';

/**
 * Asks a signed-in customer whose address has not opened its link yet to confirm it, with a button that mails a
 * new link. Renders nothing once the address is confirmed (or while the session is unknown).
 */
export function ConfirmEmailNotice({ className = '' }: { className?: string }) {
  const { data: user } = useSession();
  const resend = useResendEmailConfirmation();
  const [status, setStatus] = useState<{ text: string; tone: 'success' | 'error' } | null>(null);
  if (!user || user.emailConfirmed) return null;

  return (
    <section
      aria-label="Confirm your email"
      className={`flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 ${className}`}
    >
      <p className="text-sm text-gray-900">{profileTexts.emailConfirmNeeded(user.email)}</p>
      <StatusMessage message={status?.text} tone={status?.tone} />
      <Button
        variant="secondary"
        className="self-start"
        isBusy={resend.isPending}
        busyLabel="Sending..."
        onClick={() => {
          setStatus(null);
          resend.mutate(undefined, {
            onSuccess: ({ sentTo }) => {
              setStatus({ text: profileTexts.emailConfirmLinkSent(sentTo), tone: 'success' });
            },
            onError: (cause) => {
              setStatus({ text: errorLine(cause), tone: 'error' });
            },
          });
        }}
      >
        Send me a new link
      </Button>
    </section>
  );
}
