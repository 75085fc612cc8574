import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  AdminInvitation,
  AdminUserDetailResponse,
  AdminUserProfile,
} from '@quickvend/shared/api/admin-users';
import { kobo } from '@quickvend/shared/money';
import { createTestApp, errorOf, signUp, TestClient, uniqueEmail, type TestApp } from '../../helpers/app.ts';
import { approve, approvedInvitation, newAdmin } from '../../helpers/admins.ts';
import { describeEachDatabase } from '../../helpers/database.ts';
import { buy, fundedCustomer, TEST_PIN } from '../../helpers/purchases.ts';
import { turnOnPartnerAccess } from '../../helpers/partners.ts';

describeEachDatabase('deleting and demoting users, and admin invitations', (kind) => {
  let t: TestApp;
  let admin: TestClient;
  let adminId: string;

  const act = (userId: string, action: string, reason = 'Asked to close the account') =>
    admin.post(`/api/v1/admin/users/${userId}/${action}`, { reason });
  const auditOf = (targetType: string, targetId: string) => t.container.audit.list({ targetType, targetId });
  const invitations = async () =>
    (await admin.get('/api/v1/admin/invitations')).json<{ invitations: AdminInvitation[] }>().invitations;
  const tokenOf = (url: string) => new URL(url).searchParams.get('invite') ?? '';

  beforeAll(async () => {
    t = await createTestApp(kind);
    const signedUp = await signUp(t.app, { name: 'Deleting Admin' });
    adminId = signedUp.userId;
    await t.container.auth.setRole(adminId, 'admin');
    admin = signedUp.client;
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses to delete a user whose wallet holds money, saying how to settle it first', async () => {
    const customer = await fundedCustomer(t, 1_234.5);
    const refused = await act(customer.userId, 'delete');
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({
      code: 'CONFLICT',
      message:
        'This wallet still holds ₦1,234.50. Settle it first with a refund or an adjustment, then delete the account.',
    });
    expect((await customer.client.get('/api/v1/me')).statusCode).toBe(200);
    expect(await auditOf('user', customer.userId)).toEqual([]);
  });

  it('anonymises the account, ends its sessions and keys, keeps every ledger line and purchase', async () => {
    const customer = await fundedCustomer(t, 500);
    const { purchase } = await buy(customer.client, {
      serviceId: 'mtn',
      phone: '08011111111',
      amount: '100',
    });
    expect(purchase?.status).toBe('delivered');
    await turnOnPartnerAccess(customer.client);
    const keyResponse = await customer.client.post('/api/v1/api-keys', {
      name: 'Till',
      password: customer.password,
      pin: TEST_PIN,
    });
    const { key } = keyResponse.json<{ key: string }>();
    await admin.post(`/api/v1/admin/users/${customer.userId}`, {
      name: 'Ada Obi',
      email: customer.email,
      phone: '08031234567',
    });
    // settled to zero by an adjustment, as an admin would
    await t.container.ledger.adjustWallet({
      userId: customer.userId,
      direction: 'debit',
      amountKobo: kobo(40_000),
      reason: 'refunded to the bank before closing',
      actor: 'test',
    });
    const before = (
      await admin.get(`/api/v1/admin/users/${customer.userId}`)
    ).json<AdminUserDetailResponse>();

    const deleted = await act(customer.userId, 'delete');
    expect(deleted.statusCode, deleted.body).toBe(200);
    const user = deleted.json<{ user: AdminUserProfile }>().user;
    expect(user).toMatchObject({
      id: customer.userId,
      name: 'Deleted user',
      phone: null,
      status: 'deleted',
      balanceKobo: 0,
      deletedAt: expect.any(String) as string,
    });
    expect(user.email).toMatch(/@deleted\.invalid$/);
    expect(user.email).not.toContain(customer.email.split('@')[0] ?? '-');

    // no way in: the session, the password and the key are gone
    expect((await customer.client.get('/api/v1/me')).statusCode).toBe(401);
    const signIn = await new TestClient(t.app).post('/api/v1/auth/sign-in', {
      email: customer.email,
      password: customer.password,
    });
    expect(signIn.statusCode).toBe(401);
    expect(errorOf(signIn).code).toBe('INVALID_CREDENTIALS');
    const keyAnswer = await t.app.inject({
      url: '/api/v1/balance',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(keyAnswer.statusCode).toBe(401);

    // the books are untouched
    const after = (await admin.get(`/api/v1/admin/users/${customer.userId}`)).json<AdminUserDetailResponse>();
    expect(after.statement).toEqual(before.statement);
    expect(after.purchases).toEqual(before.purchases);
    expect(after.apiKeys.map((k) => k.revokedAt)).toEqual([expect.any(String)]);
    expect(after.sessions).toEqual([]);
    expect((await t.container.ledger.verify()).problems).toEqual([]);

    // the old address is free again; the audit record keeps no personal data
    expect((await signUp(t.app, { email: customer.email })).userId).not.toBe(customer.userId);
    const [record] = await auditOf('user', customer.userId);
    expect(record).toMatchObject({
      actorId: adminId,
      action: 'user.delete',
      reason: 'Asked to close the account',
      before: { status: 'active', role: 'user' },
      after: { status: 'deleted', revokedKeys: [after.apiKeys[0]?.id] },
    });
    expect(JSON.stringify(record)).not.toContain(customer.email);
    expect(JSON.stringify(record)).not.toContain('08031234567');
    // a deleted account cannot be changed
    const edit = await admin.post(`/api/v1/admin/users/${customer.userId}`, {
      name: 'Back',
      email: uniqueEmail(),
      phone: '',
    });
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit).message).toBe('This account has been deleted.');
    expect((await act(customer.userId, 'delete')).statusCode).toBe(409);
  });

  it('refuses an admin deleting or demoting themselves', async () => {
    for (const action of ['delete', 'demote']) {
      const response = await act(adminId, action);
      expect(response.statusCode, action).toBe(403);
      expect(errorOf(response).message).toBe('You cannot do this to your own account. Ask another admin.');
    }
    expect((await admin.get('/api/v1/admin/users')).statusCode).toBe(200);
  });

  it('demotes another admin to a user once a second admin approves, with an audit record; demoting a user is refused', async () => {
    const other = await newAdmin(t, 'Second Admin');
    const checker = await newAdmin(t, 'Checking Admin');
    expect((await other.client.get('/api/v1/admin/users')).statusCode).toBe(200);

    const asked = await act(other.userId, 'demote', 'Left the company');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<{ status: string; user: AdminUserProfile }>()).toMatchObject({
      status: 'awaiting_approval',
      user: { role: 'admin' },
    });
    expect((await other.client.get('/api/v1/admin/users')).statusCode).toBe(200);
    await approve(checker.client, asked.json<{ approval: { id: string } }>().approval.id);
    expect((await other.client.get('/api/v1/admin/users')).statusCode).toBe(403);
    const [record] = await auditOf('user', other.userId);
    expect(record).toMatchObject({
      actorId: checker.userId,
      action: 'user.demote',
      reason: 'Left the company',
      before: { role: 'admin' },
      after: { role: 'user' },
    });

    const again = await act(other.userId, 'demote');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).message).toBe('This user is not an admin.');
    // the checker steps back: the acting admin is the only active one again
    await t.container.auth.setRole(checker.userId, 'user');
  });

  it('never demotes, deletes or suspends the last active admin', async () => {
    // the second admin was demoted above: the acting admin is the only active one, whoever asks
    const actor = { id: 'usr_operator', label: 'someone', ip: null };
    for (const action of ['demote', 'remove', 'suspend'] as const) {
      const outcome = t.container.userAdmin[action](actor, adminId, 'No admins left');
      await expect(outcome).rejects.toMatchObject({
        code: 'CONFLICT',
        message: 'This is the last admin: invite another admin before removing this one.',
      });
    }
    expect((await admin.get('/api/v1/me')).json<{ user: { role: string } }>().user.role).toBe('admin');
  });

  it('lists invitations with who made them, lets an admin copy an open link, and revokes it', async () => {
    const email = uniqueEmail('invitee');
    const checker = await newAdmin(t, 'Inviting Checker');
    const invitation = await approvedInvitation(admin, checker.client, email);

    const [listed] = await invitations();
    expect(listed).toMatchObject({
      id: invitation.id,
      email,
      status: 'open',
      createdBy: { id: adminId, name: 'Deleting Admin' },
      usedAt: null,
      usedBy: null,
      revokedAt: null,
      url: invitation.url,
    });

    const revoked = await admin.post(`/api/v1/admin/invitations/${invitation.id}/revoke`, {});
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<{ invitation: AdminInvitation }>().invitation).toMatchObject({
      status: 'revoked',
      revokedAt: expect.any(String) as string,
      url: null,
    });
    // the link no longer makes an admin
    const token = tokenOf(invitation.url);
    expect((await new TestClient(t.app).get(`/api/v1/admin/invitations/${token}`)).statusCode).toBe(404);
    const register = await new TestClient(t.app).post('/api/v1/auth/admin-register', {
      token,
      email,
      password: 'admin password 9',
    });
    expect(register.statusCode).toBe(404);
    expect(await t.container.auth.findUserByEmail(email)).toBeNull();

    const twice = await admin.post(`/api/v1/admin/invitations/${invitation.id}/revoke`, {});
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toBe('This invitation has already been used, revoked or has expired.');
    expect((await admin.post('/api/v1/admin/invitations/inv_nothing/revoke', {})).statusCode).toBe(404);

    const records = await auditOf('invitation', invitation.id);
    expect(records.map((record) => [record.action, record.actorId])).toEqual([
      ['invitation.revoke', adminId],
      ['invitation.create', checker.userId],
    ]);
    expect(records[1]?.after).toMatchObject({ createdBy: adminId });
  });

  it('shows who used an invitation, and refuses to revoke a used one', async () => {
    const checker = await newAdmin(t, 'Another Checker');
    const invitation = await approvedInvitation(admin, checker.client);
    const email = uniqueEmail('newadmin');
    const registered = await new TestClient(t.app).post('/api/v1/auth/admin-register', {
      token: tokenOf(invitation.url),
      email,
      password: 'admin password 10',
      name: 'New Admin',
    });
    expect(registered.statusCode).toBe(201);
    const used = (await invitations()).find((i) => i.id === invitation.id);
    expect(used).toMatchObject({
      status: 'used',
      usedBy: { name: 'New Admin', email },
      url: null,
    });
    expect((await admin.post(`/api/v1/admin/invitations/${invitation.id}/revoke`, {})).statusCode).toBe(409);
  });
});
