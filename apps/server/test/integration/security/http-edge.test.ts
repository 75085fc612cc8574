import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import {
  createTestApp,
  errorOf,
  signUp,
  TEST_APP_URL,
  TestClient,
  uniqueEmail,
  type TestApp,
} from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { confirmEmail } from '../../helpers/email.ts';
import { errorBody } from '@quickvend/shared/errors';

const NUL_REFUSED = 'This contains a character we cannot accept.';

describeEachDatabase('the HTTP edge', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  // with logging off every request logs through the app's one logger
  const watchLogs = () => ({
    error: vi.spyOn(t.app.log, 'error'),
    warn: vi.spyOn(t.app.log, 'warn'),
    info: vi.spyOn(t.app.log, 'info'),
  });

  /** The one error shape, with the request id the response header carries. */
  const envelopeOf = (body: unknown, requestIdHeader: unknown) => {
    const { error } = errorBody.parse(body);
    expect(error.requestId).toBe(requestIdHeader);
    return error;
  };

  it('signs out on a POST with no body and no content type, still refusing one from another site', async () => {
    const { client } = await signUp(t.app);
    const sameSite = { cookie: client.cookieHeader, origin: TEST_APP_URL, 'sec-fetch-site': 'same-origin' };
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { ...sameSite, 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(errorOf(crossSite).code).toBe('CSRF_REJECTED');
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: { ...sameSite, origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect((await client.get('/api/v1/me')).statusCode).toBe(200);

    // a body still has to be declared JSON
    const undeclared = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-out',
      headers: sameSite,
      payload: 'x',
    });
    expect(undeclared.statusCode).toBe(415);
    expect(errorOf(undeclared).code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/sign-out', headers: sameSite });
    expect(out.statusCode, out.body).toBe(204);
    expect(
      (await t.app.inject({ url: '/api/v1/me', headers: { cookie: client.cookieHeader } })).statusCode,
    ).toBe(401);
  });

  it('refuses U+0000 in a name as bad input, before it reaches the database, logging no error', async () => {
    const logs = watchLogs();
    const email = uniqueEmail('nul');
    const signUpWithNul = await new TestClient(t.app).post('/api/v1/auth/sign-up', {
      name: 'Ada\u0000Obi',
      email,
      password: 'correct horse battery',
    });
    expect(signUpWithNul.statusCode).toBe(400);
    expect(errorOf(signUpWithNul)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: { name: NUL_REFUSED } },
    });
    // nothing was made: the same email signs up cleanly
    await signUp(t.app, { email });

    const { client, password } = await signUp(t.app);
    await confirmEmail(client);
    const deposit = await client.post('/api/v1/funding/manual', {
      depositorName: 'Ada\u0000',
      bankName: 'First Bank',
      amount: '5000',
    });
    expect(deposit.statusCode).toBe(400);
    expect(errorOf(deposit).details).toEqual({ fields: { depositorName: NUL_REFUSED } });
    expect((await client.get('/api/v1/funding/manual')).json()).toMatchObject({ requests: [] });

    const apiKey = await client.post('/api/v1/api-keys', { name: 'shop\u0000', password });
    expect(apiKey.statusCode).toBe(400);
    expect(errorOf(apiKey)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: { name: NUL_REFUSED } },
    });

    expect(logs.error).not.toHaveBeenCalled();
    expect(logs.info).toHaveBeenCalledWith(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
      'request refused',
    );
  });

  it('answers U+0000 that reaches the database (a query string) with 400, not 500', async () => {
    const { client } = await signUp(t.app);
    const logs = watchLogs();
    const response = await client.get('/api/v1/purchases?serviceId=%00');
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(logs.error).not.toHaveBeenCalled();
  });

  it('answers an address that does not decode, or a path segment too long, with the error envelope', async () => {
    const badlyEncoded = await t.app.inject({ url: '/api/v1/%E0%A4%A' });
    expect(badlyEncoded.statusCode).toBe(400);
    expect(envelopeOf(badlyEncoded.json(), badlyEncoded.headers['x-request-id']).code).toBe(
      'VALIDATION_FAILED',
    );

    const longSegment = await t.app.inject({ url: `/api/v1/purchases/${'a'.repeat(200)}` });
    expect(longSegment.statusCode).toBe(414);
    expect(envelopeOf(longSegment.json(), longSegment.headers['x-request-id']).code).toBe(
      'VALIDATION_FAILED',
    );
  });

  it('answers an address or headers over the size limit with the error envelope', async () => {
    const oversized: { url: string; headers: Record<string, string> }[] = [
      { url: `${t.selfUrl}/api/v1/${'a'.repeat(20_000)}`, headers: {} },
      { url: `${t.selfUrl}/api/v1/meta`, headers: { 'x-filler': 'a'.repeat(20_000) } },
    ];
    for (const init of oversized) {
      const response = await fetch(init.url, { headers: init.headers });
      expect(response.status).toBe(431);
      const error = envelopeOf(await response.json(), response.headers.get('x-request-id'));
      expect(error.code).toBe('VALIDATION_FAILED');
    }
  });
});
