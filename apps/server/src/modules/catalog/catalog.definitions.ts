import type { PurchaseKind } from '@quickvend/shared/api/purchases';
import type { Network } from '@quickvend/shared/phone';
import { ELECTRICITY_DISTRIBUTORS } from '@quickvend/shared/services';

export type ServiceDefinition = {
  id: string;
  kind: PurchaseKind;
  name: string;
  network: Network | null;
  /** the provider's category, for its limits */
  category: 'airtime' | 'data' | 'tv-subscription' | 'electricity-bill' | 'education';
  hasVariations: boolean;
  /** what the provider must confirm before a sale */
  verification: 'smartcard' | 'meter' | 'profile' | null;
};

type Sold = Omit<ServiceDefinition, 'network' | 'verification'> &
  Partial<Pick<ServiceDefinition, 'network' | 'verification'>>;
const define = (service: Sold): ServiceDefinition => ({ network: null, verification: null, ...service });

/** The services the platform sells. Ids are the provider's (9mobile is still `etisalat` there). */
export const serviceDefinitions: readonly ServiceDefinition[] = [
  define({
    id: 'mtn',
    kind: 'airtime',
    name: 'MTN Airtime',
    network: 'mtn',
    category: 'airtime',
    hasVariations: false,
  }),
  define({
    id: 'glo',
    kind: 'airtime',
    name: 'GLO Airtime',
    network: 'glo',
    category: 'airtime',
    hasVariations: false,
  }),
  define({
    id: 'airtel',
    kind: 'airtime',
    name: 'Airtel Airtime',
    network: 'airtel',
    category: 'airtime',
    hasVariations: false,
  }),
  define({
    id: 'etisalat',
    kind: 'airtime',
    name: '9mobile Airtime',
    network: '9mobile',
    category: 'airtime',
    hasVariations: false,
  }),
  define({
    id: 'mtn-data',
    kind: 'data',
    name: 'MTN Data',
    network: 'mtn',
    category: 'data',
    hasVariations: true,
  }),
  define({
    id: 'glo-data',
    kind: 'data',
    name: 'GLO Data',
    network: 'glo',
    category: 'data',
    hasVariations: true,
  }),
  define({
    id: 'airtel-data',
    kind: 'data',
    name: 'Airtel Data',
    network: 'airtel',
    category: 'data',
    hasVariations: true,
  }),
  define({
    id: 'etisalat-data',
    kind: 'data',
    name: '9mobile Data',
    network: '9mobile',
    category: 'data',
    hasVariations: true,
  }),
  define({
    id: 'dstv',
    kind: 'tv',
    name: 'DSTV',
    category: 'tv-subscription',
    hasVariations: true,
    verification: 'smartcard',
  }),
  define({
    id: 'gotv',
    kind: 'tv',
    name: 'GOtv',
    category: 'tv-subscription',
    hasVariations: true,
    verification: 'smartcard',
  }),
  define({
    id: 'startimes',
    kind: 'tv',
    name: 'StarTimes',
    category: 'tv-subscription',
    hasVariations: true,
    verification: 'smartcard',
  }),
  define({ id: 'showmax', kind: 'tv', name: 'Showmax', category: 'tv-subscription', hasVariations: true }),
  ...ELECTRICITY_DISTRIBUTORS.map(({ id, label }) =>
    define({
      id,
      kind: 'electricity',
      name: `${label} Electricity`,
      category: 'electricity-bill',
      hasVariations: false,
      verification: 'meter',
    }),
  ),
  define({
    id: 'waec',
    kind: 'education',
    name: 'WAEC Result Checker PIN',
    category: 'education',
    hasVariations: true,
  }),
  define({
    id: 'waec-registration',
    kind: 'education',
    name: 'WAEC Registration PIN',
    category: 'education',
    hasVariations: true,
  }),
  define({
    id: 'jamb',
    kind: 'education',
    name: 'JAMB PIN',
    category: 'education',
    hasVariations: true,
    verification: 'profile',
  }),
];

export function findServiceDefinition(serviceId: string): ServiceDefinition | undefined {
  return serviceDefinitions.find((service) => service.id === serviceId);
}
