import {
  aProfile,
  apiError,
  aSignedInSession,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderRoutes } from '@/lib/testing/render.tsx';
import { ProfilePage } from './profile-page.tsx';

export const tooEasy = 'That PIN is too easy to guess. Choose 4 digits that are not a pattern.';
export const PARTNER_SINCE = '2025-03-01T09:00:00.000Z';

export function profileApi(overrides: MockHandlers = {}, email = 'ada@example.com') {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ email }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/pin': { body: { hasPin: false, lockedUntil: null } },
    'GET /api/v1/api-keys': { body: { apiKeys: [] } },
    'GET /api/v1/test-balance': { body: { balanceKobo: 0, balance: '0.00', currency: 'NGN' } },
    'GET /api/v1/webhooks/endpoint': { body: { endpoint: null } },
    'GET /api/v1/webhooks/messages': { body: { messages: [], nextCursor: null } },
    'GET /api/v1/profile': { body: { profile: aProfile({ email }) } },
    'GET /api/v1/profile/sessions': { body: { sessions: [aSignedInSession()] } },
    'POST /api/v1/pin': apiError(400, 'VALIDATION_FAILED', tooEasy),
    ...overrides,
  });
}

export const renderProfile = (path = '/profile') =>
  renderRoutes(
    [
      { path: '/profile', element: <ProfilePage notificationsTab={<p>Your notifications here</p>} /> },
      { path: '/', element: <p>Home page</p> },
    ],
    path,
  );
