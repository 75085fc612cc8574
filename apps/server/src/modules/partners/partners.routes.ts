import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createApiKeyBody } from '@quickvend/shared/api/api-keys';
import { signedInUser, type Guards } from '../auth/index.ts';
import type { Partners } from './partners.service.ts';
import type { apiKeys } from './partners.tables.ts';

const toApiKey = (row: typeof apiKeys.$inferSelect) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Managing keys needs the web session: a key cannot mint or revoke keys. */
export function registerApiKeyRoutes(
  parent: FastifyInstance,
  deps: { partners: Partners; guards: Guards },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { partners, guards } = deps;

  app.get('/api/v1/api-keys', { preHandler: guards.requireUser }, async (request) => ({
    apiKeys: (await partners.listKeys(signedInUser(request).id)).map(toApiKey),
  }));

  app.post(
    '/api/v1/api-keys',
    { preHandler: guards.requireUser, schema: { body: createApiKeyBody } },
    async (request, reply) => {
      const { apiKey, key } = await partners.createKey(signedInUser(request).id, request.body.name);
      return reply.status(201).send({ apiKey: toApiKey(apiKey), key });
    },
  );

  app.post(
    '/api/v1/api-keys/:id/revoke',
    { preHandler: guards.requireUser, schema: { params: z.object({ id: z.string().min(1).max(64) }) } },
    async (request) => ({
      apiKey: toApiKey(await partners.revokeKey(signedInUser(request).id, request.params.id)),
    }),
  );
}
