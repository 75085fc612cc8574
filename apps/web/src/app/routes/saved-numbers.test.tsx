import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { billsApi, purchaseMadeFor } from '@/lib/testing/bills.ts';
import {
  aBeneficiary,
  apiError,
  aVerification,
  savedNumbers,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { enterPin } from '@/lib/testing/purchase-steps.ts';
import { renderApp } from '../testing.tsx';

const mum = aBeneficiary();
// an MTN-looking number the customer last topped up on Glo (ported)
const dad = aBeneficiary({ id: 'ben_2', number: '08061234567', label: 'Dad', serviceId: 'glo-data' });
const shopMeter = aBeneficiary({
  id: 'ben_3',
  kind: 'meter',
  number: '1111111111111',
  label: 'TESTMETER1',
  customerName: 'TESTMETER1',
  serviceId: 'eko-electric',
});
const homeCard = aBeneficiary({
  id: 'ben_4',
  kind: 'smartcard',
  number: '1212121212',
  label: 'Home',
  serviceId: 'dstv',
});
const gotvCard = aBeneficiary({
  id: 'ben_5',
  kind: 'smartcard',
  number: '7010000001',
  label: 'Village',
  serviceId: 'gotv',
});
const candidate = aBeneficiary({
  id: 'ben_6',
  kind: 'profile',
  number: '0123456789',
  label: 'Tobi',
  serviceId: 'jamb',
});

function savedApi(overrides: MockHandlers = {}) {
  return billsApi({
    'GET /api/v1/beneficiaries': savedNumbers(mum, dad, shopMeter, homeCard, gotvCard, candidate),
    ...overrides,
  });
}

const picker = (name: string) => screen.findByRole('region', { name });

describe('saved numbers on the purchase pages', () => {
  it('fills the phone and its network from a saved number on the airtime page, and marks it chosen', async () => {
    savedApi();
    const { user } = renderApp('/airtime');
    const saved = await picker('Saved numbers');
    const chips = within(saved).getAllByRole('button');
    expect(chips.map((chip) => chip.getAttribute('aria-label'))).toEqual([
      'Mum, 0803 123 4567',
      'Dad, 0806 123 4567',
    ]);
    expect(within(saved).getByRole('link', { name: 'Manage' }).getAttribute('href')).toBe('/beneficiaries');

    await user.click(within(saved).getByRole('button', { name: 'Dad, 0806 123 4567' }));
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('0806 123 4567');
    // the network it was last bought on, not the one its prefix was issued on
    expect(screen.getByLabelText<HTMLSelectElement>('Operator').value).toBe('glo');
    expect(
      within(saved).getByRole('button', { name: 'Dad, 0806 123 4567' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(
      within(saved).getByRole('button', { name: 'Mum, 0803 123 4567' }).getAttribute('aria-pressed'),
    ).toBe('false');
    // a number already saved has nothing to save
    expect(screen.queryByRole('checkbox', { name: 'Save this number' })).toBeNull();
  });

  it('shows no picker to a customer with no saved numbers, only the choice to save the one typed', async () => {
    billsApi({ 'GET /api/v1/beneficiaries': savedNumbers() });
    const { user } = renderApp('/airtime');
    await user.type(await screen.findByLabelText('Phone number'), '0803 123 4567');
    const save = await screen.findByRole('checkbox', { name: 'Save this number' });
    expect((save as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText('Name it')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Saved numbers' })).toBeNull();
  });

  it('lists every saved number in one row, naming an automatic name by its network over the number', async () => {
    const many = Array.from({ length: 6 }, (_, index) =>
      aBeneficiary({
        id: `ben_${String(index)}`,
        number: `0803000000${String(index)}`,
        label: `Friend ${String(index)}`,
      }),
    );
    const auto = aBeneficiary({ id: 'ben_auto', number: '09081234567', label: '9mobile 0908 123 4567' });
    billsApi({ 'GET /api/v1/beneficiaries': savedNumbers(auto, ...many) });
    renderApp('/data');
    const saved = await picker('Saved numbers');
    expect(within(saved).getAllByRole('button', { name: /^Friend/ })).toHaveLength(6);
    const chip = within(saved).getByRole('button', { name: '9mobile 0908 123 4567' });
    expect([...chip.children].map((line) => line.textContent)).toEqual(['9mobile', '0908 123 4567']);
  });

  it('fills the data page’s network, resetting the plan, and the phone', async () => {
    savedApi();
    const { user } = renderApp('/data?network=mtn&plan=mtn-1gb');
    const saved = await picker('Saved numbers');
    await user.click(within(saved).getByRole('button', { name: 'Dad, 0806 123 4567' }));
    expect(screen.getByLabelText<HTMLSelectElement>('Network').value).toBe('glo');
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('0806 123 4567');
  });

  it('fills the distributor and the meter on the electricity page, ready to verify', async () => {
    const api = savedApi({
      'POST /api/v1/verify': (body) => ({
        body: aVerification({
          serviceId: body.serviceId,
          billersCode: body.billersCode,
          customerName: 'TESTMETER1',
          canVend: true,
        }),
      }),
    });
    const { user } = renderApp('/electricity');
    const saved = await picker('Saved meters');
    expect(
      within(saved)
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label')),
    ).toEqual(['TESTMETER1, 1111111111111']);
    await user.click(within(saved).getByRole('button', { name: 'TESTMETER1, 1111111111111' }));
    expect(screen.getByLabelText<HTMLSelectElement>('Distributor').value).toBe('eko-electric');
    expect(screen.getByLabelText<HTMLInputElement>('Meter number').value).toBe('1111111111111');
    await user.click(screen.getByRole('button', { name: 'Verify Meter Number' }));
    expect(await screen.findByRole('region', { name: 'Meter verified' })).toBeTruthy();
    expect(api.callsTo('POST /api/v1/verify')[0]?.body).toEqual({
      serviceId: 'eko-electric',
      billersCode: '1111111111111',
      type: 'prepaid',
    });
  });

  it('fills a saved meter’s type, and leaves the choice alone for a meter saved without one', async () => {
    const officeMeter = aBeneficiary({
      id: 'ben_7',
      kind: 'meter',
      number: '1010101010101',
      label: 'Office',
      customerName: 'TESTMETER2',
      serviceId: 'ikeja-electric',
      meterType: 'postpaid',
    });
    const api = savedApi({
      'GET /api/v1/beneficiaries': savedNumbers(officeMeter, shopMeter),
      'POST /api/v1/verify': (body) => ({
        body: aVerification({
          serviceId: body.serviceId,
          billersCode: body.billersCode,
          customerName: 'TESTMETER2',
          canVend: true,
        }),
      }),
    });
    const { user } = renderApp('/electricity');
    const saved = await picker('Saved meters');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Prepaid' }).checked).toBe(true);
    await user.click(within(saved).getByRole('button', { name: 'Office, 1010101010101' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Postpaid' }).checked).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Distributor').value).toBe('ikeja-electric');
    await user.click(screen.getByRole('button', { name: 'Verify Meter Number' }));
    expect(await screen.findByRole('region', { name: 'Meter verified' })).toBeTruthy();
    expect(api.callsTo('POST /api/v1/verify')[0]?.body).toEqual({
      serviceId: 'ikeja-electric',
      billersCode: '1010101010101',
      type: 'postpaid',
    });

    // no type saved: the customer's own choice stays
    await user.click(within(saved).getByRole('button', { name: 'TESTMETER1, 1111111111111' }));
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Postpaid' }).checked).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>('Distributor').value).toBe('eko-electric');
  });

  it('saves a meter with the type it was bought as', async () => {
    const api = savedApi({
      'GET /api/v1/beneficiaries': savedNumbers(),
      'POST /api/v1/verify': (body) => ({
        body: aVerification({
          serviceId: body.serviceId,
          billersCode: body.billersCode,
          customerName: 'TESTMETER2',
          canVend: true,
        }),
      }),
      'POST /api/v1/purchases': (body) =>
        purchaseMadeFor(body, {
          serviceId: 'eko-electric',
          variationCode: body.type ?? null,
          status: 'delivered',
        }),
      'POST /api/v1/beneficiaries': (body) => ({
        status: 201,
        body: {
          beneficiary: aBeneficiary({
            id: 'ben_9',
            kind: 'meter',
            number: body.number,
            label: body.label,
            meterType: body.meterType ?? null,
          }),
        },
      }),
    });
    const { user } = renderApp('/electricity');
    await user.selectOptions(await screen.findByLabelText('Distributor'), 'eko-electric');
    await user.click(screen.getByRole('radio', { name: 'Postpaid' }));
    await user.type(screen.getByLabelText('Meter number'), '1010101010101');
    await user.click(screen.getByRole('button', { name: 'Verify Meter Number' }));
    await screen.findByRole('region', { name: 'Meter verified' });
    await user.type(screen.getByLabelText('Phone number'), '0801 111 1111');
    await user.type(screen.getByLabelText('Amount (NGN)'), '1000');
    await user.click(await screen.findByRole('checkbox', { name: 'Save this meter' }));
    await user.type(screen.getByLabelText('Name it'), 'Office');
    await user.click(screen.getByRole('button', { name: 'Buy electricity' }));
    await enterPin(user, '1357');

    expect(await screen.findByText('Saved as “Office”. Pick it here next time.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/beneficiaries').map((call) => call.body)).toEqual([
      {
        kind: 'meter',
        number: '1010101010101',
        label: 'Office',
        serviceId: 'eko-electric',
        meterType: 'postpaid',
      },
    ]);
  });

  it('shows a TV page only its own cards, and Manage opens the Saved numbers page', async () => {
    savedApi();
    const { user } = renderApp('/dstv');
    const cards = await picker('Saved smart cards');
    expect(
      within(cards)
        .getAllByRole('button')
        .map((chip) => chip.getAttribute('aria-label')),
    ).toEqual(['Home, 1212121212']);
    await user.click(within(cards).getByRole('button', { name: 'Home, 1212121212' }));
    expect(screen.getByLabelText<HTMLInputElement>('Smart card number').value).toBe('1212121212');

    await user.click(screen.getByRole('link', { name: 'Manage' }));
    expect(await screen.findByRole('heading', { name: 'Saved numbers', level: 1 })).toBeTruthy();
  });

  it('offers JAMB candidates on the exam page once JAMB is chosen', async () => {
    savedApi();
    const { user } = renderApp('/exam-pins');
    await screen.findByRole('radio', { name: /JAMB/ });
    expect(screen.queryByRole('region', { name: 'Saved JAMB profiles' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /JAMB/ }));
    const saved = await picker('Saved JAMB profiles');
    await user.click(within(saved).getByRole('button', { name: 'Tobi, 0123456789' }));
    expect(screen.getByLabelText<HTMLInputElement>('JAMB profile ID').value).toBe('0123456789');
  });

  it('saves a new number under the name given once the purchase is delivered, and says so', async () => {
    const api = savedApi({
      'POST /api/v1/purchases': (body) => purchaseMadeFor(body, { serviceId: 'mtn', status: 'delivered' }),
      'POST /api/v1/beneficiaries': (body) => ({
        status: 201,
        body: { beneficiary: aBeneficiary({ id: 'ben_9', number: body.number, label: body.label }) },
      }),
    });
    const { user } = renderApp('/airtime');
    await user.type(await screen.findByLabelText('Phone number'), '0813 555 0000');
    await user.selectOptions(screen.getByLabelText('Operator'), 'mtn');
    await user.type(screen.getByLabelText('Amount (NGN)'), '200');
    await user.click(await screen.findByRole('checkbox', { name: 'Save this number' }));
    await user.type(screen.getByLabelText('Name it'), 'Sister');
    await user.click(screen.getByRole('button', { name: 'Buy airtime' }));
    await enterPin(user, '1357');

    expect(await screen.findByText('Saved as “Sister”. Pick it here next time.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/beneficiaries').map((call) => call.body)).toEqual([
      { kind: 'phone', number: '08135550000', label: 'Sister', serviceId: 'mtn' },
    ]);
  });

  it('saves nothing when the purchase failed, and says why when the list is full', async () => {
    const api = savedApi({
      'POST /api/v1/purchases': (body) =>
        purchaseMadeFor(body, {
          serviceId: 'mtn',
          status: body.phone === '08135550000' ? 'failed' : 'delivered',
        }),
      'POST /api/v1/beneficiaries': apiError(
        409,
        'CONFLICT',
        'You can keep up to 50 saved numbers. Delete one you no longer use, then save this one.',
      ),
    });
    const { user } = renderApp('/airtime');
    const buyFor = async (phone: string) => {
      await user.clear(await screen.findByLabelText('Phone number'));
      await user.type(screen.getByLabelText('Phone number'), phone);
      await user.selectOptions(screen.getByLabelText('Operator'), 'mtn');
      await user.clear(screen.getByLabelText('Amount (NGN)'));
      await user.type(screen.getByLabelText('Amount (NGN)'), '200');
      await user.click(await screen.findByRole('checkbox', { name: 'Save this number' }));
      await user.click(screen.getByRole('button', { name: 'Buy airtime' }));
      await enterPin(user, '1357');
      await screen.findByRole('region', { name: 'Transaction Receipt' });
    };
    await buyFor('0813 555 0000');
    await user.click(screen.getByRole('button', { name: 'Buy more airtime' }));
    expect(api.callsTo('POST /api/v1/beneficiaries')).toHaveLength(0);

    await buyFor('0813 555 0001');
    const refusal = await screen.findByText(
      'Error: You can keep up to 50 saved numbers. Delete one you no longer use, then save this one.',
    );
    expect(refusal.getAttribute('data-tone')).toBe('error');
    // no name given: the network and the number
    expect(api.callsTo('POST /api/v1/beneficiaries')[0]?.body).toMatchObject({ label: 'MTN 0813 555 0001' });
  });

  it('names the picker and the save choice apart from the number field, which is found by its label', async () => {
    savedApi();
    const airtime = renderApp('/airtime');
    await picker('Saved numbers');
    await airtime.user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0813 555 0000');
    await screen.findByRole('checkbox', { name: 'Save this number' });
    expect(screen.getAllByLabelText(/phone number/i)).toHaveLength(1);

    cleanup();
    const exam = renderApp('/exam-pins');
    await exam.user.click(await screen.findByRole('radio', { name: /JAMB/ }));
    await picker('Saved JAMB profiles');
    expect(screen.getAllByLabelText(/JAMB profile ID/i)).toHaveLength(1);
  });

  it('does not load saved numbers with the dashboard', async () => {
    const api = savedApi();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Obi' });
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/wallet').length).toBeGreaterThan(0);
    });
    expect(api.callsTo('GET /api/v1/beneficiaries')).toHaveLength(0);
  });
});
