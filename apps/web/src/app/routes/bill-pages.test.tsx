import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billsApi } from '@/lib/testing/bills.ts';
import { aPurchase } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const billPages: [path: string, form: string][] = [
  ['/dstv', 'Pay for DSTV'],
  ['/gotv', 'Pay for GOtv'],
  ['/startimes', 'Pay for StarTimes'],
  ['/showmax', 'Pay for Showmax'],
  ['/electricity', 'Pay for electricity'],
  ['/data', 'Buy data'],
  ['/airtime', 'Buy airtime'],
  ['/exam-pins', 'Buy exam PINs'],
];

describe('bill pages', () => {
  it.each(billPages)('%s shows its form and nothing else', async (path, form) => {
    const api = billsApi({
      'GET /api/v1/purchases': {
        body: { purchases: [aPurchase({ planName: 'DStv Padi N4,400' })], nextCursor: null },
      },
    });
    renderApp(path);
    expect(await screen.findByRole('form', { name: form })).toBeTruthy();
    await waitFor(() => {
      expect(screen.getByRole('region', { name: 'Wallet balance' }).textContent).toContain('₦50,000.00');
    });
    expect(screen.getAllByRole('form')).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/^Discounts/)).toBeNull();
    expect(screen.queryByText('Wallet Fund')).toBeNull();
    expect(screen.queryByText('Recent purchases')).toBeNull();
    expect(screen.queryByText('DStv Padi N4,400')).toBeNull();
    expect(api.callsTo('GET /api/v1/purchases')).toHaveLength(0);
  });

  it('carries what will be paid with the pay button, so the button never hides the price', async () => {
    billsApi();
    const { user } = renderApp('/dstv');
    const bouquet = await screen.findByLabelText<HTMLSelectElement>('Bouquet');
    await user.selectOptions(bouquet, await within(bouquet).findByRole('option', { name: /DStv Compact/ }));
    const bar = screen.getByRole('button', { name: 'Subscribe' }).parentElement;
    expect(bar?.textContent).toBe('You pay₦18,810.00Subscribe');
  });

  it('keeps the discount table on the prices page', async () => {
    billsApi();
    renderApp('/data-pricing');
    const discounts = await screen.findByRole('table', { name: 'Discounts on TV and electricity' });
    await waitFor(() => {
      expect(within(discounts).getByRole('rowheader', { name: 'DSTV' }).nextElementSibling?.textContent).toBe(
        '1%',
      );
    });
    const rate = (name: string) =>
      within(discounts).getByRole('rowheader', { name }).nextElementSibling?.textContent;
    expect(rate('GOTV')).toBe('1%');
    expect(rate('STARTIMES')).toBe('1.5%');
    expect(rate('Showmax')).toBe('1%');
    expect(rate('Electricity')).toBe('1%');
  });
});
