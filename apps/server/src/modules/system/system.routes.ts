import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { type SupportContact } from '@quickvend/shared/api/meta';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';
import { registerDocsPage } from './docs-page.ts';
import type { SandboxValue } from './openapi-docs.ts';
import { openApiDocument } from './openapi.ts';

export function registerSystemRoutes(
  app: FastifyInstance,
  deps: {
    /** what must answer for this process to take traffic */
    ready: { database: () => Promise<void>; 'job queue': () => Promise<void> };
    mode: 'sandbox' | 'live';
    /** the smallest funding and the manual deposit charge, as the money settings say now */
    fundingAmounts: () => Promise<{ minFundingKobo: number; manualChargeKobo: number }>;
    support: SupportContact;
    /** read only by the operator's scraper (see `operator` access) */
    metrics: Registry;
    /** the sandbox numbers, listed in the API reference */
    sandboxValues: readonly SandboxValue[];
  },
): void {
  app.get('/healthz', () => ({ status: 'ok' }));

  app.get('/readyz', async (request, reply) => {
    const checks = Object.entries(deps.ready);
    const results = await Promise.allSettled(checks.map(async ([, check]) => check()));
    const failed = checks.flatMap(([name], i) => {
      const result = results[i];
      if (result?.status !== 'rejected') return [];
      request.log.warn({ err: result.reason }, `${name} not reachable`);
      return [name];
    });
    if (failed.length === 0) return { status: 'ready' };
    return reply.status(503).send({ status: `${failed.join(' and ')} unreachable`, failed });
  });

  app.get('/metrics', { config: { access: 'operator' } }, async (_request, reply) => {
    const text = await deps.metrics.metrics();
    return reply.type(deps.metrics.contentType).send(text);
  });

  route(app, contract.system.meta, async () => ({
    productName: PRODUCT_NAME,
    mode: deps.mode,
    ...(await deps.fundingAmounts()),
    support: deps.support,
  }));

  route(app, contract.system.openApi, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(openApiDocument(deps.sandboxValues)),
  );

  registerDocsPage(app);
}
