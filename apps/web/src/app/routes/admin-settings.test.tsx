import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminSetting, SettingKey } from '@quickvend/shared/api/admin-money';
import { aFloat, approvalAdmins, aSetting, aSettingChange, someSettings } from '@/lib/testing/admin-money.ts';
import { apiError, aUser, aWallet, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';
import type { Wire } from '@/lib/testing/wire.ts';

const threeHoursAgo = () => new Date(Date.now() - 3 * 60 * 60 * 1000).toISOString();

/** The settings as the server lists them, with `changed` in place of the defaults. */
function settingsWith(...changed: Wire<AdminSetting>[]) {
  return {
    settings: someSettings().settings.map(
      (setting) => changed.find((candidate) => candidate.key === setting.key) ?? setting,
    ),
  };
}

/** Bola, an admin, reads the Settings page. */
function settingsApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ id: 'usr_bola', role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/float': { body: aFloat() },
    'GET /api/v1/admin/settings': { body: someSettings() },
    ...overrides,
  });
}

const region = (title: string) => screen.findByRole('region', { name: title });

const waitingThreshold = (overrides: Parameters<typeof aSettingChange>[3] = {}) =>
  aSetting('approvals.thresholdKobo', {
    pending: {
      valueKobo: 8_000_000,
      value: '80000.00',
      approval: aSettingChange('approvals.thresholdKobo', 5_000_000, 8_000_000, {
        requestedAt: threeHoursAgo(),
        ...overrides,
      }),
    },
  });

