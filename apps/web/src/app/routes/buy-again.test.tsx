import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  aPurchase,
  aService,
  aUser,
  aVariation,
  aWallet,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { enterPin } from '@/lib/testing/purchase-steps.ts';
import { renderApp } from '../testing.tsx';

const boughtAt = new Date('2025-03-12T13:05:09.000Z');
const earlier = aPurchase({
  requestId: 'req-earlier',
  serviceId: 'mtn',
  phone: '08031234567',
  amountKobo: 50_000,
});

function airtimeApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(250_000),
    'GET /api/v1/services': { body: { services: [aService()] } },
    'GET /api/v1/pin': { body: { hasPin: true, lockedUntil: null } },
    'GET /api/v1/purchases': { body: { purchases: [earlier], nextCursor: null } },
    'POST /api/v1/purchases': (body) => ({
      status: 201,
      body: { purchase: aPurchase({ requestId: body.requestId }) },
    }),
    ...overrides,
  });
}

function secondsAfterPurchase(seconds: number) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(boughtAt.getTime() + seconds * 1000));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('buy again', () => {
  it('opens airtime filled in from the link', async () => {
    airtimeApi();
    renderApp('/airtime?network=mtn&phone=08031234567&amount=500');
    await waitFor(() => {
      expect(screen.getByLabelText<HTMLInputElement>('Amount (NGN)').value).toBe('500');
    });
    expect(screen.getByLabelText<HTMLSelectElement>('Operator').value).toBe('mtn');
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value.replace(/\s/g, '')).toBe(
      '08031234567',
    );
  });

  it('leaves out what the form does not take', async () => {
    airtimeApi();
    renderApp('/airtime?network=vodafone&phone=call-me&amount=lots');
    await waitFor(() => {
      expect(screen.getByLabelText<HTMLInputElement>('Amount (NGN)').value).toBe('');
    });
    expect(screen.getByLabelText<HTMLSelectElement>('Operator').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Phone number').value).toBe('');
  });

  it('opens data with the plan chosen, and leaves a plan that no longer exists empty', async () => {
    const dataHandlers: MockHandlers = {
      'GET /api/v1/services/:serviceId/variations': {
        body: { variations: [aVariation('mtn-1gb', 'MTN 1GB', 27_500)] },
      },
    };
    airtimeApi(dataHandlers);
    const { unmount } = renderApp('/data?network=mtn&phone=08031234567&plan=mtn-1gb');
    await waitFor(() => {
      expect(screen.getByLabelText<HTMLSelectElement>('Data plan').value).toBe('mtn-1gb');
    });
    expect(screen.getByLabelText<HTMLSelectElement>('Network').value).toBe('mtn');
    unmount();

    airtimeApi(dataHandlers);
    renderApp('/data?network=mtn&phone=08031234567&plan=mtn-retired');
    await waitFor(() => {
      expect(screen.getByRole('option', { name: /MTN 1GB/ })).toBeTruthy();
    });
    // the form holds no plan: Buy Data waits for one to be chosen
    await waitFor(() => {
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Buy Data' }).disabled).toBe(true);
    });
    expect(screen.getByLabelText<HTMLSelectElement>('Data plan').value).toBe('');
    expect(screen.getByLabelText<HTMLSelectElement>('Network').value).toBe('mtn');
  });

  it('links a receipt to its purchase page, filled in', async () => {
    airtimeApi({ 'GET /api/v1/purchases/:requestId': { body: { purchase: earlier } } });
    renderApp('/transactions/req-earlier');
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    const link = within(receipt).getByRole('link', { name: 'Buy again' });
    expect(link.getAttribute('href')).toBe('/airtime?network=mtn&phone=08031234567&amount=500');
  });
});

describe('duplicate guard', () => {
  const form = '/airtime?network=mtn&phone=08031234567&amount=500';

  it('asks before buying the same again within 30 s, naming the amount and whom, and sends nothing on Cancel', async () => {
    secondsAfterPurchase(12);
    const api = airtimeApi();
    const { user } = renderApp(form);
    await user.click(await screen.findByRole('button', { name: 'Buy airtime' }));
    const question = await screen.findByRole('alertdialog', {
      name: 'You bought ₦500.00 MTN Airtime to 0803 123 4567 12 seconds ago. Buy it again?',
    });
    expect(screen.queryByRole('group', { name: 'PIN keys' })).toBeNull();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('form', { name: 'Buy airtime' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Amount (NGN)').value).toBe('500');
    expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(0);
  });

  it('goes on to the PIN when the customer says Buy again', async () => {
    secondsAfterPurchase(12);
    const api = airtimeApi();
    const { user } = renderApp(form);
    await user.click(await screen.findByRole('button', { name: 'Buy airtime' }));
    const question = await screen.findByRole('alertdialog');
    await user.click(within(question).getByRole('button', { name: 'Buy again' }));
    await enterPin(user, '1357');
    await waitFor(() => {
      expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(1);
    });
  });

  it('does not ask 31 s later, nor for another amount or number', async () => {
    secondsAfterPurchase(31);
    airtimeApi();
    const { user } = renderApp(form);
    await user.click(await screen.findByRole('button', { name: 'Buy airtime' }));
    expect(await screen.findByRole('group', { name: 'PIN keys' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('does not ask for another amount within 30 s', async () => {
    secondsAfterPurchase(5);
    airtimeApi();
    const { user } = renderApp('/airtime?network=mtn&phone=08031234567&amount=200');
    await user.click(await screen.findByRole('button', { name: 'Buy airtime' }));
    expect(await screen.findByRole('group', { name: 'PIN keys' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
