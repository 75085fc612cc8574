import type { Purchase, PurchaseStatus } from '@quickvend/shared/api/purchases';
import {
  ELECTRICITY_DISTRIBUTORS,
  EXAM_SERVICES,
  NETWORK_SERVICES,
  TV_PROVIDERS,
} from '@quickvend/shared/services';

const dataLabels: Record<keyof typeof NETWORK_SERVICES, string> = {
  mtn: 'MTN',
  glo: 'Glo',
  airtel: 'Airtel',
  '9mobile': '9mobile',
};

type Filter = { id: string; label: string };

/** The service filter, in groups: airtime and data by network, TV, electricity by distributor, exams. */
export const serviceFilterGroups: { label: string; filters: Filter[] }[] = [
  {
    label: 'Airtime',
    filters: Object.entries(NETWORK_SERVICES).map(([network, ids]) => ({
      id: ids.airtime,
      label: `${dataLabels[network as keyof typeof NETWORK_SERVICES]} airtime`,
    })),
  },
  {
    label: 'Data',
    filters: Object.entries(NETWORK_SERVICES).map(([network, ids]) => ({
      id: ids.data,
      label: `${dataLabels[network as keyof typeof NETWORK_SERVICES]} data`,
    })),
  },
  { label: 'TV and streaming', filters: TV_PROVIDERS.map(({ id, label }) => ({ id, label })) },
  {
    label: 'Electricity',
    filters: ELECTRICITY_DISTRIBUTORS.map(({ id, label }) => ({ id, label: `${label} electricity` })),
  },
  { label: 'Exam PINs', filters: EXAM_SERVICES.map(({ id, label }) => ({ id, label })) },
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
  return purchase.billersCode && purchase.billersCode !== purchase.phone
    ? `${purchase.billersCode}${purchase.phone ? ` (${purchase.phone})` : ''}`
    : purchase.phone;
}
