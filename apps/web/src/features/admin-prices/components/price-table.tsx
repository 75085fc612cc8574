import type { AdminPriceRow, AdminPriceService, ChannelPrice } from '@quickvend/shared/api/admin-prices';
import { formatNaira } from '@quickvend/shared/money';
import { describeRule, percentOf } from './price-labels.ts';

export type PlanSort = 'face' | 'name' | 'webMargin' | 'apiMargin';

export const planSorts: { value: PlanSort; label: string }[] = [
  { value: 'face', label: 'Face value' },
  { value: 'name', label: 'Name' },
  { value: 'webMargin', label: 'Web margin' },
  { value: 'apiMargin', label: 'Partner margin' },
];

export function sortRows(rows: readonly AdminPriceRow[], sort: PlanSort): AdminPriceRow[] {
  const sorted = [...rows];
  switch (sort) {
    case 'face':
      return sorted.sort((a, b) => a.faceKobo - b.faceKobo || a.name.localeCompare(b.name));
    case 'name':
      return sorted.sort((a, b) => a.name.localeCompare(b.name));
    case 'webMargin':
      return sorted.sort((a, b) => a.web.marginKobo - b.web.marginKobo);
    case 'apiMargin':
      return sorted.sort((a, b) => a.api.marginKobo - b.api.marginKobo);
  }
}

/** Where a price comes from, when not the row's own rule. */
function sourceNote(price: ChannelPrice): string | null {
  if (price.isRuleStale) return 'below cost: not applied';
  if (price.rule) return null;
  return price.source === 'service' ? 'service price' : null;
}

function PriceCells({ price }: { price: ChannelPrice }) {
  const note = sourceNote(price);
  return (
    <>
      <td className="px-3 py-2 align-top">
        <span className="font-medium text-gray-900">{describeRule(price.rule)}</span>
        {price.rule?.allowLoss ? (
          <span className="ml-1 rounded bg-red-100 px-1 text-xs font-semibold text-red-800">
            loss allowed
          </span>
        ) : null}
        {note ? <span className="block text-xs text-gray-600">{note}</span> : null}
        {price.pendingChange ? (
          <span className="mt-1 block rounded bg-amber-50 px-1 text-xs text-amber-900">
            <span className="font-semibold">Change waiting:</span> {price.pendingChange.description}, asked by{' '}
            {price.pendingChange.requestedBy}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2 text-right align-top font-semibold text-gray-900">
        {formatNaira(price.priceKobo)}
      </td>
      <td
        className={`px-3 py-2 text-right align-top font-semibold ${price.marginKobo < 0 ? 'text-red-700' : 'text-green-800'}`}
      >
        {formatNaira(price.marginKobo)}
      </td>
    </>
  );
}

type PriceTableProps = {
  service: AdminPriceService;
  rows: readonly AdminPriceRow[];
  editing: string | null;
  onEdit: (row: AdminPriceRow) => void;
};

/** A service's rows: its own rule first, then its plans, each with both channels' rule, price and margin. */
export function PriceTable({ service, rows, editing, onEdit }: PriceTableProps) {
  const headingId = `prices-${service.id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h2 id={headingId} className="text-lg font-bold text-gray-900">
          {service.name}
        </h2>
        <p className="text-xs text-gray-600">
          Commission {percentOf(service.commissionBps)}
          {service.commissionSource === 'default' ? ' (our default rate)' : ' (from the provider)'}
        </p>
      </div>
      <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white">
        <table className="w-full min-w-[56rem] text-sm tabular-nums">
          <caption className="sr-only">Prices of {service.name}</caption>
          <thead className="bg-gray-50 text-left text-xs text-gray-700">
            <tr>
              <th scope="col" rowSpan={2} className="px-3 py-2 font-semibold">
                Plan
              </th>
              <th scope="col" rowSpan={2} className="px-3 py-2 text-right font-semibold">
                Face value
              </th>
              <th scope="col" rowSpan={2} className="px-3 py-2 text-right font-semibold">
                Cost
              </th>
              <th scope="colgroup" colSpan={3} className="border-l border-gray-200 px-3 pt-2 font-semibold">
                Web customers
              </th>
              <th scope="colgroup" colSpan={3} className="border-l border-gray-200 px-3 pt-2 font-semibold">
                Partners (API)
              </th>
            </tr>
            <tr>
              {['web', 'api'].flatMap((channel) => [
                <th
                  key={`${channel}-rule`}
                  scope="col"
                  className="border-l border-gray-200 px-3 pb-2 font-medium"
                >
                  Rule
                </th>,
                <th key={`${channel}-price`} scope="col" className="px-3 pb-2 text-right font-medium">
                  Price
                </th>,
                <th key={`${channel}-margin`} scope="col" className="px-3 pb-2 text-right font-medium">
                  Margin
                </th>,
              ])}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const key = `${service.id}:${row.code}`;
              return (
                <tr
                  key={key}
                  className={`border-t border-gray-100 ${editing === key ? 'bg-brand-50' : row.code === '' ? 'bg-gray-50/60' : ''}`}
                >
                  <th
                    scope="row"
                    className="max-w-64 px-3 py-1.5 text-left align-top font-medium text-gray-900"
                  >
                    <span className="block pt-0.5">{row.name}</span>
                    <button
                      type="button"
                      onClick={() => {
                        onEdit(row);
                      }}
                      className="-ml-2 min-h-11 rounded-lg px-2 text-sm font-semibold text-brand-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-brand-500"
                    >
                      Edit{' '}
                      <span className="sr-only">
                        the price of {row.code === '' ? service.name : row.name}
                      </span>
                    </button>
                  </th>
                  <td className="px-3 py-2 text-right align-top text-gray-800">
                    {formatNaira(row.faceKobo)}
                  </td>
                  <td className="px-3 py-2 text-right align-top text-gray-800">
                    {formatNaira(row.costKobo)}
                  </td>
                  <PriceCells price={row.web} />
                  <PriceCells price={row.api} />
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
