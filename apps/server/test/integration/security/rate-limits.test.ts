import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthRateLimits } from '../../../src/modules/auth/auth.routes.ts';
import { createTestApp, errorOf, signUp, TestClient, uniqueEmail, type TestApp } from '../../helpers/app.ts';
import { databaseKinds, describeEachDatabase, openTestDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer } from '../../helpers/purchases.ts';

const limits: AuthRateLimits = { signIn: 3, signUp: 1000, passwordReset: 2, windowMs: 10 * 60_000 };
// the windows never end by themselves in these tests
// frozen at the moment the suite starts: a fixed date would stop matching the sandbox provider's own clock,
// which refuses request ids not dated today (in Lagos)
const frozenAt = new Date();
const frozenClock = { now: () => new Date(frozenAt) };

const signIn = (client: TestClient, email: string, password: string) =>
  client.post('/api/v1/auth/sign-in', { email, password });

describeEachDatabase('rate limits', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { rateLimits: limits, clock: frozenClock });
  });
  afterAll(async () => {
    await t.close();
  });

  it("an attacker's wrong passwords never lock the owner out, even behind the same carrier address", async () => {
    const victim = await signUp(t.app);
    const carrier = '203.0.113.66';
    const attacker = new TestClient(t.app, carrier);
    const attempts: number[] = [];
    // more tries than the account's own allowance: refused tries must not spend it
    for (let i = 0; i < 20; i++)
      attempts.push((await signIn(attacker, victim.email, 'wrong guess')).statusCode);
    expect(attempts).toEqual([401, 401, 401, ...Array.from({ length: 17 }, () => 429)]);

    // the owner's phone, where they signed up, behind the same address
    const ownPhone = new TestClient(t.app, carrier);
    ownPhone.setCookieHeader(victim.client.cookieHeader);
    expect((await signIn(ownPhone, victim.email, victim.password)).statusCode).toBe(200);
    // a new phone elsewhere
    expect(
      (await signIn(new TestClient(t.app, '198.51.100.20'), victim.email, victim.password)).statusCode,
    ).toBe(200);
    // a forged device cookie is a stranger's
    const forger = new TestClient(t.app, carrier);
    forger.setCookieHeader('qv_device=AAAAAAAAAAAAAAAAAAAAAA.forged');
    expect((await signIn(forger, victim.email, 'wrong guess')).statusCode).toBe(429);
  });

  it("a known device has its own allowance, and another account's device cookie is no key", async () => {
    const owner = await signUp(t.app);
    const other = await signUp(t.app);
    const phone = new TestClient(t.app, '198.51.100.30');
    phone.setCookieHeader(owner.client.cookieHeader);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(phone, owner.email, 'typo')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // the owner's device cookie says nothing about another account: that one is limited per address as usual
    for (let i = 0; i < 3; i++) expect((await signIn(phone, other.email, 'typo')).statusCode).toBe(401);
    expect((await signIn(phone, other.email, 'typo')).statusCode).toBe(429);
  });

  it('counts only wrong passwords: the owner signs in as often as they like', async () => {
    const customer = await signUp(t.app);
    const phone = new TestClient(t.app, '198.51.100.21');
    for (let i = 0; i < 8; i++)
      expect((await signIn(phone, customer.email, customer.password)).statusCode).toBe(200);
    expect((await signIn(phone, customer.email, 'one typo')).statusCode).toBe(401);
    expect((await signIn(phone, customer.email, customer.password)).statusCode).toBe(200);
  });

  it('limits one account from many addresses more loosely, and one address across many accounts much more loosely', async () => {
    const target = await signUp(t.app);
    const statuses: number[] = [];
    // five addresses, three tries each: the account's own allowance (5 × 3) is spent
    for (let i = 0; i < 6; i++) {
      const client = new TestClient(t.app, `203.0.113.${100 + i}`);
      for (let j = 0; j < 3; j++) statuses.push((await signIn(client, target.email, 'guess')).statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(15);
    expect(statuses.slice(15)).toEqual([429, 429, 429]);

    // a carrier's shared address: 90 wrong passwords across many accounts before it is stopped
    const carrier = new TestClient(t.app, '198.51.100.99');
    const spread: number[] = [];
    for (let i = 0; i < 91; i++) spread.push((await signIn(carrier, uniqueEmail('nat'), 'guess')).statusCode);
    expect(spread.slice(0, 90)).toEqual(Array.from({ length: 90 }, () => 401));
    expect(spread[90]).toBe(429);
    expect(
      (await signIn(new TestClient(t.app, '198.51.100.98'), uniqueEmail('nat'), 'guess')).statusCode,
    ).toBe(401);
  });

  it('answers 429 with Retry-After and the usual error envelope', async () => {
    const client = new TestClient(t.app, '203.0.113.77');
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) await signIn(client, email, 'guess');
    const refused = await signIn(client, email, 'guess');
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
    expect(Number(refused.headers['retry-after'])).toBe(600);
  });

  it("anonymous requests do not spend a customer's allowance for PIN links and receipt mails", async () => {
    const address = '203.0.113.88';
    const anonymous = new TestClient(t.app, address);
    for (let i = 0; i < 20; i++) {
      expect(
        (await anonymous.post('/api/v1/pin/change-request', { email: 'x@example.com' })).statusCode,
      ).toBe(401);
      expect((await anonymous.post('/api/v1/purchases/anything/email')).statusCode).toBe(401);
    }
    const customer = await fundedCustomer(t, 5_000);
    const behindSameAddress = new TestClient(t.app, address);
    behindSameAddress.setCookieHeader(customer.client.cookieHeader);
    const change = await behindSameAddress.post('/api/v1/pin/change-request', { email: customer.email });
    expect(change.statusCode).toBe(202);

    const { purchase } = await buy(customer.client, {
      serviceId: 'ikeja-electric',
      billersCode: '1111111111111',
      type: 'prepaid',
      phone: '08031234567',
      amount: '2000',
    });
    expect(purchase?.status).toBe('delivered');
    const mailed = await behindSameAddress.post(`/api/v1/purchases/${purchase?.requestId}/email`);
    expect(mailed.statusCode).toBe(200);
  });

  it("limits one customer's PIN links and receipt mails however many addresses they use", async () => {
    const customer = await fundedCustomer(t, 1_000);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = new TestClient(t.app, `198.51.100.${150 + i}`);
      client.setCookieHeader(customer.client.cookieHeader);
      statuses.push((await client.post('/api/v1/pin/change-request', { email: customer.email })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('limits password reset mails per account, not per address', async () => {
    const email = uniqueEmail();
    const first = new TestClient(t.app, '203.0.113.90');
    const second = new TestClient(t.app, '203.0.113.91');
    expect((await first.post('/api/v1/auth/forgot-password', { email })).statusCode).toBe(202);
    expect((await second.post('/api/v1/auth/forgot-password', { email })).statusCode).toBe(202);
    expect((await second.post('/api/v1/auth/forgot-password', { email })).statusCode).toBe(429);
    expect((await first.post('/api/v1/auth/forgot-password', { email: uniqueEmail() })).statusCode).toBe(202);
  });
});

describeEachDatabase('sign-ups behind one carrier address', (kind) => {
  it('lets many customers sign up from one address before the ceiling', async () => {
    const t = await createTestApp(kind, { rateLimits: { ...limits, signUp: 1 }, clock: frozenClock });
    try {
      const carrier = '198.51.100.200';
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++) {
        const response = await new TestClient(t.app, carrier).post('/api/v1/auth/sign-up', {
          name: 'Chidi Okeke',
          email: uniqueEmail('nat'),
          password: 'correct horse battery',
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 30)).toEqual(Array.from({ length: 30 }, () => 201));
      expect(statuses[30]).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describeEachDatabase('the client address behind a reverse proxy', (kind) => {
  const proxy = '10.0.0.5';
  const wrongSignIn = (t: TestApp, forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/sign-in',
      remoteAddress: proxy,
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'x-forwarded-for': forwardedFor,
      },
      payload: { email: 'someone@example.com', password: 'guess' },
    });

  it('ignores X-Forwarded-For unless TRUST_PROXY says so, so a client cannot rotate its way past a limit', async () => {
    const t = await createTestApp(kind, { rateLimits: limits, clock: frozenClock });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) statuses.push((await wrongSignIn(t, `192.0.2.${i}`)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await t.close();
    }
  });

  it('with TRUST_PROXY, counts each client behind the proxy on its own', async () => {
    const t = await createTestApp(kind, { rateLimits: limits, clock: frozenClock, trustProxy: { hops: 1 } });
    try {
      for (let i = 0; i < 3; i++) expect((await wrongSignIn(t, '192.0.2.10')).statusCode).toBe(401);
      expect((await wrongSignIn(t, '192.0.2.10')).statusCode).toBe(429);
      expect((await wrongSignIn(t, '192.0.2.11')).statusCode).toBe(401);
      // only the nearest hop is believed: what the client itself put first does not count
      expect((await wrongSignIn(t, '192.0.2.99, 192.0.2.10')).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(databaseKinds.includes('postgres'))(
  'rate limits shared by two server processes [postgres]',
  () => {
    it('spends one allowance whichever process answers', async () => {
      const database = await openTestDatabase('postgres');
      const first = await createTestApp('postgres', { rateLimits: limits, clock: frozenClock, database });
      const second = await createTestApp('postgres', { rateLimits: limits, clock: frozenClock, database });
      try {
        const email = uniqueEmail();
        const statuses: number[] = [];
        for (const t of [first, second, first, second]) {
          statuses.push((await signIn(new TestClient(t.app, '203.0.113.5'), email, 'guess')).statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 429]);
      } finally {
        await first.app.close();
        await second.app.close();
        await database.close();
      }
    });
  },
);
