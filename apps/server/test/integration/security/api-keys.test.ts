import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ApiKey } from '@quickvend/shared/api/api-keys';
import { queryRows, type DatabaseHandle } from '../../../src/db/client.ts';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { databaseKinds, describeEachDatabase, openTestDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';

const WRONG_PIN = '9371';

type SandboxMail = { to: string; subject: string; text: string };

/** Mail may leave in the background: wait until one to `to` whose subject matches has landed. */
function waitForMailAbout(app: FastifyInstance, to: string, subject: RegExp): Promise<SandboxMail> {
  return vi.waitFor(
    async () => {
      const { messages } = (await app.inject({ url: '/sandbox/mailbox/messages' })).json<{
        messages: SandboxMail[];
      }>();
      const mail = messages.find((m) => m.to === to && subject.test(m.subject));
      if (!mail) throw new Error(`no mail to ${to} about ${String(subject)} yet`);
      return mail;
    },
    { timeout: 5_000, interval: 20 },
  );
}

const useKey = (app: FastifyInstance, key: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    url: '/api/v1/balance',
    remoteAddress,
    headers: { authorization: `Bearer ${key}` },
  });

describeEachDatabase('partner API keys', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const listKeys = async (client: TestClient) =>
    (await client.get('/api/v1/api-keys')).json<{ apiKeys: ApiKey[] }>().apiKeys;

  it('needs the password and, once one is set, the transaction PIN: a session alone cannot make a key', async () => {
    const { client, password } = await fundedCustomer(t, 0);
    await turnOnPartnerAccess(client);

    const noPassword = await client.post('/api/v1/api-keys', { name: 'Till', pin: TEST_PIN });
    expect(noPassword.statusCode).toBe(400);
    expect(errorOf(noPassword)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: { password: 'Enter your password.' } },
    });

    const wrongPassword = await client.post('/api/v1/api-keys', {
      name: 'Till',
      password: 'not my password',
      pin: TEST_PIN,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(errorOf(wrongPassword)).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: 'That password is not right. Enter the password you sign in with.',
      details: { fields: { password: expect.any(String) as unknown } },
    });

    const noPin = await client.post('/api/v1/api-keys', { name: 'Till', password });
    expect(noPin.statusCode).toBe(400);
    expect(errorOf(noPin)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { fields: { pin: 'Enter your transaction PIN.' } },
    });

    const wrongPin = await client.post('/api/v1/api-keys', { name: 'Till', password, pin: WRONG_PIN });
    expect(wrongPin.statusCode).toBe(403);
    expect(errorOf(wrongPin)).toMatchObject({ code: 'PIN_INCORRECT', details: { attemptsLeft: 4 } });
    expect(await listKeys(client)).toEqual([]);

    const created = await client.post('/api/v1/api-keys', { name: 'Till', password, pin: TEST_PIN });
    expect(created.statusCode).toBe(201);
    expect(created.json<{ apiKey: ApiKey }>().apiKey).toMatchObject({ name: 'Till', allowedIps: [] });
    expect(await listKeys(client)).toHaveLength(1);

    const withoutPinSet = await signUp(t.app);
    await turnOnPartnerAccess(withoutPinSet.client);
    const passwordOnly = await withoutPinSet.client.post('/api/v1/api-keys', {
      name: 'Shop',
      password: withoutPinSet.password,
    });
    expect(passwordOnly.statusCode).toBe(201);
  });

  it('counts wrong PINs with the purchases: five lock both, and while locked even the right PIN makes no key', async () => {
    const { client, password } = await fundedCustomer(t, 1_000);
    await turnOnPartnerAccess(client);
    const createWith = (pin: string) => client.post('/api/v1/api-keys', { name: 'Till', password, pin });

    expect(errorOf(await createWith(WRONG_PIN)).details).toEqual({ attemptsLeft: 4 });
    expect(errorOf(await createWith(WRONG_PIN)).details).toEqual({ attemptsLeft: 3 });
    const { response: wrongPurchase } = await buy(client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
      pin: WRONG_PIN,
    });
    expect(errorOf(wrongPurchase).details).toEqual({ attemptsLeft: 2 });
    expect(errorOf(await createWith(WRONG_PIN)).details).toEqual({ attemptsLeft: 1 });
    const fifth = await createWith(WRONG_PIN);
    expect(fifth.statusCode).toBe(423);
    expect(errorOf(fifth).code).toBe('PIN_LOCKED');

    const { response: lockedPurchase } = await buy(client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    expect(errorOf(lockedPurchase).code).toBe('PIN_LOCKED');
    const lockedKey = await createWith(TEST_PIN);
    expect(lockedKey.statusCode).toBe(423);
    expect(errorOf(lockedKey).code).toBe('PIN_LOCKED');
    const lockedNoPin = await client.post('/api/v1/api-keys', { name: 'Till', password });
    expect(errorOf(lockedNoPin).code).toBe('PIN_LOCKED');
    expect(await listKeys(client)).toEqual([]);
  });

  it('limits wrong passwords per user', async () => {
    const { client, password } = await signUp(t.app);
    await turnOnPartnerAccess(client);
    for (let i = 0; i < 5; i++) {
      const wrong = await client.post('/api/v1/api-keys', { name: 'Till', password: `guess ${i}` });
      expect(errorOf(wrong).code).toBe('INVALID_CREDENTIALS');
    }
    const limited = await client.post('/api/v1/api-keys', { name: 'Till', password });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');

    const other = await signUp(t.app);
    await turnOnPartnerAccess(other.client);
    const unaffected = await other.client.post('/api/v1/api-keys', {
      name: 'Till',
      password: other.password,
    });
    expect(unaffected.statusCode).toBe(201);
  });

  it('mails the owner when a key is made and when it is revoked, naming it but never sending it', async () => {
    const { client, email, password } = await signUp(t.app, { name: 'Ada Obi' });
    await turnOnPartnerAccess(client);
    const created = await client.post('/api/v1/api-keys', {
      name: 'Ikeja shop',
      password,
      allowedIps: ['203.0.113.0/24'],
    });
    const { apiKey, key } = created.json<{ apiKey: ApiKey; key: string }>();

    const createdMail = await waitForMailAbout(t.app, email, /new API key was created/);
    expect(createdMail.text).toContain('Hello Ada Obi,');
    expect(createdMail.text).toContain(`“Ikeja shop” (it starts with ${apiKey.prefix})`);
    expect(createdMail.text).toContain('203.0.113.0/24');
    expect(createdMail.text).toContain("If this wasn't you, revoke the key at once");
    expect(createdMail.text).not.toContain(key);

    expect((await client.post(`/api/v1/api-keys/${apiKey.id}/revoke`, {})).statusCode).toBe(200);
    const revokedMail = await waitForMailAbout(t.app, email, /API key .* was revoked/);
    expect(revokedMail.text).toContain(`“Ikeja shop” (it starts with ${apiKey.prefix}) was revoked`);
    expect(revokedMail.text).toContain("If this wasn't you");
    expect(revokedMail.text).not.toContain(key);
  });

  it('keeps a key with allowed addresses to those addresses', async () => {
    const { client, password } = await signUp(t.app);
    await turnOnPartnerAccess(client);
    const limited = await client.post('/api/v1/api-keys', {
      name: 'Office',
      password,
      allowedIps: [' 203.0.113.0/24', '2001:db8::/32', '203.0.113.0/24'],
    });
    expect(limited.statusCode).toBe(201);
    const { apiKey, key } = limited.json<{ apiKey: ApiKey; key: string }>();
    expect(apiKey.allowedIps).toEqual(['203.0.113.0/24', '2001:db8::/32']);
    expect((await listKeys(client))[0]?.allowedIps).toEqual(['203.0.113.0/24', '2001:db8::/32']);

    expect((await useKey(t.app, key, '203.0.113.7')).statusCode).toBe(200);
    expect((await useKey(t.app, key, '::ffff:203.0.113.9')).statusCode).toBe(200);
    expect((await useKey(t.app, key, '2001:db8:1::5')).statusCode).toBe(200);
    const outside = await useKey(t.app, key, '198.51.100.1');
    expect(outside.statusCode).toBe(403);
    expect(errorOf(outside)).toMatchObject({
      code: 'FORBIDDEN',
      message:
        'This API key may be used only from its allowed addresses, and 198.51.100.1 is not one of them.',
    });

    const anywhere = (await client.post('/api/v1/api-keys', { name: 'Anywhere', password })).json<{
      key: string;
    }>().key;
    expect((await useKey(t.app, anywhere, '198.51.100.1')).statusCode).toBe(200);
  });

  it('refuses addresses that are not addresses or CIDR blocks, on the field', async () => {
    const { client, password } = await signUp(t.app);
    await turnOnPartnerAccess(client);
    for (const bad of ['203.0.113.0/33', 'my office', '203.0.113', '2001:db8::/129']) {
      const refused = await client.post('/api/v1/api-keys', { name: 'Till', password, allowedIps: [bad] });
      expect(refused.statusCode).toBe(400);
      const error = errorOf(refused);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect((error.details?.['fields'] as Record<string, string>)['allowedIps']).toBe(
        `“${bad}” is not an IP address or range. Write addresses like 203.0.113.7 and ranges like 203.0.113.0/24.`,
      );
    }
    const tooMany = Array.from({ length: 21 }, (_, i) => `203.0.113.${i}`);
    const refused = await client.post('/api/v1/api-keys', { name: 'Till', password, allowedIps: tooMany });
    expect(errorOf(refused).details).toEqual({
      fields: { allowedIps: 'List at most 20 addresses or ranges.' },
    });
    expect(await listKeys(client)).toEqual([]);
  });
});

