import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays, lagosDateOf, type ReportPeriod } from '@quickvend/shared/periods';
import {
  aFundingsReport,
  aProfitAndLossReport,
  aSalesReport,
  aUsersReport,
  someSales,
} from '@/lib/testing/admin-reports.ts';
import { aUser, aWallet, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const PAGE = '/admin/reports?from=2025-03-09&to=2025-03-11&period=day';

const rangeOf = (url: URL) => ({
  from: url.searchParams.get('from') ?? '',
  to: url.searchParams.get('to') ?? '',
  period: (url.searchParams.get('period') ?? 'day') as ReportPeriod,
});

function reportsApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/reports/sales': (_body, url) => ({
      body: aSalesReport(rangeOf(url), {
        '2025-03-09': { purchases: 1, delivered: 1, salesKobo: 10_000, costKobo: 9_700, marginKobo: 300 },
        '2025-03-10': {
          purchases: 5,
          delivered: 3,
          failed: 1,
          pending: 1,
          salesKobo: 170_000,
          costKobo: 166_400,
          marginKobo: 3_600,
          refundsKobo: 25_000,
          failureRateBps: 2_500,
        },
      }),
    }),
    'GET /api/v1/admin/reports/fundings': (_body, url) => ({
      body: aFundingsReport(rangeOf(url), [
        {
          start: '2025-03-10',
          method: 'card',
          count: 1,
          amountKobo: 500_000,
          creditedKobo: 500_000,
          chargesKobo: 0,
          gatewayFeesKobo: 17_500,
        },
        {
          start: '2025-03-11',
          method: 'manual',
          count: 1,
          amountKobo: 200_000,
          creditedKobo: 195_000,
          chargesKobo: 5_000,
          gatewayFeesKobo: 0,
        },
      ]),
    }),
    'GET /api/v1/admin/reports/users': (_body, url) => ({
      body: aUsersReport(rangeOf(url), { '2025-03-09': 1, '2025-03-10': 2 }),
    }),
    'GET /api/v1/admin/reports/profit-and-loss': (_body, url) => ({
      body: aProfitAndLossReport(rangeOf(url), {
        '2025-03-09': { salesKobo: 50_000, costKobo: 48_500, marginKobo: 1_500, profitKobo: 1_500 },
        '2025-03-10': {
          salesKobo: 30_000,
          costKobo: 29_100,
          marginKobo: 900,
          gatewayFeesKobo: 17_500,
          referralRewardsKobo: 5_000,
          depositChargesKobo: 5_000,
          goodwillCreditsKobo: 30_000,
          goodwillDebitsKobo: 12_000,
          providerLossesWrittenOffKobo: 58_200,
          providerLossesRecoveredKobo: 300,
          profitKobo: -92_500,
        },
      }),
    }),
    ...overrides,
  });
}

