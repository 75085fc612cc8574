import { useState, type SyntheticEvent } from 'react';
import { Link } from '@/lib/router/index.ts';
import type {
  ReconciliationDay,
  ReconciliationDifference,
  ReconciliationSummary,
  ReconciliationTotals,
} from '@quickvend/shared/api/daily-reconciliation';
import { findCatalogueService } from '@quickvend/shared/catalog';
import { formatCalendarDate, formatLagosDateTime } from '@quickvend/shared/format';
import { formatNaira } from '@quickvend/shared/money';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { StatusMessage, type StatusTone } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { errorMessageOf } from '@/lib/form-errors.ts';
import { adminPurchasePath } from '@/lib/paths.ts';
import { AdminTable } from '@/components/admin/admin-table.tsx';
import { useReconciliation } from '../api/get-reconciliation.ts';
import { useReconciliations } from '../api/get-reconciliations.ts';
import { useRequeryDifference } from '../api/requery-difference.ts';
import { useRunReconciliation } from '../api/run-reconciliation.ts';
import { differenceLabels, resultLabel } from './reconciliation-labels.ts';

type Outcome = { text: string; tone: StatusTone };
type Report = (outcome: Outcome) => void;

const purchaseName = (difference: ReconciliationDifference) => {
  const { purchase } = difference;
  if (!purchase) return null;
  const service = findCatalogueService(purchase.serviceId)?.name ?? purchase.serviceId;
  return `${service}${purchase.planName ? ` ${purchase.planName}` : ''} for ${purchase.target}`;
};

const plural = (count: number, one: string, many: string) => `${String(count)} ${count === 1 ? one : many}`;

function Totals({ totals }: { totals: ReconciliationTotals }) {
  const { ours, theirs, float } = totals;
  return (
    <dl className="grid gap-3 text-sm md:grid-cols-3">
      <div className="rounded-xl border border-gray-200 bg-white p-3">
        <dt className="font-semibold text-gray-900">
          Our books: {plural(ours.purchases, 'purchase', 'purchases')}
        </dt>
        <dd className="text-gray-800">
          {ours.delivered.count} delivered: the customers paid {formatNaira(ours.delivered.chargedKobo)},
          VTpass cost {formatNaira(ours.delivered.costKobo)}
        </dd>
        <dd className="text-gray-800">
          {ours.refunded.count} refunded: {formatNaira(ours.refunded.chargedKobo)}
        </dd>
        <dd className="text-gray-800">
          {ours.open.count} still open: {formatNaira(ours.open.chargedKobo)} held
        </dd>
      </div>
      <div className="rounded-xl border border-gray-200 bg-white p-3">
        <dt className="font-semibold text-gray-900">VTpass says</dt>
        <dd className="text-gray-800">
          {theirs.delivered.count} delivered, taking {formatNaira(theirs.delivered.amountKobo)} from the float
        </dd>
        <dd className="text-gray-800">{theirs.failed.count} failed or reversed</dd>
        <dd className="text-gray-800">{theirs.pending.count} still pending</dd>
        <dd className="text-gray-800">{theirs.unknown.count} it has no record of</dd>
        {theirs.unreachable.count > 0 ? (
          <dd className="text-gray-800">{theirs.unreachable.count} it could not be asked about</dd>
        ) : null}
      </div>
      <div className="rounded-xl border border-gray-200 bg-white p-3">
        <dt className="font-semibold text-gray-900">The float</dt>
        {float ? (
          <>
            <dd className="text-gray-800">
              {formatNaira(float.startKobo)} at {formatLagosDateTime(float.startAt)}
            </dd>
            <dd className="text-gray-800">
              {formatNaira(float.endKobo)} at {formatLagosDateTime(float.endAt)}
            </dd>
            <dd className="text-gray-800">
              It fell {formatNaira(float.spentKobo)}; the sales in between cost {formatNaira(float.salesKobo)}
            </dd>
            <dd className="font-semibold text-gray-900">
              Not explained by sales: {formatNaira(float.gapKobo)}
            </dd>
          </>
        ) : (
          <dd className="text-gray-800">No reading of the float for the day.</dd>
        )}
      </div>
    </dl>
  );
}

