import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, aUser, aWallet, mockApi, sandboxMeta } from '@/lib/testing/mock-api.ts';
import { renderRoutes } from '@/lib/testing/render.tsx';
import { ChangePinPage } from './change-pin-page.tsx';
import { ProfilePage } from './profile-page.tsx';

const tooEasy = 'That PIN is too easy to guess. Choose 4 digits that are not a pattern.';

function profileApi(email = 'ada@example.com') {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ email }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/pin': { body: { hasPin: false, lockedUntil: null } },
    'GET /api/v1/api-keys': { body: { apiKeys: [] } },
    'POST /api/v1/pin': apiError(400, 'VALIDATION_FAILED', tooEasy),
  });
}

describe('setting a PIN on the profile', () => {
  it('never keeps a refused "too easy" answer beside "do not match"', async () => {
    profileApi();
    const { user } = renderRoutes([{ path: '/', element: <ProfilePage /> }], '/');
    await user.type(await screen.findByLabelText('New PIN'), '1111');
    await user.type(screen.getByLabelText('New PIN again'), '1111');
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findByText(`Error: ${tooEasy}`)).toBeTruthy();

    await user.clear(screen.getByLabelText('New PIN'));
    await user.type(screen.getByLabelText('New PIN'), '4826');
    await user.clear(screen.getByLabelText('New PIN again'));
    await user.type(screen.getByLabelText('New PIN again'), '4862');
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findByText('The two PINs do not match.')).toBeTruthy();
    expect(screen.queryByText(`Error: ${tooEasy}`)).toBeNull();
  });

  it('clears a refused answer as soon as the PINs are typed again', async () => {
    profileApi();
    const { user } = renderRoutes([{ path: '/', element: <ProfilePage /> }], '/');
    await user.type(await screen.findByLabelText('New PIN'), '1111');
    await user.type(screen.getByLabelText('New PIN again'), '1111');
    await user.click(screen.getByRole('button', { name: 'Set PIN' }));
    await screen.findByText(`Error: ${tooEasy}`);
    await user.type(screen.getByLabelText('New PIN'), '{Backspace}');
    expect(screen.queryByText(`Error: ${tooEasy}`)).toBeNull();
  });
});

describe('choosing a new PIN from the mailed link', () => {
  it('never keeps a refused answer beside "do not match"', async () => {
    mockApi({
      'GET /api/v1/session': { body: { user: null } },
      'GET /api/v1/meta': sandboxMeta,
      'POST /api/v1/pin/reset': apiError(400, 'VALIDATION_FAILED', tooEasy),
    });
    const { user } = renderRoutes([{ path: '/', element: <ChangePinPage /> }], '/?token=tok_1');
    await user.type(await screen.findByLabelText('Account password'), 'my password 1');
    await user.type(screen.getByLabelText('New PIN'), '1111');
    await user.type(screen.getByLabelText('New PIN again'), '1111');
    await user.click(screen.getByRole('button', { name: 'Save new PIN' }));
    expect(await screen.findByText(`Error: ${tooEasy}`)).toBeTruthy();

    await user.clear(screen.getByLabelText('New PIN again'));
    await user.type(screen.getByLabelText('New PIN again'), '1112');
    await user.click(screen.getByRole('button', { name: 'Save new PIN' }));
    expect(await screen.findByText('The two PINs do not match.')).toBeTruthy();
    expect(screen.queryByText(`Error: ${tooEasy}`)).toBeNull();
  });
});

describe('the profile details', () => {
  it('lets a long email wrap after the @, never in the middle of a word first', async () => {
    profileApi('adaobi.nwosu-okonkwo.business@quickvend-example.com.ng');
    renderRoutes([{ path: '/', element: <ProfilePage /> }], '/');
    const email = await screen.findByTestId('profile-email');
    await waitFor(() => {
      expect(email.textContent).toBe('adaobi.nwosu-okonkwo.business@quickvend-example.com.ng');
    });
    expect(email.querySelector('wbr')?.previousSibling?.textContent).toBe('adaobi.nwosu-okonkwo.business@');
    // the value has the card's whole width, not a narrow grid column beside its label
    expect(email.parentElement?.className).not.toMatch(/grid/);
    expect(email.closest('dl')?.className).not.toMatch(/grid-cols/);
  });
});
