import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetailResponse } from '@quickvend/shared/api/admin-users';
import type { AdminStatementLine } from '@quickvend/shared/api/wallet';
import { messages } from '@quickvend/shared/messages';
import { anApproval } from '@/lib/testing/admin-money.ts';
import { anAdminUserDetail, anAdminUserProfile } from '@/lib/testing/admin-users.ts';
import {
  anApiKey,
  apiError,
  aManualRequest,
  aPayment,
  aPurchase,
  aUser,
  aWallet,
  deferred,
  mockApi,
  sandboxMeta,
  type MockHandlers,
  type MockReply,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';
import type { Wire } from '@/lib/testing/wire.ts';

const USER_ID = 'usr_01JQ00000000000000000BOLA1';
const profile = { id: USER_ID, name: 'Bola Ade', email: 'bola@example.com', phone: '08031234567' };

const line = (id: number, values: Partial<Wire<AdminStatementLine>>): Wire<AdminStatementLine> => ({
  id,
  kind: 'adjustment',
  description: 'Adjustment by our team',
  link: null,
  reference: `adjustment:adj_${id}`,
  note: null,
  inKobo: 0,
  outKobo: 0,
  balanceAfterKobo: 0,
  createdAt: '2025-03-12T10:00:00.000Z',
  ...values,
});

const fullDetail: Wire<AdminUserDetailResponse> = anAdminUserDetail(profile, {
  statement: {
    lines: [
      line(10, {
        kind: 'purchase.hold',
        description: 'DStv Compact for smartcard 7034567890',
        link: '/admin/purchases/pur_2',
        reference: 'purchase:pur_2:hold',
        outKobo: 100_000,
        balanceAfterKobo: 150_000,
      }),
      line(9, { note: 'Goodwill credit', inKobo: 250_000, balanceAfterKobo: 250_000 }),
    ],
    nextCursor: 9,
  },
  purchases: [aPurchase({ id: 'pur_1', serviceName: 'MTN Airtime VTU', chargedKobo: 50_000 })],
  payments: [aPayment({ reference: 'QV-REF-77', amountKobo: 500_000 })],
  manualRequests: [aManualRequest({ depositorName: 'B. Ade', bankName: 'GTBank' })],
  apiKeys: [anApiKey({ name: 'Shop till', prefix: 'qv_abc1234' })],
  sessions: [
    {
      id: 'ses_1',
      userAgent:
        'Mozilla/5.0 (Linux; Android 13; Pixel 5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      ipAddress: '102.89.1.7',
      createdAt: '2025-03-12T08:00:00.000Z',
      lastSeenAt: '2025-03-12T09:30:00.000Z',
      expiresAt: '2025-03-15T09:30:00.000Z',
    },
  ],
});

function adminApi(overrides: MockHandlers = {}, me = aUser({ id: 'usr_me', role: 'admin' })) {
  return mockApi({
    'GET /api/v1/session': { body: { user: me } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/users/:id': { body: fullDetail },
    ...overrides,
  });
}

describe('the edit-user page', () => {
  it('shows the profile, wallet, statement, purchases, fundings, keys and devices', async () => {
    const held = deferred<MockReply<'GET /api/v1/admin/users/:id'>>();
    adminApi({ 'GET /api/v1/admin/users/:id': () => held.promise });
    renderApp(`/edit-user/${USER_ID}`);
    expect(await screen.findByText(messages.admin.loading)).toBeTruthy();
    held.resolve({ body: fullDetail });

    expect(await screen.findByRole('heading', { name: 'Bola Ade', level: 1 })).toBeTruthy();
    expect(screen.getByText(USER_ID)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('bola@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Phone (optional)').value).toBe('0803 123 4567');
    const wallet = screen.getByRole('region', { name: 'Wallet' });
    expect(within(wallet).getAllByText('₦2,500.00').length).toBeGreaterThan(0);

    const statement = screen.getByRole('table', { name: 'Wallet statement' });
    expect(
      within(statement)
        .getByRole('link', { name: 'DStv Compact for smartcard 7034567890' })
        .getAttribute('href'),
    ).toBe('/admin/purchases/pur_2');
    expect(within(statement).getByText('purchase:pur_2:hold')).toBeTruthy();
    expect(within(statement).getByText('Adjustment by our team')).toBeTruthy();
    expect(within(statement).getByText('“Goodwill credit”')).toBeTruthy();
    const purchases = screen.getByRole('table', { name: 'Recent purchases' });
    expect(within(purchases).getByRole('link', { name: 'MTN Airtime VTU' }).getAttribute('href')).toBe(
      '/admin/purchases/pur_1',
    );
    expect(within(purchases).getByText('₦500.00')).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Card and transfer payments' })).getByText('QV-REF-77'),
    ).toBeTruthy();
    expect(
      within(screen.getByRole('table', { name: 'Manual deposits' })).getByText('B. Ade · GTBank'),
    ).toBeTruthy();
    const keys = screen.getByRole('table', { name: 'API keys' });
    expect(within(keys).getByText('Shop till')).toBeTruthy();
    expect(within(keys).getByText('qv_abc1234…')).toBeTruthy();
    const devices = screen.getByRole('table', { name: 'Signed-in devices' });
    expect(within(devices).getByText('Chrome on Android')).toBeTruthy();
    expect(within(devices).getByText('102.89.1.7')).toBeTruthy();
  });

  it('loads older statement lines on demand', async () => {
    const api = adminApi({
      'GET /api/v1/admin/users/:id/statement': {
        body: {
          lines: [
            line(3, {
              kind: 'funding.card',
              description: 'Card payment',
              link: '/admin/fundings?reference=PAY-3',
              reference: 'funding:PAY-3',
              inKobo: 100,
              balanceAfterKobo: 100,
            }),
          ],
          nextCursor: null,
        },
      },
    });
    const { user } = renderApp(`/edit-user/${USER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Show older lines' }));
    expect((await screen.findByRole('link', { name: 'Card payment' })).getAttribute('href')).toBe(
      '/admin/fundings?reference=PAY-3',
    );
    expect(api.callsTo('GET /api/v1/admin/users/:id/statement')[0]?.url).toBe(
      `/api/v1/admin/users/${USER_ID}/statement?limit=20&cursor=9`,
    );
    expect(screen.queryByRole('button', { name: 'Show older lines' })).toBeNull();
  });

  it('checks the phone with the shared message before sending, and saves a good edit', async () => {
    const api = adminApi({
      'POST /api/v1/admin/users/:id': (body) => ({
        body: {
          user: anAdminUserProfile({ ...profile, name: body.name, email: body.email, phone: '08051234567' }),
          emailChange: null,
        },
      }),
    });
    const { user } = renderApp(`/edit-user/${USER_ID}`);
    const phone = await screen.findByLabelText('Phone (optional)');
    await user.clear(phone);
    await user.type(phone, '0805123');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(messages.purchase.invalidNigerianPhone)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/users/:id')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '+234 805 123 4567');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Bola Adeyemi');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/users/:id')[0]).toMatchObject({
      url: `/api/v1/admin/users/${USER_ID}`,
      body: { name: 'Bola Adeyemi', email: 'bola@example.com', phone: '08051234567' },
    });
  });

  it('never sets a new email itself: it says a link went to the new address and the old one was told', async () => {
    const api = adminApi({
      'POST /api/v1/admin/users/:id': {
        body: {
          user: anAdminUserProfile(profile),
          emailChange: { status: 'link_sent', sentTo: 'bola.new@example.com' },
        },
      },
    });
    const { user } = renderApp(`/edit-user/${USER_ID}`);
    const email = await screen.findByLabelText('Email');
    expect(
      screen.getByText(
        'A new address must confirm itself: we email it a link, and the account keeps its old email until the link is opened. The old address is told.',
      ),
    ).toBeTruthy();
    await user.clear(email);
    await user.type(email, 'bola.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        'Changes saved. We sent a confirmation link to bola.new@example.com: the email changes only when it is opened, and bola@example.com has been told.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/users/:id')[0]?.body).toMatchObject({
      email: 'bola.new@example.com',
    });
    // the form shows the email the account still has
    expect((email as HTMLInputElement).value).toBe('bola@example.com');
  });

  it("sends an admin's new email for a second admin's approval", async () => {
    adminApi({
      'GET /api/v1/admin/users/:id': { body: anAdminUserDetail({ ...profile, role: 'admin' }) },
      'POST /api/v1/admin/users/:id': {
        body: {
          user: anAdminUserProfile({ ...profile, role: 'admin' }),
          emailChange: {
            status: 'awaiting_approval',
            approval: anApproval({
              kind: 'admin.email',
              targetId: USER_ID,
              amountKobo: null,
              payload: { userId: USER_ID, email: 'bola.new@example.com' },
              isMine: true,
            }),
          },
        },
      },
    });
    const { user } = renderApp(`/edit-user/${USER_ID}`);
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'bola.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText(
        "Sent for a second admin's approval. Once another admin approves it, bola.new@example.com gets a confirmation link; until it is opened the email stays as it is. Other changes are saved.",
      ),
    ).toBeTruthy();
  });

  it("sends the suspension of an admin for a second admin's approval, saying nothing has changed yet", async () => {
    const admin = anAdminUserDetail({ ...profile, role: 'admin' });
    const api = adminApi({
      'GET /api/v1/admin/users/:id': { body: admin },
      'POST /api/v1/admin/users/:id/suspend': {
        body: {
          status: 'awaiting_approval',
          user: admin.user,
          approval: anApproval({
            kind: 'admin.suspend',
            targetId: USER_ID,
            amountKobo: null,
            payload: { userId: USER_ID },
            isMine: true,
          }),
        },
      },
    });
    const { user } = renderApp(`/edit-user/${USER_ID}`);
    expect(
      await screen.findByText(/This is an admin: suspending, restoring, demoting or deleting them waits/),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Suspend' }));
    await user.type(screen.getByLabelText('Why suspend Bola Ade?'), 'Lost laptop');
    await user.click(screen.getByRole('button', { name: "Send for a second admin's approval" }));
    const done = await screen.findByText(
      "Sent for a second admin's approval. Nothing changes for Bola Ade until another admin approves it on the Approvals page; Bola Ade has been emailed.",
    );
    expect(done.getAttribute('data-tone')).toBe('success');
    expect(api.callsTo('POST /api/v1/admin/users/:id/suspend')[0]?.body).toEqual({ reason: 'Lost laptop' });
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('shows a taken email on the Email field', async () => {
    const taken = 'An account with this email already exists.';
    adminApi({
      'POST /api/v1/admin/users/:id': apiError(409, 'EMAIL_TAKEN', taken, { fields: { email: taken } }),
    });
    const { user } = renderApp(`/edit-user/${USER_ID}`);
    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(taken)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });

  it('suspends only with a reason, then shows the account suspended', async () => {
    const suspended = anAdminUserDetail({
      ...profile,
      status: 'suspended',
      suspendedAt: '2025-03-12T11:00:00.000Z',
      suspensionReason: 'Card fraud reported',
    });
    const api = adminApi({
      'POST /api/v1/admin/users/:id/suspend': { body: { status: 'applied', user: suspended.user } },
    });
    const { user } = renderApp(`/edit-user/${USER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    await user.click(screen.getByRole('button', { name: 'Confirm suspension' }));
    expect(await screen.findByText('Give a reason: it is kept in the audit log.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/users/:id/suspend')).toHaveLength(0);

    await user.type(screen.getByLabelText('Why suspend Bola Ade?'), 'Card fraud reported');
    api.set('GET /api/v1/admin/users/:id', { body: suspended });
    await user.click(screen.getByRole('button', { name: 'Confirm suspension' }));
    expect(await screen.findByText('Bola Ade is suspended.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/users/:id/suspend')[0]?.body).toEqual({
      reason: 'Card fraud reported',
    });
    expect(await screen.findByRole('note')).toHaveProperty(
      'textContent',
      expect.stringContaining('Card fraud reported') as string,
    );
    expect(screen.getByRole('button', { name: 'Restore account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
  });

  it('offers demotion for an admin, and shows why the last admin cannot be demoted', async () => {
    const last = 'This is the last admin: invite another admin before removing this one.';
    adminApi({
      'GET /api/v1/admin/users/:id': { body: anAdminUserDetail({ ...profile, role: 'admin' }) },
      'POST /api/v1/admin/users/:id/demote': apiError(409, 'CONFLICT', last),
    });
    const { user } = renderApp(`/edit-user/${USER_ID}`);
    await user.click(await screen.findByRole('button', { name: 'Demote to user' }));
    await user.type(screen.getByLabelText('Why demote Bola Ade?'), 'Left the company');
    await user.click(screen.getByRole('button', { name: "Send for a second admin's approval" }));
    const message = await screen.findByText(last);
    expect(message.getAttribute('data-tone')).toBe('error');
  });

  it("offers no suspend, demote or delete on the admin's own account", async () => {
    adminApi(
      { 'GET /api/v1/admin/users/:id': { body: anAdminUserDetail({ ...profile, role: 'admin' }) } },
      aUser({ id: USER_ID, role: 'admin' }),
    );
    renderApp(`/edit-user/${USER_ID}`);
    expect(await screen.findByText(/This is your own account: another admin must/)).toBeTruthy();
    for (const name of ['Suspend', 'Demote to user', 'Delete']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    // nor a change of the own email from here
    expect(screen.getByLabelText<HTMLInputElement>('Email').readOnly).toBe(true);
    expect(screen.getByText(/change your email from your Profile/)).toBeTruthy();
  });

  it("offers no credit or debit on the admin's own wallet", async () => {
    adminApi(
      { 'GET /api/v1/admin/users/:id': { body: anAdminUserDetail({ ...profile, role: 'admin' }) } },
      aUser({ id: USER_ID, role: 'admin' }),
    );
    renderApp(`/edit-user/${USER_ID}`);
    const wallet = await screen.findByRole('region', { name: 'Wallet' });
    expect(
      await within(wallet).findByText('This is your own wallet: another admin must credit or debit it.'),
    ).toBeTruthy();
    expect(within(wallet).queryByRole('button', { name: 'Credit wallet' })).toBeNull();
    expect(within(wallet).queryByLabelText('Amount (₦)')).toBeNull();
  });

  it("offers credit and debit on another account's wallet", async () => {
    adminApi({ 'GET /api/v1/admin/approvals': { body: { approvals: [] } } });
    renderApp(`/edit-user/${USER_ID}`);
    const wallet = await screen.findByRole('region', { name: 'Wallet' });
    expect(await within(wallet).findByRole('button', { name: 'Credit wallet' })).toBeTruthy();
    expect(within(wallet).queryByText(/This is your own wallet/)).toBeNull();
  });

  it('says so when the user does not exist', async () => {
    adminApi({
      'GET /api/v1/admin/users/:id': apiError(404, 'NOT_FOUND', 'We could not find that user.'),
    });
    renderApp('/edit-user/usr_nobody');
    expect(await screen.findByText('We could not find that user.')).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByRole('link', { name: 'Back to all users' }).getAttribute('href')).toBe(
        '/admin/users',
      );
    });
  });
});
