import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@quickvend/shared/messages';
import { billsApi, purchaseMadeFor } from '@/lib/testing/bills.ts';
import { type MockHandlers } from '@/lib/testing/mock-api.ts';
import { enterPin, expectError } from '@/lib/testing/purchase-steps.ts';
import { renderApp } from '../testing.tsx';

function showmaxApi(overrides: MockHandlers = {}) {
  return billsApi({
    'POST /api/v1/purchases': (body) =>
      purchaseMadeFor(body, {
        kind: 'tv',
        serviceName: 'ShowMax',
        variationCode: body.variationCode ?? null,
        planName: 'Showmax - 1 Month',
        amountKobo: 350_000,
        amount: '3500.00',
        discountKobo: 3_500,
        discount: '35.00',
        chargedKobo: 346_500,
        charged: '3465.00',
        message: '',
        receiptLines: [{ label: 'Code', value: 'SHMX-VOUCHER-7781' }],
      }),
    ...overrides,
  });
}

/** Chooses the plan whose option matches, from the page's one plan dropdown. */
async function choosePlan(user: UserEvent, label: string, plan: RegExp) {
  const select = await screen.findByLabelText<HTMLSelectElement>(label);
  await user.selectOptions(select, await within(select).findByRole('option', { name: plan }));
}

describe('Showmax page', () => {
  it('has no smart card, and fills the amount from the plan chosen in the dropdown', async () => {
    showmaxApi();
    const { user } = renderApp('/PaybilsShowmax');
    expect(await screen.findByRole('heading', { name: 'Showmax', level: 1 })).toBeTruthy();
    expect(screen.queryByLabelText('Smart card number')).toBeNull();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveProperty('disabled', true);
    await user.selectOptions(await screen.findByLabelText('Plan'), 'full_1');
    // the plans appear once: a dropdown, no cards beside it
    expect(screen.queryAllByRole('radio')).toEqual([]);
    expect(screen.getByLabelText<HTMLInputElement>('Amount (NGN)').value).toBe('₦3,500.00');
    expect(screen.getByText('1% off: you pay ₦3,465.00')).toBeTruthy();
  });

  it("says the spec's Showmax messages word for word", async () => {
    const api = showmaxApi();
    const { user } = renderApp('/showmax');
    await choosePlan(user, 'Plan', /Showmax Mobile/);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await expectError(messages.purchase.allFieldsRequired);

    await user.type(screen.getByLabelText('Phone number'), '0803123456');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await expectError('Error: Invalid phone number.');

    await user.type(screen.getByLabelText('Phone number'), '7');
    await choosePlan(user, 'Plan', /Showmax Broken/);
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await expectError('Error: Invalid plan or amount.');
    expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(0);
  });

  it('buys a plan for the phone number and shows the plan and the voucher on the receipt', async () => {
    const api = showmaxApi();
    const { user } = renderApp('/showmax');
    await choosePlan(user, 'Plan', /Showmax - 1 Month/);
    await user.type(screen.getByLabelText('Phone number'), '08011111111');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      within(await screen.findByRole('region', { name: 'Amount to be charged' })).getByText('₦3,465.00'),
    ).toBeTruthy();
    await enterPin(user, '1357');
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    const row = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
    expect(row('What')).toBe('Showmax - 1 Month');
    expect(row('Code')).toBe('SHMX-VOUCHER-7781');
    expect(row('Amount charged')).toBe('₦3,465.00');
    expect(within(receipt).getByText(messages.purchase.subscriptionReceipt)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/purchases')[0]?.body).toEqual({
      serviceId: 'showmax',
      phone: '08011111111',
      variationCode: 'full_1',
      requestId: expect.stringMatching(/^[A-Za-z0-9_-]{1,64}$/) as unknown,
      pin: '1357',
    });
  });
});
