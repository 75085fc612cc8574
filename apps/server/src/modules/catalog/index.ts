export {
  createCatalog,
  REFRESH_CATALOG_JOB,
  type Catalog,
  type CatalogService,
  type CatalogVariation,
} from './catalog.service.ts';
export { findServiceDefinition, serviceDefinitions, type ServiceDefinition } from './catalog.definitions.ts';
export type { CatalogSource, ProviderService, ProviderVariation } from './catalog.port.ts';
export { registerCatalogRoutes } from './catalog.routes.ts';
export { createPriceAdmin, PRICE_RULE_APPROVAL, type PriceAdmin } from './prices.service.ts';
export { registerPriceRoutes } from './prices.routes.ts';
export { PRICES_TOPIC } from './price-rules.store.ts';
export { createRefreshRequests, registerCatalogJobs } from './catalog.jobs.ts';
export { registerCatalogApprovals } from './catalog.approvals.ts';
