import { Link, useLocation, useParams } from '@/lib/router/index.ts';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { EmailAgainButton, canEmailAgain } from '@/components/purchases/email-again-button.tsx';
import { PurchaseReceipt } from '@/components/purchases/purchase-receipt.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { useLivePurchase } from '../live-purchase.ts';
import { NOT_RECEIVED_HASH, paths } from '@/lib/paths.ts';
import { usePurchase } from '@/lib/api/get-purchase.ts';
import { NotReceived, NotReceivedReport } from './not-received.tsx';

/** a pending purchase is asked for again this often until it is final */
const PENDING_POLL_MS = 5_000;

export const receiptTexts = {
  notFound: 'We could not find this purchase.',
} as const;

/** `/transactions/:requestId`: one purchase's receipt, printable and shareable. */
export function TransactionReceiptPage() {
  const { requestId = '' } = useParams();
  const { hash } = useLocation();
  const transaction = usePurchase(requestId, PENDING_POLL_MS);
  useLivePurchase(requestId);
  const purchase = transaction.data?.purchase;

  let content;
  if (transaction.isPending) {
    content = (
      <div
        aria-busy="true"
        className="mx-auto flex w-full max-w-md flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4"
      >
        <p className="sr-only">{messages.common.loading}</p>
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-5 w-full" />
        ))}
      </div>
    );
  } else if (purchase === undefined) {
    content = (
      <StatusMessage
        message={
          isApiError(transaction.error, 'UNAUTHENTICATED')
            ? messages.transactions.signedOut
            : isApiError(transaction.error, 'NOT_FOUND')
              ? `Error: ${receiptTexts.notFound}`
              : `Error: ${transaction.error?.message ?? receiptTexts.notFound}`
        }
        tone="error"
      />
    );
  } else {
    content = (
      <>
        <NotReceivedReport purchase={purchase} />
        <PurchaseReceipt purchase={purchase} title="Receipt" headingLevel={1} />
        {canEmailAgain(purchase) ? <EmailAgainButton requestId={purchase.requestId} /> : null}
        <NotReceived purchase={purchase} isStartedOpen={hash === NOT_RECEIVED_HASH} />
        <p className="text-center text-xs text-gray-600">
          Last updated {formatLagosDateTime(purchase.updatedAt)} (Lagos time)
        </p>
      </>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-3">
      <title>{`Receipt · ${PRODUCT_NAME}`}</title>
      <Link
        to={paths.transactions}
        className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline print:hidden"
      >
        ← Your Transactions
      </Link>
      {content}
    </div>
  );
}
