import type { PurchaseKind } from '@quickvend/shared/api/purchases';
import { SERVICE_CATALOGUE, type CatalogueService } from '@quickvend/shared/catalog';

/** The provider's category of a kind of service, under which it publishes its limits. */
const CATEGORY = {
  airtime: 'airtime',
  data: 'data',
  tv: 'tv-subscription',
  electricity: 'electricity-bill',
  education: 'education',
} as const satisfies Record<PurchaseKind, string>;

export type ServiceDefinition = CatalogueService & { category: (typeof CATEGORY)[PurchaseKind] };

/** The services the platform sells: the shared catalogue, with what the server needs of the provider besides. */
export const serviceDefinitions: readonly ServiceDefinition[] = SERVICE_CATALOGUE.map((service) => ({
  ...service,
  category: CATEGORY[service.kind],
}));

export function findServiceDefinition(serviceId: string): ServiceDefinition | undefined {
  return serviceDefinitions.find((service) => service.id === serviceId);
}
