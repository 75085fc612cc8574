import type { ReactNode } from 'react';
import { Link } from '@/lib/router/index.ts';
import { formatNaira } from '@quickvend/shared/money';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { Button } from '@/components/ui/button.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { paths } from '@/lib/paths.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { PinStep } from './pin-step.tsx';
import { PurchaseResult } from './purchase-result.tsx';
import { RepeatQuestion } from './repeat-question.tsx';
import type { PurchaseFlow } from './use-purchase-flow.ts';

/** The live balance a purchase is paid from, in one compact line. */
export function BalanceLine() {
  const wallet = useWallet();
  return (
    <section
      aria-label="Wallet balance"
      className="flex items-center justify-between gap-2 rounded-xl bg-brand-50 px-3 py-2"
    >
      <p className="flex items-center gap-1.5 text-sm text-brand-900">
        <span className="font-semibold">Balance</span>
        {wallet.data ? (
          <span className="text-base font-extrabold tabular-nums">
            {formatNaira(wallet.data.balanceKobo)}
          </span>
        ) : wallet.isError ? (
          <span>{messages.wallet.retrieveFailed}</span>
        ) : (
          <>
            <span className="sr-only">{messages.purchase.loadingUser}</span>
            <Skeleton className="h-5 w-20" />
          </>
        )}
      </p>
      <Link
        to={paths.fundWallet}
        className="inline-flex min-h-9 items-center text-sm font-semibold whitespace-nowrap text-brand-800 underline"
      >
        Fund wallet
      </Link>
    </section>
  );
}

/**
 * A purchase page: its title, the balance, then one step (form, PIN or result). A field brought into view (by
 * focus, or `scrollIntoView({ block: 'nearest' })`) stops clear of the sticky header above and of the pay bar
 * and the tab bar below.
 */
export function PurchasePageFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-3 [&_input]:scroll-mt-20 [&_input]:scroll-mb-[calc(var(--bottom-bar,0px)+7rem)] [&_select]:scroll-mt-20 [&_select]:scroll-mb-[calc(var(--bottom-bar,0px)+7rem)]">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <h1 className="text-xl font-bold text-gray-900">{title}</h1>
      <BalanceLine />
      {children}
    </div>
  );
}

/** The fund-wallet offer under an insufficient-balance message. */
export function FundWalletOffer() {
  return (
    <Link
      to={paths.fundWallet}
      className="inline-flex min-h-11 items-center justify-center rounded-lg border border-brand-700 px-4 font-semibold text-brand-800 hover:bg-brand-50"
    >
      Fund wallet
    </Link>
  );
}

type PurchaseStepsProps = {
  flow: PurchaseFlow;
  startOverLabel: string;
  /** what the form clears for the next purchase */
  onStartOver: () => void;
  /** the form */
  children: ReactNode;
  /** said above the result: what became of saving the number */
  resultNotice?: { text: string; tone: StatusTone } | null;
};

/** The step a purchase is at: the form, the PIN for its draft, or the result. */
export function PurchaseSteps({
  flow,
  startOverLabel,
  onStartOver,
  children,
  resultNotice = null,
}: PurchaseStepsProps) {
  if (flow.step === 'result' && flow.purchase) {
    return (
      <>
        {/* always there, so the notice arriving after the receipt is announced; no gap while empty */}
        <StatusMessage
          message={resultNotice?.text}
          tone={resultNotice?.tone}
          className={resultNotice ? '' : '-mb-3'}
        />
        <PurchaseResult
          purchase={flow.purchase}
          onStartOver={() => {
            onStartOver();
            flow.startOver();
          }}
          startOverLabel={startOverLabel}
          onBuyAgain={flow.startOver}
        />
      </>
    );
  }
  if (flow.step === 'repeat' && flow.repeat !== null) {
    return <RepeatQuestion flow={flow} earlier={flow.repeat.earlier} secondsAgo={flow.repeat.secondsAgo} />;
  }
  if (flow.step === 'pin' && flow.draft) return <PinStep flow={flow} draft={flow.draft} />;
  return children;
}

export const formTexts = { toPay: 'You pay' } as const;

type FormSubmitProps = {
  flow: Pick<PurchaseFlow, 'formStatus' | 'isBusy'>;
  label: string;
  isDisabled?: boolean;
  /** false while the form cannot be paid yet */
  hasButton?: boolean;
  /** what the wallet will pay, once known */
  payKobo?: number | null;
};

/**
 * The end of a purchase form: what its check found (with the fund-wallet offer), then the button, kept in reach
 * above the phone's tab bar. What will be paid rides with the button, so the bar never hides the price.
 */
export function FormSubmit({
  flow,
  label,
  isDisabled = false,
  hasButton = true,
  payKobo = null,
}: FormSubmitProps) {
  return (
    <>
      <StatusMessage message={flow.formStatus?.text} tone={flow.formStatus?.tone} isScrolledIntoView />
      {flow.formStatus?.canFundWallet ? <FundWalletOffer /> : null}
      {hasButton ? (
        <div className="sticky bottom-[var(--bottom-bar,0px)] -mx-1 flex flex-col gap-1 border-t border-gray-200 bg-gray-50 px-1 py-2">
          {payKobo !== null && payKobo > 0 ? (
            <p className="flex items-baseline justify-between gap-2 text-sm text-gray-800">
              <span>{formTexts.toPay}</span>
              <span className="text-base font-extrabold text-gray-900 tabular-nums">
                {formatNaira(payKobo)}
              </span>
            </p>
          ) : null}
          <Button
            type="submit"
            fullWidth
            disabled={isDisabled}
            isBusy={flow.isBusy}
            busyLabel={messages.purchase.processing}
          >
            {label}
          </Button>
        </div>
      ) : null}
    </>
  );
}
