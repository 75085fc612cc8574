/**
 * What the service worker does with a request. Only the app's own files are ever kept: API answers (balances,
 * prices, purchases), webhooks and the sandbox pages always go to the network, and a failure there is the
 * page's to show.
 * - `page`: a navigation; the network first, the saved page when the network fails
 * - `asset`: a hashed file under /assets/; it never changes, so the saved copy first
 * - `precached`: another file saved at install (icons, the manifest); the saved copy first
 * - `network`: not touched
 */
export type Handling = 'page' | 'asset' | 'precached' | 'network';

const NOT_APP = /^\/(api|webhooks|sandbox)(\/|$)|^\/(healthz|readyz|metrics)$/;

export type RequestLike = { method: string; mode: string; url: string };

export function handlingOf(request: RequestLike, origin: string, precached: ReadonlySet<string>): Handling {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin || NOT_APP.test(url.pathname)) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (url.pathname.startsWith('/assets/')) return 'asset';
  if (url.search === '' && precached.has(url.pathname)) return 'precached';
  return 'network';
}

/** The saved page a navigation to `pathname` falls back to: the landing for `/`, the app for the rest. */
export function shellOf(pathname: string): string {
  return pathname === '/' ? '/' : '/index.html';
}

/** What the build writes at the top of sw.js: the files saved at install, under a version of their content. */
export type Precache = { version: string; urls: string[] };

export const PRECACHE_GLOBAL = '__QV_PRECACHE__';
