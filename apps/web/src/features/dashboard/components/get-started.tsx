import { useEffect, useMemo } from 'react';
import { Link } from '@/lib/router/index.ts';
import { NavIcon, type NavIconName } from '@/components/layouts/nav-icon.tsx';
import { usePinStatus } from '@/lib/api/get-pin-status.ts';
import { useWallet } from '@/lib/api/get-wallet.ts';
import { rememberedFirstSteps, rememberFirstSteps, type FirstStep } from '@/lib/first-steps.ts';
import { paths, transactionPinPath } from '@/lib/paths.ts';
import { useSession } from '@/lib/session.ts';
import { useRecentPurchases } from '../api/get-recent-purchases.ts';

type Step = { id: FirstStep; label: string; hint: string; to: string; icon: NavIconName };

const setPin: Step = {
  id: 'pin',
  label: 'Set your transaction PIN',
  hint: 'Four digits that confirm every purchase.',
  to: transactionPinPath,
  icon: 'key',
};

const fundWallet: Step = {
  id: 'fund',
  label: 'Add money to your wallet',
  hint: 'By card or bank transfer.',
  to: paths.fundWallet,
  icon: 'wallet',
};

/** The steps still to take, once the server has said all three things they depend on. */
function useFoundSteps(): FirstStep[] | null {
  const hasPin = usePinStatus().data?.hasPin;
  const balanceKobo = useWallet().data?.balanceKobo;
  const purchaseCount = useRecentPurchases().data?.purchases.length;
  return useMemo(() => {
    if (hasPin === undefined || balanceKobo === undefined || purchaseCount === undefined) return null;
    if (purchaseCount > 0) return [];
    return [...(hasPin ? [] : ['pin' as const]), ...(balanceKobo > 0 ? [] : ['fund' as const])];
  }, [hasPin, balanceKobo, purchaseCount]);
}

/**
 * A new customer's first steps: set a PIN, fund the wallet. Each step leaves once the server says it
 * is done, and the card leaves with the last one. Someone who has bought before never sees it. Until the
 * server has answered, the card shows the steps last found on this device (both, just after sign-up), so it
 * is there from the first paint instead of pushing the page down.
 */
export function GetStarted({ className = '' }: { className?: string }) {
  const userId = useSession().data?.id;
  const found = useFoundSteps();
  useEffect(() => {
    if (userId !== undefined && found !== null) rememberFirstSteps(userId, found);
  }, [userId, found]);
  const ids = found ?? (userId === undefined ? [] : rememberedFirstSteps(userId));
  const steps = [setPin, fundWallet].filter((step) => ids.includes(step.id));
  if (steps.length === 0) return null;
  return (
    <section
      aria-labelledby="get-started-heading"
      className={`rounded-2xl border border-brand-100 bg-white p-4 shadow-sm ${className}`}
    >
      <h2 id="get-started-heading" className="text-base font-bold text-gray-900">
        Get started
      </h2>
      <p className="text-sm text-gray-700">
        {steps.length === 1
          ? 'One step left before your first purchase.'
          : 'Two quick steps before your first purchase.'}
      </p>
      <ol className="mt-3 flex flex-col gap-2">
        {steps.map((step) => (
          <li key={step.id}>
            <Link
              to={step.to}
              className="flex min-h-14 items-center gap-3 rounded-xl border border-gray-200 px-3 py-2 hover:border-brand-600 focus-visible:outline-3 focus-visible:outline-brand-500"
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <NavIcon name={step.icon} />
              </span>
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-semibold text-gray-900">{step.label}</span>
                <span className="text-sm text-gray-600">{step.hint}</span>
              </span>
              <NavIcon name="forward" className="h-5 w-5 shrink-0 text-gray-400" />
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
