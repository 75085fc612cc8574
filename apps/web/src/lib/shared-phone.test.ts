import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@quickvend/shared/api/auth';
import { createQueryClient } from './query-client.ts';
import { clearSession, sessionQueryKey, setSignedIn } from './session.ts';
import { protectSharedPhone } from './shared-phone.ts';
import { aUser } from './testing/mock-api.ts';

const stops: (() => void)[] = [];

/**
 * One page (document) of the app on the phone, set up as main.tsx does, with `user` already known. The phone's
 * storage is shared by all pages; each page hears only its own page events.
 */
function aPage(user?: Me | null) {
  const queryClient = createQueryClient();
  if (user !== undefined) queryClient.setQueryData(sessionQueryKey, user);
  const reload = vi.fn();
  const page = new EventTarget();
  stops.push(protectSharedPhone(queryClient, { reload, page }));
  return {
    queryClient,
    reload,
    /** the browser keeps the page whole for Back (the back/forward cache), or unloads it */
    hide: (persisted = true) => page.dispatchEvent(new PageTransitionEvent('pagehide', { persisted })),
    /** Back brings it back from there, or it is a fresh load */
    show: (persisted = true) => page.dispatchEvent(new PageTransitionEvent('pageshow', { persisted })),
    isSessionRechecked: () => queryClient.getQueryState(sessionQueryKey)?.isInvalidated === true,
  };
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  document.body.hidden = false;
});

describe('a page Back brings back on a shared phone', () => {
  it('after the customer signed out on another page, is loaded afresh and never shown', () => {
    const dashboard = aPage(aUser({ name: 'Ada Obi' }));
    dashboard.hide();
    expect(document.body.hidden).toBe(true);

    // the next page learns who is signed in, then the customer signs out there
    const wallet = aPage();
    wallet.queryClient.setQueryData(sessionQueryKey, aUser({ name: 'Ada Obi' }));
    clearSession(wallet.queryClient);

    dashboard.show();
    expect(dashboard.reload).toHaveBeenCalledTimes(1);
    expect(document.body.hidden).toBe(true);
  });

  it('after someone else signed in on another page, is loaded afresh too', () => {
    const dashboard = aPage(aUser({ id: 'usr_ada', name: 'Ada Obi' }));
    dashboard.hide();
    const login = aPage(null);
    setSignedIn(login.queryClient, aUser({ id: 'usr_tunde', name: 'Tunde Bello' }));
    dashboard.show();
    expect(dashboard.reload).toHaveBeenCalledTimes(1);
  });

  it('for the same customer, shows again at once and asks the server to confirm the session', () => {
    const dashboard = aPage(aUser());
    dashboard.hide();
    // another page loaded meanwhile only learns the same customer: nothing changed
    const wallet = aPage();
    wallet.queryClient.setQueryData(sessionQueryKey, aUser());
    expect(dashboard.isSessionRechecked()).toBe(false);
    dashboard.show();
    expect(dashboard.reload).not.toHaveBeenCalled();
    expect(document.body.hidden).toBe(false);
    expect(dashboard.isSessionRechecked()).toBe(true);
  });

  it('leaves signed-out pages and ordinary loads and unloads alone', () => {
    const login = aPage(null);
    login.hide();
    expect(document.body.hidden).toBe(false);
    login.show();
    expect(login.reload).not.toHaveBeenCalled();

    const dashboard = aPage(aUser());
    dashboard.hide(false);
    expect(document.body.hidden).toBe(false);
    dashboard.show(false);
    expect(dashboard.reload).not.toHaveBeenCalled();
    expect(dashboard.isSessionRechecked()).toBe(false);
  });
});

describe('signing out on a shared phone', () => {
  it('forgets what the tab kept for the customer’s purchase forms, and only that', () => {
    const dashboard = aPage(aUser());
    window.sessionStorage.setItem('quickvend:purchase-key:airtime', '{"requestId":"r1","fingerprint":"f"}');
    window.sessionStorage.setItem('quickvend:purchase-key:tv-gotv', '{"requestId":"r2","fingerprint":null}');
    window.sessionStorage.setItem('someone-else', 'kept');
    clearSession(dashboard.queryClient);
    expect(window.sessionStorage.getItem('quickvend:purchase-key:airtime')).toBeNull();
    expect(window.sessionStorage.getItem('quickvend:purchase-key:tv-gotv')).toBeNull();
    expect(window.sessionStorage.getItem('someone-else')).toBe('kept');
  });

  it('keeps them when the page only learns who is signed in', () => {
    const page = aPage();
    window.sessionStorage.setItem('quickvend:purchase-key:airtime', '{"requestId":"r1","fingerprint":"f"}');
    page.queryClient.setQueryData(sessionQueryKey, null);
    setSignedIn(page.queryClient, aUser());
    expect(window.sessionStorage.getItem('quickvend:purchase-key:airtime')).not.toBeNull();
  });
});
