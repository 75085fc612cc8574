import { describe, expect, it } from 'vitest';
import { cachesToDelete, handlingOf, isHashed, precacheModeOf, shellCacheOf, shellOf } from './strategy.ts';

const origin = 'https://quickvend.example';
const precached = new Set(['/', '/index.html', '/manifest.webmanifest', '/icons/icon-192.png']);
const handling = (url: string, mode = 'cors', method = 'GET') =>
  handlingOf({ method, mode, url: new URL(url, origin).href }, origin, precached);

describe('what the service worker does with a request', () => {
  it.each([
    '/api/v1/wallet',
    '/api/v1/wallet/events',
    '/api/v1/me',
    '/api/v1/services/dstv/variations',
    '/api/v1/purchases?limit=20',
    '/webhooks/paystack',
    '/sandbox/mailbox/messages',
    '/healthz',
    // the API reference: a page of the server's own, not the app's
    '/docs/api',
  ])('never answers %s from a cache, by request or by navigation', (path) => {
    expect(handling(path)).toBe('network');
    expect(handling(path, 'navigate')).toBe('network');
  });

  it('leaves requests that change something, and other sites, to the network', () => {
    expect(handling('/assets/index-abc.js', 'cors', 'POST')).toBe('network');
    expect(handling('/dashboard', 'navigate', 'POST')).toBe('network');
    expect(
      handlingOf(
        { method: 'GET', mode: 'no-cors', url: 'https://js.paystack.co/v2/inline.js' },
        origin,
        precached,
      ),
    ).toBe('network');
  });

  it('tries the network first for pages, falling back to the saved landing for / and the saved app elsewhere', () => {
    expect(handling('/', 'navigate')).toBe('page');
    expect(handling('/dashboard', 'navigate')).toBe('page');
    expect(handling('/transactions/pur_1', 'navigate')).toBe('page');
    expect(shellOf('/')).toBe('/');
    expect(shellOf('/dashboard')).toBe('/index.html');
    expect(shellOf('/login')).toBe('/index.html');
  });

  it('uses saved copies of hashed files and of the files saved at install', () => {
    expect(handling('/assets/react-96l_9qAw.js')).toBe('asset');
    expect(handling('/assets/src-B__p8VWv.css')).toBe('asset');
    expect(handling('/manifest.webmanifest')).toBe('precached');
    expect(handling('/icons/icon-192.png')).toBe('precached');
    expect(handling('/manifest.webmanifest?v=2')).toBe('network');
    expect(handling('/robots.txt')).toBe('network');
  });

  it('saves hashed files from any cache it can at install, and checks every other file with the server', () => {
    expect(isHashed('/assets/tv-page-Bx9_1.js')).toBe(true);
    expect(isHashed('/index.html')).toBe(false);
    expect(isHashed('/manifest.webmanifest')).toBe(false);
    expect(precacheModeOf('/assets/tv-page-Bx9_1.js')).toBe('default');
    expect(precacheModeOf('/index.html')).toBe('no-cache');
    expect(precacheModeOf('/')).toBe('no-cache');
  });

  it('on activation removes every earlier cache of its own, and nothing else', () => {
    const current = shellCacheOf('b2');
    expect(current).toBe('qv-shell-b2');
    expect(
      cachesToDelete(['qv-shell-a1', current, 'qv-assets', 'someone-else', 'qv-shell-a0'], current),
    ).toEqual(['qv-shell-a1', 'qv-assets', 'qv-shell-a0']);
    expect(cachesToDelete([current], current)).toEqual([]);
  });
});
