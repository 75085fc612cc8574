import type { Service } from '@quickvend/shared/api/purchases';
import { Skeleton } from '@/components/ui/skeleton.tsx';
import { useServices } from '@/lib/api/get-services.ts';
import { formatBps } from '@/lib/format.ts';

/** The spec's discount table: the TV services by name, then electricity (every distributor). */
const discountRows: { label: string; matches: (service: Service) => boolean }[] = [
  { label: 'DSTV', matches: (service) => service.id === 'dstv' },
  { label: 'GOTV', matches: (service) => service.id === 'gotv' },
  { label: 'STARTIMES', matches: (service) => service.id === 'startimes' },
  { label: 'Showmax', matches: (service) => service.id === 'showmax' },
  { label: 'Electricity', matches: (service) => service.kind === 'electricity' },
];

function discountText(services: Service[]): string {
  // a markup is no discount
  const rates = [...new Set(services.map((service) => Math.max(0, service.discountBps)))].sort(
    (a, b) => a - b,
  );
  const lowest = rates[0];
  const highest = rates.at(-1);
  if (lowest === undefined || highest === undefined) return '—';
  if (highest === 0) return 'None';
  return lowest === highest ? formatBps(highest) : `${formatBps(lowest)} to ${formatBps(highest)}`;
}

/** What each bill service takes off its price, as the server applies it (the spec's discount table). */
export function DiscountTable() {
  const services = useServices();
  return (
    <table className="w-full overflow-hidden rounded-xl border border-gray-200 bg-white text-sm">
      <caption className="px-1 pb-2 text-left text-base font-bold text-gray-900">
        Discounts on TV and electricity
      </caption>
      <thead>
        <tr className="bg-gray-50 text-left">
          <th scope="col" className="px-3 py-2 font-semibold text-gray-800">
            Service
          </th>
          <th scope="col" className="px-3 py-2 text-right font-semibold text-gray-800">
            Discount
          </th>
        </tr>
      </thead>
      <tbody>
        {discountRows.map((row) => (
          <tr key={row.label} className="border-t border-gray-200">
            <th scope="row" className="px-3 py-2.5 text-left font-medium text-gray-800">
              {row.label}
            </th>
            <td className="px-3 py-2.5 text-right font-semibold text-green-800 tabular-nums">
              {services.data ? (
                discountText(services.data.services.filter(row.matches))
              ) : services.isError ? (
                '—'
              ) : (
                <Skeleton className="ml-auto h-4 w-10" />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
