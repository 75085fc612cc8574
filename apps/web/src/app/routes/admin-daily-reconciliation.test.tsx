import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reconciliationMessages } from '@quickvend/shared/api/daily-reconciliation';
import { aFloat } from '@/lib/testing/admin-money.ts';
import {
  aDifference,
  aFloatGap,
  aReconciliationDay,
  aReconciliationSummary,
} from '@/lib/testing/daily-reconciliation.ts';
import { apiError, aUser, aWallet, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const yesterday = aReconciliationSummary({
  day: '2025-03-11',
  ranAt: '2025-03-11T23:15:02.000Z',
  status: 'balanced',
  differenceCount: 0,
  differenceKobo: 0,
});

function adminApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ id: 'usr_bola', role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/float': { body: aFloat() },
    'GET /api/v1/admin/reconciliations': { body: { reconciliations: [aReconciliationSummary(), yesterday] } },
    'GET /api/v1/admin/reconciliations/:day': (_body, url) =>
      url.pathname.endsWith('2025-03-12')
        ? { body: { reconciliation: aReconciliationDay() } }
        : {
            body: {
              reconciliation: aReconciliationDay({
                day: '2025-03-11',
                status: 'balanced',
                ranBy: { id: 'usr_ada', name: 'Ada Admin' },
                differences: [],
              }),
            },
          },
    ...overrides,
  });
}

describe('the daily check with VTpass', () => {
  it("lists the recent days with their result, and the newest day's totals and differences", async () => {
    adminApi();
    renderApp('/admin/reconciliation');
    const days = await screen.findByRole('table', { name: 'Days checked against VTpass' });
    const [, newest, older] = within(days).getAllByRole('row');
    if (!newest || !older) throw new Error('rows missing');
    expect(within(newest).getByRole('button', { name: '12 Mar 2025' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(within(newest).getByText('2 differences')).toBeTruthy();
    expect(within(newest).getByText('₦1,434.00')).toBeTruthy();
    expect(within(older).getByText('Balanced')).toBeTruthy();

    expect(await screen.findByText('Checked 13 Mar 2025, 00:15 by the nightly check.')).toBeTruthy();
    expect(screen.getByText('Our books: 3 purchases')).toBeTruthy();
    expect(screen.getByText('2 delivered: the customers paid ₦300.00, VTpass cost ₦291.00')).toBeTruthy();
    expect(screen.getByText('1 delivered, taking ₦97.00 from the float')).toBeTruthy();
    expect(screen.getByText('Not explained by sales: ₦1,234.00')).toBeTruthy();

    const differences = screen.getByRole('table', { name: 'Differences on 12 Mar 2025' });
    const [, reversed, float] = within(differences).getAllByRole('row');
    if (!reversed || !float) throw new Error('rows missing');
    expect(within(reversed).getByText('VTpass says failed')).toBeTruthy();
    expect(
      within(reversed).getByRole('link', { name: 'MTN Airtime for 08031234567' }).getAttribute('href'),
    ).toBe('/admin/purchases/pur_01JQ0000000000000REVERSED');
    expect(within(reversed).getByText('₦200.00')).toBeTruthy();
    expect(within(reversed).getByText(aDifference().says)).toBeTruthy();
    expect(within(float).getByText('Float movement')).toBeTruthy();
    expect(within(float).getByText(aFloatGap.says)).toBeTruthy();
    // the float's gap is no purchase: nothing to ask VTpass about it
    expect(within(float).queryByRole('button')).toBeNull();
  });

  it('asks VTpass again about one difference and says what it answered', async () => {
    const api = adminApi({
      'POST /api/v1/admin/reconciliations/:day/purchases/:purchaseId/requery': {
        body: { reconciliation: aReconciliationDay({ differences: [aFloatGap] }) },
      },
    });
    const { user } = renderApp('/admin/reconciliation');
    await user.click(
      await screen.findByRole('button', { name: 'Ask VTpass again about MTN Airtime for 08031234567' }),
    );
    expect(await screen.findByText('Asked VTpass again: it now agrees with our books.')).toBeTruthy();
    expect(
      api.callsTo('POST /api/v1/admin/reconciliations/:day/purchases/:purchaseId/requery'),
    ).toMatchObject([
      {
        url: '/api/v1/admin/reconciliations/2025-03-12/purchases/pur_01JQ0000000000000REVERSED/requery',
        body: {},
      },
    ]);
    const differences = screen.getByRole('table', { name: 'Differences on 12 Mar 2025' });
    expect(within(differences).queryByText('VTpass says failed')).toBeNull();
  });

  it('runs a day again, shows another day, and offers to check a day not checked yet', async () => {
    const api = adminApi({
      'POST /api/v1/admin/reconciliations/:day/run': (_body, url) => ({
        body: {
          reconciliation: aReconciliationDay({
            day: url.pathname.split('/')[5] ?? '',
            ranBy: { id: 'usr_bola', name: 'Bola Admin' },
            status: 'balanced',
            differences: [],
          }),
        },
      }),
    });
    const { user } = renderApp('/admin/reconciliation');
    await user.click(await screen.findByRole('button', { name: 'Run again' }));
    expect(await screen.findByText('12 Mar 2025 checked again: balanced.')).toBeTruthy();
    expect(screen.getByText('Checked 13 Mar 2025, 00:15 by Bola Admin.')).toBeTruthy();
    expect(
      screen.getByText('Nothing to look at: every purchase and the float agree with VTpass.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/reconciliations/:day/run')[0]?.url).toBe(
      '/api/v1/admin/reconciliations/2025-03-12/run',
    );

    await user.click(screen.getByRole('button', { name: '11 Mar 2025' }));
    expect(await screen.findByText(/by Ada Admin\.$/)).toBeTruthy();

    api.set(
      'GET /api/v1/admin/reconciliations/:day',
      apiError(404, 'NOT_FOUND', reconciliationMessages.notRun),
    );
    await user.type(screen.getByLabelText('Another day'), '2025-03-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await user.click(await screen.findByRole('button', { name: 'Check 1 Mar 2025' }));
    expect(await screen.findByText('1 Mar 2025 checked again: balanced.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/reconciliations/:day/run').at(-1)?.url).toBe(
      '/api/v1/admin/reconciliations/2025-03-01/run',
    );
  });

  it('says so when no day has been checked yet', async () => {
    adminApi({ 'GET /api/v1/admin/reconciliations': { body: { reconciliations: [] } } });
    renderApp('/admin/reconciliation');
    expect(
      await screen.findByText(
        'No day has been checked yet. The first check runs tonight, or look at a day below.',
      ),
    ).toBeTruthy();
  });
});
