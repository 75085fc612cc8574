import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NccDailyFigures, NccDailyReport } from '@quickvend/shared/api/ncc-report';
import { kobo } from '@quickvend/shared/money';
import { addDays, lagosDateOf } from '@quickvend/shared/periods';
import { apiError, aUser, aWallet, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const none: NccDailyFigures = {
  purchases: 0,
  delivered: 0,
  failed: 0,
  refunded: 0,
  refundedKobo: kobo(0),
  pending: 0,
  medianRefundMs: null,
  refundedWithin30s: 0,
  refundedWithin30sBps: null,
  pendingOver24h: 0,
  moved: 0,
  outages: 0,
  outageMinutes: 0,
  refusedDuringOutages: 0,
};

function aDay(date: string): NccDailyReport {
  return {
    date,
    startsAt: `${addDays(date, -1)}T23:00:00.000Z`,
    endsAt: `${date}T23:00:00.000Z`,
    generatedAt: '2025-03-12T08:00:00.000Z',
    rows: [
      {
        serviceId: 'glo',
        serviceName: 'GLO Airtime',
        provider: 'vtpass',
        providerName: 'VTpass',
        ...none,
        purchases: 2,
        failed: 2,
        refunded: 2,
        refundedKobo: kobo(50_000),
        medianRefundMs: 35_000,
        refundedWithin30s: 1,
        refundedWithin30sBps: 5_000,
      },
      {
        serviceId: 'mtn',
        serviceName: 'MTN Airtime',
        provider: null,
        providerName: 'All providers',
        ...none,
        outages: 1,
        outageMinutes: 13,
        refusedDuringOutages: 4,
      },
    ],
    totals: {
      ...none,
      purchases: 2,
      failed: 2,
      refunded: 2,
      refundedKobo: kobo(50_000),
      medianRefundMs: 35_000,
      refundedWithin30s: 1,
      refundedWithin30sBps: 5_000,
      outages: 1,
      outageMinutes: 13,
      refusedDuringOutages: 4,
    },
  };
}

function reportApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/reports/ncc-daily': (_body, url) => ({
      body: aDay(url.searchParams.get('date') ?? ''),
    }),
    ...overrides,
  });
}

describe('daily service report', () => {
  it('shows yesterday (Lagos) when the address names no day', async () => {
    const api = reportApi();
    renderApp('/admin/reports/daily-service');
    const yesterday = addDays(lagosDateOf(new Date()), -1);
    await screen.findByRole('heading', { name: 'Daily service report', level: 1 });
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/admin/reports/ncc-daily')[0]?.url).toBe(
        `/api/v1/admin/reports/ncc-daily?date=${yesterday}`,
      );
    });
    expect(screen.getByLabelText<HTMLInputElement>('Day').value).toBe(yesterday);
  });

  it('shows each service at each provider with the totals, and the CSV of the same day', async () => {
    reportApi();
    renderApp('/admin/reports/daily-service?date=2025-03-10');
    const section = await screen.findByRole('region', { name: '10 Mar 2025' });
    const table = await within(section).findByRole('table', {
      name: 'Daily service report for 10 Mar 2025, per service and provider',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining('Refunded within 30 s'),
      'GLO AirtimeVTpass2022₦500.0035.0 s50.00%000000',
      'MTN AirtimeAll providers0000₦0.00––0001134',
      'Total2022₦500.0035.0 s50.00%0001134',
    ]);
    expect(
      within(section).getByText('Refunded within 30 s', { selector: 'dt' }).nextElementSibling?.textContent,
    ).toBe('50.00%');
    const csv = within(section).getByRole('link', { name: 'Download CSV' });
    expect(csv.getAttribute('href')).toBe('/api/v1/admin/reports/ncc-daily.csv?date=2025-03-10');
  });

  it('shows another day when one is picked, and refuses a day still to come', async () => {
    const api = reportApi();
    const { user } = renderApp('/admin/reports/daily-service?date=2025-03-10');
    await screen.findByRole('region', { name: '10 Mar 2025' });
    const day = screen.getByLabelText<HTMLInputElement>('Day');
    await user.clear(day);
    await user.type(day, addDays(lagosDateOf(new Date()), 2));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Choose today or an earlier day.')).toBeTruthy();
    await user.clear(day);
    await user.type(day, '2025-03-09');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('region', { name: '9 Mar 2025' })).toBeTruthy();
    expect(api.callsTo('GET /api/v1/admin/reports/ncc-daily').map((call) => call.url)).toEqual([
      '/api/v1/admin/reports/ncc-daily?date=2025-03-10',
      '/api/v1/admin/reports/ncc-daily?date=2025-03-09',
    ]);
  });

  it('is linked from the reports page', async () => {
    // the reports themselves are not what this looks at
    const down = apiError(503, 'SERVICE_UNAVAILABLE', 'Down');
    reportApi({
      'GET /api/v1/admin/reports/sales': down,
      'GET /api/v1/admin/reports/fundings': down,
      'GET /api/v1/admin/reports/users': down,
      'GET /api/v1/admin/reports/profit-and-loss': down,
    });
    renderApp('/admin/reports');
    const link = await screen.findByRole('link', { name: /^Daily service report/ });
    expect(link.getAttribute('href')).toBe('/admin/reports/daily-service');
  });
});
