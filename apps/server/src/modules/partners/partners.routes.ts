import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyResponse,
  apiKeysResponse,
  createApiKeyBody,
  createApiKeyResponse,
} from '@quickvend/shared/api/api-keys';
import { actorOf } from '../audit/index.ts';
import { currentSessionId, signedInUser } from '../auth/index.ts';
import type { Partners } from './partners.service.ts';
import type { apiKeys } from './partners.tables.ts';

const toApiKey = (row: typeof apiKeys.$inferSelect) => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  allowedIps: row.allowedIps,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/** Managing keys needs the web session: a key cannot mint or revoke keys. */
export function registerApiKeyRoutes(parent: FastifyInstance, deps: { partners: Partners }): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { partners } = deps;

  app.get(
    '/api/v1/api-keys',
    { config: { access: 'user' }, schema: { response: { 200: apiKeysResponse } } },
    async (request) => ({
      apiKeys: (await partners.listKeys(signedInUser(request).id)).map(toApiKey),
    }),
  );

  app.post(
    '/api/v1/api-keys',
    {
      config: { access: 'user' },
      schema: { body: createApiKeyBody, response: { 201: createApiKeyResponse } },
    },
    async (request, reply) => {
      const { apiKey, key } = await partners.createKey(
        signedInUser(request),
        request.body,
        currentSessionId(request),
        actorOf(request),
      );
      return reply.status(201).send({ apiKey: toApiKey(apiKey), key });
    },
  );

  app.post(
    '/api/v1/api-keys/:id/revoke',
    {
      config: { access: 'user' },
      schema: {
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: apiKeyResponse },
      },
    },
    async (request) => ({
      apiKey: toApiKey(await partners.revokeKey(signedInUser(request), request.params.id, actorOf(request))),
    }),
  );
}
