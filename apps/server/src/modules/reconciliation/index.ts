export { providerLossStatuses, type ProviderLossStatus } from './reconciliation.tables.ts';
