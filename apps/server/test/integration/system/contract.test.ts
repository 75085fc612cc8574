import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZodType } from 'zod';
import { allRoutes } from '@quickvend/shared/contract/index';
import type { RouteEntry } from '../../../src/lib/http/access.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';

/**
 * API routes that answer without a JSON body to describe. Every other route under /api/v1 declares the
 * shared schema of its success answer, so the server, the OpenAPI document and the web app's mock share one
 * contract; adding a route here is a reviewed change.
 */
const WITHOUT_RESPONSE_SCHEMA = new Set([
  // an endless text/event-stream written to the raw socket; each event's data is `balanceEvent`
  'GET /api/v1/wallet/events',
  // 204: no body at all
  'POST /api/v1/auth/sign-out',
  'POST /api/v1/referrals/seen',
]);

const name = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;

// the route table is the same whatever the database, so one is enough
describe('the API contract', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  const apiRoutes = () =>
    t.routes.filter((route) => route.url.startsWith('/api/v1/') && route.method !== 'HEAD');

  it('declares a zod schema for the success answer of every JSON route under /api/v1', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(30);
    const undeclared = routes
      .filter((route) => !WITHOUT_RESPONSE_SCHEMA.has(name(route)))
      .filter((route) => {
        const response = (route.schema?.response ?? {}) as Record<string, unknown>;
        const success = Object.entries(response).filter(([status]) => /^2\d\d$/.test(status));
        return success.length === 0 || !success.every(([, schema]) => schema instanceof ZodType);
      })
      .map(name);
    expect(undeclared).toEqual([]);
  });

  it('keeps the list of exceptions true: each is a route and still declares no answer', () => {
    const routes = new Map(apiRoutes().map((route) => [name(route), route]));
    for (const exception of WITHOUT_RESPONSE_SCHEMA) {
      expect(routes.has(exception), exception).toBe(true);
      expect(routes.get(exception)?.schema?.response, exception).toBeUndefined();
    }
  });

  it('serves exactly the routes of the shared map, each once', () => {
    const served = apiRoutes().map(name).sort();
    const mapped = allRoutes()
      .map(({ route }) => `${route.method} ${route.path}`)
      .sort();
    expect(new Set(mapped).size).toBe(mapped.length);
    expect(served).toEqual(mapped);
  });

  it('registers each route with the access and the very schemas of its definition', () => {
    const served = new Map(apiRoutes().map((route) => [name(route), route]));
    const disagreements = allRoutes().flatMap(({ name: key, route: definition }) => {
      const entry = served.get(`${definition.method} ${definition.path}`);
      if (!entry) return [`${key}: not served`];
      const schema = (entry.schema ?? {}) as Record<string, unknown>;
      const response = (schema['response'] ?? {}) as Record<string, unknown>;
      const expected: [string, unknown, unknown][] = [
        ['access', entry.access, definition.access],
        ['params', schema['params'], definition.params],
        ['query', schema['querystring'], definition.query],
        ['body', schema['body'], definition.body],
        ...Object.entries(definition.responses).map(([status, body]): [string, unknown, unknown] => [
          status,
          response[status],
          body ?? undefined,
        ]),
        ['statuses', Object.keys(response).sort().join(), successStatuses(definition.responses)],
      ];
      return expected.filter(([, actual, wanted]) => actual !== wanted).map(([what]) => `${key}: ${what}`);
    });
    expect(disagreements).toEqual([]);
  });
});

const successStatuses = (responses: Record<string, unknown>) =>
  Object.entries(responses)
    .filter(([, body]) => body !== null)
    .map(([status]) => status)
    .sort()
    .join();
