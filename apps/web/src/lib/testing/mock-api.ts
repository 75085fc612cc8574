import { vi } from 'vitest';
import type { z } from 'zod';
import { allRoutes } from '@quickvend/shared/contract/index';
import type { RouteDefinition } from '@quickvend/shared/contract/define';
import type { ErrorBody, ErrorCode } from '@quickvend/shared/errors';
import type { Endpoint, Routes } from '../api-client.ts';

export * from './fixtures.ts';
export type { Endpoint };

type SchemaInput<S> = S extends z.ZodType ? z.input<S> : undefined;

/**
 * Every route of the shared map (the one the server registers), with the body the app sends and the body a
 * success answer carries. A mock reply is typed by it and checked against it, so a test cannot mock a route
 * the server does not have, nor answer what the server never would.
 */
type ApiContract = {
  [K in Endpoint]: {
    request: Routes[K] extends { readonly body: z.ZodType } ? z.input<Routes[K]['body']> : undefined;
    response: {
      [S in keyof Routes[K]['responses']]: SchemaInput<Routes[K]['responses'][S]>;
    }[keyof Routes[K]['responses']];
  };
};

export type MockReply<K extends Endpoint> =
  { status?: number; body: ApiContract[K]['response'] } | { status: number; error: ErrorBody };

/**
 * A reply, or a function of the request body (and the URL, for path and query) giving one. A promise holds
 * the reply back until resolved; a rejected one is a dropped connection.
 */
type Handler<K extends Endpoint> =
  MockReply<K> | ((request: ApiContract[K]['request'], url: URL) => MockReply<K> | Promise<MockReply<K>>);

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

/** The session probe's answer to a visitor. */
export const signedOut: MockReply<'GET /api/v1/session'> = { body: { user: null } };

export const sandboxMeta: MockReply<'GET /api/v1/meta'> = {
  body: { productName: 'QuickVend', mode: 'sandbox', minFundingKobo: 10_000 },
};

type MappedRoute = { route: RouteDefinition; pattern: RegExp; params: number };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The map's routes by `METHOD path`, each with the pattern of the paths it answers. */
const routes = new Map<string, MappedRoute>(
  allRoutes().map(({ route }) => {
    const segments = route.path.split('/');
    const pattern = segments.map((s) => (s.startsWith(':') ? '[^/]+' : escape(s))).join('/');
    const params = segments.filter((s) => s.startsWith(':')).length;
    return [`${route.method} ${route.path}`, { route, pattern: new RegExp(`^${pattern}$`), params }];
  }),
);

function mapped(endpoint: string): MappedRoute {
  const found = routes.get(endpoint);
  if (!found) throw new Error(`The mock names ${endpoint}, which is not a route of the shared map`);
  return found;
}

const contractViolations: string[] = [];

/** Keys of `sent` that `kept` lacks: what the server's serializer would have stripped. */
function strippedKeys(sent: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, index) => strippedKeys(item, kept[index], `${path}[${String(index)}]`));
  }
  if (typeof sent !== 'object' || sent === null || typeof kept !== 'object' || kept === null) return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    key in kept
      ? strippedKeys(value, (kept as Record<string, unknown>)[key], `${path}.${key}`)
      : [`${path}.${key}`],
  );
}

function issuesOf(schema: z.ZodType, value: unknown, name: string): string[] {
  const result = schema.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => [name, ...issue.path.map(String)].join('.') + `: ${issue.message}`);
}

/** The answer status a mock means when it gives none: the route's own (200, or 201 for a creation). */
function defaultStatus(route: RouteDefinition): number {
  return Math.min(...Object.keys(route.responses).map(Number));
}

/**
 * A success reply must be one the server could give to what the app sent: a status the route answers with,
 * a body its response schema lets through (every field it declares, of the declared type, and no other),
 * to a body and query its schemas accept. A violation fails the request and, in `afterEach`, the test.
 */
function checkAgainstContract(
  endpoint: string,
  status: number,
  body: unknown,
  sent: unknown,
  url: URL,
): void {
  if (status < 200 || status > 299) return;
  const { route } = mapped(endpoint);
  const problems: string[] = [];
  if (route.body) problems.push(...issuesOf(route.body, sent, 'request body'));
  if (route.query) problems.push(...issuesOf(route.query, Object.fromEntries(url.searchParams), 'query'));
  const answers = Object.entries(route.responses);
  const schema = answers.find(([code]) => Number(code) === status)?.[1];
  if (schema === undefined) {
    problems.push(`the route answers ${answers.map(([code]) => code).join(' or ')}, not ${String(status)}`);
  } else if (schema) {
    const wire: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
    const result = schema.safeParse(wire);
    problems.push(
      ...(result.success
        ? strippedKeys(wire, result.data, 'body').map((key) => `${key} is not in the response schema`)
        : issuesOf(schema, wire, 'body')),
    );
  }
  if (problems.length === 0) return;
  const violation = `The mock answered ${endpoint} where the server would not:\n  ${problems.join('\n  ')}`;
  contractViolations.push(violation);
  throw new Error(violation);
}

/** The contract violations since the last call, for the test setup to fail the test with. */
export function takeContractViolations(): string[] {
  return contractViolations.splice(0);
}

/**
 * Replaces `fetch` with the given handlers. Unknown calls fail the test loudly.
 * Handlers can be replaced later with `set` (for example to sign in).
 */
export function mockApi(initial: MockHandlers) {
  const handlers: MockHandlers = { ...initial };
  Object.keys(handlers).forEach(mapped);
  const calls: RecordedCall[] = [];

  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    // the most specific route that matches: `/admin/purchases/summary` before `/admin/purchases/:id`
    const endpoint = (Object.keys(handlers) as Endpoint[])
      .filter((key) => key.startsWith(`${method} `) && mapped(key).pattern.test(url.pathname))
      .sort((a, b) => mapped(a).params - mapped(b).params)[0];
    if (!endpoint) {
      return Promise.reject(new Error(`Unexpected request in test: ${method} ${url.pathname}`));
    }
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    calls.push({ endpoint, url: url.pathname + url.search, body, headers });

    const handler = handlers[endpoint] as Handler<Endpoint>;
    return Promise.resolve(typeof handler === 'function' ? handler(body as never, url) : handler).then(
      (reply) => {
        const status = reply.status ?? defaultStatus(mapped(endpoint).route);
        if (!('error' in reply)) checkAgainstContract(endpoint, status, reply.body, body, url);
        const payload = 'error' in reply ? reply.error : reply.body;
        const text = payload === undefined || status === 204 ? null : JSON.stringify(payload);
        return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
      },
    );
  });

  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    calls,
    callsTo: (endpoint: Endpoint) => calls.filter((call) => call.endpoint === endpoint),
    set<K extends Endpoint>(endpoint: K, handler: Handler<K>) {
      mapped(endpoint);
      (handlers as Record<Endpoint, unknown>)[endpoint] = handler;
    },
  };
}
