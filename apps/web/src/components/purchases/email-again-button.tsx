import type { Purchase } from '@quickvend/shared/api/purchases';
import { isApiError } from '@/lib/api-client.ts';
import { errorLine } from '@/lib/form-errors.ts';
import { useIsSandbox } from '@/lib/sandbox.ts';
import { serverPages } from '@/lib/paths.ts';
import { useResendPurchase } from '@/lib/api/email-purchase.ts';
import { Button } from '../ui/button.tsx';
import { StatusMessage } from '../ui/status-message.tsx';

export const emailAgainTexts = {
  button: 'Email me this again',
  sending: 'Sending...',
  sent: (to: string) => `Sent to ${to}. Check your inbox (and spam folder).`,
} as const;

/** A delivered purchase that handed over something to keep (a token, PINs) can be mailed again. */
export function canEmailAgain(purchase: Purchase): boolean {
  return purchase.status === 'delivered' && (purchase.token !== null || (purchase.pins?.length ?? 0) > 0);
}

/** Mails a delivered purchase's token or PINs to the account's email again, and says where. */
export function EmailAgainButton({ requestId }: { requestId: string }) {
  const isSandbox = useIsSandbox();
  const resend = useResendPurchase(requestId);
  const message = resend.data
    ? emailAgainTexts.sent(resend.data.sentTo)
    : resend.error
      ? errorLine(isApiError(resend.error) ? resend.error : null, 'Could not send the email.')
      : null;
  return (
    <div className="flex flex-col gap-2 print:hidden">
      <Button
        variant="secondary"
        fullWidth
        isBusy={resend.isPending}
        busyLabel={emailAgainTexts.sending}
        onClick={() => {
          resend.mutate();
        }}
      >
        {emailAgainTexts.button}
      </Button>
      <StatusMessage message={message} />
      {resend.data && isSandbox ? (
        <a href={serverPages.sandboxMailbox} className="text-sm font-semibold text-brand-800 underline">
          Open the sandbox mailbox
        </a>
      ) : null}
    </div>
  );
}
