import { SERVICE_CATALOGUE, findCatalogueService } from '@quickvend/shared/catalog';
import type { SaveServiceRouteBody, ServiceRouteView } from '@quickvend/shared/api/admin-routing';
import { BILLS_PROVIDER_LABELS, type BillsProviderName } from '@quickvend/shared/providers';
import type { Database } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, fieldError } from '../../lib/errors.ts';
import type { Actor } from '../audit/index.ts';
import type { ProviderMargin } from '../purchases/index.ts';
import type { Routing } from './routing.service.ts';
import { serviceRoutes } from './routing.tables.ts';

const MARGIN_DAYS = 30;
const DAY_MS = 86_400_000;

export type RoutingAdminDeps = {
  db: Database;
  clock: Clock;
  routing: Pick<Routing, 'routeOf' | 'setRoute' | 'offers' | 'names'>;
  margins: { providerMargins(since: Date): Promise<ProviderMargin[]> };
};

/**
 * The back office's view of routing: each service's first provider and fallback, whether each provider sells it,
 * and what each earned us on it over the last 30 days, so an admin routes by margin as well as by health.
 */
export function createRoutingAdmin(deps: RoutingAdminDeps) {
  const { db, clock, routing } = deps;

  async function views(serviceIds: readonly string[]): Promise<ServiceRouteView[]> {
    const since = new Date(clock.now().getTime() - MARGIN_DAYS * DAY_MS);
    const [rows, margins] = await Promise.all([
      db.select().from(serviceRoutes),
      deps.margins.providerMargins(since),
    ]);
    return Promise.all(
      serviceIds.map(async (serviceId) => {
        const service = findCatalogueService(serviceId);
        if (!service) throw new AppError('NOT_FOUND', 'We do not sell that service.');
        const route = await routing.routeOf(serviceId);
        const set = rows.filter((row) => row.serviceId === serviceId);
        const roleOf = (provider: BillsProviderName) =>
          route?.primary === provider ? 'primary' : route?.fallback === provider ? 'fallback' : 'off';
        return {
          serviceId,
          name: service.name,
          kind: service.kind,
          primary: route?.primary ?? null,
          fallback: route?.fallback ?? null,
          isDefault: set.length === 0,
          updatedAt: latest(set.map((row) => row.updatedAt)),
          providers: routing.names.map((provider) => {
            const margin = margins.find((m) => m.serviceId === serviceId && m.provider === provider);
            return {
              provider,
              role: roleOf(provider),
              offers: routing.offers(provider, { serviceId }),
              delivered: margin?.delivered ?? 0,
              marginBps:
                margin && margin.chargedKobo > 0
                  ? Math.round(((margin.chargedKobo - margin.costKobo) * 10_000) / margin.chargedKobo)
                  : null,
            };
          }),
        };
      }),
    );
  }

  return {
    async list() {
      return {
        providers: routing.names.map((name) => ({ name, label: BILLS_PROVIDER_LABELS[name] })),
        services: await views(SERVICE_CATALOGUE.map((service) => service.id)),
      };
    },

    /**
     * @throws NOT_FOUND for a service we do not sell
     * @throws VALIDATION_FAILED for a provider this server is not set up for, or one that does not sell it
     */
    async save(actor: Actor, body: SaveServiceRouteBody): Promise<ServiceRouteView> {
      if (!findCatalogueService(body.serviceId))
        throw new AppError('NOT_FOUND', 'We do not sell that service.');
      for (const [field, provider] of [
        ['primary', body.primary],
        ['fallback', body.fallback],
      ] as const) {
        if (!provider) continue;
        const label = BILLS_PROVIDER_LABELS[provider];
        if (!routing.names.includes(provider))
          throw fieldError(field, `${label} is not set up on this server.`);
        if (!routing.offers(provider, { serviceId: body.serviceId }))
          throw fieldError(field, `${label} does not sell this service.`);
      }
      const route = body.primary ? { primary: body.primary, fallback: body.fallback ?? null } : null;
      await routing.setRoute(body.serviceId, route, actor, body.reason);
      const [view] = await views([body.serviceId]);
      if (!view) throw new Error('a saved route has no view');
      return view;
    },
  };
}

const latest = (dates: Date[]) =>
  dates.length === 0 ? null : new Date(Math.max(...dates.map((date) => date.getTime()))).toISOString();

export type RoutingAdmin = ReturnType<typeof createRoutingAdmin>;
