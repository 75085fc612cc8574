import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, errorOf, signUp, type TestApp, TestClient, uniqueEmail } from '../../helpers/app.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

describeEachDatabase('sign-up and sign-in', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('creates an account, signs it in and opens an empty wallet', async () => {
    const client = new TestClient(t.app);
    const email = uniqueEmail();
    const response = await client.post('/api/v1/auth/sign-up', {
      name: 'Chioma Eze',
      email: email.toUpperCase(),
      password: 'a good password',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ user: { name: 'Chioma Eze', email, role: 'user' } });
    const session = response.cookies.find((c) => c.name.includes('session_token'));
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');

    const me = await client.get('/api/v1/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email, name: 'Chioma Eze' } });

    const wallet = await client.get('/api/v1/wallet');
    expect(wallet.json()).toEqual({
      balanceKobo: 0,
      balance: '0.00',
      currency: 'NGN',
      breakdown: { fundedKobo: 0, usedKobo: 0, fromAdminKobo: 0, referralKobo: 0, totalKobo: 0 },
    });
  });

  it('answers "All fields are required!" when a field is empty, and creates nothing', async () => {
    const client = new TestClient(t.app);
    for (const body of [
      { name: '', email: uniqueEmail(), password: 'long enough pw' },
      { name: 'Bola', email: '  ', password: 'long enough pw' },
      { name: 'Bola', email: uniqueEmail(), password: '' },
      { email: uniqueEmail(), password: 'long enough pw' },
    ]) {
      const response = await client.post('/api/v1/auth/sign-up', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        error: { code: 'VALIDATION_FAILED', message: 'All fields are required!' },
      });
    }
    expect(await t.container.auth.listUsers()).toHaveLength(1);
  });

  it('refuses a short password and a malformed email with clear messages', async () => {
    const client = new TestClient(t.app);
    const short = await client.post('/api/v1/auth/sign-up', {
      name: 'Bola',
      email: uniqueEmail(),
      password: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).message).toBe('Password must be at least 8 characters.');
    const bad = await client.post('/api/v1/auth/sign-up', {
      name: 'Bola',
      email: 'not-an-email',
      password: 'long enough pw',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).message).toBe('Please enter a valid email address.');
  });

  it('refuses a second account with the same email, whatever its case', async () => {
    const { email } = await signUp(t.app);
    const again = await new TestClient(t.app).post('/api/v1/auth/sign-up', {
      name: 'Someone Else',
      email: email.toUpperCase(),
      password: 'another password',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: { code: 'EMAIL_TAKEN', message: 'An account with this email already exists.' },
    });
    expect(errorOf(again).requestId).toMatch(/^req_/);
  });

  it('signs in with the right password and gives one answer for a wrong password or an unknown email', async () => {
    const { email, password } = await signUp(t.app);
    const client = new TestClient(t.app);
    const ok = await client.post('/api/v1/auth/sign-in', { email, password });
    expect(ok.statusCode).toBe(200);
    expect((await client.get('/api/v1/me')).statusCode).toBe(200);

    const wrongPassword = await new TestClient(t.app).post('/api/v1/auth/sign-in', {
      email,
      password: 'wrong password',
    });
    const unknownEmail = await new TestClient(t.app).post('/api/v1/auth/sign-in', {
      email: uniqueEmail('nobody'),
      password,
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response)).toMatchObject({
        code: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password.',
      });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it('answers "Please fill in both email and password" when either is empty', async () => {
    const response = await new TestClient(t.app).post('/api/v1/auth/sign-in', {
      email: 'a@b.co',
      password: '',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).message).toBe('Please fill in both email and password');
  });

  it('signs out on the server: the old cookie no longer works', async () => {
    const { client } = await signUp(t.app);
    const oldCookie = client.cookieHeader;
    const out = await client.post('/api/v1/auth/sign-out');
    expect(out.statusCode).toBe(204);
    const replay = new TestClient(t.app);
    replay.setCookieHeader(oldCookie);
    const me = await replay.get('/api/v1/me');
    expect(me.statusCode).toBe(401);
    expect(errorOf(me).code).toBe('UNAUTHENTICATED');
  });

  it('keeps the referral code the visitor arrived with', async () => {
    const referrer = await signUp(t.app);
    const { code } = (await referrer.client.get('/api/v1/referrals')).json<{ code: string }>();
    const client = new TestClient(t.app);
    const email = uniqueEmail();
    const response = await client.post('/api/v1/auth/sign-up', {
      name: 'Ref Tester',
      email,
      password: 'long enough pw',
      ref: code,
    });
    expect(response.statusCode).toBe(201);
    const rows = await t.container.db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) });
    expect(rows?.referredBy).toBe(code);
    expect(rows?.role).toBe('user');
  });
});
