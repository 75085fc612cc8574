export {
  createPartners,
  PARTNER_REQUESTS_PER_SECOND,
  type KeyOwner,
  type Partners,
} from './partners.service.ts';
export { API_KEYS_TOPIC, KEY_CACHE_MS, type KeyHolder, type KeyMode } from './api-key-auth.ts';
export { toApiKeyView } from './api-key-view.ts';
export { registerApiKeyRoutes } from './partners.routes.ts';
export { createTestBalances, TEST_TOP_UPS_PER_HOUR, type TestBalances } from './test-balance.ts';
export { keyChangedEvent, type ApiKeyChanged } from './partners.events.ts';
export type { KeySpend, KeySpendEntry } from './key-spend.ts';
