import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CreatePurchaseBody } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { ELECTRICITY_DISTRIBUTORS } from '@quickvend/shared/services';
import { billsApi, purchaseMadeFor } from '@/lib/testing/bills.ts';
import { apiError, aVerification, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { enterPin } from '@/lib/testing/purchase-steps.ts';
import { renderApp } from '../testing.tsx';

const prepaidMeter = aVerification({
  serviceId: 'ikeja-electric',
  billersCode: '1111111111111',
  type: 'prepaid',
  customerName: 'TESTMETER1',
  address: 'ABULE - ABULE',
  meterType: 'PREPAID',
  minimumAmountKobo: 50_000,
  minimumAmount: '500.00',
  canVend: true,
  accountType: 'NMD',
});

function electricityApi(overrides: MockHandlers = {}) {
  return billsApi({
    'POST /api/v1/verify': (body) => ({
      body: { ...prepaidMeter, billersCode: body.billersCode, type: body.type ?? null },
    }),
    'POST /api/v1/purchases': (body) =>
      purchaseMadeFor(body, {
        kind: 'electricity',
        serviceName: 'Ikeja Electric Payment - IKEDC',
        amountKobo: 100_000,
        amount: '1000.00',
        discountKobo: 1_000,
        discount: '10.00',
        chargedKobo: 99_000,
        charged: '990.00',
        customerName: 'TESTMETER1',
        token: body.type === 'prepaid' ? '26362054405982757802' : null,
        units: body.type === 'prepaid' ? '79.9 kWh' : null,
        receiptLines:
          body.type === 'prepaid'
            ? [{ label: 'Address', value: 'ABULE - ABULE' }]
            : [
                { label: 'Customer', value: 'TESTMETER2' },
                { label: 'Receipt', value: 'RCPT-0042' },
                { label: 'Balance', value: '₦12,500.00' },
              ],
      }),
    'POST /api/v1/purchases/:requestId/email': { body: { sentTo: 'a***@example.com' } },
    ...overrides,
  });
}

async function verifyMeter(user: UserEvent, meter: string, type: 'Prepaid' | 'Postpaid' = 'Prepaid') {
  await user.selectOptions(await screen.findByLabelText('Distributor'), 'ikeja-electric');
  await user.click(screen.getByRole('radio', { name: type }));
  await user.type(screen.getByLabelText('Meter number'), meter);
  await user.click(screen.getByRole('button', { name: 'Verify Meter Number' }));
  return screen.findByRole('region', { name: 'Meter verified' });
}

describe('electricity page', () => {
  it('lists every distributor, and checks the meter before asking the provider', async () => {
    const api = electricityApi();
    const { user } = renderApp('/PaybilsUtility');
    expect(await screen.findByRole('heading', { name: 'Electricity', level: 1 })).toBeTruthy();
    const distributor = screen.getByLabelText<HTMLSelectElement>('Distributor');
    expect([...distributor.options].slice(1).map((option) => option.value)).toEqual(
      ELECTRICITY_DISTRIBUTORS.map((candidate) => candidate.id),
    );
    expect(screen.getByLabelText('Meter number').getAttribute('inputmode')).toBe('numeric');
    // nothing to pay with until the meter is verified
    expect(screen.queryByLabelText('Amount (NGN)')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Verify Meter Number' }));
    expect(await screen.findByText(messages.purchase.allFieldsRequired)).toBeTruthy();
    await user.selectOptions(distributor, 'ikeja-electric');
    await user.type(screen.getByLabelText('Meter number'), '4501-23A');
    await user.click(screen.getByRole('button', { name: 'Verify Meter Number' }));
    expect(await screen.findByText(messages.bills.meterDigitsOnly)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/verify')).toHaveLength(0);
  });

  it('shows the meter owner, address and minimum, then refuses an amount below it', async () => {
    const api = electricityApi();
    const { user } = renderApp('/electricity');
    const meter = await verifyMeter(user, '1111111111111');
    const row = (label: string) => within(meter).getByText(label).nextElementSibling?.textContent;
    expect(row('Customer name')).toBe('TESTMETER1');
    expect(row('Address')).toBe('ABULE - ABULE');
    expect(row('Minimum amount')).toBe('₦500.00');
    expect(api.callsTo('POST /api/v1/verify')[0]?.body).toEqual({
      serviceId: 'ikeja-electric',
      billersCode: '1111111111111',
      type: 'prepaid',
    });
    expect(screen.getByText('From ₦500.00 to ₦500,000.00.')).toBeTruthy();

    await user.type(screen.getByLabelText('Phone number'), '08011111111');
    await user.type(screen.getByLabelText('Amount (NGN)'), '400');
    await user.click(screen.getByRole('button', { name: 'Buy electricity' }));
    expect(await screen.findByText('Error: The minimum amount is ₦500.00.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(0);

    // another meter type: the meter must be verified again
    await user.click(screen.getByRole('radio', { name: 'Postpaid' }));
    expect(screen.queryByRole('region', { name: 'Meter verified' })).toBeNull();
    expect(screen.queryByLabelText('Amount (NGN)')).toBeNull();
  });

  it('says when the provider does not know the meter', async () => {
    electricityApi({
      'POST /api/v1/verify': apiError(
        422,
        'CUSTOMER_NOT_VERIFIED',
        'This meter is not correct or is not a valid Ikeja Electric prepaid meter.',
      ),
    });
    const { user } = renderApp('/electricity');
    await user.selectOptions(await screen.findByLabelText('Distributor'), 'ikeja-electric');
    await user.type(screen.getByLabelText('Meter number'), '1234567890');
    await user.click(screen.getByRole('button', { name: 'Verify Meter Number' }));
    const error = await screen.findByText(
      'Error: This meter is not correct or is not a valid Ikeja Electric prepaid meter.',
    );
    expect(error.getAttribute('data-tone')).toBe('error');
  });

  it('buys a prepaid token: large, in groups of four, copyable, with the units, and mailed again on request', async () => {
    const api = electricityApi();
    const { user } = renderApp('/electricity');
    await verifyMeter(user, '1111111111111');
    await user.type(screen.getByLabelText('Phone number'), '08011111111');
    await user.type(screen.getByLabelText('Amount (NGN)'), '1000');
    expect(screen.getByText('1% off: you pay ₦990.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Buy electricity' }));
    const summary = await screen.findByRole('region', { name: 'Amount to be charged' });
    expect(within(summary).getByText('₦990.00')).toBeTruthy();
    expect(within(summary).getByText('Meter owner: TESTMETER1')).toBeTruthy();
    await enterPin(user, '1357');

    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    const token = within(receipt).getByRole('region', { name: 'Token' });
    const digits = within(token).getByText('2636 2054 4059 8275 7802');
    expect(digits.className).toMatch(/text-\[1\.65rem\]|text-2xl|text-3xl/);
    expect(within(token).getByText('79.9 kWh')).toBeTruthy();
    await user.click(within(token).getByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe('26362054405982757802');
    expect(within(token).getByRole('button', { name: 'Copied token' })).toBeTruthy();

    const row = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
    expect(row('Meter number')).toBe('1111111111111');
    expect(row('Customer')).toBe('TESTMETER1');
    expect(row('Value')).toBe('₦1,000.00');
    expect(row('Discount')).toBe('-₦10.00');
    expect(row('Amount charged')).toBe('₦990.00');

    const body = api.callsTo('POST /api/v1/purchases')[0]?.body as CreatePurchaseBody;
    expect(body).toMatchObject({
      serviceId: 'ikeja-electric',
      phone: '08011111111',
      billersCode: '1111111111111',
      type: 'prepaid',
      amount: '1000.00',
    });

    await user.click(screen.getByRole('button', { name: 'Email me this again' }));
    expect(await screen.findByText(/Sent to a\*\*\*@example\.com/)).toBeTruthy();
    const [email] = api.callsTo('POST /api/v1/purchases/:requestId/email');
    expect(email?.url).toBe(`/api/v1/purchases/${body.requestId}/email`);
  });

  it("pays a postpaid bill: no token, the provider's receipt lines instead", async () => {
    electricityApi({
      'POST /api/v1/verify': { body: { ...prepaidMeter, customerName: 'TESTMETER2', type: 'postpaid' } },
    });
    const { user } = renderApp('/electricity');
    await verifyMeter(user, '1010101010101', 'Postpaid');
    await user.type(screen.getByLabelText('Phone number'), '08011111111');
    await user.type(screen.getByLabelText('Amount (NGN)'), '1000');
    await user.click(screen.getByRole('button', { name: 'Buy electricity' }));
    await enterPin(user, '1357');
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    expect(within(receipt).queryByRole('region', { name: 'Token' })).toBeNull();
    const row = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
    expect(row('Customer')).toBe('TESTMETER1');
    expect(row('Receipt')).toBe('RCPT-0042');
    expect(row('Balance')).toBe('₦12,500.00');
    expect(screen.queryByRole('button', { name: 'Email me this again' })).toBeNull();
  });
});
