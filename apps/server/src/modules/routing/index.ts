export { serviceRoutes, routeRoles, type RouteRole } from './routing.tables.ts';
export {
  createRouting,
  defaultRoute,
  healthResultOf,
  type HealthResult,
  type ProviderHealth,
  type Routing,
  type ServiceRoute,
} from './routing.service.ts';
export { createRoutingAdmin, type RoutingAdmin, type RoutingAdminDeps } from './routing.admin.ts';
export { registerRoutingRoutes } from './routing.routes.ts';
