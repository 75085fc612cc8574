import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Profile, SignedInSession } from '@quickvend/shared/api/profile';
import { profileTexts } from '@quickvend/shared/messages/profile';
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
import { ANDROID_CHROME, IPHONE_SAFARI, signInElsewhere } from '../../helpers/browsers.ts';
import { confirmEmail } from '../../helpers/email.ts';
import { fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';

const profileOf = async (client: TestClient) =>
  (await client.get('/api/v1/profile')).json<{ profile: Profile }>().profile;

const tokenIn = (text: string) => /token=([^\s&]+)/.exec(text)?.[1] ?? '';

describeEachDatabase("the customer's profile: details, sign-in and keys", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the details and saves name, phone (any Nigerian form) and birthday; refuses a bad phone or a birthday to come', async () => {
    const { client, email } = await signUp(t.app, { name: 'Ada Obi' });
    const before = await profileOf(client);
    expect(before).toMatchObject({
      name: 'Ada Obi',
      email,
      phone: null,
      birthday: null,
      partnerAccessSince: null,
      referralLink: expect.stringMatching(/\/signup\?ref=[a-z0-9]{6}-[A-Z0-9]{6}$/) as unknown,
    });

    const saved = await client.put('/api/v1/profile', {
      name: '  Adaobi Obi ',
      phone: '+234 803 123 4567',
      birthday: '1994-02-28',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ profile: Profile }>().profile).toMatchObject({
      name: 'Adaobi Obi',
      phone: '08031234567',
      birthday: '1994-02-28',
    });
    expect(await profileOf(client)).toMatchObject({ phone: '08031234567', birthday: '1994-02-28' });

    const badPhone = await client.put('/api/v1/profile', { name: 'Ada', phone: '0803123', birthday: '' });
    expect(badPhone.statusCode).toBe(400);
    expect(errorOf(badPhone).details).toMatchObject({
      fields: { phone: 'Error: Invalid Nigerian phone number.' },
    });
    for (const birthday of ['2999-01-01', '1994-02-30', '01/02/1994']) {
      const refused = await client.put('/api/v1/profile', { name: 'Ada', phone: '', birthday });
      expect(refused.statusCode, birthday).toBe(400);
      expect(errorOf(refused).details, birthday).toMatchObject({
        fields: { birthday: profileTexts.birthdayInvalid },
      });
    }
    const cleared = await client.put('/api/v1/profile', { name: 'Ada', phone: '', birthday: '' });
    expect(cleared.json<{ profile: Profile }>().profile).toMatchObject({ phone: null, birthday: null });
  });

  it('changes the email only once the link mailed to the new address is opened, and tells the old address', async () => {
    const { client, email, password } = await signUp(t.app);
    const newEmail = uniqueEmail('new');

    const wrongPassword = await client.post('/api/v1/profile/email', {
      email: uniqueEmail('thief'),
      password: 'not my password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(errorOf(wrongPassword).details).toMatchObject({
      fields: { password: 'That password is not right. Enter the password you sign in with.' },
    });

    const same = await client.post('/api/v1/profile/email', { email, password });
    expect(same.statusCode).toBe(400);
    expect(errorOf(same).message).toBe('That is already your email address.');

    const asked = await client.post('/api/v1/profile/email', { email: newEmail.toUpperCase(), password });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toEqual({ sentTo: newEmail });
    const mail = await waitForMail(t.app, newEmail, /Confirm your new QuickVend email/);
    expect(mail.text).toContain('/confirm-email?token=');
    // nothing has changed yet: the old address still signs in, the new one does not
    expect((await profileOf(client)).email).toBe(email);
    expect(
      (await new TestClient(t.app).post('/api/v1/auth/sign-in', { email: newEmail, password })).statusCode,
    ).toBe(401);

    const token = decodeURIComponent(tokenIn(mail.text));
    const forged = await new TestClient(t.app).post('/api/v1/profile/email/confirm', {
      token: `${token.slice(0, -4)}AAAA`,
    });
    expect(forged.statusCode).toBe(400);
    expect(errorOf(forged)).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'This link is invalid or has expired. Ask for a new one from your profile.',
    });
    expect((await profileOf(client)).email).toBe(email);

    // opened on another phone, signed out
    const confirmed = await new TestClient(t.app).post('/api/v1/profile/email/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ email: newEmail, changed: true });
    expect((await profileOf(client)).email).toBe(newEmail);
    const notice = await waitForMail(t.app, email, /email has changed/);
    expect(notice.text).toContain(newEmail);
    expect(
      (await new TestClient(t.app).post('/api/v1/auth/sign-in', { email: newEmail, password })).statusCode,
    ).toBe(200);

    const again = await new TestClient(t.app).post('/api/v1/profile/email/confirm', { token });
    expect(errorOf(again).code).toBe('INVALID_TOKEN');
  });

  it("changes the password with the current one and ends every other device's session", async () => {
    const { client, email, password } = await signUp(t.app);
    const phone = await signInElsewhere(t, email, password);

    const wrong = await client.post('/api/v1/profile/password', {
      currentPassword: 'not my password',
      newPassword: 'a brand new secret',
    });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      details: {
        fields: { currentPassword: 'That password is not right. Enter the password you sign in with.' },
      },
    });
    expect((await phone.get('/api/v1/me')).statusCode).toBe(200);

    const short = await client.post('/api/v1/profile/password', {
      currentPassword: password,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);

    const changed = await client.post('/api/v1/profile/password', {
      currentPassword: password,
      newPassword: 'a brand new secret',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await client.get('/api/v1/me')).statusCode).toBe(200);
    expect((await phone.get('/api/v1/me')).statusCode).toBe(401);
    const signIn = (pw: string) =>
      new TestClient(t.app).post('/api/v1/auth/sign-in', { email, password: pw });
    expect((await signIn(password)).statusCode).toBe(401);
    expect((await signIn('a brand new secret')).statusCode).toBe(200);
  });

  it('lists the signed-in devices in plain words, signs one out, or every other', async () => {
    const { client, email, password } = await signUp(t.app);
    const phone = await signInElsewhere(t, email, password, ANDROID_CHROME);
    const laptop = await signInElsewhere(t, email, password, IPHONE_SAFARI);
    const list = async (who: TestClient) =>
      (await who.get('/api/v1/profile/sessions')).json<{ sessions: SignedInSession[] }>().sessions;

    const seen = await list(phone);
    expect(seen).toHaveLength(3);
    expect(seen.filter((session) => session.isCurrent)).toEqual([
      expect.objectContaining({ device: 'Chrome on Android', ipAddress: '198.51.100.7' }),
    ]);
    expect(seen.map((session) => session.device)).toContain('Safari on iPhone');
    expect(JSON.stringify(seen)).not.toMatch(/token/i);

    const laptopId = (await list(laptop)).find((session) => session.isCurrent)?.id ?? '';
    // another customer cannot see or end it
    const stranger = await signUp(t.app);
    expect((await list(stranger.client)).map((session) => session.id)).not.toContain(laptopId);
    const notTheirs = await stranger.client.delete(`/api/v1/profile/sessions/${laptopId}`);
    expect(notTheirs.statusCode).toBe(404);
    expect(errorOf(notTheirs).message).toBe('We could not find that signed-in device.');
    expect((await laptop.get('/api/v1/me')).statusCode).toBe(200);

    expect((await phone.delete(`/api/v1/profile/sessions/${laptopId}`)).statusCode).toBe(200);
    expect((await laptop.get('/api/v1/me')).statusCode).toBe(401);
    expect(await list(phone)).toHaveLength(2);

    const others = await phone.post('/api/v1/profile/sessions/sign-out-others');
    expect(others.statusCode, others.body).toBe(200);
    expect(others.json()).toEqual({ signedOut: 1 });
    expect((await client.get('/api/v1/me')).statusCode).toBe(401);
    expect((await phone.get('/api/v1/me')).statusCode).toBe(200);
    expect((await stranger.client.get('/api/v1/me')).statusCode).toBe(200);
  });

  it('makes no API key without partner access, and turns it off only once no key works', async () => {
    const { client, password } = await fundedCustomer(t, 0);
    await confirmEmail(client);
    const createKey = () => client.post('/api/v1/api-keys', { name: 'Till', password, pin: TEST_PIN });

    const refused = await createKey();
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Turn on partner access in your profile (Developers) before creating an API key.',
    });
    expect((await client.get('/api/v1/api-keys')).json()).toEqual({ apiKeys: [] });

    const on = await client.put('/api/v1/profile/partner-access', { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    const since = on.json<{ profile: Profile }>().profile.partnerAccessSince;
    expect(since).not.toBeNull();
    // turning it on again keeps the first date
    const again = await client.put('/api/v1/profile/partner-access', { enabled: true });
    expect(again.json<{ profile: Profile }>().profile.partnerAccessSince).toBe(since);

    const created = await createKey();
    expect(created.statusCode, created.body).toBe(201);
    const { apiKey, key } = created.json<{ apiKey: { id: string }; key: string }>();

    const off = await client.put('/api/v1/profile/partner-access', { enabled: false });
    expect(off.statusCode).toBe(409);
    expect(errorOf(off).message).toBe(
      'Revoke your active API key first. Turning partner access off never stops a key your systems use without you choosing to.',
    );
    expect(
      (await t.app.inject({ url: '/api/v1/balance', headers: { authorization: `Bearer ${key}` } }))
        .statusCode,
    ).toBe(200);

    expect((await client.post(`/api/v1/api-keys/${apiKey.id}/revoke`)).statusCode).toBe(200);
    const offNow = await client.put('/api/v1/profile/partner-access', { enabled: false });
    expect(offNow.statusCode, offNow.body).toBe(200);
    expect(offNow.json<{ profile: Profile }>().profile.partnerAccessSince).toBeNull();
    expect((await createKey()).statusCode).toBe(403);
  });
});
