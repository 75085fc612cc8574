import type { Purchase } from '@quickvend/shared/api/purchases';
import { formatNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { NETWORK_SERVICES, PRODUCT_NAME } from '@quickvend/shared/services';
import { Button } from '../../../components/ui/button.tsx';
import { LinkButton } from '../../../components/ui/link-button.tsx';
import { PurchaseStatusBadge } from '../../../components/ui/purchase-status-badge.tsx';
import { Receipt, receiptText, type ReceiptRow } from '../../../components/ui/receipt.tsx';
import { StatusMessage, type StatusTone } from '../../../components/ui/status-message.tsx';
import { formatLagosTimestamp } from '../../../lib/format.ts';
import { transactionReceiptPath } from '../../../lib/paths.ts';
import { purchaseStatusLabels } from '../../../lib/purchases.ts';

export const resultTexts = {
  pending:
    'Your purchase is being confirmed with the network. It will be delivered, or your money refunded automatically, usually within a few minutes. You can leave this page: the result will show in your transactions.',
  refunded: (amount: string) => `Your ${amount} is back in your wallet.`,
} as const;

/** The network of a provider service id (`mtn`, `mtn-data`, `etisalat`...), as the forms name it. */
export function networkLabelOf(serviceId: string): string {
  const entry = Object.values(NETWORK_SERVICES).find(
    (network) => network.airtime === serviceId || network.data === serviceId,
  );
  return entry?.label ?? serviceId;
}

function outcomeOf(purchase: Purchase, form: 'airtime' | 'data'): { text: string; tone: StatusTone } {
  switch (purchase.status) {
    case 'delivered':
      return { text: messages.purchase.success(PRODUCT_NAME), tone: 'success' };
    case 'failed':
      return {
        text:
          form === 'airtime'
            ? messages.purchase.airtimeFailed(purchase.message)
            : messages.purchase.failed(purchase.message),
        tone: 'error',
      };
    case 'pending':
      return { text: resultTexts.pending, tone: 'info' };
  }
}

function receiptMessage(purchase: Purchase, form: 'airtime' | 'data'): string {
  if (purchase.message) return purchase.message;
  return form === 'airtime' ? messages.purchase.subscriptionReceipt : messages.purchase.transactionReceipt;
}

function rowsOf(purchase: Purchase, form: 'airtime' | 'data'): [string, string][] {
  const network = networkLabelOf(purchase.serviceId);
  const rows: [string, string][] = [
    ['Platform', PRODUCT_NAME],
    ['Phone', purchase.phone],
    ...(form === 'airtime'
      ? ([
          ['Amount', formatNaira(purchase.amountKobo)],
          ['Operator', network.toUpperCase()],
        ] as [string, string][])
      : ([
          ['Network', network],
          ['Plan', purchase.planName ?? purchase.variationCode ?? ''],
          ['Amount', formatNaira(purchase.amountKobo)],
        ] as [string, string][])),
  ];
  if (purchase.chargedKobo !== purchase.amountKobo)
    rows.push(['Amount charged', formatNaira(purchase.chargedKobo)]);
  if (purchase.balanceAfterKobo !== null)
    rows.push(['Balance after', formatNaira(purchase.balanceAfterKobo)]);
  rows.push(
    ['Transaction ID', purchase.transactionId ?? purchase.providerRequestId],
    ['Date', formatLagosTimestamp(purchase.createdAt)],
    ['Status', purchaseStatusLabels[purchase.status]],
    ['Message', receiptMessage(purchase, form)],
  );
  return rows;
}

type PurchaseResultProps = {
  purchase: Purchase;
  form: 'airtime' | 'data';
  onStartOver: () => void;
  startOverLabel: string;
};

/** Where every purchase ends: delivered, refunded, or being confirmed, in plain words, and the receipt. */
export function PurchaseResult({ purchase, form, onStartOver, startOverLabel }: PurchaseResultProps) {
  const outcome = outcomeOf(purchase, form);
  const rows = rowsOf(purchase, form);
  const receiptRows: ReceiptRow[] = rows.map(([label, value]) => ({
    label,
    value: label === 'Status' ? <PurchaseStatusBadge status={purchase.status} /> : value,
    isEmphasised: label === 'Amount',
  }));
  return (
    <div className="flex flex-col gap-3">
      <StatusMessage message={outcome.text} tone={outcome.tone} />
      {purchase.status === 'failed' ? (
        <p className="rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
          {resultTexts.refunded(formatNaira(purchase.chargedKobo))}
        </p>
      ) : null}
      <Receipt rows={receiptRows} shareText={receiptText('Transaction Receipt', rows)} hasActions />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button onClick={onStartOver} className="sm:flex-1">
          {startOverLabel}
        </Button>
        <LinkButton to={transactionReceiptPath(purchase.requestId)} variant="text">
          View in transactions
        </LinkButton>
      </div>
    </div>
  );
}
