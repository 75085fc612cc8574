import { useId, useState } from 'react';
import type { Purchase, PurchaseStatus } from '@quickvend/shared/api/purchases';
import { lagosClock } from '@quickvend/shared/format';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { useMeta } from '@/lib/api/get-meta.ts';
import { buyAgainPath } from '@/lib/buy-again.ts';
import { Button } from '../ui/button.tsx';
import { LinkButton } from '../ui/link-button.tsx';
import { Receipt, type ReceiptRow, type ReceiptTone } from '../ui/receipt.tsx';
import { PurchaseDeliverables } from './purchase-deliverables.tsx';
import { receiptFactsOf } from './receipt-facts.ts';
import { shareReceiptImage } from './receipt-image.ts';

const tones: Record<PurchaseStatus, ReceiptTone> = {
  delivered: 'success',
  pending: 'warning',
  failed: 'error',
};

export const receiptTexts = { buyAgain: 'Buy again' } as const;

export const shareTexts = {
  downloaded: 'Receipt saved as a picture. Find it in your downloads to send it.',
  failed: 'Could not make the receipt picture. Take a screenshot instead.',
  showBalance: 'Show my balance on the picture',
} as const;

/** Off until ticked: whoever the picture is sent to need not see what is left in the wallet. */
function BalanceChoice({ isShown, onChange }: { isShown: boolean; onChange: (isShown: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input
        id={id}
        type="checkbox"
        checked={isShown}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
        className="h-5 w-5 shrink-0 accent-brand-700"
      />
      <label htmlFor={id} className="flex-1 py-2 text-sm text-gray-900">
        {shareTexts.showBalance}
      </label>
    </div>
  );
}

/** `quickvend-receipt-2025-03-12-1405.png`, from the purchase's time in Lagos. */
export function receiptFileName(purchase: Purchase): string {
  const date = new Date(purchase.createdAt);
  if (Number.isNaN(date.getTime())) return `${PRODUCT_NAME.toLowerCase()}-receipt.png`;
  const { year, month, day, hour, minute } = lagosClock(date);
  return `${PRODUCT_NAME.toLowerCase()}-receipt-${year}-${month}-${day}-${hour}${minute}.png`;
}

type PurchaseReceiptProps = {
  purchase: Purchase;
  title?: string;
  headingLevel?: 1 | 2;
  /** the page above already says why it failed or what happens next: the receipt keeps only its headline */
  isOutcomeSaidAbove?: boolean;
  /** Buy again on the purchase's own page: the form still holds it, so go back to it instead of a link */
  onBuyAgain?: () => void;
};

/**
 * A purchase's compact receipt: the outcome large, the token or PINs, the money, what, to whom, the
 * balance after and when; the rest folded under More details; shared as a picture, or printed.
 */
export function PurchaseReceipt({
  purchase,
  title = 'Transaction Receipt',
  headingLevel = 2,
  isOutcomeSaidAbove = false,
  onBuyAgain,
}: PurchaseReceiptProps) {
  const meta = useMeta().data;
  const [isBalanceShown, setIsBalanceShown] = useState(false);
  const facts = receiptFactsOf(purchase);
  const hasPrivateFacts = facts.facts.some((fact) => fact.isPrivate);
  const rows: ReceiptRow[] = facts.facts.map((fact, index) => ({ ...fact, isEmphasised: index === 0 }));
  const againPath = buyAgainPath(purchase);
  const buyAgain = onBuyAgain ? (
    <Button variant="secondary" fullWidth onClick={onBuyAgain}>
      {receiptTexts.buyAgain}
    </Button>
  ) : againPath !== null ? (
    <LinkButton to={againPath} variant="secondary" className="w-full">
      {receiptTexts.buyAgain}
    </LinkButton>
  ) : null;
  const hasDeliverables = facts.token !== null || facts.pins.length > 0;

  const share = async () => {
    try {
      const outcome = await shareReceiptImage(
        {
          ...facts,
          productName: PRODUCT_NAME,
          title,
          isSandbox: meta?.mode === 'sandbox',
          isBalanceShown,
          support: meta?.support ?? null,
        },
        receiptFileName(purchase),
      );
      return outcome === 'downloaded' ? shareTexts.downloaded : null;
    } catch {
      return shareTexts.failed;
    }
  };

  return (
    <Receipt
      title={title}
      headingLevel={headingLevel}
      outcome={{
        tone: tones[purchase.status],
        headline: facts.headline,
        note: isOutcomeSaidAbove && purchase.status !== 'delivered' ? null : facts.note,
        goodNews: facts.refundNote,
      }}
      lead={hasDeliverables ? <PurchaseDeliverables purchase={purchase} /> : undefined}
      rows={rows}
      details={facts.details}
      onShare={share}
      shareChoice={
        hasPrivateFacts ? <BalanceChoice isShown={isBalanceShown} onChange={setIsBalanceShown} /> : null
      }
      hasActions
      extraAction={buyAgain}
    />
  );
}
