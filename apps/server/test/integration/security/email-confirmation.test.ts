import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Me } from '@quickvend/shared/api/auth';
import type { Profile } from '@quickvend/shared/api/profile';
import {
  createTestApp,
  errorOf,
  signUp,
  TestClient,
  uniqueEmail,
  waitForMail,
  type TestApp,
} from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { confirmEmail, SIGN_UP_CONFIRMATION, tokenInMail } from '../../helpers/email.ts';
import { buy, fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';

const notConfirmed = (email: string) =>
  `Please confirm your email address first: open the link we mailed to ${email}, or ask for a new one from your profile.`;

/** A name a stranger may choose at sign-up: it must never reach an address that has not proven itself. */
const LURE = 'Claim your prize at http://prize.example';

const meOf = async (client: TestClient) => (await client.get('/api/v1/me')).json<{ user: Me }>().user;

async function mailsTo(t: TestApp, to: string, subject?: RegExp) {
  const mails = (await t.container.sandboxMailbox?.list(1_000)) ?? [];
  return mails.filter((mail) => mail.to === to && (!subject || subject.test(mail.subject)));
}

const manualDeposit = (client: TestClient) =>
  client.post('/api/v1/funding/manual', { depositorName: 'Ada Obi', bankName: 'GTBank', amount: '2000' });

describeEachDatabase(
  'a new account confirms its email before partner access, keys or bank deposits',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(async () => {
      await t.close();
    });

    it('buys and pays by card at once; partner access, a key and a bank deposit are refused (403) and nothing is written until the link is opened', async () => {
      const customer = await fundedCustomer(t, 1_000);
      const { client, email, userId, password } = customer;
      expect(await meOf(client)).toMatchObject({ email, emailConfirmed: false });

      const { purchase } = await buy(client, { serviceId: 'mtn', phone: '08011111111', amount: '100' });
      expect(purchase?.status).toBe('delivered');
      const card = await client.post('/api/v1/funding/card', { email, amount: '500' });
      expect(card.statusCode, card.body).toBe(201);

      const access = await client.put('/api/v1/profile/partner-access', { enabled: true });
      expect(access.statusCode).toBe(403);
      expect(errorOf(access)).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', message: notConfirmed(email) });
      const profile = (await client.get('/api/v1/profile')).json<{ profile: Profile }>().profile;
      expect(profile.partnerAccessSince).toBeNull();

      // partner access already on (turned on before confirmation existed): a new key still waits
      await t.container.db.transaction((tx) => t.container.auth.accounts.setPartnerAccess(userId, true, tx));
      const key = await client.post('/api/v1/api-keys', { name: 'Till', password, pin: TEST_PIN });
      expect(key.statusCode).toBe(403);
      expect(errorOf(key)).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', message: notConfirmed(email) });
      expect(await t.container.partners.listKeys(userId)).toEqual([]);

      const deposit = await manualDeposit(client);
      expect(deposit.statusCode).toBe(403);
      expect(errorOf(deposit)).toMatchObject({ code: 'EMAIL_NOT_CONFIRMED', message: notConfirmed(email) });
      expect(await t.container.funding.listManualRequests({ userId })).toEqual([]);

      const mail = await waitForMail(t.app, email, SIGN_UP_CONFIRMATION);
      // opened on another phone, signed out: the same confirm route as an email change's
      const confirmed = await new TestClient(t.app).post('/api/v1/profile/email/confirm', {
        token: tokenInMail(mail.text),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toEqual({ email, changed: false });
      expect(await meOf(client)).toMatchObject({ email, emailConfirmed: true });

      expect(
        (await client.post('/api/v1/api-keys', { name: 'Till', password, pin: TEST_PIN })).statusCode,
      ).toBe(201);
      expect((await manualDeposit(client)).statusCode).toBe(201);
      await t.container.db.transaction((tx) => t.container.auth.accounts.setPartnerAccess(userId, false, tx));
      expect((await client.put('/api/v1/profile/partner-access', { enabled: true })).statusCode).toBe(200);
    });

    it("someone who signs up with another person's address first cannot mint a key, and the mail there carries none of their words", async () => {
      const victimEmail = uniqueEmail('victim');
      const attacker = await signUp(t.app, {
        email: victimEmail,
        name: LURE,
        password: 'attacker password 1',
      });
      expect((await attacker.client.post('/api/v1/pin', { pin: TEST_PIN })).statusCode).toBe(200);

      const access = await attacker.client.put('/api/v1/profile/partner-access', { enabled: true });
      expect(errorOf(access).code).toBe('EMAIL_NOT_CONFIRMED');
      const key = await attacker.client.post('/api/v1/api-keys', {
        name: 'Spender',
        password: 'attacker password 1',
        pin: TEST_PIN,
      });
      expect(key.statusCode).toBe(403);
      expect(errorOf(key).code).toBe('EMAIL_NOT_CONFIRMED');
      expect(await t.container.partners.listKeys(attacker.userId)).toEqual([]);

      // the victim's inbox gets a plain link and a way out; nothing the stranger typed
      const mail = await waitForMail(t.app, victimEmail, SIGN_UP_CONFIRMATION);
      expect(mail.text.startsWith('Hello,\n')).toBe(true);
      expect(mail.text).not.toContain('prize');
      expect(mail.text).toContain('If you did not make this account, do not open the link');
    });

    it('keeps a key made before working: a reseller whose address is not yet confirmed is not stopped', async () => {
      const { client, userId, email } = await fundedCustomer(t, 500);
      // the operator's way (apikey:create): partner access on and a key, no confirmation asked
      await t.container.db.transaction((tx) => t.container.auth.accounts.setPartnerAccess(userId, true, tx));
      const { key } = await t.container.partners.issueKey(
        { id: userId, email, name: 'Ada Obi' },
        { name: 'Made by the operator' },
      );
      expect((await meOf(client)).emailConfirmed).toBe(false);
      const balance = await t.app.inject({
        url: '/api/v1/balance',
        headers: { authorization: `Bearer ${key}` },
      });
      expect(balance.statusCode, balance.body).toBe(200);
    });

    it('sends the link again when asked, signed in, three times an hour: the fourth is refused and mails nothing', async () => {
      const { client, email } = await signUp(t.app);
      await waitForMail(t.app, email, SIGN_UP_CONFIRMATION);
      expect(await mailsTo(t, email)).toHaveLength(1);

      for (let i = 0; i < 3; i++) {
        const sent = await client.post('/api/v1/profile/email/confirmation');
        expect(sent.statusCode, sent.body).toBe(202);
        expect(sent.json()).toEqual({ sentTo: email });
      }
      // the link is mailed before the answer: what is there now is all there will be
      expect(await mailsTo(t, email, SIGN_UP_CONFIRMATION)).toHaveLength(4);
      const fourth = await client.post('/api/v1/profile/email/confirmation');
      expect(fourth.statusCode).toBe(429);
      expect(errorOf(fourth).code).toBe('RATE_LIMITED');
      expect(await mailsTo(t, email)).toHaveLength(4);

      // any of the links works; once confirmed, there is nothing to send
      const [newest] = await mailsTo(t, email, SIGN_UP_CONFIRMATION);
      const confirmed = await client.post('/api/v1/profile/email/confirm', {
        token: tokenInMail(newest?.text ?? ''),
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      const other = await signUp(t.app);
      await confirmEmail(other.client);
      const already = await other.client.post('/api/v1/profile/email/confirmation');
      expect(already.statusCode).toBe(409);
      expect(errorOf(already).message).toBe('Your email is already confirmed.');
    });

    it('ends a sign-up link once the account has moved to another address, and a confirmed change confirms the new one', async () => {
      const { client, email, password } = await signUp(t.app);
      const signUpLink = tokenInMail((await waitForMail(t.app, email, SIGN_UP_CONFIRMATION)).text);
      const newEmail = uniqueEmail('moved');
      expect((await client.post('/api/v1/profile/email', { email: newEmail, password })).statusCode).toBe(
        202,
      );
      const changeLink = tokenInMail(
        (await waitForMail(t.app, newEmail, /Confirm your new QuickVend email/)).text,
      );
      const changed = await client.post('/api/v1/profile/email/confirm', { token: changeLink });
      expect(changed.json()).toEqual({ email: newEmail, changed: true });
      expect(await meOf(client)).toMatchObject({ email: newEmail, emailConfirmed: true });

      const stale = await client.post('/api/v1/profile/email/confirm', { token: signUpLink });
      expect(stale.statusCode).toBe(400);
      expect(errorOf(stale).code).toBe('INVALID_TOKEN');
    });

    it('greets nobody by name in a change link to an address that has not proven itself, the customer’s or the back office’s', async () => {
      const { client, email, password, userId } = await signUp(t.app, { name: LURE });
      const newEmail = uniqueEmail('new');
      expect((await client.post('/api/v1/profile/email', { email: newEmail, password })).statusCode).toBe(
        202,
      );
      const mail = await waitForMail(t.app, newEmail, /Confirm your new QuickVend email/);
      expect(mail.text.startsWith('Hello,\n')).toBe(true);
      expect(mail.text).not.toContain('prize');

      const byAdmin = uniqueEmail('by-admin');
      await t.container.auth.sendEmailChangeLink({ id: userId, name: LURE, email }, byAdmin);
      const adminMail = await waitForMail(t.app, byAdmin, /Confirm your new QuickVend email/);
      expect(adminMail.text.startsWith('Hello,\n')).toBe(true);
      expect(adminMail.text).not.toContain('prize');
    });

    it('counts an admin invited at their address, and an account the operator made, as confirmed; an open invitation proves nothing', async () => {
      const inviter = await signUp(t.app);
      await t.container.auth.setRole(inviter.userId, 'admin');
      const register = async (email: string, invitedAt: string | undefined) => {
        const { url } = await t.container.auth.invitations.create(inviter.userId, invitedAt);
        const token = new URL(url).searchParams.get('invite') ?? '';
        const response = await new TestClient(t.app).post('/api/v1/auth/admin-register', {
          token,
          email,
          password: 'invited admin password',
        });
        expect(response.statusCode, response.body).toBe(201);
        return response.json<{ user: Me }>().user;
      };

      const invited = uniqueEmail('invited');
      expect(await register(invited, invited)).toMatchObject({ role: 'admin', emailConfirmed: true });
      expect((await t.container.auth.findUserByEmail(invited))?.emailConfirmed).toBe(true);

      const anyone = uniqueEmail('open-link');
      expect(await register(anyone, undefined)).toMatchObject({ role: 'admin', emailConfirmed: false });
      await waitForMail(t.app, anyone, SIGN_UP_CONFIRMATION);

      const made = await t.container.auth.createUser({
        name: 'Operator made',
        email: uniqueEmail('operator'),
        password: 'operator password 1',
      });
      expect(made.emailConfirmed).toBe(true);
    });
  },
);

describeEachDatabase('email change requests are limited per account before any mail goes', (kind) => {
  let t: TestApp;
  let aheadMs = 0;
  const HOUR_MS = 60 * 60 * 1000;
  beforeAll(async () => {
    t = await createTestApp(kind, { clock: { now: () => new Date(Date.now() + aheadMs) } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows three an hour and ten a day: the fourth in an hour gets 429 and mails nothing', async () => {
    const { client, password } = await signUp(t.app);
    const taken = await signUp(t.app);
    const ask = (email: string) => client.post('/api/v1/profile/email', { email, password });
    const asked: string[] = [];
    const askNew = async () => {
      const email = uniqueEmail('stranger');
      asked.push(email);
      return (await ask(email)).statusCode;
    };

    expect([await askNew(), await askNew()]).toEqual([202, 202]);
    // an address another account holds gets no mail and the same answer, and is counted all the same
    expect((await ask(taken.email)).statusCode).toBe(202);
    for (const email of asked) await waitForMail(t.app, email, /Confirm your new QuickVend email/);

    const fourth = await ask(uniqueEmail('fourth'));
    expect(fourth.statusCode).toBe(429);
    expect(errorOf(fourth).code).toBe('RATE_LIMITED');
    const refusedTo = uniqueEmail('refused');
    expect(await ask(refusedTo).then((response) => response.statusCode)).toBe(429);
    // refused before the session library was asked: no mail is on its way
    expect(await mailsTo(t, refusedTo)).toEqual([]);

    // a wrong password is told as such, not as a spent allowance
    const wrong = await client.post('/api/v1/profile/email', { email: uniqueEmail('x'), password: 'not it' });
    expect(errorOf(wrong).code).toBe('INVALID_CREDENTIALS');

    aheadMs += HOUR_MS + 1_000;
    expect([await askNew(), await askNew(), await askNew(), await askNew()]).toEqual([202, 202, 202, 429]);
    aheadMs += HOUR_MS + 1_000;
    expect([await askNew(), await askNew(), await askNew()]).toEqual([202, 202, 202]);
    aheadMs += HOUR_MS + 1_000;
    // ten in the day: a fresh hour does not help
    expect([await askNew(), await askNew()]).toEqual([202, 429]);
    const dayRefusal = errorOf(await ask(uniqueEmail('late')));
    expect(dayRefusal.details?.['retryAfterSeconds']).toBeGreaterThan(60 * 60);

    await vi.waitFor(async () => {
      const sent = (await t.container.sandboxMailbox?.list(1_000)) ?? [];
      const changeMails = sent.filter((mail) => /Confirm your new QuickVend email/.test(mail.subject));
      expect(changeMails.filter((mail) => asked.includes(mail.to))).toHaveLength(9);
    });
  });
});
