import { useState } from 'react';
import type { PurchaseStatus } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { LinkButton } from '@/components/ui/link-button.tsx';
import { Select } from '@/components/ui/select.tsx';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { paths } from '@/lib/paths.ts';
import { usePurchases } from '@/lib/api/get-purchases.ts';
import { serviceFilterGroups, statusFilters } from './filters.ts';
import { StatementDownload } from './statement-download.tsx';
import { TransactionCard } from './transaction-card.tsx';

function TransactionsSkeleton() {
  return (
    <ul aria-hidden="true" className="flex flex-col gap-2">
      {Array.from({ length: 4 }, (_, index) => (
        <li key={index} className="flex flex-col gap-2 rounded-xl border border-gray-200 bg-white px-3 py-3">
          <div className="flex justify-between">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-5 w-20" />
          </div>
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-3/4" />
        </li>
      ))}
    </ul>
  );
}

/** `/transactions`: every purchase as a card, newest first, filtered and a page at a time. */
export function TransactionsPage() {
  const [serviceId, setServiceId] = useState('');
  const [status, setStatus] = useState<PurchaseStatus | ''>('');
  const transactions = usePurchases({
    serviceId: serviceId || undefined,
    status: status || undefined,
  });
  const isFiltered = serviceId !== '' || status !== '';

  let content;
  if (transactions.isPending) {
    content = (
      <div aria-busy="true">
        <p className="sr-only">{messages.common.loading}</p>
        <TransactionsSkeleton />
      </div>
    );
  } else if (transactions.data === undefined) {
    content = isApiError(transactions.error, 'UNAUTHENTICATED') ? (
      <StatusMessage message={messages.transactions.signedOut} tone="error" />
    ) : (
      <div className="flex flex-col gap-2">
        <StatusMessage message={`Error: ${transactions.error.message}`} tone="error" />
        <Button variant="secondary" onClick={() => void transactions.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    const purchases = transactions.data.pages.flatMap((page) => page.purchases);
    content =
      purchases.length === 0 ? (
        <EmptyState
          title={messages.transactions.empty}
          action={
            isFiltered ? undefined : (
              <LinkButton to={paths.airtime} variant="secondary">
                Buy airtime
              </LinkButton>
            )
          }
        >
          {isFiltered
            ? 'Try another service or status.'
            : 'Your airtime, data, TV, electricity and exam PIN purchases will be listed here.'}
        </EmptyState>
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-label="Transactions">
            {purchases.map((purchase) => (
              <TransactionCard key={purchase.id} purchase={purchase} />
            ))}
          </ul>
          {transactions.isFetchNextPageError ? (
            <StatusMessage message={`Error: ${transactions.error.message}`} tone="error" />
          ) : null}
          {transactions.hasNextPage ? (
            <Button
              variant="secondary"
              isBusy={transactions.isFetchingNextPage}
              busyLabel={messages.common.loading}
              onClick={() => void transactions.fetchNextPage()}
            >
              Load more
            </Button>
          ) : null}
        </>
      );
  }

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <title>{`Your Transactions · ${PRODUCT_NAME}`}</title>
      <h1 className="text-2xl font-bold text-gray-900">Your Transactions</h1>
      <div className="grid grid-cols-2 gap-2" role="group" aria-label="Filters">
        <Select
          label="Service"
          value={serviceId}
          onChange={(event) => {
            setServiceId(event.target.value);
          }}
        >
          <option value="">All services</option>
          {serviceFilterGroups.map((group) => (
            <optgroup key={group.label} label={group.label}>
              {group.filters.map((filter) => (
                <option key={filter.id} value={filter.id}>
                  {filter.label}
                </option>
              ))}
            </optgroup>
          ))}
        </Select>
        <Select
          label="Status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as PurchaseStatus | '');
          }}
        >
          <option value="">All statuses</option>
          {statusFilters.map((filter) => (
            <option key={filter.id} value={filter.id}>
              {filter.label}
            </option>
          ))}
        </Select>
      </div>
      {content}
      <StatementDownload />
    </div>
  );
}
