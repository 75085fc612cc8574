export {
  API_KEYS_TOPIC,
  createPartners,
  KEY_CACHE_MS,
  PARTNER_REQUESTS_PER_SECOND,
  type KeyHolder,
  type KeyOwner,
  type Partners,
} from './partners.service.ts';
export { toApiKeyView } from './api-key-view.ts';
export { registerApiKeyRoutes } from './partners.routes.ts';
export { keyChangedEvent, type ApiKeyChanged } from './partners.events.ts';
export type { KeySpend, KeySpendEntry } from './key-spend.ts';
