import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  providerLossesResponse,
  providerLossMessages as say,
  recoverProviderLossResponse,
  resolveProviderLossBody,
  writeOffProviderLossResponse,
} from '@quickvend/shared/api/provider-losses';
import { actorOf } from '../audit/index.ts';
import type { ProviderLosses } from './provider-losses.service.ts';

const admin = { access: 'admin' } as const;
const idParams = z.object({ id: z.string().min(1).max(64) });

/** Provider-side losses: the list the back office shows, and the two ways to resolve one. */
export function registerProviderLossRoutes(parent: FastifyInstance, deps: { losses: ProviderLosses }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { losses } = deps;

  app.get(
    '/api/v1/admin/provider-losses',
    { config: admin, schema: { response: { 200: providerLossesResponse } } },
    async () => losses.list(),
  );

  app.post(
    '/api/v1/admin/provider-losses/:id/recover',
    {
      config: admin,
      schema: {
        params: idParams,
        body: resolveProviderLossBody,
        response: { 201: recoverProviderLossResponse },
      },
    },
    async (request, reply) => {
      const asked = await losses.requestRecovery(request.params.id, request.body.reason, actorOf(request));
      return reply.status(201).send(asked);
    },
  );

  app.post(
    '/api/v1/admin/provider-losses/:id/write-off',
    {
      config: admin,
      schema: {
        params: idParams,
        body: resolveProviderLossBody,
        response: { 200: writeOffProviderLossResponse },
      },
    },
    async (request) => ({
      loss: await losses.writeOff(request.params.id, request.body.reason, actorOf(request)),
      message: say.writtenOff,
    }),
  );
}
