import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ApprovalRequest } from '@quickvend/shared/api/admin-money';
import type {
  AdminInvitation,
  AdminUserDetailResponse,
  UpdateAdminUserResponse,
  UserActionResponse,
} from '@quickvend/shared/api/admin-users';
import type { Notification } from '@quickvend/shared/api/notifications';
import {
  createTestApp,
  errorOf,
  signUp,
  TestClient,
  uniqueEmail,
  waitForMail,
  type TestApp,
} from '../../helpers/app.ts';
import { approve, approvedInvitation, newAdmin, type TestAdmin } from '../../helpers/admins.ts';
import { describeEachDatabase } from '../../helpers/database.ts';

const SENT = 'You already have 3 admin invitations open or waiting for a second admin.';

const tokenIn = (text: string) => decodeURIComponent(/token=([^\s&]+)/.exec(text)?.[1] ?? '');

describeEachDatabase('no admin makes, unmakes or takes over another admin alone', (kind) => {
  let t: TestApp;
  let ada: TestAdmin;
  let bola: TestAdmin;

  const roleOf = async (client: TestClient) =>
    (await client.get('/api/v1/me')).json<{ user: { role: string } }>().user.role;
  const detailOf = async (userId: string) =>
    (await ada.client.get(`/api/v1/admin/users/${userId}`)).json<AdminUserDetailResponse>().user;
  const act = (by: TestAdmin, userId: string, action: string, reason = 'Left the company') =>
    by.client.post(`/api/v1/admin/users/${userId}/${action}`, { reason });
  const invitationsOf = async (client: TestClient) =>
    (await client.get('/api/v1/admin/invitations')).json<{ invitations: AdminInvitation[] }>().invitations;
  const waiting = async (client: TestClient) =>
    (await client.get('/api/v1/admin/approvals?status=pending')).json<{ approvals: ApprovalRequest[] }>()
      .approvals;
  const noticesOf = async (client: TestClient) =>
    (await client.get('/api/v1/notifications')).json<{ notifications: Notification[] }>().notifications;

  beforeAll(async () => {
    t = await createTestApp(kind);
    ada = await newAdmin(t, 'Ada Admin');
    bola = await newAdmin(t, 'Bola Admin');
  });
  afterAll(async () => {
    await t.close();
  });

  it("makes an invitation only when a second admin approves the first one's request; the new admin's joining is audited", async () => {
    const email = uniqueEmail('invitee');
    const asked = await ada.client.post('/api/v1/admin/invitations', { email });
    expect(asked.statusCode, asked.body).toBe(202);
    const { approval } = asked.json<{ status: string; approval: ApprovalRequest }>();
    expect(approval).toMatchObject({
      kind: 'admin.invite',
      targetId: email,
      status: 'pending',
      isMine: true,
      subject: { label: `Invitation for ${email}`, href: '/admin/users' },
    });
    // no link exists yet
    expect((await invitationsOf(ada.client)).some((i) => i.email === email)).toBe(false);

    const own = await ada.client.post(`/api/v1/admin/approvals/${approval.id}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(errorOf(own).message).toBe(
      'A second admin must decide this: you cannot approve or reject your own request.',
    );

    const approved = await approve(bola.client, approval.id);
    const invitation = (await invitationsOf(ada.client)).find(
      (i) => i.id === String(approved.result?.['invitationId']),
    );
    expect(invitation).toMatchObject({
      email,
      status: 'open',
      createdBy: { id: ada.userId, name: 'Ada Admin' },
      url: expect.stringMatching(/\/AdminRegister\?invite=/) as string,
    });

    const token = new URL(invitation?.url ?? '').searchParams.get('invite') ?? '';
    const newcomer = new TestClient(t.app);
    const registered = await newcomer.post('/api/v1/auth/admin-register', {
      token,
      email,
      password: 'invited admin password',
      name: 'Chika Newcomer',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const newcomerId = registered.json<{ user: { id: string } }>().user.id;
    expect(await roleOf(newcomer)).toBe('admin');

    const records = await t.container.audit.list({
      targetType: 'invitation',
      targetId: invitation?.id ?? '',
    });
    expect(records.map((r) => [r.action, r.actorId])).toEqual([
      ['invitation.accept', newcomerId],
      ['invitation.create', bola.userId],
    ]);
    expect(records[0]).toMatchObject({
      before: { status: 'open' },
      after: { status: 'used', usedBy: newcomerId, email, role: 'admin', invitedBy: ada.userId },
    });
    expect(records[1]?.after).toMatchObject({ createdBy: ada.userId, approvalId: approval.id });
  });

  it('lets an admin hold at most 3 invitations, open or waiting; revoking one makes room', async () => {
    const chidi = await newAdmin(t, 'Chidi Admin');
    const open = await approvedInvitation(chidi.client, bola.client);
    for (let i = 0; i < 2; i += 1)
      expect((await chidi.client.post('/api/v1/admin/invitations', {})).statusCode).toBe(202);

    const fourth = await chidi.client.post('/api/v1/admin/invitations', { email: uniqueEmail('fourth') });
    expect(fourth.statusCode).toBe(409);
    expect(errorOf(fourth)).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining(SENT) as string,
    });
    // another admin's count is their own
    expect((await bola.client.post('/api/v1/admin/invitations', {})).statusCode).toBe(202);

    // revoking stays immediate, and frees a place
    expect((await chidi.client.post(`/api/v1/admin/invitations/${open.id}/revoke`, {})).statusCode).toBe(200);
    expect((await chidi.client.post('/api/v1/admin/invitations', {})).statusCode).toBe(202);
    expect((await chidi.client.post('/api/v1/admin/invitations', {})).statusCode).toBe(409);
  });

  it('holds the cap when one admin asks for several invitations at the same moment', async () => {
    const kemi = await newAdmin(t, 'Kemi Admin');
    await approvedInvitation(kemi.client, bola.client);
    const asked = await Promise.all(
      Array.from({ length: 4 }, () => kemi.client.post('/api/v1/admin/invitations', {})),
    );
    expect(asked.map((response) => response.statusCode).sort()).toEqual([202, 202, 409, 409]);
  });

  it('keeps a freshly invited admin from demoting the founding admin alone: it waits, the founder is told, a second admin decides', async () => {
    const founder = await newAdmin(t, 'Founding Admin');
    const invitation = await approvedInvitation(founder.client, bola.client);
    const newcomer = new TestClient(t.app);
    const newcomerEmail = uniqueEmail('fresh');
    expect(
      (
        await newcomer.post('/api/v1/auth/admin-register', {
          token: invitation.token,
          email: newcomerEmail,
          password: 'fresh admin password',
        })
      ).statusCode,
    ).toBe(201);

    const demoted = await newcomer.post(`/api/v1/admin/users/${founder.userId}/demote`, {
      reason: 'I run things now',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    const outcome = demoted.json<UserActionResponse>();
    expect(outcome.status).toBe('awaiting_approval');
    if (outcome.status !== 'awaiting_approval') throw new Error('not waiting');
    expect(outcome.approval).toMatchObject({
      kind: 'admin.demote',
      customer: { id: founder.userId },
      subject: { label: 'Admin Founding Admin', href: `/edit-user/${founder.userId}` },
    });
    expect(await roleOf(founder.client)).toBe('admin');
    const asked = await waitForMail(t.app, founder.email, /asked to demote your admin account/);
    expect(asked.text).toContain('I run things now');
    expect(asked.text).toContain(newcomerEmail);

    // neither the one asking nor the one concerned decides
    expect(
      (await newcomer.post(`/api/v1/admin/approvals/${outcome.approval.id}/approve`, {})).statusCode,
    ).toBe(403);
    const ownAccount = await founder.client.post(
      `/api/v1/admin/approvals/${outcome.approval.id}/approve`,
      {},
    );
    expect(ownAccount.statusCode).toBe(403);
    expect(await roleOf(founder.client)).toBe('admin');
    // asking twice finds the one waiting
    const twice = await newcomer.post(`/api/v1/admin/users/${founder.userId}/demote`, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);

    await approve(bola.client, outcome.approval.id);
    expect((await founder.client.get('/api/v1/admin/users')).statusCode).toBe(403);
    expect((await detailOf(founder.userId)).role).toBe('user');
    await waitForMail(t.app, founder.email, /second admin approved: demote your admin account/);
    const [record] = await t.container.audit.list({ targetType: 'user', targetId: founder.userId });
    expect(record).toMatchObject({
      action: 'user.demote',
      actorId: bola.userId,
      reason: 'I run things now',
      before: { role: 'admin' },
      after: { role: 'user', approvalId: outcome.approval.id },
    });
  });

  it("ends a demoted admin's open invitations and closes their waiting requests, in the same transaction", async () => {
    const dayo = await newAdmin(t, 'Dayo Admin');
    const open = await approvedInvitation(dayo.client, bola.client, uniqueEmail('pending-invitee'));
    const waitingInvite = (await dayo.client.post('/api/v1/admin/invitations', {})).json<{
      approval: ApprovalRequest;
    }>().approval;
    const other = await newAdmin(t, 'Other Admin');
    const waitingSuspension = (await act(dayo, other.userId, 'suspend', 'Shared password')).json<{
      approval: ApprovalRequest;
    }>().approval;

    const demotion = (await act(ada, dayo.userId, 'demote', 'Moved to sales')).json<{
      approval: ApprovalRequest;
    }>().approval;
    await approve(bola.client, demotion.id);

    const revoked = (await invitationsOf(ada.client)).find((i) => i.id === open.id);
    expect(revoked).toMatchObject({ status: 'revoked', url: null });
    expect((await new TestClient(t.app).get(`/api/v1/admin/invitations/${open.token}`)).statusCode).toBe(404);
    for (const id of [waitingInvite.id, waitingSuspension.id]) {
      const closed = await t.container.approvals.get(id);
      expect(closed).toMatchObject({
        status: 'closed',
        decisionNote: 'The admin who asked is no longer an admin.',
      });
    }
    expect((await waiting(ada.client)).map((a) => a.id)).not.toContain(waitingSuspension.id);
    expect((await detailOf(other.userId)).status).toBe('active');
    const [record] = await t.container.audit.list({ targetType: 'user', targetId: dayo.userId });
    expect(record?.after).toMatchObject({
      revokedInvitations: [open.id],
      closedRequests: expect.arrayContaining([waitingInvite.id, waitingSuspension.id]) as string[],
    });
  });

  it("changes another admin's email only after a second admin approves and the new address confirms; the old address is told", async () => {
    const emeka = await newAdmin(t, 'Emeka Admin');
    const newEmail = uniqueEmail('taken-over');
    const edited = await ada.client.post(`/api/v1/admin/users/${emeka.userId}`, {
      name: 'Emeka Admin',
      email: newEmail,
      phone: '',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const { user, emailChange } = edited.json<UpdateAdminUserResponse>();
    expect(user.email).toBe(emeka.email);
    expect(emailChange?.status).toBe('awaiting_approval');
    if (emailChange?.status !== 'awaiting_approval') throw new Error('not waiting');
    expect(emailChange.approval).toMatchObject({ kind: 'admin.email', payload: { email: newEmail } });
    await waitForMail(t.app, emeka.email, /asked to change the email of your admin account/);
    expect((await detailOf(emeka.userId)).email).toBe(emeka.email);

    expect(
      (await ada.client.post(`/api/v1/admin/approvals/${emailChange.approval.id}/approve`, {})).statusCode,
    ).toBe(403);
    await approve(bola.client, emailChange.approval.id);
    // approved, yet the account keeps its email until the new address opens the link
    expect((await detailOf(emeka.userId)).email).toBe(emeka.email);
    await waitForMail(t.app, emeka.email, /second admin approved: change the email/);
    const link = await waitForMail(t.app, newEmail, /Confirm your new QuickVend email/);
    const signIn = (email: string) =>
      new TestClient(t.app).post('/api/v1/auth/sign-in', { email, password: emeka.password });
    expect((await signIn(newEmail)).statusCode).toBe(401);

    const confirmed = await new TestClient(t.app).post('/api/v1/profile/email/confirm', {
      token: tokenIn(link.text),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await detailOf(emeka.userId)).email).toBe(newEmail);
    expect((await signIn(newEmail)).statusCode).toBe(200);
    await waitForMail(t.app, emeka.email, /email has changed/);
  });

  it('never changes an email from the edit form: a customer confirms the new address, and is told at once at the old one', async () => {
    const customer = await signUp(t.app, { name: 'Funmi Customer' });
    const newEmail = uniqueEmail('new-address');
    const edited = await ada.client.post(`/api/v1/admin/users/${customer.userId}`, {
      name: 'Funmi Customer',
      email: newEmail,
      phone: '08031234567',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<UpdateAdminUserResponse>()).toMatchObject({
      user: { email: customer.email, phone: '08031234567' },
      emailChange: { status: 'link_sent', sentTo: newEmail },
    });
    const told = await waitForMail(t.app, customer.email, /Your email is being changed/);
    expect(told.text).toContain(newEmail);
    expect((await noticesOf(customer.client))[0]).toMatchObject({
      category: 'security',
      title: 'Your email is being changed',
    });

    const link = await waitForMail(t.app, newEmail, /Confirm your new QuickVend email/);
    expect((await detailOf(customer.userId)).email).toBe(customer.email);
    const confirmed = await new TestClient(t.app).post('/api/v1/profile/email/confirm', {
      token: tokenIn(link.text),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await detailOf(customer.userId)).email).toBe(newEmail);
  });

  it('tells a customer, in the app and by email, when an admin suspends and restores them', async () => {
    const customer = await signUp(t.app, { name: 'Gbenga Customer' });
    const suspended = await act(ada, customer.userId, 'suspend', 'Chargebacks reported');
    expect(suspended.json<UserActionResponse>()).toMatchObject({
      status: 'applied',
      user: { status: 'suspended' },
    });
    const mail = await waitForMail(t.app, customer.email, /Your account is suspended/);
    expect(mail.text).toContain('contact support');
    expect(mail.text).not.toContain('Chargebacks');

    expect((await act(ada, customer.userId, 'unsuspend', 'Cleared by the bank')).statusCode).toBe(200);
    await waitForMail(t.app, customer.email, /Your account is restored/);
    const signedIn = new TestClient(t.app);
    await signedIn.post('/api/v1/auth/sign-in', { email: customer.email, password: customer.password });
    const titles = (await noticesOf(signedIn)).map((n) => n.title);
    expect(titles.filter((title) => title.startsWith('Your account'))).toEqual([
      'Your account is restored',
      'Your account is suspended',
    ]);
  });

  it('suspends, restores and deletes an admin only through a second admin', async () => {
    const femi = await newAdmin(t, 'Femi Admin');
    const suspension = (await act(ada, femi.userId, 'suspend', 'Lost laptop')).json<UserActionResponse>();
    expect(suspension).toMatchObject({ status: 'awaiting_approval', user: { status: 'active' } });
    if (suspension.status !== 'awaiting_approval') throw new Error('not waiting');
    expect((await femi.client.get('/api/v1/admin/users')).statusCode).toBe(200);
    await approve(bola.client, suspension.approval.id);
    expect((await femi.client.get('/api/v1/admin/users')).statusCode).toBe(401);

    const restore = (await act(ada, femi.userId, 'unsuspend', 'Laptop found')).json<UserActionResponse>();
    if (restore.status !== 'awaiting_approval') throw new Error('not waiting');
    await approve(bola.client, restore.approval.id);
    expect((await detailOf(femi.userId)).status).toBe('active');

    const removal = (await act(ada, femi.userId, 'delete', 'Left')).json<UserActionResponse>();
    if (removal.status !== 'awaiting_approval') throw new Error('not waiting');
    await approve(bola.client, removal.approval.id);
    expect((await detailOf(femi.userId)).status).toBe('deleted');
    await waitForMail(t.app, femi.email, /second admin approved: delete your admin account/);
  });
});
