export { registerSystemRoutes } from './system.routes.ts';
