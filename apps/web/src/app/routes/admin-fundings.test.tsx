import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminFunding } from '@quickvend/shared/api/admin-purchases';
import { anAdminFunding } from '@/lib/testing/admin-purchases.ts';
import {
  aManualRequestsPage,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';
import type { Wire } from '@/lib/testing/wire.ts';

const card = anAdminFunding();
const manual = anAdminFunding({
  id: 'mfr_1',
  kind: 'manual',
  reference: 'mfr_1',
  status: 'failed',
  detail: 'rejected',
  amountKobo: 300_000,
  feesKobo: 5_000,
  creditKobo: null,
  note: 'Ada Obi (GTBank): No deposit found.',
  settledAt: null,
});

const page = (fundings: Wire<AdminFunding>[], total = fundings.length) => ({
  body: { fundings, total, page: 1, pageSize: 25 },
});

function adminApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ id: 'usr_me', role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/fundings': page([card, manual]),
    'GET /api/v1/admin/funding/manual': { body: aManualRequestsPage([]) },
    'GET /api/v1/admin/refunds-due': { body: { refundsDue: [] } },
    ...overrides,
  });
}

const lastSearch = (api: ReturnType<typeof adminApi>) =>
  new URL(api.callsTo('GET /api/v1/admin/fundings').at(-1)?.url ?? '', 'http://localhost').searchParams;

describe('admin fundings search', () => {
  it('lists card payments, transfers and deposits with amounts, fees and what was credited', async () => {
    adminApi();
    renderApp('/admin/fundings');
    const table = await screen.findByRole('table', { name: 'Fundings found' });
    const [, first, second] = within(table).getAllByRole('row');
    const cardRow = within(first as HTMLElement);
    expect(cardRow.getByText('Card')).toBeTruthy();
    expect(cardRow.getByText('PAY-01JQ0000000000000000')).toBeTruthy();
    expect(cardRow.getAllByText('₦5,000.00')).toHaveLength(2);
    expect(cardRow.getByText('fees ₦75.00')).toBeTruthy();
    expect(cardRow.getByText('Credited')).toBeTruthy();
    expect(cardRow.getByRole('link', { name: /Bola Ade/ }).getAttribute('href')).toBe(
      '/edit-user/usr_01JQ0000000000000000ABCDEF',
    );
    const manualRow = within(second as HTMLElement);
    expect(manualRow.getByText('Manual deposit')).toBeTruthy();
    expect(manualRow.getByText('Not credited')).toBeTruthy();
    expect(manualRow.getByText('rejected')).toBeTruthy();
    expect(manualRow.getByText('Ada Obi (GTBank): No deposit found.')).toBeTruthy();
  });

  it('filters by kind, status and customer, and the CSV follows the search', async () => {
    const api = adminApi();
    const { user } = renderApp('/admin/fundings');
    await screen.findByRole('table', { name: 'Fundings found' });
    await user.selectOptions(screen.getByLabelText('Kind'), 'manual');
    await waitFor(() => {
      expect(lastSearch(api).get('kind')).toBe('manual');
    });
    await user.selectOptions(screen.getByLabelText('Status'), 'failed');
    await user.type(screen.getByLabelText('Customer'), 'ada@example.com');
    await user.type(screen.getByLabelText('Reference'), 'mfr_');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(lastSearch(api).get('user')).toBe('ada@example.com');
    });
    expect(lastSearch(api).get('reference')).toBe('mfr_');
    expect(lastSearch(api).get('status')).toBe('failed');
    expect(lastSearch(api).get('kind')).toBe('manual');
    const csv = new URL(
      screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href') ?? '',
      'http://localhost',
    );
    expect(csv.pathname).toBe('/api/v1/admin/fundings.csv');
    expect(csv.searchParams.get('kind')).toBe('manual');
    expect(csv.searchParams.get('user')).toBe('ada@example.com');
    expect(csv.searchParams.has('page')).toBe(false);
  });

  it('says so when nothing matches', async () => {
    adminApi({ 'GET /api/v1/admin/fundings': page([]) });
    renderApp('/admin/fundings?kind=transfer');
    expect(await screen.findByText('No fundings match these filters.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Kind').value).toBe('transfer');
  });
});
