import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@quickvend/shared/api/admin-users';
import { messages } from '@quickvend/shared/messages';
import { anApproval } from '@/lib/testing/admin-money.ts';
import { anAdminUser, anAdminUserProfile, anInvitation } from '@/lib/testing/admin-users.ts';
import {
  apiError,
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

const bola = anAdminUser({ id: 'usr_01JQ00000000000000000BOLA1', name: 'Bola Ade', balanceKobo: 250_000 });
const nameless = anAdminUser({
  id: 'usr_01JQ0000000000000000NONAME',
  name: '',
  email: 'b@example.com',
  balanceKobo: 0,
  status: 'suspended',
});

const page = (users: Wire<AdminUser>[], total = users.length, pageNumber = 1, pageSize = 25) => ({
  body: { users, total, page: pageNumber, pageSize },
});

function adminApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ id: 'usr_me', role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/users': page([bola, nameless]),
    'GET /api/v1/admin/invitations': { body: { invitations: [] } },
    ...overrides,
  });
}

const lastUsersUrl = (api: ReturnType<typeof adminApi>) => api.callsTo('GET /api/v1/admin/users').at(-1)?.url;

describe('admin users page', () => {
  it("shows the spec's columns with Edit and Delete, the Name fallback and balances in naira", async () => {
    const held = deferred<MockReply<'GET /api/v1/admin/users'>>();
    adminApi({ 'GET /api/v1/admin/users': () => held.promise });
    renderApp('/admin/users');
    expect(await screen.findByText(messages.admin.loading)).toBeTruthy();
    held.resolve(page([bola, nameless]));

    const table = await screen.findByRole('table', { name: 'All users' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers.slice(0, 4)).toEqual(['User ID', 'Name', 'Email', 'Wallet Balance↓']);
    expect(within(table).getByText('N/A')).toBeTruthy();
    expect(within(table).getByText('₦2,500.00')).toBeTruthy();
    expect(within(table).getByText('usr_…0BOLA1')).toBeTruthy();
    expect(within(table).getByText('Suspended')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Edit Bola Ade' }).getAttribute('href')).toBe(
      `/edit-user/${bola.id}`,
    );
    expect(within(table).getByRole('button', { name: 'Delete Bola Ade' })).toBeTruthy();
    expect(screen.getByText('1–2 of 2 users · Page 1 of 1')).toBeTruthy();
  });

  it("offers no Delete on the admin's own row", async () => {
    adminApi({
      'GET /api/v1/admin/users': page([
        bola,
        anAdminUser({ id: 'usr_me', name: 'Me Myself', role: 'admin' }),
      ]),
    });
    renderApp('/admin/users');
    const table = await screen.findByRole('table', { name: 'All users' });
    expect(within(table).getByRole('link', { name: 'Edit Me Myself' })).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Delete Me Myself' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Delete Bola Ade' })).toBeTruthy();
  });

  it('says No users found. when nothing matches', async () => {
    adminApi({ 'GET /api/v1/admin/users': page([]) });
    renderApp('/admin/users');
    expect(await screen.findByText(messages.admin.noUsers)).toBeTruthy();
  });

  it('searches, filters and sorts through the address, starting again from the first page', async () => {
    const api = adminApi();
    const { user, router } = renderApp('/admin/users?page=3');
    await screen.findByRole('table', { name: 'All users' });
    expect(lastUsersUrl(api)).toBe('/api/v1/admin/users?sort=createdAt&order=desc&page=3&pageSize=25');

    await user.type(screen.getByLabelText('Search users'), '0803 123 4567');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(lastUsersUrl(api)).toBe(
        '/api/v1/admin/users?q=0803+123+4567&sort=createdAt&order=desc&page=1&pageSize=25',
      );
    });

    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.selectOptions(screen.getByLabelText('Status'), 'suspended');
    await waitFor(() => {
      expect(lastUsersUrl(api)).toContain('role=admin&status=suspended');
    });

    const balanceHeader = screen.getByRole('columnheader', { name: /Wallet Balance/ });
    expect(balanceHeader.getAttribute('aria-sort')).toBe('none');
    await user.click(within(balanceHeader).getByRole('button'));
    await waitFor(() => {
      expect(lastUsersUrl(api)).toContain('sort=balance&order=desc');
    });
    expect(screen.getByRole('columnheader', { name: /Wallet Balance/ }).getAttribute('aria-sort')).toBe(
      'descending',
    );
    await user.click(
      within(screen.getByRole('columnheader', { name: /Wallet Balance/ })).getByRole('button'),
    );
    await waitFor(() => {
      expect(lastUsersUrl(api)).toContain('sort=balance&order=asc');
    });
    expect(router.state.location.search).toBe(
      '?q=0803+123+4567&role=admin&status=suspended&sort=balance&order=asc',
    );
  });

  it('pages through the results', async () => {
    const api = adminApi({
      'GET /api/v1/admin/users': (_body, url) =>
        page([bola], 60, Number(url.searchParams.get('page') ?? 1), 25),
    });
    const { user } = renderApp('/admin/users');
    expect(await screen.findByText('1–25 of 60 users · Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('26–50 of 60 users · Page 2 of 3')).toBeTruthy();
    expect(lastUsersUrl(api)).toContain('page=2');
    await user.selectOptions(screen.getByLabelText('Per page'), '50');
    await waitFor(() => {
      expect(lastUsersUrl(api)).toContain('page=1&pageSize=50');
    });
  });

  it("deletes a user only with a reason and says the spec's words", async () => {
    const api = adminApi({
      'POST /api/v1/admin/users/:id/delete': {
        body: {
          status: 'applied',
          user: anAdminUserProfile({ ...bola, status: 'deleted', name: 'Deleted user' }),
        },
      },
    });
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Delete Bola Ade' }));
    await user.click(screen.getByRole('button', { name: 'Confirm delete' }));
    expect(await screen.findByText('Give a reason: it is kept in the audit log.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/users/:id/delete')).toHaveLength(0);

    await user.type(screen.getByLabelText('Why delete Bola Ade?'), 'Asked to close the account');
    api.set('GET /api/v1/admin/users', page([nameless]));
    await user.click(screen.getByRole('button', { name: 'Confirm delete' }));
    const done = await screen.findByText(messages.admin.userDeleted);
    expect(done.getAttribute('data-tone')).toBe('success');
    expect(api.callsTo('POST /api/v1/admin/users/:id/delete')[0]).toMatchObject({
      url: `/api/v1/admin/users/${bola.id}/delete`,
      body: { reason: 'Asked to close the account' },
    });
    await waitFor(() => {
      expect(screen.queryByText('Bola Ade')).toBeNull();
    });
  });

  it('shows why a delete was refused: the wallet still holds money', async () => {
    const refusal =
      'This wallet still holds ₦2,500.00. Settle it first with a refund or an adjustment, then delete the account.';
    adminApi({ 'POST /api/v1/admin/users/:id/delete': apiError(409, 'CONFLICT', refusal) });
    const { user } = renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Delete Bola Ade' }));
    await user.type(screen.getByLabelText('Why delete Bola Ade?'), 'Closing');
    await user.click(screen.getByRole('button', { name: 'Confirm delete' }));
    const message = await screen.findByText(refusal);
    expect(message.getAttribute('data-tone')).toBe('error');
    expect(screen.getByRole('button', { name: 'Delete Bola Ade' })).toBeTruthy();
  });

  it('lists invitations, copies an open link and revokes it', async () => {
    const open = anInvitation();
    const used = anInvitation({
      id: 'inv_2',
      email: null,
      status: 'used',
      url: null,
      usedAt: '2025-03-11T09:00:00.000Z',
      usedBy: { id: 'usr_new', name: 'New Admin', email: 'new@example.com' },
    });
    const api = adminApi({
      'GET /api/v1/admin/invitations': { body: { invitations: [open, used] } },
      'POST /api/v1/admin/invitations/:id/revoke': {
        body: {
          invitation: { ...open, status: 'revoked', url: null, revokedAt: '2025-03-12T09:00:00.000Z' },
        },
      },
    });
    const { user } = renderApp('/admin/users');
    const table = await screen.findByRole('table', { name: 'Admin invitations' });
    expect(within(table).getByText('new.admin@example.com')).toBeTruthy();
    expect(within(table).getByText('Anyone with the link')).toBeTruthy();
    expect(within(table).getByText('New Admin (new@example.com)')).toBeTruthy();
    expect(within(table).getAllByText('Ada Admin')).toHaveLength(2);

    await user.click(
      within(table).getByRole('button', { name: 'Copy invitation link for new.admin@example.com' }),
    );
    expect(await navigator.clipboard.readText()).toBe(open.url);

    api.set('GET /api/v1/admin/invitations', {
      body: { invitations: [{ ...open, status: 'revoked', url: null }, used] },
    });
    await user.click(
      within(table).getByRole('button', { name: 'Revoke the invitation for new.admin@example.com' }),
    );
    expect(
      await screen.findByText('Invitation for new.admin@example.com revoked: the link no longer works.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/invitations/:id/revoke')[0]?.url).toBe(
      '/api/v1/admin/invitations/inv_1/revoke',
    );
    expect(await within(table).findByText('Revoked')).toBeTruthy();
  });

  it("asks for an invitation: it waits for a second admin's approval, and no link exists yet", async () => {
    const api = adminApi({
      'POST /api/v1/admin/invitations': {
        status: 202,
        body: {
          status: 'awaiting_approval',
          approval: anApproval({
            kind: 'admin.invite',
            targetId: 'any',
            amountKobo: null,
            customer: null,
            payload: {},
            isMine: true,
          }),
        },
      },
    });
    const { user } = renderApp('/admin/users');
    expect(await screen.findByText(/A second admin must approve each invitation/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Ask for an invitation link' }));
    expect(
      await screen.findByText(
        "Sent for a second admin's approval. Once another admin approves it on the Approvals page, the link appears in the list below for you to copy.",
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Invitation link')).toBeNull();
    expect(api.callsTo('POST /api/v1/admin/invitations')[0]?.body).toEqual({});
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/admin/invitations').length).toBeGreaterThan(1);
    });
  });

  it('tells a signed-in non-admin that access is denied and asks the server for nothing', async () => {
    const api = mockApi({
      'GET /api/v1/session': { body: { user: aUser({ role: 'user' }) } },
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/wallet': aWallet(0),
    });
    renderApp('/admin/users');
    expect(await screen.findByText(messages.auth.notAdmin)).toBeTruthy();
    expect(api.callsTo('GET /api/v1/admin/users')).toHaveLength(0);
  });
});
