import type { ReactNode } from 'react';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { formatNaira } from '@quickvend/shared/money';
import { lagosDateOf } from '@quickvend/shared/periods';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { Link } from '@/lib/router/index.ts';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { paths } from '@/lib/paths.ts';
import { usePurchasesSummary } from '@/lib/api/admin/get-purchases-summary.ts';
import { usePendingManualRequests } from '@/lib/api/admin/get-manual-requests.ts';
import { FlaggedPurchasesSection } from './flagged-purchases-section.tsx';
import { ManualRequestsSection } from '@/components/admin/manual-requests-section.tsx';
import { useSalesReport } from '@/lib/api/admin/get-sales-report.ts';
import { useApprovals } from '@/lib/api/admin/get-approvals.ts';
import { useFloat } from '@/lib/api/admin/get-float.ts';

const linkClasses = 'mt-auto text-sm font-semibold text-brand-800 underline underline-offset-4';

type Query<T> = { data: T | undefined; isPending: boolean; isError: boolean; error: Error | null };

/** One figure of the business, linking to the section that deals with it. */
function HomeCard<T>({
  title,
  query,
  to,
  linkLabel,
  tone = 'plain',
  children,
}: {
  title: string;
  query: Query<T>;
  to?: string;
  linkLabel?: string;
  tone?: 'plain' | 'warning';
  children: (data: T) => ReactNode;
}) {
  const border = tone === 'warning' ? 'border-amber-400 bg-amber-50' : 'border-gray-200 bg-white';
  return (
    <section aria-label={title} className={`flex flex-col gap-2 rounded-xl border p-4 ${border}`}>
      <h2 className="text-sm font-semibold text-gray-700">{title}</h2>
      <div className="flex min-h-16 flex-col gap-1 text-gray-900" aria-busy={query.isPending}>
        {query.data !== undefined ? (
          children(query.data)
        ) : query.isError ? (
          <p className="text-sm text-red-800">{`Error: ${query.error?.message ?? 'Please try again.'}`}</p>
        ) : (
          <>
            <Skeleton className="h-7 w-32" />
            <Skeleton className="h-4 w-44" />
          </>
        )}
      </div>
      {to === undefined ? null : to.startsWith('#') ? (
        <a href={to} className={linkClasses}>
          {linkLabel}
        </a>
      ) : (
        <Link to={to} className={linkClasses}>
          {linkLabel}
        </Link>
      )}
    </section>
  );
}

const Figure = ({ children }: { children: ReactNode }) => (
  <p className="text-2xl font-bold tabular-nums">{children}</p>
);
const Note = ({ children }: { children: ReactNode }) => <p className="text-sm text-gray-700">{children}</p>;

/** The most approvals the home counts (the server lists as many); more shows as "200 or more". */
const APPROVALS_COUNTED = 200;

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-NG')} ${n === 1 ? one : many}`;

/** The back office at a glance: today's takings, what needs an admin, and whether the float covers the wallets. */
export function AdminHomePage() {
  const today = lagosDateOf(new Date());
  const sales = useSalesReport({ from: today, to: today, period: 'day' });
  const purchases = usePurchasesSummary();
  const pendingDeposits = usePendingManualRequests();
  const deposits = {
    data: pendingDeposits.data?.pages[0],
    isPending: pendingDeposits.isPending,
    isError: pendingDeposits.isError,
    error: pendingDeposits.error,
  };
  const approvals = useApprovals({ status: 'pending', limit: APPROVALS_COUNTED });
  const float = useFloat();
  const floatIsShort = float.data?.below === true || float.data?.coversLiabilities === false;

  return (
    <div className="flex flex-col gap-6">
      <title>{`Admin · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-gray-900">Admin home</h1>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <HomeCard
          title="Today's sales"
          query={sales}
          to={`${paths.adminReports}?from=${today}&to=${today}&period=day`}
          linkLabel="Open reports"
        >
          {(report) => (
            <>
              <Figure>{formatNaira(report.totals.salesKobo)}</Figure>
              <Note>
                Margin {formatNaira(report.totals.marginKobo)} ·{' '}
                {count(report.totals.delivered, 'purchase delivered', 'purchases delivered')}
              </Note>
            </>
          )}
        </HomeCard>
        <HomeCard
          title="Purchases waiting"
          query={purchases}
          to={`${paths.adminPurchases}?stuck=true`}
          linkLabel="See stuck purchases"
          tone={purchases.data && purchases.data.flagged > 0 ? 'warning' : 'plain'}
        >
          {(summary) => (
            <>
              <Figure>{count(summary.open, 'pending', 'pending')}</Figure>
              <Note>
                {count(summary.flagged, 'flagged: pending over a day', 'flagged: pending over a day')}
              </Note>
            </>
          )}
        </HomeCard>
        <HomeCard
          title="Manual deposits waiting"
          query={deposits}
          to="#manual-deposits"
          linkLabel="Decide below"
        >
          {(data) => (
            <>
              <Figure>{count(data.total, 'deposit', 'deposits')}</Figure>
              <Note>
                {data.requests[0]
                  ? `Oldest waiting since ${formatLagosDateTime(data.requests[0].createdAt)}`
                  : 'Deposits customers say they paid into our bank account.'}
              </Note>
            </>
          )}
        </HomeCard>
        <HomeCard
          title="Approvals waiting"
          query={approvals}
          to={paths.adminApprovals}
          linkLabel="Open approvals"
        >
          {(data) => (
            <>
              <Figure>
                {data.approvals.length >= APPROVALS_COUNTED
                  ? `${APPROVALS_COUNTED} or more`
                  : count(data.approvals.length, 'request', 'requests')}
              </Figure>
              <Note>A second admin must decide each one.</Note>
            </>
          )}
        </HomeCard>
        <HomeCard
          title="Not received"
          query={purchases}
          to={paths.adminDisputes}
          linkLabel="Answer them"
          tone={purchases.data && purchases.data.disputes.open > 0 ? 'warning' : 'plain'}
        >
          {({ disputes }) => (
            <>
              <Figure>{count(disputes.open, 'open report', 'open reports')}</Figure>
              <Note>
                {disputes.oldestOpenAt
                  ? `Waiting since ${formatLagosDateTime(disputes.oldestOpenAt)}`
                  : 'Customers who say they did not get a purchase.'}
              </Note>
            </>
          )}
        </HomeCard>
        <HomeCard title="Provider float" query={float} tone={floatIsShort ? 'warning' : 'plain'}>
          {(data) => (
            <>
              <Figure>{data.balanceKobo === null ? 'Not read yet' : formatNaira(data.balanceKobo)}</Figure>
              <Note>Wallets hold {formatNaira(data.liabilitiesKobo)}</Note>
              {data.below ? (
                <Note>
                  <strong className="text-amber-900">
                    Below the low-balance mark of {formatNaira(data.thresholdKobo)}.
                  </strong>
                </Note>
              ) : null}
              {data.coversLiabilities === false ? (
                <Note>
                  <strong className="text-amber-900">Less than what customers can spend.</strong>
                </Note>
              ) : null}
              {data.checkedAt ? <Note>Read {formatLagosDateTime(data.checkedAt)}</Note> : null}
              {data.error ? <Note>Last check failed: {data.error}</Note> : null}
            </>
          )}
        </HomeCard>
      </div>
      <FlaggedPurchasesSection />
      <div id="manual-deposits" className="scroll-mt-4">
        <ManualRequestsSection />
      </div>
    </div>
  );
}
