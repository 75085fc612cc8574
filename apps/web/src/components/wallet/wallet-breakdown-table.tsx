import type { WalletBreakdown } from '@quickvend/shared/api/wallet';
import { formatNaira } from '@quickvend/shared/money';
import { Skeleton } from '../ui/skeleton.tsx';

const rows: { label: string; key: keyof WalletBreakdown }[] = [
  { label: 'Wallet Fund', key: 'fundedKobo' },
  { label: 'Amount used from Wallet', key: 'usedKobo' },
  { label: 'Fund from Admin', key: 'fromAdminKobo' },
  { label: 'Amount earned from Referral', key: 'referralKobo' },
  { label: 'Total Balance', key: 'totalKobo' },
];

type WalletBreakdownTableProps = {
  /** undefined while loading: the rows keep their place with placeholders */
  breakdown: WalletBreakdown | undefined;
  caption?: string;
};

/** Where the wallet's money came from and went: the spec's five rows, in naira with 2 decimals. */
export function WalletBreakdownTable({ breakdown, caption = 'Wallet breakdown' }: WalletBreakdownTableProps) {
  return (
    <table className="w-full overflow-hidden rounded-xl border border-gray-200 bg-white text-sm">
      <caption className="px-1 pb-2 text-left text-base font-bold text-gray-900">{caption}</caption>
      <tbody>
        {rows.map(({ label, key }) => {
          const isTotal = key === 'totalKobo';
          return (
            <tr
              key={key}
              className={`border-t border-gray-200 first:border-t-0 ${isTotal ? 'bg-gray-50' : ''}`}
            >
              <th
                scope="row"
                className={`px-3 py-2.5 text-left text-gray-800 ${isTotal ? 'font-bold' : 'font-medium'}`}
              >
                {label}
              </th>
              <td className={`px-3 py-2.5 text-right tabular-nums ${isTotal ? 'font-bold' : ''}`}>
                {breakdown ? formatNaira(breakdown[key]) : <Skeleton className="ml-auto h-4 w-20" />}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
