import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  errorOf,
  signUp,
  TEST_APP_URL,
  type TestApp,
  TestClient,
  uniqueEmail,
} from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

describeEachDatabase('http surface', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      rateLimits: { signIn: 3, signUp: 3, passwordReset: 2, windowMs: 60_000 },
      extraRoutes: (app) => {
        app.get('/api/v1/test-explode', { config: { access: 'public' } }, () => {
          throw new Error('connection string postgres://secret@db leaked');
        });
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('tells the web app the mode it runs in', async () => {
    expect((await t.app.inject({ url: '/api/v1/meta' })).json()).toEqual({
      productName: 'QuickVend',
      mode: 'sandbox',
      minFundingKobo: 10_000,
      manualChargeKobo: 5_000,
      support: { phone: null, email: null, whatsappUrl: null, links: [] },
    });
  });

  it('names only the support contacts that are configured', async () => {
    const support = {
      phone: '0801 234 5678',
      email: 'help@quickvend.ng',
      whatsappUrl: 'https://wa.me/2348012345678',
      links: [{ name: 'Instagram', url: 'https://instagram.com/quickvend' }],
    };
    const configured = await createTestApp(kind, { support });
    try {
      const meta = (await configured.app.inject({ url: '/api/v1/meta' })).json<{ support: unknown }>();
      expect(meta.support).toEqual(support);
    } finally {
      await configured.close();
    }
  });

  it('puts a request id on every response and every error body', async () => {
    const response = await t.app.inject({ url: '/api/v1/me' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-request-id']).toMatch(/^req_/);
    expect(errorOf(response).requestId).toBe(response.headers['x-request-id']);
    const traced = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'edge-1234abcd' } });
    expect(traced.headers['x-request-id']).toBe('edge-1234abcd');
  });

  it('lets no cache keep an API answer, signed in or out, nor an error', async () => {
    const { client } = await signUp(t.app);
    for (const url of ['/api/v1/session', '/api/v1/me', '/api/v1/wallet']) {
      const response = await client.get(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const signedOut = await t.app.inject({ url: '/api/v1/session' });
    expect(signedOut.json()).toEqual({ user: null });
    expect(signedOut.headers['cache-control']).toBe('no-store');
    const refused = await t.app.inject({ url: '/api/v1/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    // outside the API, nothing changes
    expect((await t.app.inject({ url: '/healthz' })).headers['cache-control']).toBeUndefined();
  });

  it('masks unexpected errors as INTERNAL with the request id, revealing nothing', async () => {
    const response = await t.app.inject({ url: '/api/v1/test-explode' });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response).code).toBe('INTERNAL');
    expect(response.body).not.toContain('secret');
  });

  it('sends security headers with a strict content security policy', async () => {
    const response = await t.app.inject({ url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses state-changing requests from another site', async () => {
    const body = JSON.stringify({ email: 'a@b.co', password: 'whatever pw' });
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      payload: body,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(errorOf(crossSite).code).toBe('CSRF_REJECTED');
    const foreignOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: body,
    });
    expect(foreignOrigin.statusCode).toBe(403);
    const sameOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      headers: { 'content-type': 'application/json', origin: TEST_APP_URL },
      payload: body,
    });
    expect(sameOrigin.statusCode).toBe(401);
  });

  it('accepts only JSON bodies on state-changing routes', async () => {
    for (const contentType of [
      'application/x-www-form-urlencoded',
      'text/plain',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/sign-up',
        headers: { 'content-type': contentType },
        payload: 'name=a&email=b&password=c',
      });
      expect(response.statusCode, contentType).toBe(415);
      expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-up',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken).code).toBe('VALIDATION_FAILED');
  });

  it('rate-limits wrong passwords for one account from one address', async () => {
    const client = new TestClient(t.app, '192.0.2.10');
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await client.post('/api/v1/auth/sign-in', { email, password: 'guess guess' })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await client.post('/api/v1/auth/sign-in', { email, password: 'guess guess' });
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('rate-limits password reset mails per account', async () => {
    const client = new TestClient(t.app, '192.0.2.11');
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      statuses.push((await client.post('/api/v1/auth/forgot-password', { email })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 429]);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await t.app.inject({ url: '/api/v1/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('NOT_FOUND');
  });
});
