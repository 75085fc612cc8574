import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createTestApp,
  errorOf,
  signUp,
  type TestApp,
  TestClient,
  uniqueEmail,
  userOf,
} from '../../helpers/app.ts';
import { approvedInvitation, newAdmin } from '../../helpers/admins.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

describeEachDatabase('admins', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let checker: TestClient;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await newAdmin(t, 'First Admin')).client;
    checker = (await newAdmin(t, 'Second Admin')).client;
  });
  afterAll(async () => {
    await t.close();
  });

  const adminRoutes = [
    ['GET', '/api/v1/admin/users'],
    ['POST', '/api/v1/admin/invitations'],
  ] as const;

  it('refuses admin routes to anonymous visitors (401) and to ordinary users (403)', async () => {
    const { client: user } = await signUp(t.app);
    for (const [method, url] of adminRoutes) {
      const anonymous =
        method === 'GET' ? await new TestClient(t.app).get(url) : await new TestClient(t.app).post(url);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(errorOf(anonymous).code).toBe('UNAUTHENTICATED');
      const ordinary = method === 'GET' ? await user.get(url) : await user.post(url);
      expect(ordinary.statusCode, `${method} ${url}`).toBe(403);
      expect(errorOf(ordinary)).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Access denied. You are not an admin.',
      });
    }
  });

  it('lists users with their wallet balances to an admin', async () => {
    const { email } = await signUp(t.app, { name: 'Listed User' });
    const response = await admin.get('/api/v1/admin/users');
    expect(response.statusCode).toBe(200);
    const { users } = response.json<{
      users: { email: string; name: string; balance: string; balanceKobo: number }[];
    }>();
    expect(users.find((u) => u.email === email)).toMatchObject({
      name: 'Listed User',
      balanceKobo: 0,
      balance: '0.00',
    });
  });

  it('makes a new admin only through an invitation, used once', async () => {
    const { url, token } = await approvedInvitation(admin, checker);
    expect(url).toMatch(/^http:\/\/localhost:3000\/AdminRegister\?invite=/);

    expect((await new TestClient(t.app).get(`/api/v1/admin/invitations/${token}`)).json()).toEqual({
      email: null,
    });

    const newcomer = new TestClient(t.app);
    const email = uniqueEmail('newadmin');
    const registered = await newcomer.post('/api/v1/auth/admin-register', {
      token,
      email,
      password: 'admin password 1',
    });
    expect(registered.statusCode).toBe(201);
    expect(userOf(registered)).toMatchObject({ email, role: 'admin' });
    expect((await newcomer.get('/api/v1/admin/users')).statusCode).toBe(200);

    const second = await new TestClient(t.app).post('/api/v1/auth/admin-register', {
      token,
      email: uniqueEmail('second'),
      password: 'admin password 2',
    });
    expect(second.statusCode).toBe(404);
    expect((await new TestClient(t.app).get(`/api/v1/admin/invitations/${token}`)).statusCode).toBe(404);
  });

  it('refuses admin registration without a valid invitation and creates no account', async () => {
    const email = uniqueEmail('selfmade');
    const response = await new TestClient(t.app).post('/api/v1/auth/admin-register', {
      token: 'forged-invitation',
      email,
      password: 'admin password 3',
    });
    expect(response.statusCode).toBe(404);
    expect(await t.container.auth.findUserByEmail(email)).toBeNull();
  });

  it('holds an invitation for the email it names, and frees it if the account cannot be made', async () => {
    const { email: taken } = await signUp(t.app);
    const named = uniqueEmail('named');
    const { token } = await approvedInvitation(admin, checker, named);

    const wrongEmail = await new TestClient(t.app).post('/api/v1/auth/admin-register', {
      token,
      email: taken,
      password: 'admin password 4',
    });
    expect(wrongEmail.statusCode).toBe(404);

    const ok = await new TestClient(t.app).post('/api/v1/auth/admin-register', {
      token,
      email: named,
      password: 'admin password 5',
    });
    expect(ok.statusCode).toBe(201);
  });

  it('gives back an invitation when the email already has an account', async () => {
    const { email } = await signUp(t.app);
    const { token } = await approvedInvitation(admin, checker);
    const clash = await new TestClient(t.app).post('/api/v1/auth/admin-register', {
      token,
      email,
      password: 'admin password 6',
    });
    expect(clash.statusCode).toBe(409);
    expect((await new TestClient(t.app).get(`/api/v1/admin/invitations/${token}`)).statusCode).toBe(200);
  });

  it('ignores any attempt to sign up as an admin', async () => {
    const client = new TestClient(t.app);
    const response = await client.post('/api/v1/auth/sign-up', {
      name: 'Sneaky',
      email: uniqueEmail('sneaky'),
      password: 'long enough pw',
      role: 'admin',
    });
    expect(response.statusCode).toBe(201);
    expect(userOf(response).role).toBe('user');
    expect((await client.get('/api/v1/admin/users')).statusCode).toBe(403);
  });
});
