import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { anAuditEntry } from '@/lib/testing/admin-reports.ts';
import { apiError, aUser, aWallet, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const suspend = anAuditEntry();
const credit = anAuditEntry({
  id: 'aud_01JQ0000000000000000000002',
  at: '2025-03-12T23:30:00.000Z',
  actorLabel: 'bola@example.com',
  action: 'wallet.credit',
  targetType: 'user',
  targetId: 'usr_01JQ00000000000000TARGET',
  before: { balanceKobo: 0 },
  after: { balanceKobo: 500_000 },
  reason: 'Refund for a failed transfer',
  ip: '198.51.100.2',
});
const requery = anAuditEntry({
  id: 'aud_01JQ0000000000000000000003',
  actorId: null,
  actorLabel: 'cli:ops',
  action: 'purchase.requery',
  targetType: 'purchase',
  targetId: 'pur_01JQ0000000000000000PURCH1',
  before: null,
  after: { status: 'delivered' },
  reason: null,
  ip: null,
});
const setting = anAuditEntry({
  id: 'aud_01JQ0000000000000000000004',
  action: 'setting.update',
  targetType: 'setting',
  targetId: 'approvals.thresholdKobo',
  before: { valueKobo: 5_000_000 },
  after: { valueKobo: 10_000_000 },
});

function auditApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/audit': (_body, url) =>
      url.searchParams.get('cursor') === requery.id
        ? { body: { entries: [setting], nextCursor: null } }
        : { body: { entries: [credit, suspend, requery], nextCursor: requery.id } },
    ...overrides,
  });
}

