import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '@quickvend/shared/services';

export function registerSystemRoutes(
  app: FastifyInstance,
  deps: { ping: () => Promise<void>; mode: 'sandbox' | 'live'; minFundingKobo: number },
): void {
  app.get('/healthz', () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    try {
      await deps.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });

  app.get('/api/v1/meta', { config: { access: 'public' } }, () => ({
    productName: PRODUCT_NAME,
    mode: deps.mode,
    minFundingKobo: deps.minFundingKobo,
  }));
}
