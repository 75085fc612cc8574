import { renderRoutes } from '@/lib/testing/render.tsx';
import { routes } from './router.tsx';

/** The whole app at `path`, with a memory router (see lib/testing/mock-api.ts for the server). */
export function renderApp(path: string) {
  return renderRoutes(routes, path);
}
