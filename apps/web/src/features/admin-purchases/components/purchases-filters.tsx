import { useState, type SyntheticEvent } from 'react';
import {
  purchaseAdminMessages as say,
  SEARCH_PAGE_SIZES,
  type AdminPurchasesSearch,
} from '@quickvend/shared/api/admin-purchases';
import { SERVICE_CATALOGUE } from '@quickvend/shared/catalog';
import { PageSizeSelect, SortSelect, type SortChoice } from '@/components/admin/list-controls.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';

type Text = 'user' | 'number' | 'requestId' | 'providerRequestId' | 'from' | 'to' | 'minAmount' | 'maxAmount';
const TEXT_FIELDS: Text[] = [
  'user',
  'number',
  'requestId',
  'providerRequestId',
  'from',
  'to',
  'minAmount',
  'maxAmount',
];
const MORE: Text[] = ['requestId', 'providerRequestId', 'from', 'to', 'minAmount', 'maxAmount'];

const SORTS: readonly SortChoice<AdminPurchasesSearch['sort']>[] = [
  { sort: 'createdAt', order: 'desc', label: 'Newest first' },
  { sort: 'createdAt', order: 'asc', label: 'Oldest first' },
  { sort: 'amount', order: 'desc', label: 'Largest amount' },
  { sort: 'amount', order: 'asc', label: 'Smallest amount' },
  { sort: 'charged', order: 'desc', label: 'Most charged' },
];

const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * The purchase search's filters. Choices apply at once; typed fields apply on Search, so a half-typed number
 * does not start a search. Every change starts again from the first page.
 */
export function PurchasesFilters({
  view,
  onChange,
}: {
  view: AdminPurchasesSearch;
  onChange: (view: AdminPurchasesSearch) => void;
}) {
  const [draft, setDraft] = useState<Record<Text, string>>(
    () => Object.fromEntries(TEXT_FIELDS.map((name) => [name, view[name] ?? ''])) as Record<Text, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<Text, string>>>({});
  const change = (next: Partial<AdminPurchasesSearch>) => {
    onChange({ ...view, ...next, page: 1 });
  };
  const text = (name: Text) => ({
    value: draft[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => {
      setDraft({ ...draft, [name]: event.target.value });
    },
  });
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const found: Partial<Record<Text, string>> = {};
    for (const name of ['minAmount', 'maxAmount'] as const) {
      if (draft[name].trim() && !AMOUNT.test(draft[name].trim().replaceAll(',', '')))
        found[name] = say.badAmount;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change({
      ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, draft[name].trim() || undefined])),
      minAmount: draft.minAmount.trim().replaceAll(',', '') || undefined,
      maxAmount: draft.maxAmount.trim().replaceAll(',', '') || undefined,
    });
  };

  return (
    <form
      role="search"
      aria-label="Find purchases"
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Input label="Customer" placeholder="Email or user ID" {...text('user')} />
        <Input
          label="Phone, smartcard or meter"
          inputMode="numeric"
          placeholder="0803 123 4567"
          {...text('number')}
        />
        <Select
          label="Status"
          value={view.status ?? ''}
          onChange={(event) => {
            const status = event.target.value;
            change({
              status:
                status === 'pending' || status === 'delivered' || status === 'failed' ? status : undefined,
            });
          }}
        >
          <option value="">Any status</option>
          <option value="pending">Pending</option>
          <option value="delivered">Delivered</option>
          <option value="failed">Failed, refunded</option>
        </Select>
        <Select
          label="Service"
          value={view.serviceId ?? ''}
          onChange={(event) => {
            change({ serviceId: event.target.value || undefined });
          }}
        >
          <option value="">All services</option>
          {SERVICE_CATALOGUE.map((service) => (
            <option key={service.id} value={service.id}>
              {service.name}
            </option>
          ))}
        </Select>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-gray-900">
        <input
          type="checkbox"
          className="size-5 accent-brand-700"
          checked={view.stuck ?? false}
          onChange={(event) => {
            change({ stuck: event.target.checked || undefined });
          }}
        />
        Only purchases pending over 24 hours
      </label>
      <details open={MORE.some((name) => view[name]) || view.channel !== undefined} className="group">
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-800">
          More filters: channel, dates, references, amount
        </summary>
        <div className="grid grid-cols-1 gap-3 pt-2 sm:grid-cols-2 lg:grid-cols-4">
          <Select
            label="Channel"
            value={view.channel ?? ''}
            onChange={(event) => {
              const channel = event.target.value;
              change({ channel: channel === 'web' || channel === 'api' ? channel : undefined });
            }}
          >
            <option value="">Web and partner API</option>
            <option value="web">Web</option>
            <option value="api">Partner API</option>
          </Select>
          <Input label="From (Lagos date)" type="date" {...text('from')} />
          <Input label="To (Lagos date)" type="date" {...text('to')} />
          <Input label="Our reference" placeholder="Request ID or purchase ID" {...text('requestId')} />
          <Input
            label="VTpass reference"
            placeholder="VTpass request ID or transaction ID"
            {...text('providerRequestId')}
          />
          <Input label="Smallest amount (₦)" inputMode="decimal" {...text('minAmount')} />
          <Input label="Largest amount (₦)" inputMode="decimal" {...text('maxAmount')} />
        </div>
      </details>
      <div className="flex flex-wrap items-end gap-3">
        <Button type="submit">Search</Button>
        <SortSelect
          choices={SORTS}
          sort={view.sort}
          order={view.order}
          className="min-w-40"
          onChange={(next) => {
            change(next);
          }}
        />
        <PageSizeSelect
          sizes={SEARCH_PAGE_SIZES}
          pageSize={view.pageSize}
          className="min-w-24"
          onChange={(pageSize) => {
            change({ pageSize });
          }}
        />
      </div>
    </form>
  );
}
