import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { AdminUserProfile } from '@quickvend/shared/api/admin-users';
import type { DatabaseHandle } from '../../../src/db/client.ts';
import { createTestApp, errorOf, signUp, TestClient, type TestApp } from '../../helpers/app.ts';
import { databaseKinds, describeEachDatabase, openTestDatabase } from '../../helpers/database.ts';
import { payOnCheckout, startCardPayment, SUCCESS_CARD } from '../../helpers/paystack.ts';
import { fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';
import { approve } from '../../helpers/admins.ts';

const SUSPENDED = 'This account has been suspended. Please contact support.';

const withKey = (app: FastifyInstance, key: string, url = '/api/v1/balance') =>
  app.inject({ url, headers: { authorization: `Bearer ${key}` } });

const buyWithKey = (app: FastifyInstance, key: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/purchases',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: { requestId: randomUUID(), serviceId: 'mtn', phone: '08011111111', amount: '100' },
  });

async function newAdmin(t: TestApp, name: string) {
  const signedUp = await signUp(t.app, { name });
  await t.container.auth.setRole(signedUp.userId, 'admin');
  return signedUp;
}

/** A customer with money, a PIN, a signed-in browser and a partner key. */
async function partner(t: TestApp, naira = 1_000) {
  const customer = await fundedCustomer(t, naira);
  await turnOnPartnerAccess(customer.client);
  const created = await customer.client.post('/api/v1/api-keys', {
    name: 'Shop',
    password: customer.password,
    pin: TEST_PIN,
  });
  expect(created.statusCode, created.body).toBe(201);
  return { ...customer, key: created.json<{ key: string }>().key };
}