describe('the settings page', () => {
  it('shows every money setting with its value, bounds and last change, in plain words', async () => {
    settingsApi({
      'GET /api/v1/admin/settings': {
        body: settingsWith(
          aSetting('referrals.rewardKobo', {
            valueKobo: 100_000,
            updatedAt: '2025-03-12T09:30:00.000Z',
            updatedBy: approvalAdmins.ada,
            approvedBy: approvalAdmins.bola,
          }),
        ),
      },
    });
    renderApp('/admin/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    const titles: Record<SettingKey, string> = {
      'approvals.thresholdKobo': 'Second admin needed above',
      'approvals.dailyLimitKobo': "One admin's limit in 24 hours",
      'float.lowBalanceKobo': 'Warn when the VTpass float falls below',
      'referrals.rewardKobo': 'Referral reward',
      'funding.manualChargeKobo': 'Manual deposit charge',
      'funding.minimumKobo': 'Smallest funding',
    };
    for (const title of Object.values(titles)) expect(await region(title)).toBeTruthy();

    const threshold = await region('Second admin needed above');
    expect(within(threshold).getByText('₦50,000.00')).toBeTruthy();
    expect(within(threshold).getByText('Allowed from ₦0.00 to ₦1,000,000.00.')).toBeTruthy();
    expect(within(threshold).getByText('Never changed: this is the default.')).toBeTruthy();

    const reward = await region('Referral reward');
    expect(within(reward).getByText('₦1,000.00')).toBeTruthy();
    expect(within(reward).getByText('Allowed from ₦0.00 to ₦5,000.00.')).toBeTruthy();
    expect(
      within(reward).getByText(
        'Last changed on 12 Mar 2025, 10:30, asked by Ada Admin and approved by Bola Admin.',
        { exact: false },
      ),
    ).toBeTruthy();
    expect(within(await region('Smallest funding')).getByText('₦100.00')).toBeTruthy();
    expect(within(await region('Manual deposit charge')).getByText('₦50.00')).toBeTruthy();
  });

  it("shows another admin's pending change with Approve and Reject, and approves it", async () => {
    const api = settingsApi({
      'GET /api/v1/admin/settings': { body: settingsWith(waitingThreshold()) },
      'POST /api/v1/admin/approvals/:id/approve': {
        body: {
          approval: aSettingChange('approvals.thresholdKobo', 5_000_000, 8_000_000, { status: 'approved' }),
        },
      },
    });
    const { user } = renderApp('/admin/settings');
    const threshold = await region('Second admin needed above');
    expect(within(threshold).getByText('Waiting for a second admin')).toBeTruthy();
    expect(within(threshold).getByText('₦50,000.00 → ₦80,000.00')).toBeTruthy();
    expect(within(threshold).getByText(/asked by Ada Admin/)).toBeTruthy();
    expect(within(threshold).getByText('3 h ago')).toBeTruthy();
    expect(within(threshold).getByText('Reason: Busier season')).toBeTruthy();
    expect(within(threshold).queryByRole('button', { name: /^Change/ })).toBeNull();
    expect(
      within(threshold).getByRole('button', {
        name: 'Reject: Second admin needed above from ₦50,000.00 to ₦80,000.00',
      }),
    ).toBeTruthy();

    await user.click(
      within(threshold).getByRole('button', {
        name: 'Approve: Second admin needed above from ₦50,000.00 to ₦80,000.00',
      }),
    );
    expect(api.callsTo('POST /api/v1/admin/approvals/:id/approve')).toHaveLength(0);
    api.set('GET /api/v1/admin/settings', {
      body: settingsWith(
        aSetting('approvals.thresholdKobo', {
          valueKobo: 8_000_000,
          updatedAt: '2025-03-12T09:30:00.000Z',
          updatedBy: approvalAdmins.ada,
          approvedBy: approvalAdmins.bola,
        }),
      ),
    });
    await user.click(within(threshold).getByRole('button', { name: 'Confirm approve' }));
    expect(
      await within(threshold).findByText(
        'Approved: Second admin needed above from ₦50,000.00 to ₦80,000.00.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/approvals/:id/approve')[0]?.url).toBe(
      '/api/v1/admin/approvals/apr_01JQ00000000000000000000SC/approve',
    );
    expect(await within(threshold).findByText('₦80,000.00')).toBeTruthy();
  });

  it('lets the admin who asked withdraw the change, never approve it', async () => {
    const api = settingsApi({
      'GET /api/v1/admin/settings': {
        body: settingsWith(waitingThreshold({ isMine: true, requestedBy: approvalAdmins.bola })),
      },
      'POST /api/v1/admin/approvals/:id/cancel': {
        body: {
          approval: aSettingChange('approvals.thresholdKobo', 5_000_000, 8_000_000, { status: 'cancelled' }),
        },
      },
    });
    const { user } = renderApp('/admin/settings');
    const threshold = await region('Second admin needed above');
    expect(within(threshold).getByText(/asked by you/)).toBeTruthy();
    expect(within(threshold).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(within(threshold).getByText('Yours: another admin must decide it.')).toBeTruthy();
    api.set('GET /api/v1/admin/settings', { body: someSettings() });
    await user.click(within(threshold).getByRole('button', { name: /^Withdraw your request/ }));
    expect(
      await within(threshold).findByText(
        'Withdrawn: Second admin needed above from ₦50,000.00 to ₦80,000.00.',
      ),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/approvals/:id/cancel')).toHaveLength(1);
    expect(
      await within(threshold).findByRole('button', { name: 'Change "second admin needed above"' }),
    ).toBeTruthy();
  });

  it('asks for a change with a reason, saying plainly that a second admin must approve it', async () => {
    const asked = aSettingChange('referrals.rewardKobo', 5_000, 100_000, {
      isMine: true,
      requestedBy: approvalAdmins.bola,
      reason: 'Easter promotion',
    });
    const waiting = aSetting('referrals.rewardKobo', {
      pending: { valueKobo: 100_000, value: '1000.00', approval: asked },
    });
    const api = settingsApi({
      'PUT /api/v1/admin/settings/:key': {
        status: 202,
        body: { status: 'awaiting_approval', setting: waiting, approval: asked },
      },
    });
    const { user } = renderApp('/admin/settings');
    const reward = await region('Referral reward');
    await user.click(within(reward).getByRole('button', { name: 'Change "referral reward"' }));
    expect(
      within(reward).getByText(
        'A second admin must approve this change before it takes effect. Until then the value stays ₦50.00.',
      ),
    ).toBeTruthy();
    const amount = within(reward).getByLabelText('New amount for "referral reward" (₦)');
    expect(within(reward).getByText('From ₦0.00 to ₦5,000.00.')).toBeTruthy();

    await user.clear(amount);
    await user.type(amount, '10,000,000');
    await user.click(within(reward).getByRole('button', { name: 'Ask a second admin' }));
    expect(await within(reward).findByText('Enter an amount from ₦0.00 to ₦5,000.00.')).toBeTruthy();
    expect(within(reward).getByText('Say why this setting should change.')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/admin/settings/:key')).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '1,000');
    await user.type(within(reward).getByLabelText('Why change it?'), 'Easter promotion');
    api.set('GET /api/v1/admin/settings', { body: settingsWith(waiting) });
    await user.click(within(reward).getByRole('button', { name: 'Ask a second admin' }));
    expect(
      await within(reward).findByText(
        'Sent to a second admin: Referral reward from ₦50.00 to ₦1,000.00. It changes once another admin approves it.',
      ),
    ).toBeTruthy();
    const [call] = api.callsTo('PUT /api/v1/admin/settings/:key');
    expect(call?.url).toBe('/api/v1/admin/settings/referrals.rewardKobo');
    expect(call?.body).toEqual({ amount: '1,000', reason: 'Easter promotion' });
    expect(await within(reward).findByText('Waiting for a second admin')).toBeTruthy();
    expect(within(reward).getByText('₦50.00 → ₦1,000.00')).toBeTruthy();
  });

  it("shows the server's refusal: a bound on the amount, a change already waiting as an error", async () => {
    const bound = 'The referral reward must be between ₦0.00 and ₦5,000.00.';
    const api = settingsApi({
      'PUT /api/v1/admin/settings/:key': apiError(400, 'VALIDATION_FAILED', bound, {
        fields: { amount: bound },
      }),
    });
    const { user } = renderApp('/admin/settings');
    const reward = await region('Referral reward');
    await user.click(within(reward).getByRole('button', { name: 'Change "referral reward"' }));
    const amount = within(reward).getByLabelText('New amount for "referral reward" (₦)');
    await user.clear(amount);
    await user.type(amount, '4,000');
    await user.type(within(reward).getByLabelText('Why change it?'), 'Easter promotion');
    await user.click(within(reward).getByRole('button', { name: 'Ask a second admin' }));
    expect(await within(reward).findByText(bound)).toBeTruthy();

    const waiting =
      'A change to this setting is already waiting for a second admin: approve, reject or withdraw it first.';
    api.set('PUT /api/v1/admin/settings/:key', apiError(409, 'CONFLICT', waiting));
    await user.click(within(reward).getByRole('button', { name: 'Ask a second admin' }));
    const message = await within(reward).findByText(`Error: ${waiting}`);
    expect(message.getAttribute('data-tone')).toBe('error');
  });
});
