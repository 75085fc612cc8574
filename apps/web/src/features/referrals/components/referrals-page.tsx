import { Link } from '@/lib/router/index.ts';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { Brand } from '@/components/ui/brand.tsx';
import { paths } from '@/lib/paths.ts';
import { ReferralPanel } from './referral-panel.tsx';

const TITLE = 'Refer and earn';

/** `/refer`: the referral panel inside the dashboard. */
export function ReferralsPage() {
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <title>{`${TITLE} · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-gray-900">{TITLE}</h1>
      <ReferralPanel />
    </div>
  );
}

/** `/referer`: the referral panel alone, without the dashboard around it (the spec's second screen). */
export function ReferralPanelPage() {
  return (
    <div className="flex min-h-dvh flex-col items-center gap-5 bg-gray-50 px-4 py-6">
      <title>{`${TITLE} · ${PRODUCT_NAME}`}</title>
      <Link to={paths.dashboard} className="rounded focus-visible:outline-3 focus-visible:outline-brand-500">
        <Brand />
      </Link>
      <main className="flex w-full max-w-2xl flex-col gap-4">
        <h1 className="text-2xl font-bold text-gray-900">{TITLE}</h1>
        <ReferralPanel />
        <Link
          to={paths.dashboard}
          className="self-center rounded px-2 py-3 text-base font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-brand-500"
        >
          Go to your dashboard
        </Link>
      </main>
    </div>
  );
}
