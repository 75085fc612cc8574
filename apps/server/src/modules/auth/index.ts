export { createAuthService, type AuthService, type SessionResult } from './auth.service.ts';
export { SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from './session-library.ts';
export { registerAuthRoutes } from './auth.routes.ts';
export {
  createGuards,
  currentSessionId,
  sendCookies,
  signedInUser,
  toHeaders,
  type Guards,
} from './auth.guard.ts';
export { createKnownDevices, type KnownDevices } from './known-device.ts';
export { createBrowsers, shareBrowser, type Browsers } from './browsers.ts';
export { statusOf, USERS_TOPIC, type UserRow, type UserSearch } from './user-accounts.ts';
export { MAX_OPEN_INVITATIONS } from './invitations.ts';
export { createSessionWatch, SESSIONS_TOPIC, type SessionWatch } from './session-watch.ts';
export { createAuthReportQueries, type AuthReportQueries } from './auth.reports.ts';
export {
  securityEventOf,
  type AuthSecurityEvent,
  type PasswordChanged,
  type PasswordReset,
  type SignedIn,
} from './auth.events.ts';
export { registerAuthSubscribers } from './subscribers.ts';
export { createTestAccounts, TEST_ACCOUNT_DOMAIN, type TestAccounts } from './test-accounts.ts';
