import { vi } from 'vitest';
import type { z } from 'zod';
import type { invitation, me, SignInBody, SignUpBody, AdminRegisterBody } from '@quickvend/shared/api/auth';
import type { MetaResponse } from '@quickvend/shared/api/meta';
import type { adminUsersResponse, WalletResponse } from '@quickvend/shared/api/wallet';
import type { ErrorBody, ErrorCode } from '@quickvend/shared/errors';

type Me = z.infer<typeof me>;

/** Every server call the web app makes, with the body it sends and the body it gets back. */
export type ApiContract = {
  'GET /api/v1/me': { request: undefined; response: { user: Me } };
  'GET /api/v1/meta': { request: undefined; response: MetaResponse };
  'GET /api/v1/wallet': { request: undefined; response: WalletResponse };
  'GET /api/v1/admin/users': { request: undefined; response: z.infer<typeof adminUsersResponse> };
  'POST /api/v1/admin/invitations': {
    request: { email?: string };
    response: { invitation: z.infer<typeof invitation> };
  };
  'GET /api/v1/admin/invitations/:token': { request: undefined; response: { email: string | null } };
  'POST /api/v1/auth/sign-up': { request: SignUpBody; response: { user: Me } };
  'POST /api/v1/auth/sign-in': { request: SignInBody; response: { user: Me } };
  'POST /api/v1/auth/sign-out': { request: Record<string, never>; response: undefined };
  'POST /api/v1/auth/forgot-password': { request: { email: string }; response: { ok: true } };
  'POST /api/v1/auth/reset-password': {
    request: { token: string; password: string };
    response: { ok: true };
  };
  'POST /api/v1/auth/admin-register': { request: AdminRegisterBody; response: { user: Me } };
};

export type Endpoint = keyof ApiContract;

export type MockReply<K extends Endpoint> =
  { status?: number; body: ApiContract[K]['response'] } | { status: number; error: ErrorBody };

type Handler<K extends Endpoint> = MockReply<K> | ((request: ApiContract[K]['request']) => MockReply<K>);

export type MockHandlers = { [K in Endpoint]?: Handler<K> };

export type RecordedCall = {
  endpoint: Endpoint;
  url: string;
  body: unknown;
  headers: Record<string, string>;
};

export function apiError(
  status: number,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
) {
  return {
    status,
    error: { error: { code, message, requestId: 'req_test', ...(details ? { details } : {}) } },
  } satisfies { status: number; error: ErrorBody };
}

export const signedOut = apiError(401, 'UNAUTHENTICATED', 'Please sign in.');

function endpointPattern(endpoint: string): { method: string; regex: RegExp } {
  const [method = '', path = ''] = endpoint.split(' ');
  const regex = new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);
  return { method, regex };
}

/**
 * Replaces `fetch` with the given handlers. Unknown calls fail the test loudly.
 * Handlers can be replaced later with `set` (for example to sign in).
 */
export function mockApi(initial: MockHandlers) {
  const handlers: MockHandlers = { ...initial };
  const calls: RecordedCall[] = [];

  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const endpoint = (Object.keys(handlers) as Endpoint[]).find((key) => {
      const pattern = endpointPattern(key);
      return pattern.method === method && pattern.regex.test(url.pathname);
    });
    if (!endpoint) {
      return Promise.reject(new Error(`Unexpected request in test: ${method} ${url.pathname}`));
    }
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    calls.push({ endpoint, url: url.pathname + url.search, body, headers });

    const handler = handlers[endpoint] as Handler<Endpoint>;
    const reply = typeof handler === 'function' ? handler(body as never) : handler;
    const status = reply.status ?? 200;
    const payload = 'error' in reply ? reply.error : reply.body;
    const text = payload === undefined || status === 204 ? null : JSON.stringify(payload);
    return Promise.resolve(new Response(text, { status, headers: { 'Content-Type': 'application/json' } }));
  });

  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    calls,
    callsTo: (endpoint: Endpoint) => calls.filter((call) => call.endpoint === endpoint),
    set<K extends Endpoint>(endpoint: K, handler: Handler<K>) {
      (handlers as Record<Endpoint, unknown>)[endpoint] = handler;
    },
  };
}

export const sandboxMeta: MockReply<'GET /api/v1/meta'> = {
  body: { productName: 'QuickVend', mode: 'sandbox' },
};

export function aUser(overrides: Partial<Me> = {}): Me {
  return { id: 'usr_1', name: 'Ada Obi', email: 'ada@example.com', role: 'user', ...overrides };
}
