import { useState } from 'react';
import type { AdminPriceRow, AdminPriceService } from '@quickvend/shared/api/admin-prices';
import type { PurchaseKind } from '@quickvend/shared/api/purchases';
import { Button } from '@/components/ui/button.tsx';
import { EmptyState } from '@/components/ui/empty-state.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { SkeletonList } from '@/components/ui/skeleton.tsx';
import { StatusMessage } from '@/components/ui/status-message.tsx';
import { usePrices } from '../api/get-prices.ts';
import { planSorts, PriceTable, sortRows, type PlanSort } from './price-table.tsx';
import { RuleEditor } from './rule-editor.tsx';

export const pricesTexts = {
  title: 'Prices and margins',
  intro:
    'What web customers and partners pay for each service and plan, what it costs us (the face value less the provider’s commission) and what we keep. A plan’s own price wins over its service’s. A saved price applies from the next sale.',
  noMatch: 'No service or plan matches your search.',
  loadFailed: 'Error: The prices could not be loaded.',
} as const;

const kinds: { value: PurchaseKind | ''; label: string }[] = [
  { value: '', label: 'Every kind' },
  { value: 'airtime', label: 'Airtime' },
  { value: 'data', label: 'Data' },
  { value: 'tv', label: 'Cable TV' },
  { value: 'electricity', label: 'Electricity' },
  { value: 'education', label: 'Exam PINs' },
];

type Shown = { service: AdminPriceService; rows: AdminPriceRow[] };

/** The services (and, within them, the plans) a search and a kind pick out, plans in the order chosen. */
function filterServices(
  services: readonly AdminPriceService[],
  search: string,
  kind: PurchaseKind | '',
  sort: PlanSort,
): Shown[] {
  const words = search.trim().toLowerCase();
  return services.flatMap((service) => {
    if (kind !== '' && service.kind !== kind) return [];
    const serviceMatches = words === '' || `${service.name} ${service.id}`.toLowerCase().includes(words);
    const plans = serviceMatches
      ? service.variations
      : service.variations.filter((plan) => `${plan.name} ${plan.code}`.toLowerCase().includes(words));
    if (!serviceMatches && plans.length === 0) return [];
    return [{ service, rows: [service.service, ...sortRows(plans, sort)] }];
  });
}

/** `/admin/prices`: every price rule, searchable, with an editor that previews before it saves. */
export function AdminPricesPage() {
  const prices = usePrices();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<PurchaseKind | ''>('');
  const [sort, setSort] = useState<PlanSort>('face');
  const [editing, setEditing] = useState<{ serviceId: string; code: string } | null>(null);

  const services = prices.data?.services ?? [];
  const shown = filterServices(services, search, kind, sort);
  const editedService = editing ? services.find((s) => s.id === editing.serviceId) : undefined;
  const editedRow = editedService
    ? editing?.code === ''
      ? editedService.service
      : editedService.variations.find((v) => v.code === editing?.code)
    : undefined;

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold text-gray-900">{pricesTexts.title}</h1>
        <p className="max-w-3xl text-sm text-gray-700">{pricesTexts.intro}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
        <Input
          label="Search"
          type="search"
          placeholder="Service or plan, e.g. DStv Compact"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
          }}
        />
        <Select
          label="Kind"
          value={kind}
          onChange={(event) => {
            setKind(event.target.value as PurchaseKind | '');
          }}
        >
          {kinds.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        <Select
          label="Sort plans by"
          value={sort}
          onChange={(event) => {
            setSort(event.target.value as PlanSort);
          }}
        >
          {planSorts.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex flex-col gap-4 lg:grid lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
        {editedService && editedRow ? (
          <div className="lg:sticky lg:top-4 lg:order-last">
            <RuleEditor
              key={`${editedService.id}:${editedRow.code}`}
              service={editedService}
              row={editedRow}
              onClose={() => {
                setEditing(null);
              }}
            />
          </div>
        ) : null}
        <div className={`flex min-w-0 flex-col gap-6 ${editedRow ? '' : 'lg:col-span-2'}`}>
          {prices.isPending ? (
            <div aria-busy="true">
              <span className="sr-only">Loading...</span>
              <SkeletonList rows={6} />
            </div>
          ) : prices.isError ? (
            <div className="flex flex-col items-start gap-2">
              <StatusMessage message={pricesTexts.loadFailed} tone="error" />
              <Button variant="secondary" onClick={() => void prices.refetch()}>
                Try again
              </Button>
            </div>
          ) : shown.length === 0 ? (
            <EmptyState title={pricesTexts.noMatch} />
          ) : (
            shown.map(({ service, rows }) => (
              <PriceTable
                key={service.id}
                service={service}
                rows={rows}
                editing={editing ? `${editing.serviceId}:${editing.code}` : null}
                onEdit={(row) => {
                  setEditing({ serviceId: service.id, code: row.code });
                }}
              />
            ))
          )}
        </div>
      </div>
    </div>
  );
}
