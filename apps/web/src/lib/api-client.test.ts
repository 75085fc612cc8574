import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { ApiError, call, NETWORK_ERROR_MESSAGE, pathOf, request } from './api-client.ts';

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('api client', () => {
  it('sends JSON with the same-origin cookie on a POST', async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ ok: true }), { status: 202 }));
    await expect(call('POST /api/v1/auth/forgot-password', { body: { email: 'a@b.co' } })).resolves.toEqual({
      ok: true,
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/auth/forgot-password', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"email":"a@b.co"}',
    });
  });

  it('sends an empty JSON object when a state-changing call has no body', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await expect(call('POST /api/v1/auth/sign-out')).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it('turns the error body into an ApiError', async () => {
    stubFetch(
      new Response(
        JSON.stringify({
          error: {
            code: 'VALIDATION_FAILED',
            message: 'All fields are required!',
            details: { fields: { name: 'All fields are required!' } },
            requestId: 'req_1',
          },
        }),
        { status: 400 },
      ),
    );
    const error: unknown = await request('POST', '/api/v1/auth/sign-up', { body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.code).toBe('VALIDATION_FAILED');
    expect(apiError.status).toBe(400);
    expect(apiError.message).toBe('All fields are required!');
    expect(apiError.requestId).toBe('req_1');
    expect(apiError.fieldErrors).toEqual({ name: 'All fields are required!' });
  });

  it('reports an unreadable error reply without crashing', async () => {
    stubFetch(new Response('<html>Oops</html>', { status: 500 }));
    await expect(call('GET /api/v1/me')).rejects.toMatchObject({ code: 'INTERNAL', status: 500 });
  });

  it('reports a gateway reply (server down behind a proxy) as unavailable', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(call('GET /api/v1/me')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 502 });
  });

  it('turns a network failure into a friendly NETWORK error', async () => {
    stubFetch(new TypeError('Failed to fetch'));
    await expect(call('GET /api/v1/me')).rejects.toMatchObject({
      code: 'NETWORK',
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('reads how long the server asked us to wait: Retry-After seconds or date, else the body', async () => {
    const unavailable = (headers: Record<string, string>, details?: object) =>
      new Response(
        JSON.stringify({
          error: { code: 'SERVICE_UNAVAILABLE', message: 'Away.', requestId: 'req_1', details },
        }),
        { status: 503, headers },
      );
    stubFetch(unavailable({ 'Retry-After': '7' }));
    await expect(call('GET /api/v1/me')).rejects.toMatchObject({ retryAfterSeconds: 7 });
    stubFetch(unavailable({ 'Retry-After': new Date(Date.now() + 60_000).toUTCString() }));
    const dated: unknown = await call('GET /api/v1/me').catch((caught: unknown) => caught);
    expect((dated as ApiError).retryAfterSeconds).toBeGreaterThanOrEqual(58);
    expect((dated as ApiError).retryAfterSeconds).toBeLessThanOrEqual(60);
    stubFetch(unavailable({}, { retryAfterSeconds: 5 }));
    await expect(call('GET /api/v1/me')).rejects.toMatchObject({ retryAfterSeconds: 5 });
    stubFetch(new Response('<html>Bad gateway</html>', { status: 503, headers: { 'Retry-After': '30' } }));
    await expect(call('GET /api/v1/me')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      retryAfterSeconds: 30,
    });
    stubFetch(unavailable({}));
    await expect(call('GET /api/v1/me')).rejects.toMatchObject({ retryAfterSeconds: undefined });
  });
});

describe('call: a route of the shared map', () => {
  it('fills the path params, encoded, and types the answer by the success schema', async () => {
    const fetchMock = stubFetch(
      new Response(JSON.stringify({ purchase: { requestId: 'a/b' } }), { status: 200 }),
    );
    const answer = call('GET /api/v1/purchases/:requestId', { params: { requestId: 'a/b c' } });
    expectTypeOf(answer).resolves.toEqualTypeOf<{ purchase: Purchase }>();
    await expect(answer).resolves.toEqual({ purchase: { requestId: 'a/b' } });
    expect(fetchMock).toHaveBeenCalledWith('/api/v1/purchases/a%2Fb%20c', {
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  });

  it('writes the query in its order, leaving out what is not given', async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ purchases: [], nextCursor: null })));
    fetchMock.mockImplementation(() => Promise.resolve(new Response('{}')));
    await call('GET /api/v1/purchases', { query: { limit: 5, cursor: undefined, status: 'failed' } });
    await call('GET /api/v1/purchases');
    expect(fetchMock.mock.calls.map((args) => args[0])).toEqual([
      '/api/v1/purchases?limit=5&status=failed',
      '/api/v1/purchases',
    ]);
    expect(pathOf('GET /api/v1/admin/audit.csv', { query: { action: 'a b' } })).toBe(
      '/api/v1/admin/audit.csv?action=a+b',
    );
  });

  it('sends the body as JSON, and an empty object when the route takes none', async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ ok: true }), { status: 202 }));
    fetchMock.mockImplementation(() => Promise.resolve(new Response('{}', { status: 202 })));
    await call('POST /api/v1/auth/forgot-password', { body: { email: 'a@b.co' } });
    await call('POST /api/v1/profile/email/confirmation');
    expect(fetchMock.mock.calls.map((args) => args[1]?.body)).toEqual(['{"email":"a@b.co"}', '{}']);
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/api/v1/profile/email/confirmation');
  });

  it('resolves with undefined for a 204 answer', async () => {
    stubFetch(new Response(null, { status: 204 }));
    const answer = call('POST /api/v1/auth/sign-out');
    expectTypeOf(answer).resolves.toEqualTypeOf<undefined>();
    await expect(answer).resolves.toBeUndefined();
  });

  it('refuses, at compile time, a route not in the map and a call missing what the route needs', () => {
    const never = () => {
      // @ts-expect-error not a route of the map
      void call('GET /api/v1/nowhere');
      // @ts-expect-error the path has :requestId
      void call('GET /api/v1/purchases/:requestId');
      // @ts-expect-error the route takes a body
      void call('POST /api/v1/verify', {});
    };
    expect(never).toBeTypeOf('function');
  });
});
