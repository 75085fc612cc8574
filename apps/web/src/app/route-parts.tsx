import type { ComponentType } from 'react';
import type { RouteObject } from '@/lib/router/index.ts';
import { loadChunk } from '@/lib/pwa/chunk-failure.ts';
import { PageError } from './routes/route-error.tsx';
import { PageSkeleton, ShellSkeleton } from './routes/shell-skeleton.tsx';

/** A lazily loaded route component: each page's code is its own chunk (failures: see loadChunk). */
export function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await loadChunk(load)) });
}

const loadShell = page(
  () => import('./routes/dashboard-shell.tsx'),
  (m) => m.DashboardShell,
);

/** The signed-in frame around `children`, with an error boundary that keeps the sidebar. */
export function insideDashboard(children: RouteObject[]): RouteObject {
  return {
    lazy: loadShell,
    HydrateFallback: ShellSkeleton,
    children: [{ ErrorBoundary: PageError, HydrateFallback: PageSkeleton, children }],
  };
}
