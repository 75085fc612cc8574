export { serviceRoutes, routeRoles, type RouteRole } from './routing.tables.ts';
