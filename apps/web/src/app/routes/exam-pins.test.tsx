import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreatePurchaseBody } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { billsApi, purchaseMadeFor } from '@/lib/testing/bills.ts';
import { aVerification, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { enterPin } from '@/lib/testing/purchase-steps.ts';
import { renderApp } from '../testing.tsx';

function examApi(overrides: MockHandlers = {}) {
  return billsApi({
    'POST /api/v1/verify': (body) => ({
      body: aVerification({
        serviceId: 'jamb',
        billersCode: body.billersCode,
        customerName: 'Mr Testing Test',
      }),
    }),
    'POST /api/v1/purchases': (body) => {
      const quantity = body.quantity ?? 1;
      const each = body.serviceId === 'jamb' ? 620_000 : 390_000;
      return purchaseMadeFor(body, {
        kind: 'education',
        serviceName: 'WAEC Result Checker PIN',
        planName: body.serviceId === 'jamb' ? 'UTME PIN (without mock)' : 'WASSCE',
        quantity,
        amountKobo: each * quantity,
        chargedKobo: each * quantity,
        customerName: body.serviceId === 'jamb' ? 'Mr Testing Test' : null,
        pins: Array.from({ length: quantity }, (_, index) => ({
          serial: body.serviceId === 'jamb' ? null : `WRN00000000${index + 1}`,
          pin: `55550000111${index + 1}`,
        })),
      });
    },
    'POST /api/v1/purchases/:requestId/email': { body: { sentTo: 'a***@example.com' } },
    ...overrides,
  });
}

describe('exam PINs page', () => {
  it('is a real page now: WAEC result checker, WAEC registration and JAMB, priced from the plans', async () => {
    examApi();
    const { user } = renderApp('/paybils_waec');
    expect(await screen.findByRole('heading', { name: 'Exam PINs', level: 1 })).toBeTruthy();
    expect(screen.queryByText(messages.common.comingSoon)).toBeNull();
    expect(screen.getByRole('radio', { name: /WAEC Result Checker/ })).toHaveProperty('checked', true);
    // a single plan is chosen by itself
    expect(await screen.findByRole('radio', { name: /^WASSCE₦3,900.00$/ })).toHaveProperty('checked', true);
    expect(screen.getByLabelText<HTMLInputElement>('Total (NGN)').value).toBe('₦3,900.00');

    await user.click(screen.getByRole('radio', { name: /WAEC Registration/ }));
    expect(await screen.findByRole('radio', { name: /WASSCE for School Candidate/ })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.getByLabelText<HTMLInputElement>('Total (NGN)').value).toBe('₦14,450.00');
  });

  it('multiplies the price by the quantity, buys that many and lists every PIN to copy', async () => {
    const api = examApi();
    const { user } = renderApp('/exam-pins');
    await screen.findByRole('radio', { name: /^WASSCE₦3,900.00$/ });
    await user.click(screen.getByRole('button', { name: 'One more' }));
    await user.click(screen.getByRole('button', { name: 'One more' }));
    expect(screen.getByLabelText<HTMLInputElement>('Quantity').value).toBe('3');
    expect(screen.getByLabelText<HTMLInputElement>('Total (NGN)').value).toBe('₦11,700.00');
    expect(screen.getByText('₦3,900.00 × 3')).toBeTruthy();
    await user.type(screen.getByLabelText('Phone number'), '08011111111');
    await user.click(screen.getByRole('button', { name: 'Buy PINs' }));
    expect(
      within(await screen.findByRole('region', { name: 'Amount to be charged' })).getByText('₦11,700.00'),
    ).toBeTruthy();
    await enterPin(user, '1357');

    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    expect(within(receipt).getByText('Quantity').nextElementSibling?.textContent).toBe('3');
    const pins = within(receipt).getByRole('region', { name: 'PINs' });
    expect(within(pins).getAllByRole('listitem')).toHaveLength(3);
    expect(within(pins).getByText('555500001112')).toBeTruthy();
    expect(within(pins).getByText('Serial WRN000000002')).toBeTruthy();
    await user.click(within(pins).getByRole('button', { name: 'Copy PIN 2' }));
    expect(await navigator.clipboard.readText()).toBe('555500001112');
    expect(screen.getByRole('button', { name: 'Email me this again' })).toBeTruthy();

    expect(api.callsTo('POST /api/v1/purchases')[0]?.body).toMatchObject({
      serviceId: 'waec',
      phone: '08011111111',
      variationCode: 'waecdirect',
      quantity: 3,
    });
  });

  it('refuses a quantity outside 1 to 10', async () => {
    const api = examApi();
    const { user } = renderApp('/exam-pins');
    await screen.findByRole('radio', { name: /^WASSCE₦3,900.00$/ });
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '11');
    await user.type(screen.getByLabelText('Phone number'), '08011111111');
    await user.click(screen.getByRole('button', { name: /^Buy PIN/ }));
    const error = await screen.findByText(messages.bills.quantityRange);
    expect(error.getAttribute('data-tone')).toBe('error');
    expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(0);
  });

  it('verifies the JAMB profile ID for the chosen plan before paying', async () => {
    const api = examApi();
    const { user } = renderApp('/exam-pins');
    await user.click(await screen.findByRole('radio', { name: /JAMB/ }));
    await user.click(await screen.findByRole('radio', { name: /UTME PIN \(without mock\)/ }));
    await user.type(screen.getByLabelText('JAMB profile ID'), '0123456789');
    await user.type(screen.getByLabelText('Phone number'), '08011111111');
    await user.click(screen.getByRole('button', { name: 'Buy PIN' }));
    expect(await screen.findByText(messages.bills.verifyFirst)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Verify Profile ID' }));
    const candidate = await screen.findByRole('region', { name: 'Candidate verified' });
    expect(within(candidate).getByText('Mr Testing Test')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/verify')[0]?.body).toEqual({
      serviceId: 'jamb',
      billersCode: '0123456789',
      type: 'utme-no-mock',
    });
    await user.click(screen.getByRole('button', { name: 'Buy PIN' }));
    await enterPin(user, '1357');
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    expect(within(receipt).getByText('Profile ID').nextElementSibling?.textContent).toBe('0123456789');
    const body = api.callsTo('POST /api/v1/purchases')[0]?.body as CreatePurchaseBody;
    expect(body).toMatchObject({
      serviceId: 'jamb',
      billersCode: '0123456789',
      variationCode: 'utme-no-mock',
    });
    expect(body.quantity).toBeUndefined();
  });
});
