import type { NavEntry } from '@/components/layouts/sidebar.tsx';
import { paths } from '@/lib/paths.ts';
import { site } from '@/lib/site.ts';

export const sidebarNav: NavEntry[] = [
  { kind: 'link', label: 'Dashboard', to: paths.dashboard, icon: 'home' },
  {
    kind: 'group',
    id: 'purchase',
    label: 'Purchase',
    icon: 'cart',
    items: [
      { kind: 'link', label: 'Airtime', to: paths.airtime, icon: 'dot' },
      { kind: 'link', label: 'Buy Data', to: paths.data, icon: 'dot' },
      { kind: 'link', label: 'Fund Wallet', to: paths.fundWallet, icon: 'dot' },
      { kind: 'link', label: 'Wallet Balance', to: paths.wallet, icon: 'dot' },
      { kind: 'link', label: 'Transactions', to: paths.transactions, icon: 'dot' },
    ],
  },
  {
    kind: 'group',
    id: 'data-menu',
    label: 'Data Menu',
    icon: 'data',
    items: [
      { kind: 'link', label: 'Data Pricing', to: paths.dataPricing, icon: 'dot' },
      { kind: 'link', label: 'MTN', to: paths.data, icon: 'dot', isPlain: true },
      { kind: 'link', label: 'Glo', to: paths.data, icon: 'dot', isPlain: true },
      { kind: 'link', label: 'Airtel', to: paths.data, icon: 'dot', isPlain: true },
      { kind: 'link', label: '9Mobile', to: paths.data, icon: 'dot', isPlain: true },
    ],
  },
  {
    kind: 'group',
    id: 'pay-bills',
    label: 'Pay Bills',
    icon: 'bills',
    items: [
      { kind: 'link', label: 'DSTV', to: paths.dstv, icon: 'dot' },
      { kind: 'link', label: 'GOtv', to: paths.gotv, icon: 'dot' },
      { kind: 'link', label: 'StarTimes', to: paths.startimes, icon: 'dot' },
      { kind: 'link', label: 'Showmax', to: paths.showmax, icon: 'dot' },
      { kind: 'link', label: 'Electricity', to: paths.electricity, icon: 'dot' },
      { kind: 'link', label: 'WAEC', to: paths.examPins, icon: 'dot' },
    ],
  },
  {
    kind: 'group',
    id: 'account-settings',
    label: 'Account Settings',
    icon: 'settings',
    items: [
      { kind: 'link', label: 'Profile', to: paths.profile, icon: 'dot' },
      { kind: 'link', label: 'Change Pin', to: paths.changePin, icon: 'dot' },
      { kind: 'link', label: 'Admin', to: paths.adminLogin, icon: 'dot' },
    ],
  },
  {
    kind: 'group',
    id: 'refer-and-earn',
    label: 'Refer and Earn',
    icon: 'gift',
    items: [{ kind: 'link', label: 'Refer', to: paths.refer, icon: 'dot' }],
  },
  { kind: 'link', label: 'Official Website', to: paths.landing, icon: 'globe' },
  { kind: 'link', label: 'Website services', to: site.supportPhoneHref, icon: 'phone', isExternal: true },
  { kind: 'link', label: 'Social group', to: site.socialGroupUrl, icon: 'users', isExternal: true },
];
