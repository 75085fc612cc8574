import { lagosDateOf } from '@quickvend/shared/periods';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { nccReportTexts } from '@quickvend/shared/messages/ncc-report';
import { paths } from '@/lib/paths.ts';
import { Link, useSearchParams } from '@/lib/router/index.ts';
import type { ReportParams } from '@/lib/api/admin/report-params.ts';
import { FundingsReportSection } from './fundings-report.tsx';
import { ProfitAndLossSection } from './profit-and-loss-report.tsx';
import { ReportFilters, reportParamsOf } from './report-filters.tsx';
import { SalesReportSection } from './sales-report.tsx';
import { UsersReportSection } from './users-report.tsx';

/**
 * Profit and loss, sales, fundings and new customers over a range of Lagos days, by day, week or month, with
 * CSV exports.
 */
export function AdminReportsPage() {
  const [search, setSearch] = useSearchParams();
  const params = reportParamsOf(search, lagosDateOf(new Date()));
  const show = (next: ReportParams) => {
    const query = new URLSearchParams({ from: next.from, to: next.to, period: next.period });
    if (next.groupBy) query.set('groupBy', next.groupBy);
    setSearch(query, { replace: true });
  };
  return (
    <div className="flex flex-col gap-6">
      <title>{`Reports · Admin · ${PRODUCT_NAME}`}</title>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold text-gray-900">Reports</h1>
        <p className="text-sm text-gray-700">
          Days are Lagos days. Each purchase counts on the day it was made, its money as the ledger moved it;
          each funding on the day it reached the wallet.
        </p>
        <Link
          to={paths.adminDailyServiceReport}
          className="min-h-11 py-2 text-sm font-semibold text-brand-800 underline"
        >
          {nccReportTexts.title}: outcomes, refund times and outages per service and provider (NCC–CBN)
        </Link>
      </div>
      <ReportFilters key={`${params.from}:${params.to}`} params={params} onChange={show} />
      <ProfitAndLossSection params={params} />
      <SalesReportSection params={params} />
      <FundingsReportSection params={params} />
      <UsersReportSection params={params} />
    </div>
  );
}
