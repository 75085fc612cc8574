export { createPartners, type Partners } from './partners.service.ts';
export { registerApiKeyRoutes } from './partners.routes.ts';
