import type { Purchase } from '@quickvend/shared/api/purchases';
import type { PurchaseStatus } from '@quickvend/shared/api/purchases';
import { NETWORK_SERVICES } from '@quickvend/shared/services';

const dataLabels: Record<keyof typeof NETWORK_SERVICES, string> = {
  mtn: 'MTN',
  glo: 'Glo',
  airtel: 'Airtel',
  '9mobile': '9mobile',
};

/** The service filter: every airtime and data service by network. */
export const serviceFilters: { id: string; label: string }[] = [
  ...Object.entries(NETWORK_SERVICES).map(([network, ids]) => ({
    id: ids.airtime,
    label: `${dataLabels[network as keyof typeof NETWORK_SERVICES]} airtime`,
  })),
  ...Object.entries(NETWORK_SERVICES).map(([network, ids]) => ({
    id: ids.data,
    label: `${dataLabels[network as keyof typeof NETWORK_SERVICES]} data`,
  })),
];

export const statusFilters: { id: PurchaseStatus; label: string }[] = [
  { id: 'delivered', label: 'Delivered' },
  { id: 'pending', label: 'Pending' },
  { id: 'failed', label: 'Failed' },
];

/** What was bought, in words: the plan for data and TV, else the service's name. */
export function planOf(purchase: Purchase): string {
  return purchase.planName ?? purchase.serviceName;
}

/** Who received it: the phone, or the meter or smart card number. */
export function recipientOf(purchase: Purchase): string {
  return purchase.billersCode
    ? `${purchase.billersCode}${purchase.phone ? ` (${purchase.phone})` : ''}`
    : purchase.phone;
}

/** `1234 5678 9012 3456 7890`: an electricity token in groups of four. */
export function groupToken(token: string): string {
  const compact = token.replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? (compact.match(/.{1,4}/g) ?? [compact]).join(' ') : token;
}
