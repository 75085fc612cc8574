import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminUserDetailResponse, AdminUserProfile } from '@quickvend/shared/api/admin-users';
import { kobo } from '@quickvend/shared/money';
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
import { startCardPayment } from '../../helpers/paystack.ts';
import { buy, fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';
import { confirmEmail } from '../../helpers/email.ts';

describeEachDatabase("an admin's page for one user", (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let adminId: string;

  const detail = async (userId: string) => {
    const response = await admin.get(`/api/v1/admin/users/${userId}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminUserDetailResponse>();
  };
  const edit = (userId: string, body: Record<string, unknown>) =>
    admin.post(`/api/v1/admin/users/${userId}`, body);
  const auditOf = (userId: string) => t.container.audit.list({ targetType: 'user', targetId: userId });

  beforeAll(async () => {
    t = await createTestApp(kind);
    const signedUp = await signUp(t.app, { name: 'Page Admin' });
    adminId = signedUp.userId;
    await t.container.auth.setRole(adminId, 'admin');
    admin = signedUp.client;
  });
  afterAll(async () => {
    await t.close();
  });

  it('shows the profile, wallet and statement, purchases, fundings, keys without the secret, and sessions', async () => {
    const customer = await fundedCustomer(t, 5_000);
    const { purchase } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    expect(purchase?.status).toBe('delivered');
    const { payment } = await startCardPayment(customer.client, customer.email, '2,000');
    await confirmEmail(customer.client);
    const deposit = await customer.client.post('/api/v1/funding/manual', {
      depositorName: 'Ada Obi',
      bankName: 'GTBank',
      amount: '1500',
    });
    expect(deposit.statusCode).toBe(201);
    await turnOnPartnerAccess(customer.client);
    const created = await customer.client.post('/api/v1/api-keys', {
      name: 'Shop till',
      password: customer.password,
      pin: TEST_PIN,
    });
    const { key } = created.json<{ key: string }>();

    const response = await admin.get(`/api/v1/admin/users/${customer.userId}`);
    expect(response.body).not.toContain(key);
    const page = response.json<AdminUserDetailResponse>();
    expect(page.user).toMatchObject({
      id: customer.userId,
      email: customer.email,
      name: 'Ada Obi',
      phone: null,
      role: 'user',
      status: 'active',
      balanceKobo: 490_000,
      balance: '4900.00',
      suspendedAt: null,
      suspensionReason: null,
      deletedAt: null,
    });
    expect(page.wallet).toEqual({
      balanceKobo: 490_000,
      balance: '4900.00',
      breakdown: {
        fundedKobo: 0,
        usedKobo: 10_000,
        fromAdminKobo: 500_000,
        referralKobo: 0,
        totalKobo: 490_000,
      },
    });
    expect(page.statement.lines.map((line) => [line.inKobo, line.outKobo, line.balanceAfterKobo])).toEqual([
      [0, 10_000, 490_000],
      [500_000, 0, 500_000],
    ]);
    expect(page.purchases.map((p) => [p.id, p.status, p.chargedKobo])).toEqual([
      [purchase?.id, 'delivered', 10_000],
    ]);
    expect(page.payments.map((p) => [p.reference, p.amountKobo, p.status])).toEqual([
      [payment.reference, 200_000, 'pending'],
    ]);
    expect(page.manualRequests.map((r) => [r.depositorName, r.amountKobo, r.status])).toEqual([
      ['Ada Obi', 150_000, 'pending'],
    ]);
    expect(page.apiKeys).toEqual([
      expect.objectContaining({ name: 'Shop till', lastUsedAt: null, revokedAt: null }),
    ]);
    expect(key.startsWith(page.apiKeys[0]?.prefix ?? '-')).toBe(true);
    expect(page.sessions).toHaveLength(1);
    expect(page.sessions[0]).toMatchObject({
      ipAddress: '127.0.0.1',
      userAgent: expect.any(String) as string,
    });
  });

  it('pages the statement further back', async () => {
    const customer = await fundedCustomer(t, 0);
    for (let i = 1; i <= 3; i += 1) {
      await t.container.ledger.adjustWallet({
        userId: customer.userId,
        direction: 'credit',
        amountKobo: kobo(i * 100),
        reason: `credit ${i}`,
        actor: 'test',
      });
    }
    const first = (await admin.get(`/api/v1/admin/users/${customer.userId}/statement?limit=2`)).json<
      AdminUserDetailResponse['statement']
    >();
    expect(first.lines.map((line) => line.note)).toEqual(['credit 3', 'credit 2']);
    const rest = (
      await admin.get(
        `/api/v1/admin/users/${customer.userId}/statement?limit=2&cursor=${first.nextCursor ?? 0}`,
      )
    ).json<AdminUserDetailResponse['statement']>();
    expect(rest).toMatchObject({ nextCursor: null });
    expect(rest.lines.map((line) => line.note)).toEqual(['credit 1']);
  });

  it('answers 404 for a user that does not exist', async () => {
    for (const url of ['/api/v1/admin/users/usr_nobody', '/api/v1/admin/users/usr_nobody/statement']) {
      const response = await admin.get(url);
      expect(response.statusCode).toBe(404);
      expect(errorOf(response)).toMatchObject({ code: 'NOT_FOUND', message: 'We could not find that user.' });
    }
  });

  it('edits the name and phone, keeping the phone in its 11-digit form, and mails a new email a confirmation link, with an audit record', async () => {
    const customer = await signUp(t.app, { name: 'Old Name' });
    const email = uniqueEmail('NEW.Address');
    const saved = await edit(customer.userId, { name: '  New Name ', email, phone: '+234 803 123 4567' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ user: AdminUserProfile; emailChange: unknown }>()).toMatchObject({
      user: { name: 'New Name', email: customer.email, phone: '08031234567' },
      emailChange: { status: 'link_sent', sentTo: email.toLowerCase() },
    });
    const [record, ...older] = await auditOf(customer.userId);
    expect(older).toEqual([]);
    expect(record).toMatchObject({
      actorId: adminId,
      action: 'user.update',
      before: { name: 'Old Name', email: customer.email, phone: null },
      after: {
        name: 'New Name',
        email: customer.email,
        phone: '08031234567',
        emailLinkSentTo: email.toLowerCase(),
      },
    });

    // the customer signs in with the new address once it has opened the link
    const signIn = () =>
      new TestClient(t.app).post('/api/v1/auth/sign-in', { email, password: customer.password });
    expect((await signIn()).statusCode).toBe(401);
    const link = await waitForMail(t.app, email.toLowerCase(), /Confirm your new QuickVend email/);
    const token = decodeURIComponent(/token=([^\s&]+)/.exec(link.text)?.[1] ?? '');
    expect((await new TestClient(t.app).post('/api/v1/profile/email/confirm', { token })).statusCode).toBe(
      200,
    );
    expect((await signIn()).statusCode).toBe(200);

    const cleared = await edit(customer.userId, { name: 'New Name', email, phone: '' });
    expect(cleared.json<{ user: AdminUserProfile }>().user.phone).toBeNull();
  });

  it('refuses a bad phone, a blank name and a bad email with the shared messages, and changes nothing', async () => {
    const customer = await signUp(t.app, { name: 'Steady' });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ phone: '0803123' }, 'phone', 'Error: Invalid Nigerian phone number.'],
      [{ phone: '01234567890' }, 'phone', 'Error: Invalid Nigerian phone number.'],
      [{ name: '   ' }, 'name', 'Enter a name.'],
      [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address.'],
    ];
    for (const [change, field, message] of cases) {
      const response = await edit(customer.userId, {
        name: 'Steady',
        email: customer.email,
        phone: '',
        ...change,
      });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(errorOf(response).details).toEqual({ fields: { [field]: message } });
    }
    expect((await detail(customer.userId)).user).toMatchObject({ name: 'Steady', phone: null });
    expect(await auditOf(customer.userId)).toEqual([]);
  });

  it('refuses an email another account has, saying so on the field', async () => {
    const taken = await signUp(t.app);
    const customer = await signUp(t.app);
    const response = await edit(customer.userId, {
      name: 'Ada Obi',
      email: taken.email.toUpperCase(),
      phone: '',
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'An account with this email already exists.',
      details: { fields: { email: 'An account with this email already exists.' } },
    });
    expect((await detail(customer.userId)).user.email).toBe(customer.email);
    expect(await auditOf(customer.userId)).toEqual([]);
  });

  it('answers 404 when editing a user that does not exist', async () => {
    const response = await edit('usr_nobody', { name: 'X', email: uniqueEmail(), phone: '' });
    expect(response.statusCode).toBe(404);
  });
});
