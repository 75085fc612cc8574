import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PinStatus } from '@quickvend/shared/api/pin';
import {
  aService,
  aUser,
  aWallet,
  deferred,
  mockApi,
  sandboxMeta,
  signedOut,
  type MockReply,
} from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

/** A dashboard whose PIN status is held back until the test answers it. */
function slowPinApi() {
  const pin = deferred<MockReply<'GET /api/v1/pin'>>();
  const api = mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/pin': () => pin.promise,
    'GET /api/v1/purchases': { body: { purchases: [], nextCursor: null } },
    'GET /api/v1/services': { body: { services: [aService()] } },
  });
  return {
    api,
    answerPin: (status: PinStatus) => {
      pin.resolve({ body: status });
    },
  };
}

const stepNames = (card: HTMLElement) =>
  within(card)
    .getAllByRole('link')
    .map((link) => link.querySelector('.font-semibold')?.textContent);

describe('the first steps on the dashboard', () => {
  it('are there from the first paint after sign-up, before the server has said anything', async () => {
    const { api, answerPin } = slowPinApi();
    api.set('GET /api/v1/session', signedOut);
    api.set('POST /api/v1/auth/sign-up', (body) => ({
      status: 201,
      body: { user: aUser({ name: body.name }) },
    }));
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Full name'), 'Ada Obi');
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    api.set('GET /api/v1/session', { body: { user: aUser() } });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const card = await screen.findByRole('region', { name: 'Get started' });
    expect(stepNames(card)).toEqual(['Set your transaction PIN', 'Add money to your wallet']);
    // drawn while the question is still open (it is answered only below)
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/pin')).toHaveLength(1);
    });

    // the server's word, when it comes, still decides
    answerPin({ hasPin: true, lockedUntil: null });
    await waitFor(() => {
      expect(stepNames(card)).toEqual(['Add money to your wallet']);
    });
  });

  it('are drawn at once on the next visit, as the dashboard last found them', async () => {
    const first = slowPinApi();
    const view = renderApp('/dashboard');
    first.answerPin({ hasPin: true, lockedUntil: null });
    const card = await screen.findByRole('region', { name: 'Get started' });
    expect(stepNames(card)).toEqual(['Add money to your wallet']);
    view.unmount();

    slowPinApi();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Welcome, Ada Obi' });
    expect(stepNames(screen.getByRole('region', { name: 'Get started' }))).toEqual([
      'Add money to your wallet',
    ]);
  });
});
