import { Link } from '@/lib/router/index.ts';
import type { StatementLine } from '@quickvend/shared/api/wallet';
import { formatNaira } from '@quickvend/shared/money';
import { formatLagosDateTime } from '@quickvend/shared/format';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useStatement } from '../api/get-statement.ts';

const ROW = 'flex min-h-11 items-start justify-between gap-3 px-3 py-2.5';

/** One movement of the wallet in words; the whole row opens what it was (a receipt, a payment, the referrals). */
function StatementRow({ line }: { line: StatementLine }) {
  const isIn = line.inKobo > 0;
  const amount = isIn ? line.inKobo : line.outKobo;
  const content = (
    <>
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="text-sm font-semibold wrap-anywhere text-gray-900">{line.description}</span>
        <span className="text-xs text-gray-600">{formatLagosDateTime(line.createdAt)}</span>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-0.5 tabular-nums">
        <span className={`text-sm font-bold ${isIn ? 'text-green-700' : 'text-red-700'}`}>
          <span className="sr-only">{isIn ? 'Money in: ' : 'Money out: '}</span>
          {isIn ? '+' : '−'}
          {formatNaira(amount)}
        </span>
        <span className="text-xs text-gray-600">Balance {formatNaira(line.balanceAfterKobo)}</span>
      </div>
    </>
  );
  return (
    <li className="overflow-hidden rounded-xl border border-gray-200 bg-white">
      {line.link ? (
        <Link
          to={line.link}
          className={`${ROW} hover:bg-gray-50 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-500`}
        >
          {content}
        </Link>
      ) : (
        <div className={ROW}>{content}</div>
      )}
    </li>
  );
}

function StatementSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-2">
      {Array.from({ length: 4 }, (_, index) => (
        <li
          key={index}
          className="flex justify-between gap-3 rounded-xl border border-gray-200 bg-white px-3 py-3"
        >
          <div className="flex flex-col gap-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-3 w-40" />
          </div>
          <div className="flex flex-col items-end gap-2">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-3 w-24" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Every movement of the wallet, newest first, with the balance after each. */
export function StatementList() {
  const statement = useStatement();
  let content;
  if (statement.isPending) {
    content = (
      <div aria-busy="true">
        <span className="sr-only">Loading...</span>
        <StatementSkeleton />
      </div>
    );
  } else if (statement.data === undefined) {
    content = <StatusMessage message={`Error: ${statement.error.message}`} tone="error" />;
  } else {
    const lines = statement.data.pages.flatMap((page) => page.lines);
    content =
      lines.length === 0 ? (
        <EmptyState title="No wallet activity yet.">
          Money you add and spend will be listed here, newest first.
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-label="Statement">
            {lines.map((line) => (
              <StatementRow key={line.id} line={line} />
            ))}
          </ul>
          {statement.isFetchNextPageError ? (
            <StatusMessage message={`Error: ${statement.error.message}`} tone="error" />
          ) : null}
          {statement.hasNextPage ? (
            <Button
              variant="secondary"
              isBusy={statement.isFetchingNextPage}
              busyLabel="Loading..."
              onClick={() => void statement.fetchNextPage()}
            >
              Load more
            </Button>
          ) : null}
        </>
      );
  }
  return (
    <section aria-labelledby="statement-heading" className="flex flex-col gap-3">
      <h2 id="statement-heading" className="text-lg font-bold text-gray-900">
        Statement
      </h2>
      {content}
    </section>
  );
}
