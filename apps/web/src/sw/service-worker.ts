// The service worker, built to /sw.js (see build/service-worker-plugin.ts). It keeps the app's shell so a
// second visit paints without a network, and never keeps an API answer: see strategy.ts.
import { handlingOf, PRECACHE_GLOBAL, shellOf, type Precache } from './strategy.ts';

// the DOM library has no service worker types; these are the few parts used here
type ExtendableEvent = Event & { waitUntil: (promise: Promise<unknown>) => void };
type FetchEvent = ExtendableEvent & {
  readonly request: Request;
  respondWith: (response: Promise<Response>) => void;
};
type WorkerMessageEvent = ExtendableEvent & { readonly data: unknown };
type WorkerScope = {
  readonly location: { readonly origin: string };
  readonly clients: { claim: () => Promise<void> };
  addEventListener: ((type: 'install' | 'activate', listener: (event: ExtendableEvent) => void) => void) &
    ((type: 'fetch', listener: (event: FetchEvent) => void) => void) &
    ((type: 'message', listener: (event: WorkerMessageEvent) => void) => void);
};

const worker = globalThis as unknown as WorkerScope & { [PRECACHE_GLOBAL]?: Precache };
const precache: Precache = worker[PRECACHE_GLOBAL] ?? { version: 'dev', urls: [] };
const SHELL_CACHE = `qv-shell-${precache.version}`;
/** Hashed files met while browsing: their names change with their content, so one cache serves every version. */
const ASSET_CACHE = 'qv-assets';
const MAX_KEPT_ASSETS = 150;
const precachedPaths = new Set(precache.urls);

worker.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(precache.urls.map((url) => new Request(url, { cache: 'no-cache' })))),
  );
});

/** Old shells go; of the hashed files, the most recently kept stay. */
async function tidy(): Promise<void> {
  for (const name of await caches.keys()) {
    if (name.startsWith('qv-shell-') && name !== SHELL_CACHE) await caches.delete(name);
  }
  const assets = await caches.open(ASSET_CACHE);
  const kept = await assets.keys();
  for (const request of kept.slice(0, Math.max(0, kept.length - MAX_KEPT_ASSETS))) {
    await assets.delete(request);
  }
}

worker.addEventListener('activate', (event) => {
  // a new worker only activates once no page of the old one is open, so nothing open loses its files
  event.waitUntil(tidy().then(() => worker.clients.claim()));
});

async function savedFirst(request: Request, keep: boolean): Promise<Response> {
  const saved = await caches.match(request);
  if (saved) return saved;
  const response = await fetch(request);
  if (keep && response.ok) {
    const copy = response.clone();
    void caches.open(ASSET_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
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
  event.respondWith(
    handling === 'page' ? networkFirst(event.request) : savedFirst(event.request, handling === 'asset'),
  );
});

/** The page tells which hashed files it loaded before this worker ran; they come from the browser's cache. */
async function keepLoaded(urls: unknown): Promise<void> {
  if (!Array.isArray(urls)) return;
  const cache = await caches.open(ASSET_CACHE);
  for (const url of urls) {
    if (typeof url !== 'string') continue;
    const handling = handlingOf({ method: 'GET', mode: 'cors', url }, worker.location.origin, precachedPaths);
    if (handling !== 'asset' || (await caches.match(url))) continue;
    const response = await fetch(url).catch(() => null);
    if (response?.ok) await cache.put(url, response);
  }
}

worker.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; urls?: unknown } | null;
  if (data?.type === 'keep-loaded') event.waitUntil(keepLoaded(data.urls));
});
