export { registerAdminRoutes } from './admin.routes.ts';
