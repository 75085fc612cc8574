import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access, RouteEntry } from '../../../src/lib/http/access.ts';
import {
  createTestApp,
  errorOf,
  signUp,
  TEST_APP_URL,
  TestClient,
  testConfig,
  type TestApp,
} from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';
import { confirmEmail } from '../../helpers/email.ts';

/** Every route anyone may call without signing in: making a route public is a reviewed change to this list. */
const PUBLIC_API_ROUTES = [
  'GET /api/v1/meta',
  // the API described from the shared contract: no more than any partner's own documentation says
  'GET /api/v1/openapi.json',
  // answers { user: null } to a visitor; never says anything about anyone else
  'GET /api/v1/session',
  'POST /api/v1/auth/sign-up',
  'POST /api/v1/auth/sign-in',
  'POST /api/v1/auth/sign-out',
  'POST /api/v1/auth/forgot-password',
  'POST /api/v1/auth/reset-password',
  'POST /api/v1/auth/admin-register',
  'GET /api/v1/admin/invitations/:token',
  'GET /api/v1/services',
  'GET /api/v1/services/:serviceId/variations',
  'POST /api/v1/pin/reset',
  // the mailed link confirming a new email: the signed token is the proof, opened signed in or not
  'POST /api/v1/profile/email/confirm',
];

/** Routes only the operator's scraper may read, with METRICS_TOKEN: adding one is a reviewed change here. */
const OPERATOR_ROUTES = ['GET /metrics'];

/** Routes whose answer to an allowed caller is an endless event stream: only refusals are checked. */
const STREAMS = new Set(['GET /api/v1/wallet/events']);

type Principal = 'anonymous' | 'user' | 'other user' | 'key' | 'revoked key' | 'admin';

/** What each kind of caller gets from a route of each access: `allowed` is any answer but 401 and 403. */
const EXPECTED: Record<
  Exclude<Access, 'public' | 'provider' | 'sandbox'>,
  Record<Principal, number | 'allowed'>
> = {
  user: {
    anonymous: 401,
    user: 'allowed',
    'other user': 'allowed',
    key: 401,
    'revoked key': 401,
    admin: 'allowed',
  },
  userOrKey: {
    anonymous: 401,
    user: 'allowed',
    'other user': 'allowed',
    key: 'allowed',
    'revoked key': 401,
    admin: 'allowed',
  },
  admin: { anonymous: 401, user: 403, 'other user': 403, key: 401, 'revoked key': 401, admin: 'allowed' },
  // this app has no METRICS_TOKEN: the metrics do not exist to anyone, an admin or a partner key included
  operator: { anonymous: 404, user: 404, 'other user': 404, key: 404, 'revoked key': 404, admin: 404 },
};

const name = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;
const fill = (url: string) => url.replace(/:[A-Za-z]+/g, () => `missing-${randomUUID().slice(0, 8)}`);

