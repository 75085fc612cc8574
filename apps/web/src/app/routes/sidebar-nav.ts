import type { Tab } from '@/components/layouts/bottom-tab-bar.tsx';
import type { NavEntry } from '@/components/layouts/sidebar.tsx';
import { telHref } from '@/features/dashboard/support.ts';
import { paths } from '@/lib/paths.ts';
import type { SupportContact } from '@quickvend/shared/api/meta';

/** Every page that sells something: they all sit under the Buy tab. */
const buyPages = [
  paths.buy,
  paths.airtime,
  paths.data,
  paths.dataPricing,
  paths.dstv,
  paths.gotv,
  paths.startimes,
  paths.showmax,
  paths.electricity,
  paths.examPins,
] as const;

/** The phone's bottom tabs. Account also holds the back office, which only admins can open. */
export const tabs: readonly Tab[] = [
  { label: 'Home', to: paths.dashboard, icon: 'home', section: [paths.dashboard] },
  { label: 'Buy', to: paths.buy, icon: 'cart', section: buyPages },
  { label: 'Transactions', to: paths.transactions, icon: 'list', section: [paths.transactions] },
  { label: 'Wallet', to: paths.wallet, icon: 'wallet', section: [paths.wallet, paths.fundWallet] },
  {
    label: 'Account',
    to: paths.account,
    icon: 'user',
    section: [
      paths.account,
      paths.profile,
      paths.changePin,
      paths.refer,
      paths.referer,
      paths.admin,
      '/edit-user',
    ],
  },
];

/** The wide-screen sidebar. Support contacts the business has not configured stay out. */
export function sidebarNav({
  isAdmin,
  support,
}: {
  isAdmin: boolean;
  support: SupportContact | undefined;
}): NavEntry[] {
  return [
    { kind: 'link', label: 'Home', to: paths.dashboard, icon: 'home' },
    {
      kind: 'group',
      id: 'airtime-and-data',
      label: 'Airtime and data',
      icon: 'mobile',
      items: [
        { kind: 'link', label: 'Airtime', to: paths.airtime, icon: 'dot' },
        { kind: 'link', label: 'Data', to: paths.data, icon: 'dot' },
        { kind: 'link', label: 'Data prices', to: paths.dataPricing, icon: 'dot' },
      ],
    },
    {
      kind: 'group',
      id: 'pay-bills',
      label: 'Pay bills',
      icon: 'bills',
      items: [
        { kind: 'link', label: 'DStv', to: paths.dstv, icon: 'dot' },
        { kind: 'link', label: 'GOtv', to: paths.gotv, icon: 'dot' },
        { kind: 'link', label: 'StarTimes', to: paths.startimes, icon: 'dot' },
        { kind: 'link', label: 'Showmax', to: paths.showmax, icon: 'dot' },
        { kind: 'link', label: 'Electricity', to: paths.electricity, icon: 'dot' },
        { kind: 'link', label: 'Exam PINs', to: paths.examPins, icon: 'dot' },
      ],
    },
    { kind: 'link', label: 'Transactions', to: paths.transactions, icon: 'list' },
    { kind: 'link', label: 'Wallet', to: paths.wallet, icon: 'wallet' },
    { kind: 'link', label: 'Fund wallet', to: paths.fundWallet, icon: 'plus' },
    { kind: 'link', label: 'Account', to: paths.account, icon: 'user' },
    { kind: 'link', label: 'Refer and earn', to: paths.refer, icon: 'gift' },
    ...(isAdmin ? [{ kind: 'link', label: 'Back office', to: paths.admin, icon: 'shield' } as const] : []),
    ...(support?.phone
      ? [
          {
            kind: 'link',
            label: 'Call support',
            to: telHref(support.phone),
            icon: 'phone',
            isExternal: true,
          } as const,
        ]
      : []),
    ...(support?.whatsappUrl
      ? [
          {
            kind: 'link',
            label: 'WhatsApp support',
            to: support.whatsappUrl,
            icon: 'mobile',
            isExternal: true,
          } as const,
        ]
      : []),
  ];
}
