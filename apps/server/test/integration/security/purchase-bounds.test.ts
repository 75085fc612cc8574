import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@quickvend/shared/messages';
import { queryRows } from '../../../src/db/client.ts';
import { WEB_PURCHASES_PER_MINUTE } from '../../../src/modules/purchases/purchase-flow.ts';
import { createTestApp, errorOf, signUp, type TestApp, type TestClient } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';
import { buy, fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';

// the sandbox VTpass knows one smartcard and one meter of each type; anything else is not verified
const SMARTCARD = '1212121212';
const PREPAID_METER = '1111111111111';
const UNKNOWN_METER = '2222222222222';
const PHONE = '08031234567';
const TOO_MANY_CHECKS = 'Too many checks in a short time. Please wait a minute and try again.';
const TOO_MANY_PURCHASES = 'Too many purchases in a short time. Please wait a minute and try again.';
const DISCOS = [
  'ikeja-electric',
  'eko-electric',
  'abuja-electric',
  'kano-electric',
  'portharcourt-electric',
  'jos-electric',
  'ibadan-electric',
  'kaduna-electric',
  'enugu-electric',
  'benin-electric',
  'aba-electric',
  'yola-electric',
];

// frozen at the moment the suite starts, so no limit's minute ends during a test (a fixed date would stop
// matching the sandbox provider's own clock, which refuses request ids not dated today in Lagos)
const frozenAt = new Date();
const frozenClock = { now: () => new Date(frozenAt) };

/** Counts the calls reaching the sandbox VTpass, by operation: what the provider would bill us for. */
function countProviderCalls() {
  const calls = { verify: 0, pay: 0 };
  return {
    calls,
    install: (app: FastifyInstance) => {
      app.addHook('onRequest', (request, _reply, done) => {
        const path = request.url.split('?')[0] ?? '';
        if (path.startsWith('/sandbox/vtpass/api/') && path.endsWith('/merchant-verify')) calls.verify += 1;
        if (path.startsWith('/sandbox/vtpass/api/') && path.endsWith('/pay')) calls.pay += 1;
        done();
      });
    },
    /** Runs `work` and says how many calls of each kind it made. */
    async during<T>(work: () => Promise<T>): Promise<{ result: T; verify: number; pay: number }> {
      const before = { ...calls };
      const result = await work();
      return { result, verify: calls.verify - before.verify, pay: calls.pay - before.pay };
    },
  };
}

/** A funded customer with partner access and an API key; the address is taken as confirmed (not what is tested here). */
async function fundedPartnerWithKey(t: TestApp, nairaBalance: number) {
  const partner = await fundedCustomer(t, nairaBalance);
  await t.container.db.execute(sql`update users set email_verified = true where id = ${partner.userId}`);
  await turnOnPartnerAccess(partner.client);
  const created = await partner.client.post('/api/v1/api-keys', {
    name: 'shop',
    password: partner.password,
    pin: TEST_PIN,
  });
  if (created.statusCode !== 201) throw new Error(`no API key: ${created.body}`);
  return { ...partner, key: created.json<{ key: string }>().key };
}

const verify = (client: TestClient, body: { serviceId: string; billersCode: string; type?: string }) =>
  client.post('/api/v1/verify', body);

describeEachDatabase('purchases and checks do bounded work and reveal nothing', (kind) => {
  describe('checks with the provider', () => {
    let t: TestApp;
    const provider = countProviderCalls();
    beforeAll(async () => {
      t = await createTestApp(kind, { clock: frozenClock, extraRoutes: provider.install });
    });
    afterAll(async () => {
      await t.close();
    });

    const keyCall = (key: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${key}` }, payload });

    it('40 checks at once reach the provider 10 times; the rest are refused with Retry-After', async () => {
      const { client } = await signUp(t.app);
      const { result: answers, verify: calls } = await provider.during(() =>
        Promise.all(
          Array.from({ length: 40 }, () => verify(client, { serviceId: 'dstv', billersCode: SMARTCARD })),
        ),
      );
      expect(calls).toBe(10);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(refused).toHaveLength(30);
      for (const answer of refused) {
        expect(errorOf(answer)).toMatchObject({ code: 'RATE_LIMITED', message: TOO_MANY_CHECKS });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    });

    it("a purchase's own check spends the same allowance: no way around it by buying", async () => {
      const { client } = await fundedCustomer(t, 50_000);
      for (let i = 0; i < 10; i++) {
        const answer = await verify(client, {
          serviceId: 'dstv',
          billersCode: `99999999${String(i).padStart(2, '0')}`,
        });
        expect(answer.statusCode).toBe(422);
      }
      const { result, verify: calls } = await provider.during(() =>
        buy(client, {
          serviceId: 'ikeja-electric',
          type: 'prepaid',
          billersCode: UNKNOWN_METER,
          amount: '1000',
          phone: PHONE,
        }),
      );
      expect(calls).toBe(0);
      expect(result.response.statusCode).toBe(429);
      expect(errorOf(result.response).message).toBe(TOO_MANY_CHECKS);
    });

    it("a partner's purchases tell no more than its own checks would: refused ones spend the same allowance", async () => {
      const { key } = await fundedPartnerWithKey(t, 50_000);
      const order = (i: number) => ({
        requestId: randomUUID(),
        serviceId: 'ikeja-electric',
        type: 'prepaid',
        billersCode: `22222222222${String(i).padStart(2, '0')}`,
        amount: '1000',
        phone: PHONE,
      });
      const { result: answers, verify: calls } = await provider.during(async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 12; i++)
          statuses.push((await keyCall(key, '/api/v1/purchases', order(i))).statusCode);
        return statuses;
      });
      expect(answers).toEqual([...Array.from({ length: 10 }, () => 422), 429, 429]);
      expect(calls).toBe(10);
      // the key's own checks are the same allowance, spent
      const check = await keyCall(key, '/api/v1/verify', {
        serviceId: 'dstv',
        billersCode: SMARTCARD,
      });
      expect(check.statusCode).toBe(429);
    });

    it('a purchase that is made gives its check back: twelve new meters are bought in a row', async () => {
      const { client, userId } = await fundedCustomer(t, 20_000);
      const { result, verify: calls } = await provider.during(async () => {
        const statuses: number[] = [];
        for (const serviceId of DISCOS) {
          const { response } = await buy(client, {
            serviceId,
            type: 'prepaid',
            billersCode: PREPAID_METER,
            amount: '1000',
            phone: PHONE,
          });
          statuses.push(response.statusCode);
        }
        return statuses;
      });
      expect(result).toEqual(DISCOS.map(() => 201));
      expect(calls).toBe(12);
      // ₦1,000 less the 1% discount, each
      expect(await t.container.ledger.getWalletBalance(userId)).toBe(2_000_000 - 12 * 99_000);
      // and the allowance is whole: ten checks of the customer's own
      for (let i = 0; i < 10; i++)
        expect((await verify(client, { serviceId: 'gotv', billersCode: SMARTCARD })).statusCode).toBe(200);
    });

    it('a wrong PIN is answered before the provider is asked, as a wrong PIN, and counts as one', async () => {
      const { client } = await fundedCustomer(t, 50_000);
      const unknownMeter = {
        serviceId: 'ikeja-electric',
        type: 'prepaid',
        billersCode: UNKNOWN_METER,
        amount: '1000',
        phone: PHONE,
        pin: '9071',
      };
      const first = await provider.during(() => buy(client, unknownMeter));
      const second = await provider.during(() =>
        buy(client, { ...unknownMeter, billersCode: PREPAID_METER }),
      );
      expect(first.verify + first.pay + second.verify + second.pay).toBe(0);
      expect(first.result.response.statusCode).toBe(403);
      expect(errorOf(first.result.response)).toMatchObject({
        code: 'PIN_INCORRECT',
        details: { attemptsLeft: 4 },
      });
      // a meter the provider knows is answered the same way: the answer tells nothing about the number
      expect(errorOf(second.result.response)).toMatchObject({
        code: 'PIN_INCORRECT',
        details: { attemptsLeft: 3 },
      });
    });

    it('an empty wallet is answered before the provider is asked, renewals included', async () => {
      const { client } = await fundedCustomer(t, 0);
      const meter = await provider.during(() =>
        buy(client, {
          serviceId: 'ikeja-electric',
          type: 'prepaid',
          billersCode: UNKNOWN_METER,
          amount: '1000',
          phone: PHONE,
        }),
      );
      const renewal = await provider.during(() =>
        buy(client, {
          serviceId: 'dstv',
          billersCode: '1234567890',
          subscriptionType: 'renew',
          phone: PHONE,
        }),
      );
      for (const { result, verify: calls, pay } of [meter, renewal]) {
        expect(calls + pay).toBe(0);
        expect(result.response.statusCode).toBe(402);
        expect(errorOf(result.response)).toMatchObject({
          code: 'INSUFFICIENT_FUNDS',
          message: messages.purchase.insufficientBalance,
        });
      }
    });
  });

  describe('web purchases a minute', () => {
    let t: TestApp;
    const provider = countProviderCalls();
    beforeAll(async () => {
      t = await createTestApp(kind, {
        clock: frozenClock,
        purchasesPerMinute: WEB_PURCHASES_PER_MINUTE,
        extraRoutes: provider.install,
      });
    });
    afterAll(async () => {
      await t.close();
    });

    const ledgerEntries = async () =>
      Number(
        (
          await queryRows<{ n: number | string }>(
            t.container.db,
            sql`select count(*) as n from ledger_entries`,
          )
        )[0]?.n,
      );

    it('the 11th in a minute, refused ones counted, is refused before any work; a key is not held to it', async () => {
      const { client, userId, key } = await fundedPartnerWithKey(t, 3_000);
      // the same account's partner sales are not web purchases
      for (let i = 0; i < 12; i++) {
        const sale = await t.app.inject({
          method: 'POST',
          url: '/api/v1/purchases',
          headers: { authorization: `Bearer ${key}` },
          payload: { requestId: randomUUID(), serviceId: 'mtn', phone: '08011111111', amount: '50' },
        });
        expect(sale.statusCode).toBe(201);
      }

      const airtime = { serviceId: 'mtn', phone: '08011111111', amount: '100' };
      const first = await buy(client, airtime);
      expect(first.response.statusCode).toBe(201);
      const refusals = [
        await buy(client, { ...airtime, pin: '9071' }),
        await buy(client, { ...airtime, pin: '9072' }),
        await buy(client, { ...airtime, phone: '0803' }),
        await buy(client, { ...airtime, serviceId: 'no-such-service' }),
        await buy(client, { ...airtime, amount: '5000' }),
      ];
      expect(refusals.map((r) => r.response.statusCode)).toEqual([403, 403, 400, 422, 402]);
      for (let i = 0; i < 4; i++) expect((await buy(client, airtime)).response.statusCode).toBe(201);

      const balance = await t.container.ledger.getWalletBalance(userId);
      const entries = await ledgerEntries();
      const eleventh = await provider.during(() => buy(client, airtime));
      expect(eleventh.verify + eleventh.pay).toBe(0);
      expect(eleventh.result.response.statusCode).toBe(429);
      expect(errorOf(eleventh.result.response)).toMatchObject({
        code: 'RATE_LIMITED',
        message: TOO_MANY_PURCHASES,
      });
      expect(Number(eleventh.result.response.headers['retry-after'])).toBeGreaterThan(0);
      expect(await t.container.ledger.getWalletBalance(userId)).toBe(balance);
      expect(await ledgerEntries()).toBe(entries);

      // a purchase already made is still answered as it was (the web app's Try again after a lost answer)
      const replay = await buy(client, { ...airtime, requestId: first.purchase?.requestId ?? '' });
      expect(replay.response.statusCode).toBe(200);
      // and the key still sells; another customer still buys
      const sale = await t.app.inject({
        method: 'POST',
        url: '/api/v1/purchases',
        headers: { authorization: `Bearer ${key}` },
        payload: { requestId: randomUUID(), serviceId: 'mtn', phone: '08011111111', amount: '50' },
      });
      expect(sale.statusCode).toBe(201);
      const other = await fundedCustomer(t, 1_000);
      expect((await buy(other.client, airtime)).response.statusCode).toBe(201);
    });
  });
});
