import type { PurchaseKind } from '@quickvend/shared/api/purchases';
import type { Network } from '@quickvend/shared/phone';

export type ServiceDefinition = {
  id: string;
  kind: PurchaseKind;
  name: string;
  network: Network | null;
  /** the provider's category, for its limits */
  category: 'airtime' | 'data' | 'tv-subscription' | 'electricity-bill' | 'education';
  hasVariations: boolean;
};

/** The services the platform sells. Ids are the provider's (9mobile is still `etisalat` there). */
export const serviceDefinitions: readonly ServiceDefinition[] = [
  {
    id: 'mtn',
    kind: 'airtime',
    name: 'MTN Airtime',
    network: 'mtn',
    category: 'airtime',
    hasVariations: false,
  },
  {
    id: 'glo',
    kind: 'airtime',
    name: 'GLO Airtime',
    network: 'glo',
    category: 'airtime',
    hasVariations: false,
  },
  {
    id: 'airtel',
    kind: 'airtime',
    name: 'Airtel Airtime',
    network: 'airtel',
    category: 'airtime',
    hasVariations: false,
  },
  {
    id: 'etisalat',
    kind: 'airtime',
    name: '9mobile Airtime',
    network: '9mobile',
    category: 'airtime',
    hasVariations: false,
  },
  { id: 'mtn-data', kind: 'data', name: 'MTN Data', network: 'mtn', category: 'data', hasVariations: true },
  { id: 'glo-data', kind: 'data', name: 'GLO Data', network: 'glo', category: 'data', hasVariations: true },
  {
    id: 'airtel-data',
    kind: 'data',
    name: 'Airtel Data',
    network: 'airtel',
    category: 'data',
    hasVariations: true,
  },
  {
    id: 'etisalat-data',
    kind: 'data',
    name: '9mobile Data',
    network: '9mobile',
    category: 'data',
    hasVariations: true,
  },
];

export function findServiceDefinition(serviceId: string): ServiceDefinition | undefined {
  return serviceDefinitions.find((service) => service.id === serviceId);
}
