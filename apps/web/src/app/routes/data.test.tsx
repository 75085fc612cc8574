import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import {
  aPurchase,
  apiError,
  aUser,
  aVariation,
  aWallet,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

const plansByService: Record<string, ReturnType<typeof aVariation>[]> = {
  'mtn-data': [aVariation('mtn-1gb', 'MTN 1GB', 27_500), aVariation('mtn-2gb', 'MTN 2GB', 55_000)],
  'glo-data': [aVariation('glo-1gb', 'Glo 1GB', 28_000)],
  'airtel-data': [],
};

function dataApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(250_000),
    'GET /api/v1/pin': { body: { hasPin: true, lockedUntil: null } },
    'GET /api/v1/services/:serviceId/variations': (_body, url) => {
      const id = url.pathname.split('/')[4] ?? '';
      return { body: { variations: plansByService[id] ?? [] } };
    },
    ...overrides,
  });
}

/** Chooses the plan whose option matches, from the page's one plan dropdown. */
async function choosePlan(user: UserEvent, label: string, plan: RegExp) {
  const select = await screen.findByLabelText<HTMLSelectElement>(label);
  await user.selectOptions(select, await within(select).findByRole('option', { name: plan }));
}

describe('buy data page', () => {
  it('keeps the plan select and Buy Data disabled until a network and a plan are chosen', async () => {
    const api = dataApi();
    const { user } = renderApp('/data');
    const planSelect = await screen.findByLabelText('Data plan');
    expect(planSelect).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Buy Data' })).toHaveProperty('disabled', true);

    await user.selectOptions(screen.getByLabelText('Network'), 'mtn');
    await waitFor(() => {
      expect(planSelect).toHaveProperty('disabled', false);
    });
    expect(api.callsTo('GET /api/v1/services/:serviceId/variations')[0]?.url).toBe(
      '/api/v1/services/mtn-data/variations',
    );
    // the plans appear once: a dropdown, no cards beside it
    expect(screen.queryAllByRole('radio')).toEqual([]);
    await choosePlan(user, 'Data plan', /MTN 2GB/);
    expect((planSelect as HTMLSelectElement).value).toBe('mtn-2gb');
    expect(screen.getByLabelText<HTMLInputElement>('Amount (NGN)').value).toBe('₦550.00');
    expect(screen.getByLabelText('Amount (NGN)')).toHaveProperty('readOnly', true);
    expect(screen.getByRole('button', { name: 'Buy Data' })).toHaveProperty('disabled', false);
  });

  it('clears the plan and loads the other plans when the network changes', async () => {
    const api = dataApi();
    const { user } = renderApp('/data');
    await user.selectOptions(await screen.findByLabelText('Network'), 'mtn');
    await user.selectOptions(await screen.findByLabelText('Data plan'), 'mtn-1gb');
    expect(screen.getByLabelText<HTMLInputElement>('Amount (NGN)').value).toBe('₦275.00');

    await user.selectOptions(screen.getByLabelText('Network'), 'glo');
    expect(screen.getByLabelText<HTMLSelectElement>('Data plan').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Amount (NGN)').value).toBe('');
    expect(await screen.findByRole('option', { name: /Glo 1GB/ })).toBeTruthy();
    expect(screen.queryByRole('option', { name: /MTN 1GB/ })).toBeNull();
    expect(api.callsTo('GET /api/v1/services/:serviceId/variations').map((call) => call.url)).toEqual([
      '/api/v1/services/mtn-data/variations',
      '/api/v1/services/glo-data/variations',
    ]);
  });

  it('says the network is bad when no plans load', async () => {
    dataApi();
    const { user } = renderApp('/data');
    await user.selectOptions(await screen.findByLabelText('Network'), 'airtel');
    expect(await screen.findByText(messages.purchase.badNetwork)).toBeTruthy();
  });

  it('says the plans could not be loaded when the request fails', async () => {
    dataApi({ 'GET /api/v1/services/:serviceId/variations': apiError(500, 'INTERNAL', 'Oops') });
    const { user } = renderApp('/data');
    await user.selectOptions(await screen.findByLabelText('Network'), 'mtn');
    expect(await screen.findByText(messages.purchase.plansLoadFailed)).toBeTruthy();
  });

  it('refuses a phone number shorter than 10 digits', async () => {
    const api = dataApi();
    const { user } = renderApp('/data');
    await user.selectOptions(await screen.findByLabelText('Network'), 'mtn');
    await choosePlan(user, 'Data plan', /MTN 1GB/);
    await user.type(screen.getByLabelText('Phone number'), '080312345');
    await user.click(screen.getByRole('button', { name: 'Buy Data' }));
    expect(await screen.findByText(messages.purchase.invalidPhone)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(0);
  });

  it('asks for the phone number when it is missing', async () => {
    dataApi();
    const { user } = renderApp('/data');
    await user.selectOptions(await screen.findByLabelText('Network'), 'mtn');
    await choosePlan(user, 'Data plan', /MTN 1GB/);
    await user.click(screen.getByRole('button', { name: 'Buy Data' }));
    expect(await screen.findByText(messages.purchase.allFieldsRequired)).toBeTruthy();
  });

  it('buys the plan and shows the receipt with the network and plan', async () => {
    const api = dataApi({
      'POST /api/v1/purchases': (body) => ({
        status: 201,
        body: {
          purchase: aPurchase({
            requestId: body.requestId,
            serviceId: 'mtn-data',
            kind: 'data',
            variationCode: 'mtn-1gb',
            planName: 'MTN 1GB',
            amountKobo: 27_500,
            chargedKobo: 27_500,
            message: '',
          }),
        },
      }),
    });
    const { user } = renderApp('/data');
    await user.selectOptions(await screen.findByLabelText('Network'), 'mtn');
    await choosePlan(user, 'Data plan', /MTN 1GB/);
    await user.type(screen.getByLabelText('Phone number'), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Buy Data' }));
    expect(
      within(await screen.findByRole('region', { name: 'Amount to be charged' })).getByText('₦275.00'),
    ).toBeTruthy();
    const keys = screen.getByRole('group', { name: 'PIN keys' });
    for (const digit of '1357') await user.click(within(keys).getByRole('button', { name: digit }));

    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    const row = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
    expect(within(receipt).getByText(PRODUCT_NAME)).toBeTruthy();
    expect(row('What')).toBe('MTN 1GB');
    expect(row('Phone number')).toBe('08031234567');
    expect(row('Amount charged')).toBe('₦275.00');
    expect(within(receipt).getByText(messages.purchase.transactionReceipt)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/purchases')[0]?.body).toMatchObject({
      serviceId: 'mtn-data',
      phone: '08031234567',
      variationCode: 'mtn-1gb',
      pin: '1357',
    });
  });
});
