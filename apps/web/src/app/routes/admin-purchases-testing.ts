import type { AdminPurchase, PurchasesSummary } from '@quickvend/shared/api/admin-purchases';
import { anAdminPurchase } from '@/lib/testing/admin-purchases.ts';
import { aUser, aWallet, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';
import type { Wire } from '@/lib/testing/wire.ts';

export const stuck = anAdminPurchase({ isStuck: true, amountKobo: 50_000, chargedKobo: 49_500 });
export const delivered = anAdminPurchase({
  id: 'pur_01JQ0000000000000DELIVERED',
  serviceName: 'DStv',
  phone: '08011111111',
  billersCode: '1212121212',
  planName: 'DStv Compact',
  status: 'delivered',
  stage: 'delivered',
  channel: 'api',
  amountKobo: 1_900_000,
  chargedKobo: 1_881_000,
  costKobo: 1_862_000,
  marginKobo: 19_000,
});

export const summary = (flagged: number): { body: PurchasesSummary } => ({
  body: {
    byStatus: { processing: 0, pending: flagged, delivered: 1, failed: 0 },
    open: flagged,
    flagged,
    disputes: { open: 0, oldestOpenAt: null },
  },
});
export const page = (purchases: Wire<AdminPurchase>[], total = purchases.length) => ({
  body: { purchases, total, page: 1, pageSize: 25 },
});

export function adminApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ id: 'usr_me', role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/purchases/summary': summary(1),
    'GET /api/v1/admin/purchases': page([stuck, delivered], 2),
    ...overrides,
  });
}