function Differences({ result, onDone }: { result: ReconciliationDay; onDone: Report }) {
  const requery = useRequeryDifference(result.day);
  const date = formatCalendarDate(result.day);

  const askAgain = (difference: ReconciliationDifference) => {
    const purchaseId = difference.purchase?.id;
    if (!purchaseId) return;
    requery.mutate(purchaseId, {
      onSuccess: ({ reconciliation }) => {
        const now = reconciliation.differences.find((listed) => listed.purchase?.id === purchaseId);
        onDone(
          now
            ? { text: `Asked VTpass again: ${now.says}`, tone: 'info' }
            : { text: 'Asked VTpass again: it now agrees with our books.', tone: 'success' },
        );
      },
      onError: (error) => {
        onDone({ text: `Error: ${errorMessageOf(error)}`, tone: 'error' });
      },
    });
  };

  return (
    <AdminTable
      caption={`Differences on ${date}`}
      rows={result.differences}
      rowKey={(difference) => `${difference.kind}:${difference.purchase?.id ?? ''}`}
      empty="Nothing to look at: every purchase and the float agree with VTpass."
      cardsBelow="lg"
      columns={[
        { label: 'What', render: (difference) => differenceLabels[difference.kind] },
        {
          label: 'Purchase',
          render: (difference) =>
            difference.purchase ? (
              <Link
                to={adminPurchasePath(difference.purchase.id)}
                className="font-semibold text-brand-800 underline underline-offset-4"
              >
                {purchaseName(difference)}
              </Link>
            ) : (
              '—'
            ),
        },
        {
          label: 'Amount',
          render: (difference) => formatNaira(difference.amountKobo),
          className: 'tabular-nums whitespace-nowrap',
        },
        { label: 'Details', render: (difference) => difference.says },
        {
          label: 'Action',
          render: (difference) =>
            difference.purchase ? (
              <Button
                variant="secondary"
                className="min-h-9 px-3 py-1 text-sm whitespace-nowrap"
                aria-label={`Ask VTpass again about ${purchaseName(difference) ?? 'this purchase'}`}
                isBusy={requery.isPending && requery.variables === difference.purchase.id}
                busyLabel="Asking…"
                disabled={requery.isPending}
                onClick={() => {
                  askAgain(difference);
                }}
              >
                Ask VTpass again
              </Button>
            ) : null,
        },
      ]}
    />
  );
}

function ChosenDay({ day, onDone }: { day: string; onDone: Report }) {
  const query = useReconciliation(day);
  const run = useRunReconciliation();
  const date = formatCalendarDate(day);

  const runAgain = () => {
    run.mutate(day, {
      onSuccess: ({ reconciliation }) => {
        onDone({
          text: `${date} checked again: ${resultLabel({ status: reconciliation.status, differenceCount: reconciliation.differences.length }).label.toLowerCase()}.`,
          tone: 'success',
        });
      },
      onError: (error) => {
        onDone({ text: `Error: ${errorMessageOf(error)}`, tone: 'error' });
      },
    });
  };
  const runButton = (label: string) => (
    <Button isBusy={run.isPending} busyLabel="Checking with VTpass…" onClick={runAgain}>
      {label}
    </Button>
  );

  if (query.isPending) return <SkeletonList rows={3} />;
  if (query.isError) {
    if (isApiError(query.error, 'NOT_FOUND'))
      return <EmptyState title={`${date} has not been checked yet.`} action={runButton(`Check ${date}`)} />;
    return <StatusMessage message={`Error: ${query.error.message}`} tone="error" />;
  }
  const result = query.data.reconciliation;
  const outcome = resultLabel({ status: result.status, differenceCount: result.differences.length });
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 className="flex flex-wrap items-center gap-2 text-base font-bold text-gray-900">
            {date} <StatusBadge label={outcome.label} tone={outcome.tone} />
          </h3>
          <p className="text-sm text-gray-700">
            Checked {formatLagosDateTime(result.ranAt)}
            {result.ranBy ? ` by ${result.ranBy.name}` : ' by the nightly check'}.
          </p>
        </div>
        {runButton('Run again')}
      </div>
      <Totals totals={result.totals} />
      <Differences result={result} onDone={onDone} />
    </div>
  );
}