describeEachDatabase('suspending a user', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let adminId: string;

  const suspend = (userId: string, body: Record<string, unknown> = { reason: 'Card fraud reported' }) =>
    admin.post(`/api/v1/admin/users/${userId}/suspend`, body);
  const unsuspend = (userId: string) =>
    admin.post(`/api/v1/admin/users/${userId}/unsuspend`, { reason: 'Cleared by the bank' });
  const signIn = (email: string, password: string) =>
    new TestClient(t.app).post('/api/v1/auth/sign-in', { email, password });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const signedUp = await newAdmin(t, 'Suspending Admin');
    admin = signedUp.client;
    adminId = signedUp.userId;
  });
  afterAll(async () => {
    await t.close();
  });

  it('ends the sessions at once, refuses sign-in, keys, purchases and funding, with a clear message', async () => {
    const customer = await partner(t);
    expect((await customer.client.get('/api/v1/me')).statusCode).toBe(200);
    expect((await withKey(t.app, customer.key)).statusCode).toBe(200);

    const response = await suspend(customer.userId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ user: AdminUserProfile }>().user).toMatchObject({
      status: 'suspended',
      suspensionReason: 'Card fraud reported',
      suspendedAt: expect.any(String) as string,
    });

    // the browser that was signed in is signed out
    const me = await customer.client.get('/api/v1/me');
    expect(me.statusCode).toBe(401);
    const card = await customer.client.post('/api/v1/funding/card', { email: customer.email, amount: '500' });
    expect(card.statusCode).toBe(401);
    const manual = await customer.client.post('/api/v1/funding/manual', {
      depositorName: 'Ada Obi',
      bankName: 'GTBank',
      amount: '1000',
    });
    expect(manual.statusCode).toBe(401);

    // the right password gets the reason; a wrong one learns nothing
    const refused = await signIn(customer.email, customer.password);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: SUSPENDED });
    expect(refused.cookies.filter((cookie) => cookie.name.includes('session'))).toEqual([]);
    const wrong = await signIn(customer.email, 'not the password');
    expect(errorOf(wrong).code).toBe('INVALID_CREDENTIALS');

    // the partner key is refused, and so is a purchase with it: no money moves
    for (const answer of [await withKey(t.app, customer.key), await buyWithKey(t.app, customer.key)]) {
      expect(answer.statusCode).toBe(403);
      expect(errorOf(answer)).toMatchObject({ code: 'ACCOUNT_SUSPENDED', message: SUSPENDED });
    }
    expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(100_000);

    const [record] = await t.container.audit.list({ targetType: 'user', targetId: customer.userId });
    expect(record).toMatchObject({
      actorId: adminId,
      action: 'user.suspend',
      reason: 'Card fraud reported',
      before: { status: 'active', role: 'user' },
      after: { status: 'suspended', suspensionReason: 'Card fraud reported' },
    });
    const page = await admin.get(`/api/v1/admin/users/${customer.userId}`);
    expect(page.json<{ sessions: unknown[] }>().sessions).toEqual([]);
  });

  it('refuses a session that outlived the suspension, as one made at the same moment would', async () => {
    const customer = await signUp(t.app);
    // suspended behind the back office's back: the sessions are not ended here
    await t.container.db.execute(sql`update users set suspended_at = now() where id = ${customer.userId}`);
    expect((await customer.client.get('/api/v1/me')).statusCode).toBe(401);
    await t.container.db.execute(sql`update users set suspended_at = null where id = ${customer.userId}`);
    // the refused session was ended, not merely refused once
    expect((await customer.client.get('/api/v1/me')).statusCode).toBe(401);
  });

  it("still credits a card payment the customer made, so no one's money is lost", async () => {
    const customer = await fundedCustomer(t, 0);
    const { checkout } = await startCardPayment(customer.client, customer.email, '2,500');
    expect((await suspend(customer.userId)).statusCode).toBe(200);

    // the customer finishes paying at Paystack after the suspension: Paystack's webhook credits the wallet
    expect((await payOnCheckout(t, checkout.authorizationUrl, SUCCESS_CARD)).status).toBe(303);
    await vi.waitFor(
      async () => {
        expect(await t.container.ledger.getWalletBalance(customer.userId)).toBe(250_000);
      },
      { timeout: 20_000, interval: 100 },
    );
    expect((await t.container.ledger.verify()).problems).toEqual([]);
  });

  it('restores the account with a reason: sign-in and keys work again', async () => {
    const customer = await partner(t);
    expect((await suspend(customer.userId)).statusCode).toBe(200);
    expect((await withKey(t.app, customer.key)).statusCode).toBe(403);

    const restored = await unsuspend(customer.userId);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<{ user: AdminUserProfile }>().user).toMatchObject({
      status: 'active',
      suspendedAt: null,
      suspensionReason: null,
    });
    expect((await signIn(customer.email, customer.password)).statusCode).toBe(200);
    expect((await withKey(t.app, customer.key)).statusCode).toBe(200);
    const [latest] = await t.container.audit.list({ targetType: 'user', targetId: customer.userId });
    expect(latest).toMatchObject({
      action: 'user.unsuspend',
      reason: 'Cleared by the bank',
      before: { status: 'suspended' },
      after: { status: 'active' },
    });
  });

  it('needs a reason, refuses the admin themselves, twice, unknown users, and restoring an active account', async () => {
    const customer = await signUp(t.app);
    const noReason = await suspend(customer.userId, {});
    expect(noReason.statusCode).toBe(400);
    expect(errorOf(noReason).details).toEqual({
      fields: { reason: 'Give a reason: it is kept in the audit log.' },
    });
    expect((await suspend(customer.userId, { reason: '  ' })).statusCode).toBe(400);

    const self = await suspend(adminId);
    expect(self.statusCode).toBe(403);
    expect(errorOf(self)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot do this to your own account. Ask another admin.',
    });
    expect((await admin.get('/api/v1/me')).statusCode).toBe(200);

    expect((await suspend('usr_nobody')).statusCode).toBe(404);
    const notSuspended = await unsuspend(customer.userId);
    expect(notSuspended.statusCode).toBe(409);
    expect(errorOf(notSuspended).message).toBe('This account is not suspended.');
    expect((await suspend(customer.userId)).statusCode).toBe(200);
    const twice = await suspend(customer.userId);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe('This account is already suspended.');
    expect(await t.container.audit.list({ targetType: 'user', targetId: customer.userId })).toHaveLength(1);
  });

  it('suspends another admin once a second admin approves; they are then refused the back office', async () => {
    const other = await newAdmin(t, 'Other Admin');
    const checker = await newAdmin(t, 'Checking Admin');
    const asked = await suspend(other.userId);
    expect(asked.statusCode).toBe(200);
    expect(asked.json<{ status: string }>().status).toBe('awaiting_approval');
    expect((await other.client.get('/api/v1/admin/users')).statusCode).toBe(200);
    await approve(checker.client, asked.json<{ approval: { id: string } }>().approval.id);
    expect((await other.client.get('/api/v1/admin/users')).statusCode).toBe(401);
    expect(errorOf(await signIn(other.email, other.password)).code).toBe('ACCOUNT_SUSPENDED');
  });
});

