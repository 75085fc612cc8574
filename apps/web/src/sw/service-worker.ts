// The service worker, built to /sw.js (see build/web-build-plugin.ts). It saves the app's pages and every file
// they load at install, so a page not visited yet still opens when the signal drops, and never keeps an API
// answer: see strategy.ts.
import {
  cachesToDelete,
  handlingOf,
  isHashed,
  PRECACHE_GLOBAL,
  precacheModeOf,
  shellCacheOf,
  shellOf,
  type Precache,
} from './strategy.ts';

// the DOM library has no service worker types; these are the few parts used here
type ExtendableEvent = Event & { waitUntil: (promise: Promise<unknown>) => void };
type FetchEvent = ExtendableEvent & {
  readonly request: Request;
  respondWith: (response: Promise<Response>) => void;
};
type WorkerScope = {
  readonly location: { readonly origin: string };
  readonly clients: { claim: () => Promise<void> };
  addEventListener: ((type: 'install' | 'activate', listener: (event: ExtendableEvent) => void) => void) &
    ((type: 'fetch', listener: (event: FetchEvent) => void) => void);
};

const worker = globalThis as unknown as WorkerScope & { [PRECACHE_GLOBAL]?: Precache };
const precache: Precache = worker[PRECACHE_GLOBAL] ?? { version: 'dev', urls: [] };
const SHELL_CACHE = shellCacheOf(precache.version);
const precachedPaths = new Set(precache.urls);
/** A few at a time, so the page's own requests (balance, prices) are not queued behind the whole app. */
const PARALLEL_DOWNLOADS = 4;

/**
 * Saves every file of this version. A hashed file already saved by an earlier version (or an earlier, interrupted
 * install) is copied rather than downloaded again: on a metered phone an update costs only what changed.
 */
async function saveAll(): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  const queue = [...precache.urls];
  const saveNext = async (): Promise<void> => {
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      const kept = isHashed(url) ? await caches.match(url) : undefined;
      const response = kept ?? (await fetch(new Request(url, { cache: precacheModeOf(url) })));
      // an install that cannot save everything fails, and the browser tries again on a later visit
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      await cache.put(url, response);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_DOWNLOADS }, saveNext));
}

worker.addEventListener('install', (event) => {
  event.waitUntil(saveAll());
});

worker.addEventListener('activate', (event) => {
  // a new worker only activates once no page of the old one is open, so nothing open loses its files
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(cachesToDelete(names, SHELL_CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

async function savedFirst(request: Request): Promise<Response> {
  return (await caches.match(request)) ?? fetch(request);
}

async function networkFirst(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const saved = await caches.match(shellOf(new URL(request.url).pathname), { cacheName: SHELL_CACHE });
    if (saved) return saved;
    throw error;
  }
}

worker.addEventListener('fetch', (event) => {
  const handling = handlingOf(event.request, worker.location.origin, precachedPaths);
  if (handling === 'network') return;
  event.respondWith(handling === 'page' ? networkFirst(event.request) : savedFirst(event.request));
});