function CheckAnotherDay({ onChoose }: { onChoose: (day: string) => void }) {
  const [day, setDay] = useState('');
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (day) onChoose(day);
  };
  return (
    <form onSubmit={submit} aria-label="Look at another day" className="flex flex-wrap items-end gap-2">
      <Input
        label="Another day"
        type="date"
        value={day}
        onChange={(event) => {
          setDay(event.target.value);
        }}
        className="w-48"
      />
      <Button type="submit" variant="secondary" className="mb-6">
        Show
      </Button>
    </form>
  );
}

function RecentDays({
  days,
  chosen,
  onChoose,
}: {
  days: readonly ReconciliationSummary[];
  chosen: string | null;
  onChoose: (day: string) => void;
}) {
  return (
    <AdminTable
      caption="Days checked against VTpass"
      rows={days}
      rowKey={(summary) => summary.day}
      empty="No day has been checked yet. The first check runs tonight, or look at a day below."
      columns={[
        {
          label: 'Day',
          render: (summary) => (
            <button
              type="button"
              aria-pressed={summary.day === chosen}
              className="font-semibold text-brand-800 underline underline-offset-4 aria-pressed:no-underline"
              onClick={() => {
                onChoose(summary.day);
              }}
            >
              {formatCalendarDate(summary.day)}
            </button>
          ),
        },
        {
          label: 'Result',
          render: (summary) => {
            const outcome = resultLabel(summary);
            return <StatusBadge label={outcome.label} tone={outcome.tone} />;
          },
        },
        {
          label: 'At stake',
          render: (summary) => formatNaira(summary.differenceKobo),
          className: 'tabular-nums',
        },
        { label: 'Checked', render: (summary) => formatLagosDateTime(summary.ranAt) },
      ]}
    />
  );
}

/**
 * The nightly comparison of our purchases with VTpass's word on each and of the day's sales with the float:
 * the recent days with their result, and one day's totals and differences, each with a way to ask VTpass again.
 */
export function DailyReconciliationSection() {
  const list = useReconciliations();
  const [chosen, setChosen] = useState<string | null>(null);
  const [status, setStatus] = useState<Outcome | null>(null);
  const days = list.data?.reconciliations ?? [];
  const day = chosen ?? days[0]?.day ?? null;
  const choose = (next: string) => {
    setChosen(next);
    setStatus(null);
  };

  let recent;
  if (list.isPending) recent = <SkeletonList rows={3} />;
  else if (list.isError) recent = <StatusMessage message={`Error: ${list.error.message}`} tone="error" />;
  else recent = <RecentDays days={days} chosen={day} onChoose={choose} />;

  return (
    <section aria-labelledby="daily-reconciliation-heading" className="flex flex-col gap-4">
      <h2 id="daily-reconciliation-heading" className="text-lg font-bold text-gray-900">
        Daily check with VTpass
      </h2>
      <p className="text-sm text-gray-700">
        Soon after midnight, every purchase made the day before is checked against what VTpass says of it, and
        the float&apos;s movement against the day&apos;s sales. Anything that does not match is listed here.
      </p>
      {recent}
      <CheckAnotherDay onChoose={choose} />
      <StatusMessage message={status?.text} tone={status?.tone} />
      {day ? <ChosenDay key={day} day={day} onDone={setStatus} /> : null}
    </section>
  );
}
