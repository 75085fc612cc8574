import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { takeContractViolations } from './mock-api.ts';

// lazy route chunks are transformed on first use, which can take a moment in a cold run
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation
window.scrollTo = () => undefined;

afterEach(() => {
  const violations = takeContractViolations();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // a test whose mock broke the contract fails, even if the app swallowed the failed request
  if (violations.length > 0) throw new Error(violations.join('\n'));
});
