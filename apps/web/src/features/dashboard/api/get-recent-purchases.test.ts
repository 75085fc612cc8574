import { describe, expect, it } from 'vitest';
import { allRoutes } from '@quickvend/shared/contract/index';
import { earlyPaths, RECENT_PURCHASES_PATH } from '@/lib/early-requests.ts';
import { mockApi } from '@/lib/testing/mock-api.ts';
import { getRecentPurchases } from './get-recent-purchases.ts';

const readable = allRoutes()
  .filter(({ route }) => route.method === 'GET')
  .map(({ route }) => new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`));

describe('the first requests, sent before the app loads', () => {
  it('are reads of the shared route map', () => {
    const paths = earlyPaths('/dashboard').map((path) => path.split('?')[0] ?? path);
    expect(paths.filter((path) => !readable.some((pattern) => pattern.test(path)))).toEqual([]);
  });

  it("ask for the dashboard's latest purchases at the very URL the dashboard calls, so it takes their answer", async () => {
    const api = mockApi({ 'GET /api/v1/purchases': { body: { purchases: [], nextCursor: null } } });
    await getRecentPurchases();
    expect(api.calls.map((call) => call.url)).toEqual([RECENT_PURCHASES_PATH]);
  });
});
