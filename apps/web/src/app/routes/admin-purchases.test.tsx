import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { purchaseAdminMessages as say } from '@quickvend/shared/api/admin-purchases';
import { renderApp } from '../testing.tsx';
import { adminApi, page, stuck, summary } from './admin-purchases-testing.ts';

const lastSearch = (api: ReturnType<typeof adminApi>) =>
  new URL(api.callsTo('GET /api/v1/admin/purchases').at(-1)?.url ?? '', 'http://localhost').searchParams;

describe('admin purchases search', () => {
  it('lists purchases with the customer, naira amounts, status and the stuck ones flagged', async () => {
    adminApi();
    renderApp('/admin/purchases');
    const table = await screen.findByRole('table', { name: 'Purchases found' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1] as HTMLElement);
    expect(first.getByText('Bola Ade')).toBeTruthy();
    expect(first.getByText('bola@example.com')).toBeTruthy();
    expect(first.getByText('₦500.00')).toBeTruthy();
    expect(first.getByText('charged ₦495.00')).toBeTruthy();
    expect(first.getByText('Pending')).toBeTruthy();
    expect(first.getByText('Over 24 hours')).toBeTruthy();
    expect(
      first.getByRole('link', { name: /Open the MTN Airtime VTU purchase for 08031234567/ }),
    ).toBeTruthy();
    const second = within(rows[2] as HTMLElement);
    expect(second.getByText('DStv Compact · Partner API')).toBeTruthy();
    expect(second.getByText('1212121212')).toBeTruthy();
    expect(second.getByText('Delivered')).toBeTruthy();
    expect(screen.getByText('1–2 of 2 purchases · Page 1 of 1')).toBeTruthy();
  });

  it('turns the stuck count into the filter, and every filter into the address and the request', async () => {
    const api = adminApi();
    const { user } = renderApp('/admin/purchases');
    const notice = await screen.findByText(/been pending for over 24 hours/);
    expect(notice.textContent).toContain('1 purchase has been pending for over 24 hours.');
    await user.click(screen.getByRole('button', { name: 'Show them' }));
    await waitFor(() => {
      expect(lastSearch(api).get('stuck')).toBe('true');
    });
    expect(screen.queryByText(/has been pending for over 24 hours/)).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Only purchases pending over 24 hours').checked).toBe(
      true,
    );

    await user.type(screen.getByLabelText('Customer'), 'Bola@Example.com');
    await user.type(screen.getByLabelText('Phone, smartcard or meter'), '0803 123');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(lastSearch(api).get('user')).toBe('Bola@Example.com');
    });
    expect(lastSearch(api).get('number')).toBe('0803 123');
    expect(lastSearch(api).get('stuck')).toBe('true');

    await user.selectOptions(screen.getByLabelText('Status'), 'pending');
    await waitFor(() => {
      expect(lastSearch(api).get('status')).toBe('pending');
    });
    expect(lastSearch(api).get('user')).toBe('Bola@Example.com');

    const table = screen.getByRole('table', { name: 'Purchases found' });
    await user.click(within(table).getByRole('button', { name: /Amount/ }));
    await waitFor(() => {
      expect(lastSearch(api).get('sort')).toBe('amount');
    });
    expect(lastSearch(api).get('order')).toBe('desc');
    expect(
      within(table)
        .getByRole('columnheader', { name: /Amount/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');

    const csv = screen.getByRole('link', { name: 'Download CSV' });
    const csvUrl = new URL(csv.getAttribute('href') ?? '', 'http://localhost');
    expect(csvUrl.pathname).toBe('/api/v1/admin/purchases.csv');
    expect(Object.fromEntries(csvUrl.searchParams)).toEqual({
      stuck: 'true',
      user: 'Bola@Example.com',
      number: '0803 123',
      status: 'pending',
      sort: 'amount',
      order: 'desc',
    });
  });

  it('checks amounts before searching, and pages through the results', async () => {
    const api = adminApi({ 'GET /api/v1/admin/purchases': page([stuck], 60) });
    const { user } = renderApp('/admin/purchases');
    await screen.findByText('1–25 of 60 purchases · Page 1 of 3');
    await user.type(screen.getByLabelText('Smallest amount (₦)'), '1,500.5');
    await user.type(screen.getByLabelText('Largest amount (₦)'), 'lots');
    const before = api.callsTo('GET /api/v1/admin/purchases').length;
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText(say.badAmount)).toBeTruthy();
    expect(api.callsTo('GET /api/v1/admin/purchases')).toHaveLength(before);

    await user.clear(screen.getByLabelText('Largest amount (₦)'));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => {
      expect(lastSearch(api).get('minAmount')).toBe('1500.5');
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => {
      expect(lastSearch(api).get('page')).toBe('2');
    });
  });

  it('says so when nothing matches', async () => {
    adminApi({ 'GET /api/v1/admin/purchases': page([]), 'GET /api/v1/admin/purchases/summary': summary(0) });
    renderApp('/admin/purchases?status=failed');
    expect(await screen.findByText('No purchases match these filters.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('failed');
  });
});
