import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Access } from '@quickvend/shared/contract/define';

/**
 * Who may call a route. Every API and webhook route declares one in `config.access`; the guard that enforces
 * it is attached here, so a route cannot forget its guard and the security suite can read the rule back.
 * - `public`: anyone
 * - `user`: a signed-in person (web session); a partner key is not enough
 * - `userOrKey`: a signed-in person or a partner's API key (the partner API)
 * - `admin`: a signed-in admin
 * - `provider`: a vendor's callback; the route proves the caller itself (signature) or trusts nothing it says
 * - `sandbox`: the local stand-ins for the vendors and the mailbox, which never exist in live mode
 * - `operator`: the monitoring scraper with the operator's token (METRICS_TOKEN); not found when none is set
 */
export type { Access } from '@quickvend/shared/contract/define';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyContextConfig {
    access?: Access;
  }
}

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const DECLARED = /^\/(api|webhooks)(\/|$)/;

/** The access of a route: its declaration, or what its path implies outside the API. */
export function accessOf(route: Pick<RouteOptions, 'url' | 'config'>): Access | undefined {
  const declared = route.config?.access;
  if (declared) return declared;
  if (DECLARED.test(route.url)) return undefined;
  return route.url.startsWith('/sandbox/') ? 'sandbox' : 'public';
}

/** A route as the app registered it: what the security suite walks. */
export type RouteEntry = {
  method: string;
  url: string;
  access: Access;
  schema: RouteOptions['schema'];
};

/**
 * Must run before any route is added. Returns the table of routes, filled in as they are added.
 * @throws when an API or webhook route declares no access
 */
export function enforceDeclaredAccess(
  app: FastifyInstance,
  guards: Record<'user' | 'userOrKey' | 'admin' | 'operator', Guard>,
): RouteEntry[] {
  const table: RouteEntry[] = [];
  app.addHook('onRoute', (route) => {
    const access = accessOf(route);
    if (!access) {
      throw new Error(`${String(route.method)} ${route.url} must declare who may call it (config.access)`);
    }
    for (const method of [route.method].flat()) {
      table.push({ method, url: route.url, access, schema: route.schema });
    }
    if (access !== 'user' && access !== 'userOrKey' && access !== 'admin' && access !== 'operator') return;
    const guard = guards[access];
    // before the body is read or validated: a stranger learns nothing about what a route expects
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    if (!existing.includes(guard)) route.onRequest = [...existing, guard];
  });
  return table;
}
