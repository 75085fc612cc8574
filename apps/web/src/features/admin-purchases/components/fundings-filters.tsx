import { useState, type SyntheticEvent } from 'react';
import {
  fundingKind,
  fundingState,
  purchaseAdminMessages as say,
  SEARCH_PAGE_SIZES,
  type AdminFundingsSearch,
} from '@quickvend/shared/api/admin-purchases';
import { PageSizeSelect, SortSelect, type SortChoice } from '@/components/admin/list-controls.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';
import { Select } from '@/components/ui/select.tsx';
import { fundingKindLabels, fundingStateLabels } from './labels.ts';

type Text = 'user' | 'reference' | 'from' | 'to' | 'minAmount' | 'maxAmount';
const TEXT_FIELDS: Text[] = ['user', 'reference', 'from', 'to', 'minAmount', 'maxAmount'];
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

const SORTS: readonly SortChoice<AdminFundingsSearch['sort']>[] = [
  { sort: 'createdAt', order: 'desc', label: 'Newest first' },
  { sort: 'createdAt', order: 'asc', label: 'Oldest first' },
  { sort: 'amount', order: 'desc', label: 'Largest amount' },
  { sort: 'amount', order: 'asc', label: 'Smallest amount' },
];

/** The funding search's filters: choices apply at once, typed fields on Search. */
export function FundingsFilters({
  view,
  onChange,
}: {
  view: AdminFundingsSearch;
  onChange: (view: AdminFundingsSearch) => void;
}) {
  const [draft, setDraft] = useState<Record<Text, string>>(
    () => Object.fromEntries(TEXT_FIELDS.map((name) => [name, view[name] ?? ''])) as Record<Text, string>,
  );
  const [errors, setErrors] = useState<Partial<Record<Text, string>>>({});
  const change = (next: Partial<AdminFundingsSearch>) => {
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
    const amounts = {
      minAmount: draft.minAmount.trim().replaceAll(',', ''),
      maxAmount: draft.maxAmount.trim().replaceAll(',', ''),
    };
    const found: Partial<Record<Text, string>> = {};
    for (const name of ['minAmount', 'maxAmount'] as const) {
      if (amounts[name] && !AMOUNT.test(amounts[name])) found[name] = say.badAmount;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    change({
      ...Object.fromEntries(TEXT_FIELDS.map((name) => [name, draft[name].trim() || undefined])),
      minAmount: amounts.minAmount || undefined,
      maxAmount: amounts.maxAmount || undefined,
    });
  };

  return (
    <form
      role="search"
      aria-label="Find fundings"
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-2xl border border-gray-200 bg-white p-4"
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Input label="Customer" placeholder="Email or user ID" {...text('user')} />
        <Input label="Reference" placeholder="Payment reference or deposit ID" {...text('reference')} />
        <Select
          label="Kind"
          value={view.kind ?? ''}
          onChange={(event) => {
            change({ kind: fundingKind.safeParse(event.target.value).data });
          }}
        >
          <option value="">Card, transfer and manual</option>
          {fundingKind.options.map((kind) => (
            <option key={kind} value={kind}>
              {fundingKindLabels[kind]}
            </option>
          ))}
        </Select>
        <Select
          label="Status"
          value={view.status ?? ''}
          onChange={(event) => {
            change({ status: fundingState.safeParse(event.target.value).data });
          }}
        >
          <option value="">Any status</option>
          {fundingState.options.map((state) => (
            <option key={state} value={state}>
              {fundingStateLabels[state].label}
            </option>
          ))}
        </Select>
      </div>
      <details open={Boolean(view.from || view.to || view.minAmount || view.maxAmount)}>
        <summary className="min-h-11 cursor-pointer py-2 text-sm font-semibold text-brand-800">
          More filters: dates and amount
        </summary>
        <div className="grid grid-cols-1 gap-3 pt-2 sm:grid-cols-2 lg:grid-cols-4">
          <Input label="From (Lagos date)" type="date" {...text('from')} />
          <Input label="To (Lagos date)" type="date" {...text('to')} />
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
