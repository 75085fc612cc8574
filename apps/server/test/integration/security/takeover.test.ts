import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { ApiKey } from '@quickvend/shared/api/api-keys';
import {
  createTestApp,
  errorOf,
  signUp,
  TestClient,
  uniqueEmail,
  waitForMail,
  type TestApp,
} from '../../helpers/app.ts';
import { newAdmin } from '../../helpers/admins.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';
import { fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';

const NEW_PASSWORD = 'a brand new password';
const RESET_MAIL = /^Reset your QuickVend password$/;
const PASSWORD_NOTICE = /^Your password was changed$/;

/** The token of the link in a mail. */
function tokenInMail(text: string): string {
  const token = /[?&]token=([^\s&]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no link with a token in: ${text}`);
  return decodeURIComponent(token);
}

describeEachDatabase('taking over an account: reset links and what a reset ends', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await newAdmin(t, 'Takeover Admin')).client;
  });
  afterAll(async () => {
    await t.close();
  });

  async function resetTokensOf(email: string): Promise<string[]> {
    const mails = (await t.container.sandboxMailbox?.list(1_000)) ?? [];
    return mails.filter((m) => m.to === email && RESET_MAIL.test(m.subject)).map((m) => tokenInMail(m.text));
  }

  /** Asks for a reset link as anyone can, and returns the token of the link mailed for it. */
  async function askForResetLink(email: string): Promise<string> {
    const earlier = new Set(await resetTokensOf(email));
    const asked = await new TestClient(t.app).post('/api/v1/auth/forgot-password', { email });
    expect(asked.statusCode).toBe(202);
    return vi.waitFor(
      async () => {
        const token = (await resetTokensOf(email)).find((candidate) => !earlier.has(candidate));
        if (!token) throw new Error(`no new reset link mailed to ${email} yet`);
        return token;
      },
      { timeout: 5_000, interval: 20 },
    );
  }

  const resetWith = (token: string, password = NEW_PASSWORD) =>
    new TestClient(t.app).post('/api/v1/auth/reset-password', { token, password });

  const signIn = (email: string, password: string) =>
    new TestClient(t.app).post('/api/v1/auth/sign-in', { email, password });

  const expectRefused = async (token: string) => {
    const reset = await resetWith(token);
    expect(reset.statusCode, reset.body).toBe(400);
    expect(errorOf(reset)).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'This reset link is invalid or has expired. Please ask for a new one.',
    });
  };

  const useKey = (key: string) =>
    t.app.inject({ url: '/api/v1/balance', headers: { authorization: `Bearer ${key}` } });

  /** A customer with a PIN, partner access and one API key named `keyName`. */
  async function partnerWithKey(keyName: string) {
    const partner = await fundedCustomer(t, 0);
    await turnOnPartnerAccess(partner.client);
    const created = await partner.client.post('/api/v1/api-keys', {
      name: keyName,
      password: partner.password,
      pin: TEST_PIN,
    });
    expect(created.statusCode, created.body).toBe(201);
    const { apiKey, key } = created.json<{ apiKey: ApiKey; key: string }>();
    expect((await useKey(key)).statusCode).toBe(200);
    return { ...partner, apiKey, key };
  }

  /** Opens the link mailed to `newEmail` that moves the account there. */
  async function confirmNewEmail(newEmail: string) {
    const mail = await waitForMail(t.app, newEmail, /^Confirm your new QuickVend email$/);
    const confirmed = await new TestClient(t.app).post('/api/v1/profile/email/confirm', {
      token: tokenInMail(mail.text),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  }

  it('a link mailed to the old address stops working once the customer moves the account to a new email', async () => {
    const { client, email, password } = await signUp(t.app);
    const token = await askForResetLink(email);
    const newEmail = uniqueEmail('moved');

    const asked = await client.post('/api/v1/profile/email', { email: newEmail, password });
    expect(asked.statusCode, asked.body).toBe(202);
    await confirmNewEmail(newEmail);

    await expectRefused(token);
    expect((await signIn(newEmail, password)).statusCode).toBe(200);
  });

  it("a link mailed to the old address stops working once an admin's email change is confirmed", async () => {
    const { userId, email, password } = await signUp(t.app, { name: 'Moved By Admin' });
    const token = await askForResetLink(email);
    const newEmail = uniqueEmail('admin-moved');

    const edited = await admin.post(`/api/v1/admin/users/${userId}`, {
      name: 'Moved By Admin',
      email: newEmail,
      phone: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await confirmNewEmail(newEmail);

    await expectRefused(token);
    expect((await signIn(newEmail, password)).statusCode).toBe(200);
  });

  it('a link asked for before a signed-in password change stops working', async () => {
    const { client, email, password } = await signUp(t.app);
    const token = await askForResetLink(email);

    const changed = await client.post('/api/v1/profile/password', {
      currentPassword: password,
      newPassword: 'the password I chose',
    });
    expect(changed.statusCode, changed.body).toBe(200);

    await expectRefused(token);
    expect((await signIn(email, 'the password I chose')).statusCode).toBe(200);
  });

  it('only the newest link works: asking again ends the older one', async () => {
    const { email } = await signUp(t.app);
    const older = await askForResetLink(email);
    const newer = await askForResetLink(email);

    await expectRefused(older);
    const reset = await resetWith(newer);
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('a reset signs out every device and revokes every API key, each recorded, and the mail names what ended', async () => {
    const { client: phone, email, password, userId, apiKey, key } = await partnerWithKey('Shop till');
    const laptop = new TestClient(t.app);
    expect((await laptop.post('/api/v1/auth/sign-in', { email, password })).statusCode).toBe(200);
    const token = await askForResetLink(email);

    const reset = await resetWith(token);
    expect(reset.statusCode, reset.body).toBe(200);

    const refused = await useKey(key);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).code).toBe('UNAUTHENTICATED');
    expect((await phone.get('/api/v1/me')).statusCode).toBe(401);
    expect((await laptop.get('/api/v1/me')).statusCode).toBe(401);

    const mail = await waitForMail(t.app, email, PASSWORD_NOTICE);
    expect(mail.text).toContain('was reset with the link we emailed');
    expect(mail.text).toContain('We signed you out on 2 devices');
    expect(mail.text).toContain(`“Shop till” (it starts with ${apiKey.prefix})`);
    expect(mail.text).not.toContain(key);

    const records = await t.container.audit.list({ action: 'apikey.revoke', targetId: userId });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      actorId: userId,
      before: { keyId: apiKey.id, keyName: 'Shop till' },
      reason: expect.stringContaining('password was reset') as unknown,
    });

    // a fresh sign-in sees the key as revoked, and its owner can make a new one
    const back = new TestClient(t.app);
    expect((await back.post('/api/v1/auth/sign-in', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
    const { apiKeys } = (await back.get('/api/v1/api-keys')).json<{ apiKeys: ApiKey[] }>();
    expect(apiKeys.map((row) => [row.id, row.revokedAt !== null])).toEqual([[apiKey.id, true]]);
  });

  it('a key asked for in a session that a reset ended meanwhile is not made', async () => {
    const { email, userId } = await partnerWithKey('First till');
    const [session] = await t.container.auth.accounts.listSessions(userId);
    if (!session) throw new Error('the partner has no session');
    const owner = { id: userId, email, name: 'Ada Obi' };

    // the request passed its checks (session, password, PIN) before the reset; its write comes after
    expect((await resetWith(await askForResetLink(email))).statusCode).toBe(200);
    await expect(
      t.container.partners.issueKey(owner, { name: 'Slipped in' }, session.id),
    ).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    const keys = await t.container.partners.listKeys(userId);
    expect(keys.map((row) => row.name)).toEqual(['First till']);

    // a session that still lives makes one
    const back = new TestClient(t.app);
    expect((await back.post('/api/v1/auth/sign-in', { email, password: NEW_PASSWORD })).statusCode).toBe(200);
    const [live] = await t.container.auth.accounts.listSessions(userId);
    if (!live) throw new Error('no session after signing in again');
    const made = await t.container.partners.issueKey(owner, { name: 'After the reset' }, live.id);
    expect(made.apiKey.revokedAt).toBeNull();
  });

  it('keys made while resets run are revoked by them or refused: none works after a reset that succeeded', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { client, email, password, userId } = await partnerWithKey(`Till ${round}`);
      const token = await askForResetLink(email);
      const [made, reset] = await Promise.all([
        client.post('/api/v1/api-keys', { name: `Racing ${round}`, password, pin: TEST_PIN }),
        resetWith(token),
      ]);
      expect(reset.statusCode, reset.body).toBe(200);
      expect([201, 401]).toContain(made.statusCode);
      const live = (await t.container.partners.listKeys(userId)).filter((row) => row.revokedAt === null);
      expect(live).toEqual([]);
    }
  });

  it('a signed-in password change keeps every key working and names them in its mail, with how to revoke one', async () => {
    const { client, email, password, apiKey, key } = await partnerWithKey('Reseller POS');
    const changed = await client.post('/api/v1/profile/password', {
      currentPassword: password,
      newPassword: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expect((await useKey(key)).statusCode).toBe(200);
    const mail = await waitForMail(t.app, email, PASSWORD_NOTICE);
    expect(mail.text).toContain('Your partner API keys still work');
    expect(mail.text).toContain(`“Reseller POS” (it starts with ${apiKey.prefix})`);
    expect(mail.text).toContain('revoke it in Profile → Developers');
    expect(mail.text).not.toContain(key);
  });
});
