import type { Kobo } from '@quickvend/shared/money';
import type { ServiceDefinition } from './catalog.definitions.ts';

export type ProviderVariation = {
  code: string;
  name: string;
  amountKobo: Kobo;
  isFixedPrice: boolean;
};

export type ProviderService = {
  serviceId: string;
  name: string;
  minimumKobo: Kobo | null;
  maximumKobo: Kobo | null;
  /** what the provider keeps off the face value for us, in basis points, when its catalogue says */
  commissionBps?: number | null;
};

/** Port: where the catalogue's limits and plans come from (the bills provider implements it). */
export type CatalogSource = {
  listServices(category: ServiceDefinition['category']): Promise<ProviderService[]>;
  listVariations(serviceId: string): Promise<ProviderVariation[]>;
};
