import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { metaResponse, type SupportContact } from '@quickvend/shared/api/meta';
import { PRODUCT_NAME } from '@quickvend/shared/services';

export function registerSystemRoutes(
  parent: FastifyInstance,
  deps: {
    ping: () => Promise<void>;
    mode: 'sandbox' | 'live';
    minFundingKobo: number;
    support: SupportContact;
  },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();

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

  app.get(
    '/api/v1/meta',
    { config: { access: 'public' }, schema: { response: { 200: metaResponse } } },
    () => ({
      productName: PRODUCT_NAME,
      mode: deps.mode,
      minFundingKobo: deps.minFundingKobo,
      support: deps.support,
    }),
  );
}
