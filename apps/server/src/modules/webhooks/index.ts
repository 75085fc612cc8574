export { createWebhooks, type Webhooks } from './webhooks.service.ts';
export { registerWebhookRoutes } from './webhooks.routes.ts';
export { registerWebhookSubscribers } from './webhooks.subscribers.ts';
export { RETRY_SCHEDULE_SECONDS } from './webhook-delivery.ts';
