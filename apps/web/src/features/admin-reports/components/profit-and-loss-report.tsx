import type { ProfitAndLossFigures } from '@quickvend/shared/api/reports';
import { formatNaira, negateKobo } from '@quickvend/shared/money';
import { formatPeriod } from '@quickvend/shared/periods';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useProfitAndLoss } from '../api/get-profit-and-loss.ts';
import { reportCsvUrl, type ReportParams } from '@/lib/api/admin/report-params.ts';
import { CsvLink, ReportSection } from './report-parts.tsx';
import { errorLine } from '@/lib/form-errors.ts';

type Line = {
  key: keyof ProfitAndLossFigures;
  label: string;
  /** a cost is shown taken away, so the column adds up to the profit */
  isCost?: boolean;
  isSubtotal?: boolean;
  hint?: string;
};

const LINES: readonly Line[] = [
  { key: 'salesKobo', label: 'What customers paid' },
  { key: 'costKobo', label: 'What VTpass took', isCost: true },
  { key: 'marginKobo', label: 'Margin', isSubtotal: true },
  { key: 'gatewayFeesKobo', label: 'Paystack fees', isCost: true },
  { key: 'referralRewardsKobo', label: 'Referral rewards paid', isCost: true },
  { key: 'depositChargesKobo', label: 'Deposit charges earned' },
  { key: 'goodwillCreditsKobo', label: 'Goodwill credits', isCost: true },
  { key: 'goodwillDebitsKobo', label: 'Goodwill debits' },
  { key: 'providerLossesWrittenOffKobo', label: 'Provider-side losses written off', isCost: true },
  {
    key: 'providerLossesRecoveredKobo',
    label: 'Provider-side losses recovered',
    hint: 'What customers paid back, less what VTpass took',
  },
];

const amountOf = (figures: ProfitAndLossFigures, line: Line) =>
  formatNaira(line.isCost ? negateKobo(figures[line.key]) : figures[line.key]);

/** What the business made in the range: sales less what VTpass took, then every other income and cost. */
export function ProfitAndLossSection({ params }: { params: ReportParams }) {
  const report = useProfitAndLoss(params);
  const data = report.data;
  return (
    <ReportSection
      id="profit-and-loss"
      title="Profit and loss"
      action={<CsvLink href={reportCsvUrl('profit-and-loss', params)} label="Download profit and loss CSV" />}
    >
      <p className="text-sm text-gray-700">
        From the ledger: a purchase counts on the day it was delivered. Paystack fees are those of the
        payments made in the range. The CSV has each {params.period}.
      </p>
      {report.isError ? <StatusMessage message={errorLine(report.error)} tone="error" /> : null}
      {data ? (
        <div
          className="max-w-xl overflow-hidden rounded-xl border border-gray-200 bg-white"
          aria-busy={report.isFetching}
        >
          <table className="w-full border-collapse text-sm">
            <caption className="sr-only">
              {`Profit and loss, ${formatPeriod(data.from, 'day')} to ${formatPeriod(data.to, 'day')}`}
            </caption>
            <tbody>
              {LINES.map((line) => (
                <tr
                  key={line.key}
                  className={line.isSubtotal ? 'border-t border-gray-300' : 'border-t border-gray-100'}
                >
                  <th
                    scope="row"
                    className={`px-3 py-2 text-left text-gray-800 ${line.isSubtotal ? 'font-semibold' : 'font-normal'}`}
                  >
                    {line.label}
                    {line.hint ? (
                      <span className="block text-xs font-normal text-gray-600">{line.hint}</span>
                    ) : null}
                  </th>
                  <td
                    className={`px-3 py-2 text-right whitespace-nowrap tabular-nums text-gray-900 ${line.isSubtotal ? 'font-semibold' : ''}`}
                  >
                    {amountOf(data.totals, line)}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-gray-400 bg-gray-50 text-base font-bold">
                <th scope="row" className="px-3 py-2 text-left text-gray-900">
                  Profit
                </th>
                <td
                  className={`px-3 py-2 text-right whitespace-nowrap tabular-nums ${data.totals.profitKobo < 0 ? 'text-red-800' : 'text-gray-900'}`}
                >
                  {formatNaira(data.totals.profitKobo)}
                </td>
              </tr>
            </tfoot>
          </table>
        </div>
      ) : report.isPending ? (
        <Skeleton className="h-80 w-full max-w-xl" />
      ) : null}
    </ReportSection>
  );
}