// PGlite is one process's embedded database: only PostgreSQL has two server processes sharing one database
for (const kind of databaseKinds.filter((k) => k === 'postgres')) {
  describe(`revoking a key reaches every server at once [${kind}]`, () => {
    let database: DatabaseHandle;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
      a = await createTestApp(kind, { database });
      // B trusts a key it has looked up for an hour: only the notification can make it refuse sooner
      b = await createTestApp(kind, { database, keyCacheMs: 60 * 60_000 });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
      await database.close();
    });

    it('a key revoked on one server is refused by another that has it cached', async () => {
      const { client, password } = await signUp(a.app);
      await turnOnPartnerAccess(client);
      const { apiKey, key } = (await client.post('/api/v1/api-keys', { name: 'Till', password })).json<{
        apiKey: ApiKey;
        key: string;
      }>();
      expect((await useKey(b.app, key)).statusCode).toBe(200);

      expect((await client.post(`/api/v1/api-keys/${apiKey.id}/revoke`, {})).statusCode).toBe(200);
      expect((await useKey(a.app, key)).statusCode).toBe(401);
      // B's cache alone would let the key through for an hour
      await vi.waitFor(
        async () => {
          expect((await useKey(b.app, key)).statusCode).toBe(401);
        },
        { timeout: 15_000, interval: 20 },
      );
    });

    it('still reaches a server whose listening connection was cut', async () => {
      const { client, password } = await signUp(a.app);
      await turnOnPartnerAccess(client);
      const { apiKey, key } = (await client.post('/api/v1/api-keys', { name: 'Till', password })).json<{
        apiKey: ApiKey;
        key: string;
      }>();
      expect((await useKey(b.app, key)).statusCode).toBe(200);
      const cut = await queryRows(
        database.db,
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query like 'LISTEN %'`,
      );
      expect(cut.length).toBeGreaterThan(0);

      expect((await client.post(`/api/v1/api-keys/${apiKey.id}/revoke`, {})).statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          expect((await useKey(b.app, key)).statusCode).toBe(401);
        },
        { timeout: 15_000, interval: 50 },
      );
    });
  });
}
