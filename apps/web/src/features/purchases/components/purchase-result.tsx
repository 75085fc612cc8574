import type { Purchase } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { ESCALATED_MESSAGE } from '@quickvend/shared/messages/purchase';
import { confirmerOf, pendingPromiseOf } from '@quickvend/shared/purchase-words';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { EmailAgainButton, canEmailAgain } from '@/components/purchases/email-again-button.tsx';
import { PurchaseReceipt } from '@/components/purchases/purchase-receipt.tsx';
import { failureReasonOf } from '@/components/purchases/receipt-facts.ts';
import { Button } from '@/components/ui/button.tsx';
import { LinkButton } from '@/components/ui/link-button.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { notReceivedPath, transactionReceiptPath } from '@/lib/paths.ts';

/** The receipt's and the notice's promise, between what is happening and what the customer may do. */
export const resultTexts = {
  pending: (purchase: Purchase) =>
    `Your purchase is being confirmed with ${confirmerOf(purchase)}. ${pendingPromiseOf(purchase)} You can leave this page: the result will show in your transactions.`,
} as const;

function outcomeOf(purchase: Purchase): { text: string; tone: StatusTone } {
  switch (purchase.status) {
    case 'delivered':
      return { text: messages.purchase.success(PRODUCT_NAME), tone: 'success' };
    case 'failed':
      return {
        text:
          purchase.kind === 'airtime'
            ? messages.purchase.airtimeFailed(failureReasonOf(purchase))
            : messages.purchase.failed(failureReasonOf(purchase)),
        tone: 'error',
      };
    case 'pending':
      return purchase.message === ESCALATED_MESSAGE
        ? { text: ESCALATED_MESSAGE, tone: 'info' }
        : { text: resultTexts.pending(purchase), tone: 'info' };
  }
}

type PurchaseResultProps = {
  purchase: Purchase;
  onStartOver: () => void;
  startOverLabel: string;
  /** back to the form as it was, to buy the same again */
  onBuyAgain: () => void;
};

/** Where every purchase ends: delivered, refunded, or being confirmed, in plain words, and the receipt. */
export function PurchaseResult({ purchase, onStartOver, startOverLabel, onBuyAgain }: PurchaseResultProps) {
  const outcome = outcomeOf(purchase);
  return (
    <div className="flex flex-col gap-3">
      <StatusMessage message={outcome.text} tone={outcome.tone} />
      <PurchaseReceipt purchase={purchase} isOutcomeSaidAbove onBuyAgain={onBuyAgain} />
      {canEmailAgain(purchase) ? <EmailAgainButton requestId={purchase.requestId} /> : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onStartOver} className="sm:flex-1">
          {startOverLabel}
        </Button>
        <LinkButton to={transactionReceiptPath(purchase.requestId)} variant="text">
          View in transactions
        </LinkButton>
        {purchase.status === 'delivered' ? (
          <LinkButton to={notReceivedPath(purchase.requestId)} variant="text">
            I didn’t get it
          </LinkButton>
        ) : null}
      </div>
    </div>
  );
}
