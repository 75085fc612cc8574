import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminFloat } from '@quickvend/shared/api/admin-money';
import type { PurchasesSummary } from '@quickvend/shared/api/admin-purchases';
import { lagosDateOf } from '@quickvend/shared/periods';
import { aSalesReport } from '@/lib/testing/admin-reports.ts';
import {
  aManualRequestsPage,
  aManualRequest,
  apiError,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';
import type { Wire } from '@/lib/testing/wire.ts';

const today = lagosDateOf(new Date());

const float: Wire<AdminFloat> = {
  balanceKobo: 25_000_000,
  balance: '250000.00',
  checkedAt: '2025-03-12T13:05:00.000Z',
  error: null,
  thresholdKobo: 10_000_000,
  threshold: '100000.00',
  below: false,
  liabilitiesKobo: 12_345_600,
  liabilities: '123456.00',
  coversLiabilities: true,
};

const deposit = aManualRequest({
  id: 'mfr_7',
  user: { id: 'usr_2', name: 'Bola Ade', email: 'bola@example.com' },
  amountKobo: 1_000_000,
});

const summary: PurchasesSummary = {
  byStatus: { processing: 1, pending: 3, delivered: 90, failed: 6 },
  open: 4,
  flagged: 2,
  disputes: { open: 1, oldestOpenAt: '2025-03-12T14:00:00.000Z' },
};

function homeApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/reports/sales': {
      body: aSalesReport(
        { from: today, to: today },
        {
          [today]: {
            purchases: 14,
            delivered: 12,
            failed: 1,
            pending: 1,
            salesKobo: 4_567_800,
            costKobo: 4_500_000,
            marginKobo: 67_800,
          },
        },
      ),
    },
    'GET /api/v1/admin/purchases/summary': { body: summary },
    'GET /api/v1/admin/funding/manual': {
      body: aManualRequestsPage([deposit, aManualRequest({ amountKobo: 250_000 })]),
    },
    'GET /api/v1/admin/approvals': { body: { approvals: [] } },
    'GET /api/v1/admin/float': { body: float },
    'GET /api/v1/admin/purchases/flagged': { body: { purchases: [] } },
    ...overrides,
  });
}

const card = (name: string) => screen.findByRole('region', { name });

