import { messages } from '@quickvend/shared/messages';
import { formatNaira } from '@quickvend/shared/money';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useMeta } from '@/lib/api/get-meta.ts';
import { useSession } from '@/lib/session.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { BankTransferSection } from './bank-transfer-section.tsx';
import { CardPaymentForm } from './card-payment-form.tsx';
import { FundingSection } from './funding-section.tsx';
import { ManualFundingSection } from './manual-funding-section.tsx';
import { PaymentHistory } from './payment-history.tsx';
import { useCardCheckout } from './use-card-checkout.ts';

const TITLE = 'Wallet & Payments';

function BalanceCard() {
  const wallet = useWallet();
  return (
    <section
      aria-labelledby="fund-balance-heading"
      className="rounded-2xl bg-brand-800 p-4 text-white shadow"
    >
      <h2 id="fund-balance-heading" className="text-sm font-semibold text-brand-100">
        Wallet balance
      </h2>
      <p className="text-3xl font-extrabold tabular-nums">
        {wallet.data ? (
          formatNaira(wallet.data.balanceKobo)
        ) : (
          <span className="text-base font-semibold">{messages.wallet.retrieveFailed}</span>
        )}
      </p>
    </section>
  );
}

/** `/fund-wallet`: card payment, a transfer account, and manual deposits, then the payment history. */
export function FundWalletPage() {
  const session = useSession();
  const wallet = useWallet();
  const meta = useMeta();
  const checkout = useCardCheckout();
  const user = session.data;

  let content;
  if (session.isPending || (user && wallet.isPending)) {
    content = <p className="text-base text-gray-700">{messages.common.loading}</p>;
  } else if (!user) {
    content = <StatusMessage message={messages.funding.userMissing} tone="error" />;
  } else {
    content = (
      <>
        <div>
          <BalanceCard />
          <StatusMessage
            message={checkout.message?.text}
            tone={checkout.message?.tone}
            className={checkout.message ? 'mt-3' : ''}
          />
        </div>
        <FundingSection
          id="card"
          title="Pay with card"
          intro="Pay with your debit card. Your wallet is credited as soon as the payment succeeds."
        >
          <CardPaymentForm
            defaultEmail={user.email}
            minFundingKobo={meta.data?.minFundingKobo}
            onStart={() => {
              checkout.track(null);
            }}
            onFinish={checkout.track}
            isLocked={checkout.isSucceeded}
          />
        </FundingSection>
        <BankTransferSection />
        <ManualFundingSection chargeKobo={meta.data?.manualChargeKobo} />
        <PaymentHistory />
      </>
    );
  }

  return (
    <div className="flex max-w-2xl flex-col gap-5">
      <title>{`${TITLE} · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-gray-900">{TITLE}</h1>
      {content}
    </div>
  );
}
