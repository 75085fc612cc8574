import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ServiceRouteView } from '@quickvend/shared/api/admin-routing';
import { aFloat } from '@/lib/testing/admin-money.ts';
import { apiError, aUser, aWallet, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

function aRoute(
  serviceId: string,
  name: string,
  overrides: Partial<ServiceRouteView> = {},
): ServiceRouteView {
  return {
    serviceId,
    name,
    kind: 'airtime',
    primary: 'vtpass',
    fallback: 'flutterwave',
    isDefault: true,
    updatedAt: null,
    providers: [
      { provider: 'vtpass', role: 'primary', offers: true, delivered: 1_250, marginBps: 300 },
      { provider: 'flutterwave', role: 'fallback', offers: true, delivered: 0, marginBps: null },
    ],
    ...overrides,
  };
}

const someRoutes = () => ({
  providers: [
    { name: 'vtpass' as const, label: 'VTpass' },
    { name: 'flutterwave' as const, label: 'Flutterwave' },
  ],
  services: [
    aRoute('mtn', 'MTN Airtime'),
    aRoute('waec', 'WAEC Result Checker PIN', {
      kind: 'education',
      fallback: null,
      providers: [
        { provider: 'vtpass', role: 'primary', offers: true, delivered: 3, marginBps: 100 },
        { provider: 'flutterwave', role: 'off', offers: false, delivered: 0, marginBps: null },
      ],
    }),
  ],
});

/** Bola, an admin, reads the Providers page. */
function routingApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ id: 'usr_bola', role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/float': { body: aFloat() },
    'GET /api/v1/admin/service-routes': { body: someRoutes() },
    ...overrides,
  });
}

const card = (name: string) => screen.findByRole('region', { name });

describe('the providers page', () => {
  it('shows where each service is sold and what each provider earned on it, in plain words', async () => {
    routingApi();
    renderApp('/admin/providers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Providers' })).toBeTruthy();
    const mtn = await card('MTN Airtime');
    expect(within(mtn).getByText('VTpass first, then Flutterwave')).toBeTruthy();
    expect(within(mtn).getByText('1,250 delivered in 30 days, margin 3%')).toBeTruthy();
    expect(within(mtn).getByText('No delivered purchases in 30 days')).toBeTruthy();
    expect(within(mtn).getByText('Never changed: this is the default.')).toBeTruthy();
    const waec = await card('WAEC Result Checker PIN');
    expect(within(waec).getByText('VTpass only')).toBeTruthy();
    expect(within(waec).getByText('Does not sell this service')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Exam PINs' })).toBeTruthy();
  });

  it('turns a service off with a reason, and offers only providers that sell it', async () => {
    const off = aRoute('mtn', 'MTN Airtime', {
      primary: null,
      fallback: null,
      isDefault: false,
      updatedAt: '2026-11-28T09:30:00.000Z',
    });
    const api = routingApi({ 'PUT /api/v1/admin/service-routes': { body: { service: off } } });
    const { user } = renderApp('/admin/providers');
    const waec = await card('WAEC Result Checker PIN');
    await user.click(
      within(waec).getByRole('button', { name: 'Change where WAEC Result Checker PIN is sold' }),
    );
    const firstChoices = within(within(waec).getByLabelText('First provider')).getAllByRole('option');
    expect(firstChoices.map((option) => option.textContent)).toEqual(['VTpass', 'Nobody: stop selling it']);
    await user.click(within(waec).getByRole('button', { name: 'Cancel' }));

    const mtn = await card('MTN Airtime');
    await user.click(within(mtn).getByRole('button', { name: 'Change where MTN Airtime is sold' }));
    await user.selectOptions(within(mtn).getByLabelText('First provider'), 'Nobody: stop selling it');
    await user.click(within(mtn).getByRole('button', { name: 'Save' }));
    expect(await within(mtn).findByText('Choose a first provider before a fallback.')).toBeTruthy();
    expect(within(mtn).getByText('Say why you are changing where this service is sold.')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/admin/service-routes')).toHaveLength(0);

    await user.selectOptions(within(mtn).getByLabelText('Fallback'), 'No fallback');
    await user.type(within(mtn).getByLabelText('Why change it?'), 'MTN is down at both providers');
    await user.click(within(mtn).getByRole('button', { name: 'Save' }));
    expect(
      await within(mtn).findByText('Saved: MTN Airtime is not sold until you choose a provider again.'),
    ).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/admin/service-routes')[0]?.body).toEqual({
      serviceId: 'mtn',
      primary: null,
      fallback: null,
      reason: 'MTN is down at both providers',
    });
    expect(within(mtn).getByText('Not selling')).toBeTruthy();
  });

  it("shows the server's refusal on the field it is about", async () => {
    const refusal = 'Flutterwave does not sell this service.';
    routingApi({
      'PUT /api/v1/admin/service-routes': apiError(400, 'VALIDATION_FAILED', refusal, {
        fields: { fallback: refusal },
      }),
    });
    const { user } = renderApp('/admin/providers');
    const mtn = await card('MTN Airtime');
    await user.click(within(mtn).getByRole('button', { name: 'Change where MTN Airtime is sold' }));
    await user.type(within(mtn).getByLabelText('Why change it?'), 'Trying Flutterwave');
    await user.click(within(mtn).getByRole('button', { name: 'Save' }));
    expect(await within(mtn).findByText(refusal)).toBeTruthy();
  });
});
