import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { PIN_LOCK_MINUTES } from '@quickvend/shared/services';
import { queryRows } from '../../../src/db/client.ts';
import type { RouteEntry } from '../../../src/lib/http/access.ts';
import {
  createTestApp,
  errorOf,
  signUp,
  TEST_APP_URL,
  type TestApp,
  type TestClient,
} from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { approvedInvitation, newAdmin } from '../../helpers/admins.ts';
import { applyMutations, badPathSegments, badQueries, mutations, type Mutation } from '../../helpers/fuzz.ts';
import {
  abbreviate,
  fieldsOfSample,
  fieldsOfSchema,
  SentText,
  toJsonText,
  type Field,
} from '../../helpers/fuzz-json.ts';
import {
  badValueList,
  nonObjectBodies,
  rawBodies,
  UNSTORABLE_STRINGS,
  type RawBody,
} from '../../helpers/fuzz-values.ts';
import { chargeSuccess, sign, startCardPayment } from '../../helpers/paystack.ts';
import { buy, fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';
import { confirmEmail } from '../../helpers/email.ts';

/*
 * Issue #9: every route that reads input gets bad input made from its own schema. Whatever arrives, the server
 * answers below 500, refuses with the error envelope, and moves no money. The routes come from the app's own
 * table, so a new route is fuzzed the day it is added.
 */

const BODY_LIMIT = 64 * 1024;
const RUNS = { body: 50, provider: 40, other: 20 };

// the table is the same for every database: read it once from a throwaway app, to name one test per route
const routeTable = await (async () => {
  const probe = await createTestApp('pglite');
  const routes = [...probe.routes];
  await probe.close();
  return routes;
})();

/*
 * Left out: the sandbox stand-ins for the vendors and the mailbox (they do not exist in live mode), HEAD (Fastify
 * answers it from the GET route), and GET routes that read no params or query (they read no input).
 */
const fuzzedRoutes = routeTable.filter(
  (route) =>
    route.access !== 'sandbox' &&
    route.method !== 'HEAD' &&
    (route.method !== 'GET' || route.schema?.params !== undefined || route.schema?.querystring !== undefined),
);

type Principal = 'customer' | 'partner-key' | 'admin' | 'anonymous';
type Signature = 'unsigned' | 'wrongly-signed' | 'signed';

type Payload =
  { kind: 'none' } | { kind: 'json'; value: unknown; changes: Mutation[] } | { kind: 'raw'; body: RawBody };

type Case = {
  principal: Principal;
  /** the path with its params filled in, already encoded */
  path: SentText;
  /** whether the params are real ids (else garbage) */
  hasRealParams: boolean;
  query: SentText;
  payload: Payload;
  signature?: Signature;
};

/**
 * Fields whose value the server checks against what it knows (a real service, a phone number, a sum of money, the
 * PIN): a bad one must be refused even where the schema lets it through.
 */
const CHECKED_FIELDS = new Set(['amount', 'serviceId', 'phone', 'pin', 'currentPin']);

// mostly one change at a time, so that a single bad value gets past the schema and reaches the service
const FEW = { minLength: 1, maxLength: 3, size: 'xsmall' } as const;

type Snapshot = Map<string, string>;

const routeName = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method} ${route.url}`;
const zodSchema = (schema: unknown) => schema as z.ZodType | undefined;

function containsPoison(value: unknown): boolean {
  const stack = [value];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (typeof next !== 'object' || next === null) continue;
    const record = next as Record<string, unknown>;
    for (const key of Object.keys(record)) {
      if (key === '__proto__') return true;
      const inner = record[key];
      if (key === 'constructor' && typeof inner === 'object' && inner !== null && 'prototype' in inner)
        return true;
      stack.push(inner);
    }
  }
  return false;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

describeEachDatabase('bad input on every route', (kind) => {
  let t: TestApp;
  let clockOffsetMs = 0;
  const clock = { now: () => new Date(Date.now() + clockOffsetMs) };

  let customer: { client: TestClient; email: string; password: string; userId: string };
  let admin: TestClient;
  let partnerKey: string;
  const real = {
    requestId: '',
    providerRequestId: '',
    paymentReference: '',
    decidedManualRequestId: '',
    spareKeyId: '',
    invitationToken: '',
  };
  let afterSetup: Snapshot;

  /** Waits until no job that is due is waiting or running. */
  const jobsDone = () =>
    vi.waitFor(
      async () => {
        const [row] = await queryRows<{ count: string }>(
          t.container.db,
          sql`select count(*)::text as count from jobs.job
            where state in ('created', 'retry', 'active') and start_after <= now()`,
        );
        expect(row?.count).toBe('0');
      },
      { timeout: 30_000, interval: 50 },
    );

  const balances = async (): Promise<Snapshot> =>
    new Map(
      (
        await queryRows<{ id: string; balance_kobo: string }>(
          t.container.db,
          sql`select id, balance_kobo::text from ledger_accounts order by id`,
        )
      ).map((row) => [row.id, row.balance_kobo]),
    );

  /** Accounts opened since `before` (sign-ups) must hold nothing; every other one exactly what it held. */
  function moneyMoved(before: Snapshot, after: Snapshot): string[] {
    const moved: string[] = [];
    for (const [id, balance] of after) {
      const was = before.get(id) ?? '0';
      if (was !== balance) moved.push(`${id}: ${was} → ${balance}`);
    }
    for (const id of before.keys()) if (!after.has(id)) moved.push(`${id} vanished`);
    return moved;
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { clock, verifyPerMinute: 100_000 });
    customer = await fundedCustomer(t, 5_000);
    const newKey = async (name: string) => {
      await turnOnPartnerAccess(customer.client);
      const created = await customer.client.post('/api/v1/api-keys', {
        name,
        password: customer.password,
        pin: TEST_PIN,
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ key: string; apiKey: { id: string } }>();
    };
    partnerKey = (await newKey('fuzz shop')).key;
    const spare = await newKey('spare');
    real.spareKeyId = spare.apiKey.id;

    const { purchase } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    expect(purchase?.status).toBe('delivered');
    real.requestId = purchase?.requestId ?? '';
    real.providerRequestId = purchase?.providerRequestId ?? '';
    real.paymentReference = (
      await startCardPayment(customer.client, customer.email, '500')
    ).checkout.reference;

    const signedUpAdmin = await signUp(t.app, { name: 'Fuzz Admin' });
    await t.container.auth.setRole(signedUpAdmin.userId, 'admin');
    admin = signedUpAdmin.client;
    await confirmEmail(customer.client);
    const manual = await customer.client.post('/api/v1/funding/manual', {
      depositorName: 'Ada Obi',
      bankName: 'GTBank',
      amount: '1000',
    });
    real.decidedManualRequestId = manual.json<{ request: { id: string } }>().request.id;
    // decided already: approving it again would be a second credit, so every approval here must be refused
    const rejected = await admin.post(`/api/v1/admin/funding/manual/${real.decidedManualRequestId}/reject`, {
      reason: 'No deposit arrived',
    });
    expect(rejected.statusCode).toBe(200);
    const checker = await newAdmin(t, 'Fuzz Checker');
    real.invitationToken = (await approvedInvitation(admin, checker.client)).token;

    // the principals work, so a refusal below is about the input and not about who sent it
    expect((await customer.client.get('/api/v1/me')).statusCode).toBe(200);
    expect((await admin.get('/api/v1/admin/users')).statusCode).toBe(200);
    expect(
      (await send({ method: 'GET', path: '/api/v1/balance', principal: 'partner-key' })).statusCode,
    ).toBe(200);
    expect(real.invitationToken).not.toBe('');
    afterSetup = await balances();
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  function clientOf(principal: Principal): TestClient | undefined {
    if (principal === 'customer') return customer.client;
    if (principal === 'admin') return admin;
    return undefined;
  }

  async function send(request: {
    method: string;
    path: string;
    principal: Principal;
    query?: string;
    contentType?: string | undefined;
    text?: string;
    headers?: Record<string, string>;
  }): Promise<LightMyRequestResponse> {
    const client = clientOf(request.principal);
    const response = await t.app.inject({
      method: request.method,
      url: request.query ? `${request.path}?${request.query}` : request.path,
      remoteAddress: '127.0.0.1',
      headers: {
        ...(request.principal !== 'partner-key' && { origin: TEST_APP_URL, 'sec-fetch-site': 'same-origin' }),
        ...(client && { cookie: client.cookieHeader }),
        ...(request.principal === 'partner-key' && { authorization: `Bearer ${partnerKey}` }),
        ...(request.contentType !== undefined && { 'content-type': request.contentType }),
        ...request.headers,
      },
      ...(request.text !== undefined && { payload: request.text }),
    });
    if (client && response.cookies.length > 0) {
      // keep a refreshed session, as a browser would
      const jar = new Map(client.cookieHeader.split('; ').map((pair) => pair.split('=') as [string, string]));
      for (const cookie of response.cookies) jar.set(cookie.name, cookie.value);
      client.setCookieHeader([...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    return response;
  }

  // ---- what a good request to a route looks like, before it is spoilt ----

  function goodValue(name: string, principal: Principal): fc.Arbitrary<unknown> | undefined {
    switch (name) {
      case 'requestId':
        // a used requestId is refused before the amount is read, so mostly a fresh one
        return fc.oneof(
          { weight: 3, arbitrary: fc.uuid() },
          { weight: 1, arbitrary: fc.constant(real.requestId) },
        );
      case 'serviceId':
        return fc.constant('mtn');
      case 'phone':
        return fc.constant('08011111111');
      case 'amount':
        return fc.constant('100');
      case 'pin':
        // a partner key buys without a PIN
        return principal === 'partner-key' ? undefined : fc.constant(TEST_PIN);
      case 'currentPin':
        return fc.constant(TEST_PIN);
      case 'email':
        return fc.constant(customer.email);
      case 'password':
        return fc.constant(customer.password);
      case 'name':
      case 'depositorName':
        return fc.constant('Ada Obi');
      case 'bankName':
        return fc.constant('GTBank');
      case 'reason':
        return fc.constant('No deposit arrived');
      case 'reference':
        return fc.constant(real.paymentReference);
      case 'token':
        return fc.constant('not-a-token-0123456789');
      default:
        return undefined;
    }
  }

  const goodOverrides: Record<string, Record<string, fc.Arbitrary<unknown>>> = {
    'POST /api/v1/auth/sign-up': { email: fc.uuid().map((id) => `${id}@example.com`) },
    'POST /api/v1/verify': { serviceId: fc.constant('dstv'), billersCode: fc.constant('1212121212') },
    'POST /api/v1/funding/card': { amount: fc.constant('500') },
    'POST /api/v1/funding/manual': { amount: fc.constant('1000') },
  };

  function goodBody(route: RouteEntry, fields: Field[], principal: Principal) {
    const parts: Record<string, fc.Arbitrary<unknown>> = {};
    for (const field of fields) {
      const [name = ''] = field.path;
      const value = goodValue(name, principal);
      if (value) parts[name] = value;
      else if (field.isRequired) parts[name] = fc.constant('x');
    }
    Object.assign(parts, goodOverrides[routeName(route)]);
    return fc.record(parts);
  }

  /** Event-shaped nonsense for the webhooks, which have no schema but do have a shape. */
  const providerSamples: Record<string, () => Record<string, unknown>[]> = {
    '/webhooks/paystack': () => [
      // a real reference with the wrong amount: signed, but still nonsense
      JSON.parse(chargeSuccess(real.paymentReference, 1)) as Record<string, unknown>,
      JSON.parse(chargeSuccess('NO-SUCH-REFERENCE', 50_000, 'dedicated_nuban')) as Record<string, unknown>,
    ],
    '/webhooks/vtpass': () => [
      { type: 'transaction-update', data: { requestId: real.providerRequestId, code: '000' } },
      { type: 'variations-update', serviceID: 'mtn-data' },
    ],
  };

  function realParam(route: RouteEntry, name: string): string | undefined {
    if (name === 'requestId') return real.requestId;
    if (name === 'serviceId') return 'mtn-data';
    if (name === 'token') return real.invitationToken;
    if (name === 'id' && route.url.includes('/api-keys/')) return real.spareKeyId;
    if (name === 'id' && route.url.includes('/funding/manual/')) return real.decidedManualRequestId;
    return undefined;
  }

  function principalsOf(route: RouteEntry): [Principal, ...Principal[]] {
    switch (route.access) {
      case 'user':
        return ['customer'];
      case 'userOrKey':
        return ['customer', 'partner-key'];
      case 'admin':
        return ['admin'];
      case 'public':
      case 'provider':
      case 'sandbox':
      case 'operator':
        return ['anonymous'];
    }
  }

  function paths(route: RouteEntry): fc.Arbitrary<{ path: SentText; hasRealParams: boolean }> {
    const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
    if (names.length === 0) return fc.constant({ path: new SentText(route.url), hasRealParams: true });
    const segment = (name: string) => {
      const known = realParam(route, name);
      return known
        ? fc.oneof(
            fc.constant({ value: encodeURIComponent(known), isReal: true }),
            badPathSegments.map((value) => ({ value, isReal: false })),
          )
        : badPathSegments.map((value) => ({ value, isReal: false }));
    };
    return fc.tuple(...names.map(segment)).map((segments) => {
      let path = route.url;
      names.forEach((name, i) => {
        path = path.replace(`:${name}`, segments[i]?.value ?? '');
      });
      return { path: new SentText(path), hasRealParams: segments.every((s) => s.isReal) };
    });
  }

  function payloads(route: RouteEntry, principal: Principal): fc.Arbitrary<Payload> {
    if (route.method === 'GET') return fc.constant({ kind: 'none' });
    const sampler = providerSamples[route.url];
    const schemaFields = fieldsOfSchema(route.schema?.body);
    const spoilt = sampler
      ? fc
          .constantFrom(...sampler())
          .chain((sample) =>
            fc
              .array(mutations(fieldsOfSample(sample)), FEW)
              .map((changes) => ({ kind: 'json' as const, value: applyMutations(sample, changes), changes })),
          )
      : fc
          .tuple(
            goodBody(route, schemaFields ?? [], principal),
            fc.array(mutations(schemaFields ?? [], CHECKED_FIELDS), FEW),
          )
          .map(([good, changes]) => ({
            kind: 'json' as const,
            value: applyMutations(good, changes),
            changes,
          }));
    const mustRefuse = (payload: Payload) =>
      payload.kind !== 'json' || isRefusalWorthy(route, payload, principal, schemaFields ?? []);
    return fc
      .oneof(
        { weight: 10, arbitrary: spoilt },
        {
          weight: 1,
          arbitrary: nonObjectBodies.map((value) => ({ kind: 'json' as const, value, changes: [] })),
        },
        { weight: 1, arbitrary: rawBodies.map((body) => ({ kind: 'raw' as const, body })) },
      )
      .filter(mustRefuse);
  }

  /**
   * Where a good request carries a checked field (it could buy, start a payment or change the PIN), every request
   * must carry something the server has to refuse, so that a request that moves money is a request let through.
   * Elsewhere clean bodies with odd text in them go too: they reach the database.
   */
  function isRefusalWorthy(
    route: RouteEntry,
    payload: Payload & { kind: 'json' },
    principal: Principal,
    fields: Field[],
  ) {
    const checkedInGood = checkedFieldsOf(fields, principal);
    if (checkedInGood.length === 0) return true;
    const text = toJsonText(payload.value);
    if (text.includes('\\u0000')) return true;
    const parsed: unknown = JSON.parse(text);
    if (!isPlainObject(parsed) || containsPoison(parsed)) return true;
    if (zodSchema(route.schema?.body)?.safeParse(parsed).success === false) return true;
    return payload.changes.some(
      (change) => change.kind !== 'extra' && checkedInGood.includes(change.path[0] ?? ''),
    );
  }

  const checkedFieldsOf = (fields: Field[], principal: Principal) =>
    fields
      .map((field) => field.path[0] ?? '')
      .filter((name) => CHECKED_FIELDS.has(name) && goodValue(name, principal) !== undefined);

  /**
   * The cases every run sends, beside the random ones: each bad value alone in each checked field of a good body
   * (so it reaches the service), and text the database cannot store in every field.
   */
  function fixedCases(route: RouteEntry): Case[] {
    if (route.method === 'GET') return [];
    const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
    let path = route.url;
    for (const name of names) {
      const known = realParam(route, name);
      if (known === undefined) return [];
      path = path.replace(`:${name}`, encodeURIComponent(known));
    }
    const caseOf = (principal: Principal, good: Record<string, unknown>, change: Mutation): Case => ({
      principal,
      path: new SentText(path),
      hasRealParams: true,
      query: new SentText(''),
      payload: { kind: 'json', value: applyMutations(good, [change]), changes: [change] },
      ...(route.url === '/webhooks/paystack' && { signature: 'signed' as const }),
    });
    const unstorable = (field: Field, onlyNul = false): Mutation[] =>
      UNSTORABLE_STRINGS.filter((value) => !onlyNul || value.includes('\u0000')).map((value) => ({
        kind: 'bad-value',
        path: field.path,
        value,
      }));
    const sampler = providerSamples[route.url];
    if (sampler) {
      return sampler().flatMap((sample) =>
        fieldsOfSample(sample).flatMap((field) =>
          unstorable(field).map((change) => caseOf('anonymous', sample, change)),
        ),
      );
    }
    const fields = fieldsOfSchema(route.schema?.body) ?? [];
    return principalsOf(route).flatMap((principal) => {
      const [good = {}] = fc.sample(goodBody(route, fields, principal), 1);
      if ('requestId' in good) good['requestId'] = randomUUID();
      const checked = checkedFieldsOf(fields, principal);
      const changes = fields.flatMap((field): Mutation[] => {
        const name = field.path.join('.');
        if (checked.includes(name)) {
          return [
            ...badValueList(field).map((value) => ({ kind: 'bad-value' as const, path: field.path, value })),
            { kind: 'missing', path: field.path },
          ];
        }
        // a lone surrogate in a field the service ignores is not a refusal: only U+0000 always is
        return unstorable(field, checked.length > 0);
      });
      return changes.map((change) => caseOf(principal, good, change));
    });
  }

  function cases(route: RouteEntry): fc.Arbitrary<Case> {
    const queryFields = fieldsOfSchema(route.schema?.querystring);
    return fc.constantFrom(...principalsOf(route)).chain((principal) =>
      fc
        .record({
          principal: fc.constant(principal),
          target: paths(route),
          query: (queryFields ? fc.oneof(fc.constant(''), badQueries(queryFields)) : fc.constant('')).map(
            (query) => new SentText(query),
          ),
          payload: payloads(route, principal),
          signature: fc.constantFrom<Signature>('unsigned', 'wrongly-signed', 'signed'),
        })
        .map(({ target, signature, ...rest }) => ({
          ...rest,
          ...target,
          ...(route.url === '/webhooks/paystack' && { signature }),
        })),
    );
  }

  // ---- sending a case and judging the answer ----

  function bodyOf(payload: Payload): { contentType?: string | undefined; text?: string } {
    if (payload.kind === 'none') return {};
    if (payload.kind === 'raw') return { contentType: payload.body.contentType, text: payload.body.text };
    return { contentType: 'application/json', text: toJsonText(payload.value) };
  }

  function signatureHeader(
    signature: Signature | undefined,
    text: string | undefined,
  ): Record<string, string> {
    if (signature === 'signed') return { 'x-paystack-signature': sign(text ?? '') };
    if (signature === 'wrongly-signed') return { 'x-paystack-signature': sign(`${text ?? ''} `) };
    return {};
  }

  /** What the server must answer, where the input alone decides it. */
  function expectedRefusal(route: RouteEntry, c: Case, text: string | undefined) {
    // the router answers a garbage path before the body is read
    if (c.payload.kind !== 'json' || text === undefined || !c.hasRealParams) return null;
    if (Buffer.byteLength(text) > BODY_LIMIT) return { status: 413, code: 'PAYLOAD_TOO_LARGE' };
    // the Paystack webhook reads raw bytes and checks the signature before anything else
    if (c.signature) return c.signature === 'signed' ? null : { status: 401, code: 'UNAUTHENTICATED' };
    const parsed: unknown = JSON.parse(text);
    if (containsPoison(parsed)) return { status: 400, code: 'VALIDATION_FAILED' };
    const schema = zodSchema(route.schema?.body);
    if (!schema) return null;
    const result = schema.safeParse(parsed);
    if (result.success) return null;
    return {
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: text.includes('\\u0000') ? [] : result.error.issues.map((issue) => issue.path.join('.') || '_'),
    };
  }

  async function check(route: RouteEntry, c: Case): Promise<void> {
    const { contentType, text } = bodyOf(c.payload);
    const before = await balances();
    const response = await send({
      method: route.method,
      path: c.path.text,
      principal: c.principal,
      query: c.query.text,
      contentType,
      ...(text !== undefined && { text }),
      headers: signatureHeader(c.signature, text),
    });
    const shown = text === undefined ? '' : abbreviate(text, 600);
    const where =
      `${routeName(route)} as ${c.principal}${c.signature ? ` (${c.signature})` : ''}: ` +
      `${route.method} ${abbreviate(c.path.text)}${c.query.text ? `?${abbreviate(c.query.text)}` : ''} ` +
      `[${contentType ?? 'no content-type'}] ${shown}\n` +
      `→ ${response.statusCode} ${response.body.slice(0, 400)}`;

    expect(response.statusCode, where).toBeLessThan(500);
    if (response.statusCode >= 400) {
      let error: ReturnType<typeof errorOf>;
      try {
        error = errorOf(response);
      } catch {
        throw new Error(`not the error envelope: ${where}`);
      }
      if (error.code === 'PIN_LOCKED') clockOffsetMs += (PIN_LOCK_MINUTES + 1) * 60_000;
      if (error.code === 'RATE_LIMITED') clockOffsetMs += 11 * 60_000;
      const expected = expectedRefusal(route, c, text);
      if (expected) {
        expect({ status: response.statusCode, code: error.code }, where).toEqual({
          status: expected.status,
          code: expected.code,
        });
        if (expected.fields) {
          const fields = error.details?.['fields'];
          expect(isPlainObject(fields) && Object.keys(fields).length > 0, `no details.fields: ${where}`).toBe(
            true,
          );
          if (expected.fields.length > 0) {
            const named = Object.keys(fields as object).filter((key) => expected.fields.includes(key));
            expect(named, `details.fields names none of ${expected.fields.join(', ')}: ${where}`).not.toEqual(
              [],
            );
          }
        }
      }
    } else {
      const expected = expectedRefusal(route, c, text);
      expect(expected, `accepted what it must refuse: ${where}`).toBeNull();
    }
    const moved = moneyMoved(before, await balances());
    expect(moved, `money moved: ${where}`).toEqual([]);
  }

  it('reads a route table that holds the API', () => {
    expect(routeTable.length).toBeGreaterThan(20);
    const purchases = routeTable.find((route) => routeName(route) === 'POST /api/v1/purchases');
    expect(purchases?.access).toBe('userOrKey');
    expect(fieldsOfSchema(purchases?.schema?.body)?.map((field) => field.path[0])).toEqual(
      expect.arrayContaining(['requestId', 'serviceId', 'amount', 'pin']),
    );
    expect(fuzzedRoutes.map(routeName)).toEqual(
      expect.arrayContaining(['POST /api/v1/purchases', 'POST /webhooks/paystack', 'POST /webhooks/vtpass']),
    );
  });

  for (const route of fuzzedRoutes) {
    it(`${routeName(route)} (${route.access}) refuses bad input without a 5xx or moving money`, async () => {
      const atStart = await balances();
      const examples = fixedCases(route);
      const numRuns = route.schema?.body
        ? RUNS.body
        : route.access === 'provider'
          ? RUNS.provider
          : RUNS.other;
      await fc.assert(
        fc.asyncProperty(cases(route), async (c) => {
          await check(route, c);
        }),
        // fast-check counts the examples in numRuns
        { numRuns: numRuns + examples.length, examples: examples.map((c): [Case] => [c]) },
      );
      // webhooks hand their work to jobs: money may move only once those have run
      if (route.access === 'provider') await jobsDone();
      expect(moneyMoved(atStart, await balances()), `money moved after ${routeName(route)}`).toEqual([]);
      expect((await t.container.ledger.verify()).problems).toEqual([]);
    }, 120_000);
  }

  it('leaves the customer able to pay: the session, the PIN and the partner key still work', async () => {
    expect((await customer.client.get('/api/v1/me')).statusCode).toBe(200);
    await expect(t.container.pins.verify(customer.userId, TEST_PIN)).resolves.toBeUndefined();
    expect(
      (await send({ method: 'GET', path: '/api/v1/balance', principal: 'partner-key' })).statusCode,
    ).toBe(200);
    expect(moneyMoved(afterSetup, await balances())).toEqual([]);
  });
});