describe('admin reports', () => {
  it('shows the last 30 Lagos days by day when the address names no range', async () => {
    const api = reportsApi();
    renderApp('/admin/reports');
    const today = lagosDateOf(new Date());
    await screen.findByRole('heading', { name: 'Sales' });
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/admin/reports/sales')[0]?.url).toBe(
        `/api/v1/admin/reports/sales?from=${addDays(today, -29)}&to=${today}&period=day`,
      );
    });
    expect(api.callsTo('GET /api/v1/admin/reports/users')[0]?.url).toBe(
      `/api/v1/admin/reports/users?from=${addDays(today, -29)}&to=${today}&period=day`,
    );
    expect(screen.getByLabelText<HTMLInputElement>('To').value).toBe(today);
  });

  it('shows the totals, a chart and a table of sales with margin and failure rate', async () => {
    reportsApi();
    renderApp(PAGE);
    const sales = await screen.findByRole('region', { name: 'Sales' });
    const stats = await within(sales).findByText('Sales', { selector: 'dt' });
    expect(stats.nextElementSibling?.textContent).toBe('₦1,800.00');
    expect(within(sales).getByText('Margin', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      '₦39.00',
    );
    expect(within(sales).getByText('Failure rate', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      '20%',
    );
    expect(
      within(sales).getByRole('img', { name: /^Sales and margin per day, 9 Mar 2025 to 11 Mar 2025/ }),
    ).toBeTruthy();

    const table = within(sales).getByRole('table', { name: 'Sales per day' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Period'),
      '9 Mar 20251100₦100.00₦97.00₦3.00₦0.00–',
      '10 Mar 20255311₦1,700.00₦1,664.00₦36.00₦250.0025%',
      '11 Mar 20250000₦0.00₦0.00₦0.00₦0.00–',
      'Total6411₦1,800.00₦1,761.00₦39.00₦250.0020%',
    ]);
  });

  it('sorts the table by a column, and back', async () => {
    reportsApi();
    const { user } = renderApp(PAGE);
    const table = await screen.findByRole('table', { name: 'Sales per day' });
    await user.click(within(table).getByRole('button', { name: /^Sales/ }));
    const firstCells = () =>
      within(table)
        .getAllByRole('row')
        .slice(1, 4)
        .map((row) => row.firstElementChild?.textContent);
    expect(firstCells()).toEqual(['10 Mar 2025', '9 Mar 2025', '11 Mar 2025']);
    expect(
      within(table)
        .getByRole('columnheader', { name: /^Sales/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    await user.click(within(table).getByRole('button', { name: /^Sales/ }));
    expect(firstCells()).toEqual(['11 Mar 2025', '9 Mar 2025', '10 Mar 2025']);
  });

  it('switches to weeks at once, asking every report again', async () => {
    const api = reportsApi();
    const { user, router } = renderApp(PAGE);
    await screen.findByRole('table', { name: 'Sales per day' });
    await user.selectOptions(screen.getByLabelText('Period'), 'week');
    expect(await screen.findByRole('table', { name: 'Sales per week' })).toBeTruthy();
    expect(api.callsTo('GET /api/v1/admin/reports/sales').at(-1)?.url).toBe(
      '/api/v1/admin/reports/sales?from=2025-03-09&to=2025-03-11&period=week',
    );
    expect(api.callsTo('GET /api/v1/admin/reports/fundings').at(-1)?.url).toContain('period=week');
    expect(router.state.location.search).toBe('?from=2025-03-09&to=2025-03-11&period=week');
    expect(screen.getAllByText('Week of 3 Mar 2025').length).toBeGreaterThan(0);
  });

  it('groups sales by channel, naming web and API', async () => {
    const api = reportsApi({
      'GET /api/v1/admin/reports/sales': (_body, url) => ({
        body: aSalesReport(
          rangeOf(url),
          { '2025-03-10': { purchases: 2, delivered: 2, salesKobo: 60_000 } },
          url.searchParams.get('groupBy') === 'channel'
            ? [
                { start: '2025-03-10', group: 'web', label: 'Web', ...someSales({ purchases: 1 }) },
                { start: '2025-03-10', group: 'api', label: 'API', ...someSales({ purchases: 1 }) },
              ]
            : [],
        ),
      }),
    });
    const { user } = renderApp(PAGE);
    await screen.findByRole('table', { name: 'Sales per day' });
    await user.selectOptions(screen.getByLabelText('Group sales by'), 'channel');
    const table = await screen.findByRole('table', { name: 'Sales per day and channel' });
    expect(within(table).getByRole('columnheader', { name: /Channel/ })).toBeTruthy();
    expect(within(table).getByText('Web')).toBeTruthy();
    expect(within(table).getByText('API')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/admin/reports/sales').at(-1)?.url).toContain('groupBy=channel');
    expect(screen.getByRole('link', { name: 'Download sales CSV' }).getAttribute('href')).toBe(
      '/api/v1/admin/reports/sales.csv?from=2025-03-09&to=2025-03-11&period=day&groupBy=channel',
    );
  });

  it('offers each report as a CSV download for the same range', async () => {
    reportsApi();
    renderApp(PAGE);
    await screen.findByRole('table', { name: 'Sales per day' });
    const link = (name: string) => screen.getByRole('link', { name });
    expect(link('Download sales CSV').getAttribute('href')).toBe(
      '/api/v1/admin/reports/sales.csv?from=2025-03-09&to=2025-03-11&period=day',
    );
    expect(link('Download sales CSV').hasAttribute('download')).toBe(true);
    expect(link('Download fundings CSV').getAttribute('href')).toBe(
      '/api/v1/admin/reports/fundings.csv?from=2025-03-09&to=2025-03-11&period=day',
    );
    expect(link('Download new customers CSV').getAttribute('href')).toBe(
      '/api/v1/admin/reports/users.csv?from=2025-03-09&to=2025-03-11&period=day',
    );
  });

  it('shows the profit and loss line by line in plain words, the profit in bold, with its CSV', async () => {
    const api = reportsApi();
    renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Profit and loss' });
    const statement = await within(section).findByRole('table', {
      name: 'Profit and loss, 9 Mar 2025 to 11 Mar 2025',
    });
    expect(
      within(statement)
        .getAllByRole('row')
        .map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['What customers paid', '₦800.00'],
      ['What VTpass took', '-₦776.00'],
      ['Margin', '₦24.00'],
      ['Paystack fees', '-₦175.00'],
      ['Referral rewards paid', '-₦50.00'],
      ['Deposit charges earned', '₦50.00'],
      ['Goodwill credits', '-₦300.00'],
      ['Goodwill debits', '₦120.00'],
      ['Provider-side losses written off', '-₦582.00'],
      ['Provider-side losses recoveredWhat customers paid back, less what VTpass took', '₦3.00'],
      ['Profit', '-₦910.00'],
    ]);
    const profit = within(statement).getByRole('rowheader', { name: 'Profit' }).closest('tr');
    expect(profit?.className).toContain('font-bold');
    expect(api.callsTo('GET /api/v1/admin/reports/profit-and-loss')[0]?.url).toBe(
      '/api/v1/admin/reports/profit-and-loss?from=2025-03-09&to=2025-03-11&period=day',
    );
    const csv = within(section).getByRole('link', { name: 'Download profit and loss CSV' });
    expect(csv.getAttribute('href')).toBe(
      '/api/v1/admin/reports/profit-and-loss.csv?from=2025-03-09&to=2025-03-11&period=day',
    );
    expect(csv.hasAttribute('download')).toBe(true);
  });

  it('shows fundings by method with charges and gateway fees, and new customers', async () => {
    reportsApi();
    renderApp(PAGE);
    const byMethod = await screen.findByRole('table', { name: 'Fundings by method' });
    expect(
      within(byMethod)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining('Method'),
      'Card1₦5,000.00₦5,000.00₦0.00₦175.00',
      'Bank transfer0₦0.00₦0.00₦0.00₦0.00',
      'Manual deposit1₦2,000.00₦1,950.00₦50.00₦0.00',
      'All methods2₦7,000.00₦6,950.00₦50.00₦175.00',
    ]);
    const customers = screen.getByRole('region', { name: 'New customers' });
    expect(
      within(customers).getByText('New customers', { selector: 'dt' }).nextElementSibling?.textContent,
    ).toBe('3');
  });

  it('refuses a range that runs backwards, without asking the server', async () => {
    const api = reportsApi();
    const { user } = renderApp(PAGE);
    await screen.findByRole('table', { name: 'Sales per day' });
    const calls = api.callsTo('GET /api/v1/admin/reports/sales').length;
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2025-03-20');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeTruthy();
    expect(api.callsTo('GET /api/v1/admin/reports/sales')).toHaveLength(calls);
  });

  it('moves to a quick range', async () => {
    const api = reportsApi();
    const { user } = renderApp(PAGE);
    await screen.findByRole('table', { name: 'Sales per day' });
    await user.click(screen.getByRole('button', { name: 'Today' }));
    const today = lagosDateOf(new Date());
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/admin/reports/sales').at(-1)?.url).toBe(
        `/api/v1/admin/reports/sales?from=${today}&to=${today}&period=day`,
      );
    });
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true');
  });
});
