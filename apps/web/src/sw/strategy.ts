/**
 * What the service worker does with a request. Only the app's own files are ever kept: API answers (balances,
 * prices, purchases), webhooks, the sandbox pages and the API reference always go to the network, and a failure there is the
 * page's to show.
 * - `page`: a navigation; the network first, the saved page when the network fails
 * - `asset`: a hashed file under /assets/; it never changes, so the saved copy first (all are saved at install)
 * - `precached`: another file saved at install (icons, the manifest); the saved copy first
 * - `network`: not touched
 */
export type Handling = 'page' | 'asset' | 'precached' | 'network';

const NOT_APP = /^\/(api|webhooks|sandbox|docs)(\/|$)|^\/(healthz|readyz|metrics)$/;

export type RequestLike = { method: string; mode: string; url: string };

export function handlingOf(request: RequestLike, origin: string, precached: ReadonlySet<string>): Handling {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin || NOT_APP.test(url.pathname)) return 'network';
  if (request.mode === 'navigate') return 'page';
  if (isHashed(url.pathname)) return 'asset';
  if (url.search === '' && precached.has(url.pathname)) return 'precached';
  return 'network';
}

/** Files under /assets/ carry a hash of their content in their name: a copy kept under that name is always right. */
export function isHashed(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}

/**
 * How a file saved at install is fetched: a hashed one may come from the browser's HTTP cache (it never changes
 * under its name); any other file is checked with the server, so the new version's pages go with its files.
 */
export function precacheModeOf(url: string): 'default' | 'no-cache' {
  return isHashed(url) ? 'default' : 'no-cache';
}

const CACHE_PREFIX = 'qv-';

/** The cache a version's files are saved in. */
export function shellCacheOf(version: string): string {
  return `${CACHE_PREFIX}shell-${version}`;
}

/** The worker's caches that the running version does not use (older versions', and the old per-file cache). */
export function cachesToDelete(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}

/** The saved page a navigation to `pathname` falls back to: the landing for `/`, the app for the rest. */
export function shellOf(pathname: string): string {
  return pathname === '/' ? '/' : '/index.html';
}

/**
 * What the build writes at the top of sw.js: the files saved at install (the pages, every file under /assets/ so
 * that any page opens without a network once installed, the manifest and icons), under a version of their content.
 */
export type Precache = { version: string; urls: string[] };

export const PRECACHE_GLOBAL = '__QV_PRECACHE__';
