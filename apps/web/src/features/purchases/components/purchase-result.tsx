import type { Purchase } from '@quickvend/shared/api/purchases';
import { formatNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { findCatalogueService } from '@quickvend/shared/catalog';
import { EXAM_SERVICES, NETWORK_SERVICES, PRODUCT_NAME } from '@quickvend/shared/services';
import { formatLagosTimestamp } from '@quickvend/shared/format';
import { EmailAgainButton, canEmailAgain } from '@/components/purchases/email-again-button.tsx';
import { PurchaseReceipt } from '@/components/purchases/purchase-receipt.tsx';
import { purchaseStatusLabels } from '@/components/purchases/purchase-status-badge.tsx';
import { chargeRowsOf, detailRowsOf, uniqueRows } from '@/components/purchases/receipt-rows.ts';
import { Button } from '@/components/ui/button.tsx';
import { LinkButton } from '@/components/ui/link-button.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { transactionReceiptPath } from '@/lib/paths.ts';

export const resultTexts = {
  pending: (withWhom: string) =>
    `Your purchase is being confirmed with ${withWhom}. It will be delivered, or your money refunded automatically, usually within a few minutes. You can leave this page: the result will show in your transactions.`,
  refunded: (amount: string) => `Your ${amount} is back in your wallet.`,
} as const;

/** The network of a provider service id (`mtn`, `mtn-data`, `etisalat`...), as the forms name it. */
export function networkLabelOf(serviceId: string): string {
  const network = findCatalogueService(serviceId)?.network;
  return network ? NETWORK_SERVICES[network].label : serviceId;
}

/** `DSTV`, `GOtv`, `StarTimes`, `Showmax`: a TV service as its page names it. */
export function tvLabelOf(serviceId: string): string {
  return findCatalogueService(serviceId)?.name ?? serviceId;
}

function pendingWith(purchase: Purchase): string {
  switch (purchase.kind) {
    case 'airtime':
    case 'data':
      return 'the network';
    case 'tv':
      return tvLabelOf(purchase.serviceId);
    case 'electricity':
      return 'your distributor';
    case 'education':
      return 'the exam board';
  }
}

function outcomeOf(purchase: Purchase): { text: string; tone: StatusTone } {
  switch (purchase.status) {
    case 'delivered':
      return { text: messages.purchase.success(PRODUCT_NAME), tone: 'success' };
    case 'failed':
      return {
        text:
          purchase.kind === 'airtime'
            ? messages.purchase.airtimeFailed(purchase.message)
            : messages.purchase.failed(purchase.message),
        tone: 'error',
      };
    case 'pending':
      return { text: resultTexts.pending(pendingWith(purchase)), tone: 'info' };
  }
}

/** The spec's default receipt messages: `Subscription successful!` for airtime, StarTimes, GOtv, Showmax. */
const SUBSCRIPTION_RECEIPT_SERVICES = new Set(['startimes', 'gotv', 'showmax']);

function receiptMessage(purchase: Purchase): string {
  if (purchase.message) return purchase.message;
  return purchase.kind === 'airtime' || SUBSCRIPTION_RECEIPT_SERVICES.has(purchase.serviceId)
    ? messages.purchase.subscriptionReceipt
    : messages.purchase.transactionReceipt;
}

type Row = [string, string];

function headRowsOf(purchase: Purchase): Row[] {
  const platform: Row = ['Platform', PRODUCT_NAME];
  const plan = purchase.planName ?? purchase.variationCode ?? '';
  switch (purchase.kind) {
    case 'airtime':
      return [
        platform,
        ['Phone', purchase.phone],
        ['Amount', formatNaira(purchase.amountKobo)],
        ['Operator', networkLabelOf(purchase.serviceId).toUpperCase()],
      ];
    case 'data':
      return [
        platform,
        ['Phone', purchase.phone],
        ['Network', networkLabelOf(purchase.serviceId)],
        ['Plan', plan],
        ['Amount', formatNaira(purchase.amountKobo)],
      ];
    case 'tv': {
      const rows: Row[] = [platform, ['Service', tvLabelOf(purchase.serviceId)]];
      // Showmax has no card: the phone is the account
      if (purchase.billersCode && purchase.serviceId !== 'showmax')
        rows.push(['Smart card', purchase.billersCode]);
      if (plan) rows.push([purchase.serviceId === 'showmax' ? 'Plan' : 'Bouquet', plan]);
      // the provider's plan name may already say it is a renewal
      if (purchase.subscriptionType && !/renew/i.test(plan))
        rows.push(['Subscription', purchase.subscriptionType === 'renew' ? 'Renewal' : 'Change of bouquet']);
      rows.push(['Phone', purchase.phone]);
      return rows;
    }
    case 'electricity': {
      const rows: Row[] = [platform, ['Distributor', purchase.serviceName]];
      if (purchase.billersCode) rows.push(['Meter number', purchase.billersCode]);
      rows.push(['Phone', purchase.phone]);
      return rows;
    }
    case 'education': {
      const label = EXAM_SERVICES.find((exam) => exam.id === purchase.serviceId)?.label;
      const rows: Row[] = [platform, ['Service', label ?? purchase.serviceName]];
      if (plan) rows.push(['Plan', plan]);
      if (purchase.billersCode) rows.push(['Profile ID', purchase.billersCode]);
      rows.push(['Phone', purchase.phone]);
      return rows;
    }
  }
}

function rowsOf(purchase: Purchase): Row[] {
  const rows: Row[] = [...headRowsOf(purchase), ...detailRowsOf(purchase), ...chargeRowsOf(purchase)];
  if (purchase.balanceAfterKobo !== null)
    rows.push(['Balance after', formatNaira(purchase.balanceAfterKobo)]);
  rows.push(
    ['Transaction ID', purchase.transactionId ?? purchase.providerRequestId],
    ['Date', formatLagosTimestamp(purchase.createdAt)],
    ['Status', purchaseStatusLabels[purchase.status]],
    ['Message', receiptMessage(purchase)],
  );
  return uniqueRows(rows);
}

type PurchaseResultProps = {
  purchase: Purchase;
  onStartOver: () => void;
  startOverLabel: string;
};

/** Where every purchase ends: delivered, refunded, or being confirmed, in plain words, and the receipt. */
export function PurchaseResult({ purchase, onStartOver, startOverLabel }: PurchaseResultProps) {
  const outcome = outcomeOf(purchase);
  return (
    <div className="flex flex-col gap-3">
      <StatusMessage message={outcome.text} tone={outcome.tone} />
      {purchase.status === 'failed' ? (
        <p className="rounded-lg bg-green-50 px-3 py-2 text-sm font-semibold text-green-900">
          {resultTexts.refunded(formatNaira(purchase.chargedKobo))}
        </p>
      ) : null}
      <PurchaseReceipt purchase={purchase} rows={rowsOf(purchase)} />
      {canEmailAgain(purchase) ? <EmailAgainButton requestId={purchase.requestId} /> : null}
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
