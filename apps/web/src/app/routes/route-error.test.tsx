import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RouteObject } from '@/lib/router/index.ts';
import { loadChunk } from '@/lib/pwa/chunk-failure.ts';
import { renderRoutes } from '@/lib/testing/render.tsx';
import { NEW_VERSION_TEXT, PageError, RouteError, WAITING_HEADING, WAITING_TEXT } from './route-error.tsx';

const CHUNK = 'http://localhost/assets/tv-page-Bx9_1.js';
const failedImport = () =>
  Promise.reject<{ GotvPage: () => null }>(
    new TypeError(`Failed to fetch dynamically imported module: ${CHUNK}`),
  );

/** A frame with the app's error boundaries and a page whose code does not load, as router.tsx builds it. */
const routes: RouteObject[] = [
  {
    path: '/',
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    children: [
      { index: true, element: <p>Dashboard</p> },
      {
        ErrorBoundary: PageError,
        children: [
          {
            path: 'gotv',
            lazy: async () => ({ Component: (await loadChunk(failedImport)).GotvPage }),
          },
        ],
      },
    ],
  },
];

describe('a page whose code does not load', () => {
  it('offline, says it opens when the connection returns and never that a new version is out', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderRoutes(routes, '/gotv');
    expect(await screen.findByRole('heading', { name: WAITING_HEADING })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(WAITING_TEXT);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/new version/i);
  });

  it('when the file only dropped on the way (the server still has it), says the same', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(null, { status: 200 }))),
    );
    renderRoutes(routes, '/gotv');
    expect(await screen.findByRole('heading', { name: WAITING_HEADING })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/new version/i);
  });

  it('online, when the server no longer has the file, says a new version is out and offers a reload', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(new Response(null, { status: 404 })),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoutes(routes, '/gotv');
    expect(await screen.findByText(NEW_VERSION_TEXT)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith(CHUNK, { method: 'HEAD', cache: 'no-store' });
  });
});