describe('admin home', () => {
  it("shows today's sales and margin from the reports, for today's Lagos date", async () => {
    const api = homeApi();
    renderApp('/admin');
    const sales = await card("Today's sales");
    expect(await within(sales).findByText('₦45,678.00')).toBeTruthy();
    expect(within(sales).getByText('Margin ₦678.00 · 12 purchases delivered')).toBeTruthy();
    expect(within(sales).getByRole('link', { name: 'Open reports' }).getAttribute('href')).toBe(
      `/admin/reports?from=${today}&to=${today}&period=day`,
    );
    expect(api.callsTo('GET /api/v1/admin/reports/sales')[0]?.url).toBe(
      `/api/v1/admin/reports/sales?from=${today}&to=${today}&period=day`,
    );
  });

  it('counts what waits for an admin, each card leading to its section', async () => {
    homeApi();
    renderApp('/admin');
    const purchases = await card('Purchases waiting');
    expect(await within(purchases).findByText('4 pending')).toBeTruthy();
    expect(within(purchases).getByText('2 flagged: pending over a day')).toBeTruthy();
    expect(within(purchases).getByRole('link', { name: 'See stuck purchases' }).getAttribute('href')).toBe(
      '/admin/purchases?stuck=true',
    );

    const deposits = await card('Manual deposits waiting');
    expect(await within(deposits).findByText('2 deposits')).toBeTruthy();
    expect(within(deposits).getByText('Oldest waiting since 12 Mar 2025, 14:05')).toBeTruthy();
    expect(within(deposits).getByRole('link', { name: 'Decide below' }).getAttribute('href')).toBe(
      '#manual-deposits',
    );
    expect(await screen.findByRole('table', { name: 'Pending manual funding requests' })).toBeTruthy();

    const approvals = await card('Approvals waiting');
    expect(await within(approvals).findByText('0 requests')).toBeTruthy();
    expect(within(approvals).getByRole('link', { name: 'Open approvals' }).getAttribute('href')).toBe(
      '/admin/approvals',
    );

    const reports = await card('Not received');
    expect(await within(reports).findByText('1 open report')).toBeTruthy();
    expect(within(reports).getByText('Waiting since 12 Mar 2025, 15:00')).toBeTruthy();
    expect(within(reports).getByRole('link', { name: 'Answer them' }).getAttribute('href')).toBe(
      '/admin/not-received',
    );
  });

  it('counts every open report from the summary, without loading the reports themselves', async () => {
    const api = homeApi({
      'GET /api/v1/admin/purchases/summary': {
        body: { ...summary, disputes: { open: 1_234, oldestOpenAt: '2025-03-10T08:30:00.000Z' } },
      },
    });
    renderApp('/admin');
    const reports = await card('Not received');
    expect(await within(reports).findByText('1,234 open reports')).toBeTruthy();
    expect(within(reports).getByText('Waiting since 10 Mar 2025, 09:30')).toBeTruthy();
    expect(reports.className).toContain('border-amber-400');
    expect(api.callsTo('GET /api/v1/admin/disputes')).toHaveLength(0);
  });

  it('says what the reports card is for when none is open', async () => {
    homeApi({
      'GET /api/v1/admin/purchases/summary': {
        body: { ...summary, disputes: { open: 0, oldestOpenAt: null } },
      },
    });
    renderApp('/admin');
    const reports = await card('Not received');
    expect(await within(reports).findByText('0 open reports')).toBeTruthy();
    expect(within(reports).getByText('Customers who say they did not get a purchase.')).toBeTruthy();
    expect(reports.className).not.toContain('border-amber-400');
  });

  it("shows the provider float beside the wallets' total, and warns when it runs short", async () => {
    homeApi({
      'GET /api/v1/admin/float': {
        body: {
          ...float,
          balanceKobo: 9_000_000,
          balance: '90000.00',
          below: true,
          coversLiabilities: false,
        },
      },
    });
    renderApp('/admin');
    const floatCard = await card('Provider float');
    expect(await within(floatCard).findByText('₦90,000.00')).toBeTruthy();
    expect(within(floatCard).getByText('Wallets hold ₦123,456.00')).toBeTruthy();
    expect(within(floatCard).getByText('Below the low-balance mark of ₦100,000.00.')).toBeTruthy();
    expect(within(floatCard).getByText('Less than what customers can spend.')).toBeTruthy();
    expect(within(floatCard).getByText('Read 12 Mar 2025, 14:05')).toBeTruthy();
  });

  it('says when the provider has not been read yet, and keeps the other cards when one fails', async () => {
    homeApi({
      'GET /api/v1/admin/float': {
        body: { ...float, balanceKobo: null, balance: null, checkedAt: null, coversLiabilities: null },
      },
      'GET /api/v1/admin/approvals': apiError(503, 'SERVICE_UNAVAILABLE', 'Try again in a moment.'),
    });
    renderApp('/admin');
    expect(await within(await card('Provider float')).findByText('Not read yet')).toBeTruthy();
    expect(
      await within(await card('Approvals waiting')).findByText('Error: Try again in a moment.'),
    ).toBeTruthy();
    expect(await within(await card('Purchases waiting')).findByText('4 pending')).toBeTruthy();
  });

  it('counts a deposit decided here out of the waiting card', async () => {
    const api = homeApi({
      'POST /api/v1/admin/funding/manual/:id/reject': (body) => ({
        body: { request: { ...deposit, status: 'rejected', reason: body.reason } },
      }),
    });
    const { user } = renderApp('/admin');
    const deposits = await card('Manual deposits waiting');
    await within(deposits).findByText('2 deposits');
    api.set('GET /api/v1/admin/funding/manual', {
      body: aManualRequestsPage([aManualRequest({ amountKobo: 250_000 })]),
    });
    const [reject] = await screen.findAllByRole('button', { name: /^Reject/ });
    if (!reject) throw new Error('no reject button');
    await user.click(reject);
    await user.type(screen.getByLabelText("Reason for rejecting Bola Ade's deposit"), 'No deposit found.');
    await user.click(screen.getByRole('button', { name: 'Confirm reject' }));
    expect(await within(deposits).findByText('1 deposit')).toBeTruthy();
  });
});