describe('admin audit log', () => {
  it('shows who did what to which target, when in Lagos, the change, the reason and the IP', async () => {
    auditApi();
    renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, first, second, third] = within(table).getAllByRole('row');
    if (!first || !second || !third) throw new Error('rows missing');
    expect(within(first).getByText('13 Mar 2025, 00:30')).toBeTruthy();
    expect(within(first).getByText('bola@example.com')).toBeTruthy();
    expect(within(first).getByText('wallet.credit')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'User …TARGET' }).getAttribute('href')).toBe(
      '/edit-user/usr_01JQ00000000000000TARGET',
    );
    expect(within(first).getByText('₦0.00', { selector: 'del' })).toBeTruthy();
    expect(within(first).getByText('₦5,000.00', { selector: 'ins' })).toBeTruthy();
    expect(within(first).getByText('Refund for a failed transfer')).toBeTruthy();
    expect(within(first).getByText('198.51.100.2')).toBeTruthy();

    expect(within(second).getByText('(none)', { selector: 'del' })).toBeTruthy();
    expect(within(second).getByText('12 Mar 2025, 14:05', { selector: 'ins' })).toBeTruthy();

    expect(within(third).getByText('Command line (cli:ops)')).toBeTruthy();
    expect(within(third).getByRole('link', { name: 'Purchase …PURCH1' }).getAttribute('href')).toBe(
      '/admin/purchases/pur_01JQ0000000000000000PURCH1',
    );
    expect(within(third).queryByText('(none)')).toBeNull();
    expect(within(third).getByText('delivered', { selector: 'ins' })).toBeTruthy();
  });

  it('shows older records on demand, and names a target without a page in plain text', async () => {
    const api = auditApi();
    const { user } = renderApp('/admin/audit');
    await screen.findByRole('table', { name: 'Audit log' });
    await user.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByText('setting.update')).toBeTruthy();
    expect(screen.getByText('Setting approvals.thresholdKobo').tagName).toBe('SPAN');
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
    expect(api.callsTo('GET /api/v1/admin/audit').at(-1)?.url).toBe(
      `/api/v1/admin/audit?limit=50&cursor=${requery.id}`,
    );
  });

  it('filters by who, action, target and dates, and exports what it shows', async () => {
    const api = auditApi();
    const { user, router } = renderApp('/admin/audit');
    await screen.findByRole('table', { name: 'Audit log' });
    await user.type(screen.getByLabelText('Who'), 'bola@example.com');
    await user.type(screen.getByLabelText('Action'), 'wallet');
    await user.selectOptions(screen.getByLabelText('Target'), 'user');
    await user.type(screen.getByLabelText('From'), '2025-03-01');
    await user.type(screen.getByLabelText('To'), '2025-03-31');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const query = 'actor=bola%40example.com&action=wallet&targetType=user&from=2025-03-01&to=2025-03-31';
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/admin/audit').at(-1)?.url).toBe(
        `/api/v1/admin/audit?${query}&limit=50`,
      );
    });
    expect(router.state.location.search).toBe(`?${query}`);
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(
      `/api/v1/admin/audit.csv?${query}`,
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/admin/audit').at(-1)?.url).toBe('/api/v1/admin/audit?limit=50');
    });
    expect(screen.getByLabelText<HTMLInputElement>('Who').value).toBe('');
  });

  it("says each change in the operator's words: the action, the field, a discount, a role, an invitation", async () => {
    const price = anAuditEntry({
      id: 'aud_01JQ0000000000000000000005',
      action: 'price.save',
      targetType: 'price_rule',
      targetId: 'mtn:*:api',
      before: { mode: 'bps', bps: 0, allowLoss: false },
      after: { mode: 'bps', bps: -100, allowLoss: false },
    });
    const demotion = anAuditEntry({
      id: 'aud_01JQ0000000000000000000006',
      action: 'user.demote',
      before: { role: 'admin', status: 'active' },
      after: { role: 'user', status: 'active', revokedInvitations: ['inv_1', 'inv_2'] },
    });
    const joined = anAuditEntry({
      id: 'aud_01JQ0000000000000000000007',
      actorLabel: 'new.admin@example.com',
      action: 'invitation.accept',
      targetType: 'invitation',
      targetId: 'inv_01JQ00000000000000INVITE',
      before: { status: 'open' },
      after: { status: 'used', role: 'admin' },
    });
    auditApi({
      'GET /api/v1/admin/audit': { body: { entries: [price, demotion, joined], nextCursor: null } },
    });
    renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const [, first, second, third] = within(table).getAllByRole('row');
    if (!first || !second || !third) throw new Error('rows missing');
    expect(within(first).getByText('Price rule saved')).toBeTruthy();
    expect(within(first).getByText('price.save')).toBeTruthy();
    expect(within(first).getByText('Price:')).toBeTruthy();
    expect(within(first).getByText('face value (no discount or markup)', { selector: 'del' })).toBeTruthy();
    expect(within(first).getByText('discount 1 %', { selector: 'ins' })).toBeTruthy();
    expect(within(first).queryByText(/bps/)).toBeNull();

    expect(within(second).getByText('Admin demoted to customer')).toBeTruthy();
    expect(within(second).getByText('admin', { selector: 'del' })).toBeTruthy();
    expect(within(second).getByText('customer', { selector: 'ins' })).toBeTruthy();
    expect(within(second).getByText('Invitations ended:')).toBeTruthy();
    expect(within(second).getByText('inv_1, inv_2', { selector: 'ins' })).toBeTruthy();

    expect(within(third).getByText('Admin invitation used: a new admin')).toBeTruthy();
    expect(within(third).getByText('open', { selector: 'del' })).toBeTruthy();
    expect(within(third).getByText('used', { selector: 'ins' })).toBeTruthy();
    expect(within(third).getByText('Role:')).toBeTruthy();
  });

  it('refuses dates that run backwards without asking the server', async () => {
    const api = auditApi();
    const { user } = renderApp('/admin/audit');
    await screen.findByRole('table', { name: 'Audit log' });
    const calls = api.callsTo('GET /api/v1/admin/audit').length;
    await user.type(screen.getByLabelText('From'), '2025-03-31');
    await user.type(screen.getByLabelText('To'), '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/admin/audit')).toHaveLength(calls);
  });

  it('says so when nothing matches, and when the server refuses', async () => {
    auditApi({ 'GET /api/v1/admin/audit': { body: { entries: [], nextCursor: null } } });
    renderApp('/admin/audit?actor=nobody%40example.com');
    expect(await screen.findByText('No audited actions match these filters.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Who').value).toBe('nobody@example.com');

    auditApi({
      'GET /api/v1/admin/audit': apiError(400, 'VALIDATION_FAILED', 'Enter the start date as YYYY-MM-DD.'),
    });
    renderApp('/admin/audit?from=2025-02-30');
    expect(await screen.findByText('Error: Enter the start date as YYYY-MM-DD.')).toBeTruthy();
  });
});