describeEachDatabase('who may call each route', (kind) => {
  let t: TestApp;
  let callers: Record<
    Principal,
    (method: string, url: string, body?: Record<string, unknown>) => Promise<LightMyRequestResponse>
  >;

  const createKey = async (client: TestClient, password: string) => {
    await turnOnPartnerAccess(client);
    const response = await client.post('/api/v1/api-keys', { name: 'reseller', password, pin: TEST_PIN });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ key: string; apiKey: { id: string } }>();
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const user = await fundedCustomer(t, 1_000);
    const other = await fundedCustomer(t, 1_000);
    const admin = await signUp(t.app);
    await t.container.auth.setRole(admin.userId, 'admin');
    const { key } = await createKey(user.client, user.password);
    const revoked = await createKey(user.client, user.password);
    expect((await user.client.post(`/api/v1/api-keys/${revoked.apiKey.id}/revoke`)).statusCode).toBe(200);

    const viaClient =
      (client: TestClient) => (method: string, url: string, body?: Record<string, unknown>) => {
        if (method === 'GET') return client.get(url);
        if (method === 'PUT') return client.put(url, body ?? {});
        if (method === 'DELETE') return client.delete(url);
        return client.post(url, body ?? {});
      };
    const viaKey = (bearer: string) => (method: string, url: string, body?: Record<string, unknown>) =>
      t.app.inject({
        method: method as 'GET' | 'POST' | 'PUT' | 'DELETE',
        url,
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        ...((method === 'POST' || method === 'PUT') && { payload: body ?? {} }),
      });
    callers = {
      anonymous: viaClient(new TestClient(t.app)),
      user: viaClient(user.client),
      'other user': viaClient(other.client),
      key: viaKey(key),
      'revoked key': viaKey(revoked.key),
      admin: viaClient(admin.client),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it('knows every route, and every API route is guarded as it declares', () => {
    const api = t.routes.filter((route) => /^\/api\//.test(route.url) && route.method !== 'HEAD');
    expect(api.length).toBeGreaterThan(30);
    expect(
      api
        .filter((route) => route.access === 'public')
        .map(name)
        .sort(),
    ).toEqual([...PUBLIC_API_ROUTES].sort());
    for (const route of api) {
      if (route.url.startsWith('/api/v1/admin/') && !PUBLIC_API_ROUTES.includes(name(route))) {
        expect(route.access, name(route)).toBe('admin');
      }
      if (route.access === 'admin') expect(route.url, name(route)).toMatch(/^\/api\/v1\/admin\//);
      expect(['public', 'user', 'userOrKey', 'admin'], name(route)).toContain(route.access);
    }
    expect(
      t.routes
        .filter((route) => route.access === 'operator' && route.method !== 'HEAD')
        .map(name)
        .sort(),
    ).toEqual([...OPERATOR_ROUTES].sort());
    const webhooks = t.routes.filter((route) => route.url.startsWith('/webhooks/'));
    expect(webhooks.map((route) => [name(route), route.access])).toEqual(
      expect.arrayContaining([
        ['POST /webhooks/paystack', 'provider'],
        ['POST /webhooks/vtpass', 'provider'],
      ]),
    );
  });

  it('answers every caller of every guarded route as its access says', async () => {
    const guarded = t.routes.filter(
      (route): route is RouteEntry & { access: keyof typeof EXPECTED } =>
        (route.url.startsWith('/api/') || route.access === 'operator') &&
        route.method !== 'HEAD' &&
        route.access in EXPECTED,
    );
    const wrong: string[] = [];
    for (const route of guarded) {
      for (const [principal, expected] of Object.entries(EXPECTED[route.access]) as [
        Principal,
        number | 'allowed',
      ][]) {
        if (expected === 'allowed' && STREAMS.has(name(route))) continue;
        const response = await callers[principal](route.method, fill(route.url));
        const status = response.statusCode;
        const ok =
          expected === 'allowed' ? status !== 401 && status !== 403 && status < 500 : status === expected;
        if (!ok)
          wrong.push(`${name(route)} as ${principal}: ${status} (expected ${expected}) ${response.body}`);
        if (typeof expected === 'number') {
          expect(errorOf(response).code).toBe(
            expected === 401 ? 'UNAUTHENTICATED' : expected === 404 ? 'NOT_FOUND' : 'FORBIDDEN',
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses to start with a route that does not say who may call it', async () => {
    await expect(
      createTestApp(kind, {
        extraRoutes: (app) => {
          app.get('/api/v1/forgotten', () => ({ secret: true }));
        },
      }),
    ).rejects.toThrow('GET /api/v1/forgotten must declare who may call it (config.access)');
  });
});

describeEachDatabase("one customer's records are invisible to another", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it("hides A's purchases, receipts, payments, deposit requests, keys, sessions and data from B, by session and by key", async () => {
    const a = await fundedCustomer(t, 5_000);
    const b = await fundedCustomer(t, 5_000);
    const { purchase } = await buy(a.client, {
      serviceId: 'ikeja-electric',
      billersCode: '1111111111111',
      type: 'prepaid',
      phone: '08031234567',
      amount: '1000',
    });
    expect(purchase?.status).toBe('delivered');
    const requestId = purchase?.requestId ?? '';
    const card = await a.client.post('/api/v1/funding/card', { email: a.email, amount: '500' });
    expect(card.statusCode).toBe(201);
    const reference = card.json<{ payment: { reference: string } }>().payment.reference;
    await confirmEmail(a.client);
    const deposit = await a.client.post('/api/v1/funding/manual', {
      depositorName: 'Ada Obi',
      bankName: 'GTBank',
      amount: '2000',
    });
    expect(deposit.statusCode).toBe(201);
    await turnOnPartnerAccess(a.client);
    await turnOnPartnerAccess(b.client);
    const aKey = await a.client.post('/api/v1/api-keys', { name: 'a', password: a.password, pin: TEST_PIN });
    expect(aKey.statusCode).toBe(201);
    const { apiKey, key } = aKey.json<{ key: string; apiKey: { id: string } }>();
    const bKeyResponse = await b.client.post('/api/v1/api-keys', {
      name: 'b',
      password: b.password,
      pin: TEST_PIN,
    });
    const bKey = bKeyResponse.json<{ key: string }>().key;

    const aSessions = (await a.client.get('/api/v1/profile/sessions')).json<{ sessions: { id: string }[] }>();
    const aSession = aSessions.sessions[0]?.id ?? '';
    expect(aSession).not.toBe('');
    const bLimits = { password: b.password, pin: TEST_PIN, dailyLimitKobo: null, allowedServices: [] };
    const asBKey = (url: string) => t.app.inject({ url, headers: { authorization: `Bearer ${bKey}` } });
    for (const response of [
      await b.client.get(`/api/v1/purchases/${requestId}`),
      await asBKey(`/api/v1/purchases/${requestId}`),
      await b.client.post(`/api/v1/purchases/${requestId}/email`),
      await b.client.post(`/api/v1/purchases/${requestId}/dispute`, {}),
      await b.client.get(`/api/v1/purchases/${requestId}/dispute`),
      await b.client.post('/api/v1/funding/card/confirm', { reference }),
      await b.client.post(`/api/v1/api-keys/${apiKey.id}/revoke`),
      await b.client.put(`/api/v1/api-keys/${apiKey.id}/limits`, bLimits),
      await b.client.delete(`/api/v1/profile/sessions/${aSession}`),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
      expect(errorOf(response).code).toBe('NOT_FOUND');
    }

    const bodies = [
      await b.client.get('/api/v1/purchases'),
      await asBKey('/api/v1/purchases'),
      await b.client.get('/api/v1/funding/payments'),
      await b.client.get('/api/v1/funding/manual'),
      await b.client.get('/api/v1/api-keys'),
      await b.client.get('/api/v1/wallet/statement'),
      await b.client.get('/api/v1/statement'),
      await asBKey('/api/v1/statement'),
      await b.client.get('/api/v1/statement.csv'),
      await b.client.get('/api/v1/profile'),
      await b.client.get('/api/v1/profile/sessions'),
      await b.client.get('/api/v1/profile/export'),
    ].map((response) => {
      expect(response.statusCode).toBe(200);
      return response.body;
    });
    for (const secret of [
      requestId,
      purchase?.id ?? '',
      purchase?.token ?? '',
      reference,
      apiKey.id,
      a.email,
      aSession,
    ]) {
      for (const body of bodies) expect(body).not.toContain(secret);
    }

    // B reusing A's idempotency key makes B's own purchase, never returns A's
    const { purchase: bPurchase } = await buy(b.client, {
      requestId,
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    expect(bPurchase).toMatchObject({ requestId, serviceId: 'mtn', status: 'delivered' });
    expect(bPurchase?.id).not.toBe(purchase?.id);

    // A is still signed in after B's attempt to end A's session
    expect((await a.client.get('/api/v1/me')).statusCode).toBe(200);
    // A's key still works after B's attempt to revoke it
    const stillLive = await t.app.inject({
      url: '/api/v1/balance',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(stillLive.statusCode).toBe(200);
  });
});

describe('headers and cross-site checks stay as they are', () => {
  let t: TestApp;
  let https: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    https = await createTestApp('pglite', {
      config: { appUrl: 'https://quickvend.example', isHttps: true },
    });
  });
  afterAll(async () => {
    await t.close();
    await https.close();
  });

  it('pins the content security policy, framing, sniffing and referrer headers', async () => {
    const response = await t.app.inject({ url: '/api/v1/meta' });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';" +
        "connect-src 'self';frame-src 'self';object-src 'none';frame-ancestors 'none';base-uri 'self';" +
        "form-action 'self'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('lets Paystack Inline through in live mode only: its script, its API and its checkout frame', async () => {
    const live = await createTestApp('pglite', {
      config: {
        providerMode: 'live',
        smtpUrl: 'smtp://127.0.0.1:9',
        vtpass: { ...testConfig.vtpass, baseUrl: 'http://127.0.0.1:9/vtpass' },
        paystack: { ...testConfig.paystack, baseUrl: 'http://127.0.0.1:9/paystack' },
      },
    });
    try {
      const response = await live.app.inject({ url: '/api/v1/meta' });
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'self';script-src 'self' https://js.paystack.co;style-src 'self';img-src 'self' data:;" +
          "font-src 'self';connect-src 'self' https://api.paystack.co;" +
          "frame-src 'self' https://checkout.paystack.com;object-src 'none';frame-ancestors 'none';" +
          "base-uri 'self';form-action 'self'",
      );
    } finally {
      await live.close();
    }
  });

  it('sends HSTS and upgrades insecure requests only on https', async () => {
    const response = await https.app.inject({ url: '/api/v1/meta' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('refuses state-changing requests from another site, and lets partner keys through', async () => {
    const signIn = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-in',
        headers: { 'content-type': 'application/json', ...headers },
        payload: { email: 'x@example.com', password: 'whatever' },
      });
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: TEST_APP_URL },
    ];
    for (const headers of crossSite) {
      const refused = await signIn(headers);
      expect(refused.statusCode, JSON.stringify(headers)).toBe(403);
      expect(errorOf(refused).code).toBe('CSRF_REJECTED');
    }
    expect((await signIn({ origin: TEST_APP_URL, 'sec-fetch-site': 'same-origin' })).statusCode).toBe(401);
    const withKey = await t.app.inject({
      method: 'POST',
      url: '/api/v1/purchases',
      headers: {
        'content-type': 'application/json',
        origin: 'https://reseller.example',
        authorization: 'Bearer qv_x',
      },
      payload: {},
    });
    expect(withKey.statusCode).toBe(401);
    expect(errorOf(withKey).code).toBe('UNAUTHENTICATED');
  });
});
