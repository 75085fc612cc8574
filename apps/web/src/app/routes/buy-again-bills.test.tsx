import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buyAgainPath } from '@/lib/buy-again.ts';
import { billsApi } from '@/lib/testing/bills.ts';
import { aPurchase, aVerification } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

/** The page a receipt's Buy again link opens, for this earlier purchase. */
function openBuyAgain(purchase: Parameters<typeof buyAgainPath>[0]) {
  const path = buyAgainPath(purchase);
  if (path === null) throw new Error(`no page buys ${purchase.serviceId}`);
  return renderApp(path);
}

const value = (label: string) => screen.getByLabelText<HTMLInputElement | HTMLSelectElement>(label).value;

// every bill page opened by Buy again has the earlier purchase filled in; the PIN is asked as for any purchase
describe('buy again on the bill pages', () => {
  it('fills electricity: the distributor, meter type and meter, then the amount and phone once verified', async () => {
    billsApi({
      'POST /api/v1/verify': (body) => ({
        body: aVerification({
          serviceId: body.serviceId,
          billersCode: body.billersCode,
          type: body.type ?? null,
          customerName: 'TESTMETER2',
          canVend: true,
        }),
      }),
    });
    const { user } = openBuyAgain(
      aPurchase({
        serviceId: 'eko-electric',
        kind: 'electricity',
        billersCode: '1010101010101',
        variationCode: 'postpaid',
        amountKobo: 250_000,
        phone: '08011111111',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Electricity', level: 1 })).toBeTruthy();
    expect(value('Distributor')).toBe('eko-electric');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Postpaid' }).checked).toBe(true);
    expect(value('Meter number')).toBe('1010101010101');
    await user.click(screen.getByRole('button', { name: 'Verify Meter Number' }));
    await screen.findByRole('region', { name: 'Meter verified' });
    expect(value('Amount (NGN)')).toBe('2500');
    expect(value('Phone number')).toBe('08011111111');
  });

  it('fills a TV page with the card, the bouquet and the phone', async () => {
    billsApi();
    openBuyAgain(
      aPurchase({
        serviceId: 'dstv',
        kind: 'tv',
        billersCode: '1212121212',
        variationCode: 'dstv79',
        subscriptionType: 'change',
        phone: '08011111111',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'DSTV', level: 1 })).toBeTruthy();
    expect(value('Smart card number')).toBe('1212121212');
    expect(value('Phone number')).toBe('08011111111');
    expect(await screen.findByRole('option', { name: /DStv Compact/, selected: true })).toBeTruthy();
  });

  it('fills Showmax with the plan and the account phone', async () => {
    billsApi();
    openBuyAgain(
      aPurchase({ serviceId: 'showmax', kind: 'tv', variationCode: 'full_1', phone: '08011111111' }),
    );
    expect(await screen.findByRole('option', { name: /Showmax - 1 Month/, selected: true })).toBeTruthy();
    expect(value('Phone number')).toBe('08011111111');
  });

  it('fills exam PINs: JAMB with its profile ID, WAEC with its quantity', async () => {
    billsApi();
    const jamb = openBuyAgain(
      aPurchase({
        serviceId: 'jamb',
        kind: 'education',
        variationCode: 'utme-no-mock',
        billersCode: '0123456789',
        phone: '08011111111',
      }),
    );
    expect(await screen.findByRole('radio', { name: /JAMB/, checked: true })).toBeTruthy();
    expect(value('JAMB profile ID')).toBe('0123456789');
    expect(value('Phone number')).toBe('08011111111');
    jamb.unmount();

    openBuyAgain(
      aPurchase({ serviceId: 'waec', kind: 'education', variationCode: 'waecdirect', quantity: 3 }),
    );
    expect(await screen.findByRole('radio', { name: /WAEC Result Checker/, checked: true })).toBeTruthy();
    expect(value('Quantity')).toBe('3');
  });
});