// two admins approving each other's suspension at the same moment: row locks decide, and an admin who has just
// lost the back office cannot carry out what they approved
for (const kind of databaseKinds.filter((k) => k === 'postgres')) {
  describe(`admins suspending each other at once [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => {
      await t.close();
    });

    it('lets exactly one of them do it', async () => {
      const actor = (id: string) => ({ id, label: id, ip: '127.0.0.1' });
      for (let round = 0; round < 5; round += 1) {
        const maker = await newAdmin(t, `Maker M${round}`);
        const a = await newAdmin(t, `Admin A${round}`);
        const b = await newAdmin(t, `Admin B${round}`);
        const asked = async (target: string) => {
          const outcome = await t.container.userAdmin.suspend(actor(maker.userId), target, 'Fight');
          if (outcome.status !== 'awaiting_approval') throw new Error('an admin was suspended alone');
          return outcome.approval.id;
        };
        const suspendA = await asked(a.userId);
        const suspendB = await asked(b.userId);
        // B approves A's suspension while A approves B's
        const outcomes = await Promise.allSettled([
          t.container.approvals.approve(suspendA, actor(b.userId)),
          t.container.approvals.approve(suspendB, actor(a.userId)),
        ]);
        expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
        const refused = outcomes.find((outcome) => outcome.status === 'rejected');
        expect(refused?.reason).toMatchObject({
          code: 'CONFLICT',
          message: 'You are no longer an active admin, so you cannot approve this.',
        });
        const left = await Promise.all(
          [a.userId, b.userId].map(async (id) => (await t.container.auth.accounts.findUser(id))?.suspendedAt),
        );
        expect(left.filter((at) => at === null)).toHaveLength(1);
        // the next round starts again with no admin
        for (const id of [maker.userId, a.userId, b.userId]) await t.container.auth.setRole(id, 'user');
      }
    });
  });

  describe(`a suspension reaches every server at once [${kind}]`, () => {
    let database: DatabaseHandle;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
      a = await createTestApp(kind, { database });
      // B trusts what it has looked up about a key and its owner for an hour: only the notification can stop it
      b = await createTestApp(kind, { database, keyCacheMs: 60 * 60_000 });
    });
    afterAll(async () => {
      await b.close();
      await a.close();
      await database.close();
    });

    it("refuses the suspended owner's key on another server that has it cached", async () => {
      const admin = await newAdmin(a, 'Server A Admin');
      const customer = await partner(a);
      expect((await withKey(b.app, customer.key)).statusCode).toBe(200);

      const suspended = await admin.client.post(`/api/v1/admin/users/${customer.userId}/suspend`, {
        reason: 'Chargebacks',
      });
      expect(suspended.statusCode).toBe(200);
      await vi.waitFor(
        async () => {
          const answer = await withKey(b.app, customer.key);
          expect(answer.statusCode).toBe(403);
          expect(errorOf(answer).code).toBe('ACCOUNT_SUSPENDED');
        },
        { timeout: 15_000, interval: 20 },
      );
      expect((await buyWithKey(b.app, customer.key)).statusCode).toBe(403);
      expect(await b.container.ledger.getWalletBalance(customer.userId)).toBe(100_000);
    });
  });
}
