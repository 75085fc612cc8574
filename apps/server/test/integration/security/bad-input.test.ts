import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
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
import { abbreviate, fieldsOfSchema, toJsonText } from '../../helpers/fuzz-json.ts';
import { sign, startCardPayment } from '../../helpers/paystack.ts';
import { buy, fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';
import { confirmEmail } from '../../helpers/email.ts';
import {
  containsPoison,
  createCaseMaker,
  isPlainObject,
  routeName,
  zodSchema,
  type Case,
  type KnownIds,
  type Payload,
  type Principal,
  type Signature,
} from '../../helpers/bad-input-cases.ts';

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

type Snapshot = Map<string, string>;

describeEachDatabase('bad input on every route', (kind) => {
  let t: TestApp;
  let clockOffsetMs = 0;
  const clock = { now: () => new Date(Date.now() + clockOffsetMs) };

  let customer: { client: TestClient; email: string; password: string; userId: string };
  let admin: TestClient;
  let partnerKey: string;
  const real: KnownIds = {
    requestId: '',
    providerRequestId: '',
    paymentReference: '',
    decidedManualRequestId: '',
    spareKeyId: '',
    invitationToken: '',
  };
  const { cases, fixedCases } = createCaseMaker({ real, customer: () => customer });
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
          // test money is free (test:* and partners' test accounts): a top-up of it is no money moving
          sql`select id, balance_kobo::text from ledger_accounts
              where code not like 'test:%'
                and (owner_user_id is null or owner_user_id not in (select id from users where test_of is not null))
              order by id`,
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
