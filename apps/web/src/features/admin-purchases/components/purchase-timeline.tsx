import { useState } from 'react';
import type { PurchaseEvent } from '@quickvend/shared/api/admin-purchases';
import { formatLagosDateTime, formatLagosTimestamp } from '@quickvend/shared/format';
import { Button } from '@/components/ui/button.tsx';
import { StatusBadge } from '@/components/ui/status-badge.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { useOlderPurchaseEvents } from '../api/get-purchase-events.ts';
import { outcomeBadge } from '@/components/admin/outcome-badge.ts';
import { answerLabel, eventTitle } from './labels.ts';

const hasRaw = (raw: unknown) => raw !== null && raw !== undefined;

/**
 * Every call to a provider, every callback and every admin action on a purchase, oldest first: the newest page
 * comes with the purchase, older pages when asked for.
 */
export function PurchaseTimeline({
  purchaseId,
  events: newest,
  olderEventsCursor,
}: {
  purchaseId: string;
  events: PurchaseEvent[];
  olderEventsCursor: string | null;
}) {
  const [isOlderWanted, setOlderWanted] = useState(false);
  const older = useOlderPurchaseEvents(purchaseId, olderEventsCursor, isOlderWanted);
  // each page is older than the one fetched before it
  const events = [...[...(older.data?.pages ?? [])].reverse().flatMap((page) => page.events), ...newest];
  const hasOlder = isOlderWanted ? older.hasNextPage : olderEventsCursor !== null;
  return (
    <section
      aria-labelledby="timeline-heading"
      className="flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm"
    >
      <h2 id="timeline-heading" className="text-lg font-bold text-gray-900">
        Timeline
      </h2>
      {hasOlder || older.isFetching ? (
        <Button
          variant="secondary"
          isBusy={older.isFetching}
          busyLabel="Loading..."
          onClick={() => {
            if (isOlderWanted) void older.fetchNextPage();
            else setOlderWanted(true);
          }}
          className="self-start"
        >
          Show older events
        </Button>
      ) : null}
      {older.isError ? <StatusMessage message={`Error: ${older.error.message}`} tone="error" /> : null}
      {events.length === 0 ? (
        <p className="text-sm text-gray-700">Nothing recorded for this purchase yet.</p>
      ) : (
        <ol aria-label="Timeline" className="flex flex-col gap-0 border-l-2 border-gray-200 pl-4">
          {events.map((event) => {
            const badge = outcomeBadge(event.outcome);
            return (
              <li key={event.id} className="relative flex flex-col gap-1 pb-4 last:pb-0">
                <span
                  aria-hidden="true"
                  className="absolute top-1.5 -left-[1.4rem] size-3 rounded-full border-2 border-white bg-brand-700"
                />
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-semibold text-gray-900">{eventTitle(event)}</p>
                  {badge ? <StatusBadge {...badge} /> : null}
                  {event.code ? (
                    <span className="font-mono text-xs text-gray-600">code {event.code}</span>
                  ) : null}
                </div>
                <p className="text-sm text-gray-600">
                  <time dateTime={event.at} title={formatLagosTimestamp(event.at)}>
                    {formatLagosDateTime(event.at)}
                  </time>
                  {event.actor ? ` · ${event.actor}` : ''}
                </p>
                {event.note ? <p className="text-sm text-gray-900 wrap-anywhere">{event.note}</p> : null}
                {hasRaw(event.raw) ? (
                  <details className="text-sm">
                    <summary className="min-h-11 cursor-pointer py-2 font-semibold text-brand-800">
                      {event.kind.startsWith('provider.') ? answerLabel(event) : 'Details'}
                    </summary>
                    <pre className="max-h-80 overflow-auto rounded-lg bg-gray-900 p-3 font-mono text-xs text-gray-100">
                      {JSON.stringify(event.raw, null, 2)}
                    </pre>
                  </details>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
