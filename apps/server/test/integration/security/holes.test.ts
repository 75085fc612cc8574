import { createHmac, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { queryRows } from '../../../src/db/client.ts';
import { secretFingerprints } from '../../../src/db/system.tables.ts';
import { checkSecretFingerprints } from '../../../src/lib/secrets.ts';
import { sessions } from '../../../src/modules/auth/auth.tables.ts';
import { signPaystackBody } from '../../../src/providers/paystack/paystack.signature.ts';
import {
  createTestApp,
  errorOf,
  signUp,
  TestClient,
  testConfig,
  uniqueEmail,
  type TestApp,
} from '../../helpers/app.ts';
import { describeEachDatabase, openTestDatabase } from '../../helpers/database.ts';
import { SANDBOX_SECRET, postWebhook } from '../../helpers/paystack.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

// frozen at the moment the suite starts: a fixed date would stop matching the sandbox provider's own clock,
// which refuses request ids not dated today (in Lagos)
const frozenAt = new Date();
const frozenClock = { now: () => new Date(frozenAt) };

describeEachDatabase('closed holes', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // nothing resolves a pending sale here: only the callbacks under test may trigger a requery
    t = await createTestApp(kind, { clock: frozenClock });
  });
  afterAll(async () => {
    await t.close();
  });

  const ledgerBalances = async () =>
    queryRows<{ id: string; balance_kobo: string }>(
      t.container.db,
      sql`select id, balance_kobo::text from ledger_accounts order by id`,
    );

  const jobsFor = async (name: string, filter: ReturnType<typeof sql>) =>
    Number(
      (
        await queryRows<{ count: string }>(
          t.container.db,
          sql`select count(*)::text as count from jobs.job where name = ${name} and ${filter}`,
        )
      )[0]?.count,
    );

  describe('VTpass callbacks are not an amplifier', () => {
    const callback = (body: object) =>
      fetch(`${t.selfUrl}/webhooks/vtpass`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    it('turns 50 callbacks for one purchase into one immediate requery', async () => {
      const customer = await fundedCustomer(t, 1_000);
      const { purchase } = await buy(customer.client, {
        serviceId: 'mtn',
        phone: '201000000000',
        amount: '100',
      });
      expect(purchase?.status).toBe('pending');
      const id = purchase?.id ?? '';
      const immediate = sql`data->>'purchaseId' = ${id} and start_after <= created_on + interval '2 seconds'`;
      expect(await jobsFor('purchases.requery', immediate)).toBe(0);

      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          callback({ type: 'transaction-update', data: { requestId: purchase?.providerRequestId } }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 50 }, () => 200));
      expect(await jobsFor('purchases.requery', immediate)).toBe(1);
    });

    it('ignores callbacks for references it never issued, queueing nothing', async () => {
      const before = await jobsFor('purchases.requery', sql`true`);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          callback({ type: 'transaction-update', data: { requestId: `202611230900unknown${i}` } }),
        ),
      );
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
      await callback({ type: 'transaction-update', data: { requestId: 'x'.repeat(5_000) } });
      expect(await jobsFor('purchases.requery', sql`true`)).toBe(before);
    });

    it('turns 50 plan-change callbacks into one catalogue refresh, and ignores unknown services', async () => {
      const refreshes = sql`data->>'serviceId' = 'glo-data'`;
      const before = await jobsFor('catalog.refresh-plans', refreshes);
      await Promise.all(
        Array.from({ length: 50 }, () => callback({ type: 'variations-update', serviceID: 'glo-data' })),
      );
      expect((await jobsFor('catalog.refresh-plans', refreshes)) - before).toBe(1);
      await callback({ type: 'variations-update', serviceID: 'no-such-service' });
      expect(await jobsFor('catalog.refresh-plans', sql`data->>'serviceId' = 'no-such-service'`)).toBe(0);
    });

    it('is rate-limited per address', async () => {
      const statuses = new Map<number, number>();
      for (let i = 0; i < 601; i++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/webhooks/vtpass',
          remoteAddress: '198.51.100.77',
          payload: { type: 'transaction-update', data: { requestId: `202611230900flood${i}` } },
        });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      }
      expect(Object.fromEntries(statuses)).toEqual({ 200: 600, 429: 1 });
      const other = await t.app.inject({
        method: 'POST',
        url: '/webhooks/vtpass',
        remoteAddress: '198.51.100.78',
        payload: { type: 'transaction-update', data: { requestId: '202611230900other' } },
      });
      expect(other.statusCode).toBe(200);
    });
  });

  it('answers a correctly signed Paystack body that is not an event with 400, storing and crediting nothing', async () => {
    const before = await ledgerBalances();
    for (const body of [
      '{"hello":"world"}',
      '{"event":"charge.success","data":"nonsense"}',
      '{"event":"charge.success","data":{"reference":42,"amount":"lots"}}',
      '[]',
      '"charge.success"',
    ]) {
      const response = await postWebhook(t, body, signPaystackBody(body, SANDBOX_SECRET));
      expect(response.status, body).toBe(400);
      const answer = (await response.json()) as { error: { code: string } };
      expect(answer.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await ledgerBalances()).toEqual(before);
  });

  it('refuses Paystack bodies signed with another algorithm or another key', async () => {
    const body =
      '{"event":"charge.success","data":{"reference":"QV-NEVER","amount":100000,"status":"success"}}';
    for (const signature of [
      createHmac('sha256', SANDBOX_SECRET).update(body).digest('hex'),
      createHmac('sha1', SANDBOX_SECRET).update(body).digest('hex'),
      signPaystackBody(body, 'sk_test_someone_else'),
      signPaystackBody(body, SANDBOX_SECRET).slice(0, 64),
      '',
    ]) {
      const response = await postWebhook(t, body, signature);
      expect(response.status).toBe(401);
    }
  });

  it('creates operator accounts with no session that nobody holds', async () => {
    const email = uniqueEmail('operator');
    const user = await t.container.auth.createUser({ name: 'Op', email, password: 'operator password' });
    expect(await t.container.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const signedIn = await new TestClient(t.app).post('/api/v1/auth/sign-in', {
      email,
      password: 'operator password',
    });
    expect(signedIn.statusCode).toBe(200);
    await expect(
      t.container.auth.createUser({
        name: 'Again',
        email: email.toUpperCase(),
        password: 'another password',
      }),
    ).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it('answers an unknown manual deposit with 404, for approval and rejection', async () => {
    const admin = await signUp(t.app);
    await t.container.auth.setRole(admin.userId, 'admin');
    const approve = await admin.client.post(`/api/v1/admin/funding/manual/mfr_${randomUUID()}/approve`);
    expect(approve.statusCode).toBe(404);
    expect(errorOf(approve).code).toBe('NOT_FOUND');
    const reject = await admin.client.post(`/api/v1/admin/funding/manual/mfr_${randomUUID()}/reject`, {
      reason: 'no such deposit',
    });
    expect(reject.statusCode).toBe(404);
  });
});

describeEachDatabase('secrets shared by every process', (kind) => {
  it('records a fingerprint, never the secret, and refuses a process whose secret differs, naming it', async () => {
    const database = await openTestDatabase(kind);
    try {
      const secrets = { AUTH_SECRET: 'a'.repeat(40), PIN_PEPPER: 'p'.repeat(40) };
      await checkSecretFingerprints(database.db, secrets);
      await checkSecretFingerprints(database.db, secrets);
      const stored = await database.db.select().from(secretFingerprints);
      expect(stored.map((row) => row.name).sort()).toEqual(['AUTH_SECRET', 'PIN_PEPPER']);
      expect(JSON.stringify(stored)).not.toContain('aaaa');
      expect(JSON.stringify(stored)).not.toContain('pppp');

      await expect(
        checkSecretFingerprints(database.db, { ...secrets, PIN_PEPPER: 'q'.repeat(40) }),
      ).rejects.toThrow(/^PIN_PEPPER differs from the value this database was first started with/);
      await expect(
        checkSecretFingerprints(database.db, { AUTH_SECRET: 'b'.repeat(40), PIN_PEPPER: 'q'.repeat(40) }),
      ).rejects.toThrow(/^AUTH_SECRET and PIN_PEPPER differ/);
    } finally {
      await database.close();
    }
  });

  it('refuses to build an app whose AUTH_SECRET differs from the database record', async () => {
    const database = await openTestDatabase(kind);
    try {
      await checkSecretFingerprints(database.db, {
        AUTH_SECRET: 'some-other-secret-some-other-secret-0123',
        PIN_PEPPER: testConfig.pinPepper,
      });
      await expect(
        buildApp({
          config: testConfig,
          database,
          selfUrl: 'http://127.0.0.1:9',
          logger: false,
          rateLimits: { signIn: 10, signUp: 10, passwordReset: 5, windowMs: 60_000 },
        }),
      ).rejects.toThrow(/^AUTH_SECRET differs/);
    } finally {
      await database.close();
    }
  });
});

describeEachDatabase('live mode', (kind) => {
  const live = {
    providerMode: 'live' as const,
    vtpass: { ...testConfig.vtpass, baseUrl: 'http://127.0.0.1:9/vtpass' },
    paystack: { ...testConfig.paystack, baseUrl: 'http://127.0.0.1:9/paystack' },
  };

  it('will not start without real mail', async () => {
    await expect(createTestApp(kind, { config: { ...live, smtpUrl: undefined } })).rejects.toThrow(
      /SMTP_URL/,
    );
  });

  it('has nothing under /sandbox/: no mailbox, no simulators, no checkout pages', async () => {
    const t = await createTestApp(kind, { config: { ...live, smtpUrl: 'smtp://127.0.0.1:9' } });
    try {
      for (const [method, url] of [
        ['GET', '/sandbox/mailbox'],
        ['GET', '/sandbox/mailbox/messages'],
        ['GET', '/sandbox/mailbox.css'],
        ['GET', '/sandbox/paystack/checkout/anything'],
        ['POST', '/sandbox/paystack/transaction/initialize'],
        ['GET', '/sandbox/paystack/simulate/transfer'],
        ['POST', '/sandbox/vtpass/api/pay'],
        ['GET', '/sandbox/vtpass/api/service-variations?serviceID=mtn-data'],
      ] as const) {
        const response = await t.app.inject({ method, url, ...(method === 'POST' && { payload: {} }) });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
      }
      expect(t.routes.filter((route) => route.url.startsWith('/sandbox'))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
