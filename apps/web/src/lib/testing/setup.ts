import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// lazy route chunks are transformed on first use, which can take a moment in a cold run
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
