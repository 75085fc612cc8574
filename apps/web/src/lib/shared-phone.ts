import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@quickvend/shared/api/auth';
import { sessionQueryKey } from './session.ts';

const SESSION_MARK_KEY = 'quickvend:session-mark';
/** What this app keeps in the tab's storage (purchase forms' request keys), all under one prefix. */
const TAB_STORAGE_PREFIX = 'quickvend:';

/** Changes each time someone signs in or out on this phone, in any tab. */
function readSessionMark(): string | null {
  try {
    return window.localStorage.getItem(SESSION_MARK_KEY);
  } catch {
    return null;
  }
}

function renewSessionMark(): void {
  try {
    window.localStorage.setItem(
      SESSION_MARK_KEY,
      `${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}`,
    );
  } catch {
    // storage refused: a page brought back is still checked with the server
  }
}

function forgetTabStorage(): void {
  try {
    const keys = Array.from({ length: window.sessionStorage.length }, (_, index) =>
      window.sessionStorage.key(index),
    );
    for (const key of keys) {
      if (key?.startsWith(TAB_STORAGE_PREFIX)) window.sessionStorage.removeItem(key);
    }
  } catch {
    // storage refused: nothing was kept there
  }
}

const reloadPage = () => {
  window.location.reload();
};

/**
 * What keeps one customer's things from the next person on a shared phone, for the life of the page:
 * - when the signed-in user changes here (sign-out, sign-in, someone else), the session mark is renewed, and on
 *   a sign-out what the tab kept for the user's forms is forgotten (signing out clears the cached answers itself);
 * - Back can bring a page back whole from the browser's back/forward cache, with the name and balance of whoever
 *   used it. A signed-in page is hidden as it goes there. When it comes back, it shows again only if the mark
 *   has not changed, and asks the server to confirm the session; otherwise it is loaded afresh, which forgets all
 *   it held and shows what the server says (the login page after a sign-out).
 */
export function protectSharedPhone(
  queryClient: QueryClient,
  { reload = reloadPage, page = window }: { reload?: () => void; page?: EventTarget } = {},
): () => void {
  // `undefined` until the session is first known in this page: learning it is no change
  let userId: string | null | undefined;
  const session = queryClient.getQueryCache().find<Me | null>({ queryKey: sessionQueryKey, exact: true });
  if (session?.state.data !== undefined) userId = session.state.data?.id ?? null;
  const sessionHash = hashKey(sessionQueryKey);
  const stopWatching = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== sessionHash) return;
    const data = event.query.state.data as Me | null | undefined;
    if (data === undefined) return;
    const next = data?.id ?? null;
    if (userId !== undefined && next !== userId) {
      renewSessionMark();
      if (next === null) forgetTabStorage();
    }
    userId = next;
  });

  let markWhenHidden: string | null = null;
  const onPageHide = (event: Event) => {
    if (!(event as PageTransitionEvent).persisted) return;
    markWhenHidden = readSessionMark();
    if (userId) document.body.hidden = true;
  };
  const onPageShow = (event: Event) => {
    if (!(event as PageTransitionEvent).persisted) return;
    if (readSessionMark() !== markWhenHidden) {
      reload();
      return;
    }
    document.body.hidden = false;
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  };
  page.addEventListener('pagehide', onPageHide);
  page.addEventListener('pageshow', onPageShow);
  return () => {
    stopWatching();
    page.removeEventListener('pagehide', onPageHide);
    page.removeEventListener('pageshow', onPageShow);
  };
}
