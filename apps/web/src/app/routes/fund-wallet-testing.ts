import { aUser, aWallet, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';

export function fundApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(250_000),
    'GET /api/v1/funding/payments': { body: { payments: [] } },
    'GET /api/v1/funding/dedicated-account': { body: { account: null, simulateTransferUrl: null } },
    'GET /api/v1/funding/manual': { body: { requests: [], depositAccount: null } },
    ...overrides,
  });
}
