import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '@quickvend/shared/contract/index';
import { errorCodes } from '@quickvend/shared/errors';
import { openApiPath } from '../../../src/modules/system/openapi.ts';
import { SANDBOX_VALUES } from '../../../src/providers/simulators/vtpass/vtpass-simulator.ts';
import { createTestApp, type TestApp } from '../../helpers/app.ts';

type Examples = Record<string, { summary: string; value: unknown }>;
type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { name: string; example?: unknown }[];
  requestBody?: { content: Record<string, { schema: { required?: string[] }; examples?: Examples }> };
  responses: Record<string, { description: string; content?: Record<string, { examples?: Examples }> }>;
  'x-codeSamples'?: { source: string }[];
};
type Document = {
  openapi: string;
  info: { description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

// the document is built from the route map alone, whatever the database
describe('the OpenAPI document', () => {
  let t: TestApp;
  let served: { statusCode: number; headers: Record<string, unknown>; document: Document };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    // no cookie, no key: anyone may read it
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' });
    served = {
      statusCode: response.statusCode,
      headers: response.headers,
      document: response.json<Document>(),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it('is served to a caller without a session or a key, cacheable for five minutes', () => {
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=300');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(served.document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(served.document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route of the shared map and nothing else', () => {
    const listed = Object.entries(served.document.paths)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const mapped = allRoutes()
      .map(({ route }) => `${route.method} ${openApiPath(route.path)}`)
      .sort();
    expect(listed).toEqual(mapped);
    expect(listed).toContain('GET /api/v1/purchases/{requestId}');
  });

  it("requires the partner's requestId in a purchase", () => {
    const create = served.document.paths['/api/v1/purchases']?.['post'];
    expect(create?.requestBody?.content['application/json']?.schema.required).toContain('requestId');
  });

  it('offers partners the bearer key where they may use it, and the session elsewhere', () => {
    const balance = served.document.paths['/api/v1/balance']?.['get'];
    expect(balance?.security).toEqual(expect.arrayContaining([{ apiKey: [] }, { session: [] }]));
    const adminUsers = served.document.paths['/api/v1/admin/users']?.['get'];
    expect(adminUsers?.security).toEqual([{ session: [] }]);
    expect(served.document.components.securitySchemes['apiKey']).toEqual(
      expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    );
    expect(served.document.paths['/api/v1/meta']?.['get']?.security).toEqual([]);
  });

  it("names each route's error codes under the status they come with", () => {
    const create = served.document.paths['/api/v1/purchases']?.['post'];
    expect(create?.responses['402']?.description).toContain('INSUFFICIENT_FUNDS');
    expect(create?.responses['409']?.description).toContain('IDEMPOTENCY_KEY_REUSED');
    expect(create?.responses['401']?.description).toContain('UNAUTHENTICATED');
  });

  it("shows each route's examples: the request, the answer, and curl for partners", () => {
    const create = served.document.paths['/api/v1/purchases']?.['post'];
    const [first] = Object.values(create?.requestBody?.content['application/json']?.examples ?? {});
    expect(first?.value).toEqual(expect.objectContaining({ serviceId: 'mtn', phone: '08011111111' }));
    const answers = Object.values(create?.responses['201']?.content?.['application/json']?.examples ?? {});
    expect(answers[0]?.value).toHaveProperty('purchase.status', 'delivered');
    expect(create?.['x-codeSamples']?.[0]?.source).toContain('-H "Authorization: Bearer $QV_KEY"');
    const get = served.document.paths['/api/v1/purchases/{requestId}']?.['get'];
    expect(get?.parameters?.find((p) => p.name === 'requestId')?.example).toBe('shop-20261128-0001');
    expect(get?.['x-codeSamples']?.[0]?.source).toContain('"$QV_URL/api/v1/purchases/shop-20261128-0001"');
  });

  it('explains every error code, and each route says what its codes mean', () => {
    const { description } = served.document.info;
    for (const code of errorCodes) expect(description).toContain(`| \`${code}\` |`);
    const create = served.document.paths['/api/v1/purchases']?.['post'];
    expect(create?.responses['402']?.description).toMatch(/INSUFFICIENT_FUNDS.*\(402\): .+ Fund the wallet/);
  });

  it("lists the simulator's own sandbox numbers and carries the quick start", () => {
    const { description } = served.document.info;
    expect(SANDBOX_VALUES.length).toBeGreaterThan(5);
    for (const row of SANDBOX_VALUES) expect(description).toContain(row.value);
    expect(description).toContain('`201000000000` | any service');
    expect(description).toMatch(/# Quick start[\s\S]*## 1\. Turn on partner access/);
    expect(description).toContain('webhook-signature');
  });
});
