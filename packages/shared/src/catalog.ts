import type { PurchaseKind } from './api/purchases.ts';
import type { Network } from './phone.ts';
import { ELECTRICITY_DISTRIBUTORS, EXAM_SERVICES, NETWORK_SERVICES, TV_PROVIDERS } from './services.ts';

/**
 * The services QuickVend sells, one entry each, with the provider's service id and the name customers
 * read on receipts, in mails and in the transaction filter. Built from the lists in `services.ts`, so a
 * new network, distributor or exam is one line there.
 */
export type CatalogueService = {
  /** the provider's service id (9mobile is still `etisalat` there) */
  id: string;
  kind: PurchaseKind;
  name: string;
  network: Network | null;
  /** sold by plan (`variationCode`) rather than by amount */
  hasVariations: boolean;
  /** what the provider must confirm before a sale */
  verification: 'smartcard' | 'meter' | 'profile' | null;
};

const networks = Object.entries(NETWORK_SERVICES) as [Network, (typeof NETWORK_SERVICES)[Network]][];

export const SERVICE_CATALOGUE: readonly CatalogueService[] = [
  ...networks.map(([network, ids]) => ({
    id: ids.airtime,
    kind: 'airtime' as const,
    name: `${ids.label} Airtime`,
    network,
    hasVariations: false,
    verification: null,
  })),
  ...networks.map(([network, ids]) => ({
    id: ids.data,
    kind: 'data' as const,
    name: `${ids.label} Data`,
    network,
    hasVariations: true,
    verification: null,
  })),
  ...TV_PROVIDERS.map(({ id, label }) => ({
    id,
    kind: 'tv' as const,
    name: label,
    network: null,
    hasVariations: true,
    // Showmax has no card: the phone number is the account
    verification: id === 'showmax' ? null : ('smartcard' as const),
  })),
  ...ELECTRICITY_DISTRIBUTORS.map(({ id, label }) => ({
    id,
    kind: 'electricity' as const,
    name: `${label} Electricity`,
    network: null,
    hasVariations: false,
    verification: 'meter' as const,
  })),
  ...EXAM_SERVICES.map(({ id, label }) => ({
    id,
    kind: 'education' as const,
    name: `${label} PIN`,
    network: null,
    hasVariations: true,
    verification: id === 'jamb' ? ('profile' as const) : null,
  })),
];

export function findCatalogueService(serviceId: string): CatalogueService | undefined {
  return SERVICE_CATALOGUE.find((service) => service.id === serviceId);
}
