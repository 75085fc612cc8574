import type { FastifyInstance } from 'fastify';
import { actorOf } from '../audit/index.ts';
import { currentSessionId, signedInUser } from '../auth/index.ts';
import type { Partners } from './partners.service.ts';
import type { apiKeys } from './partners.tables.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

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
export function registerApiKeyRoutes(app: FastifyInstance, deps: { partners: Partners }): void {
  const { partners } = deps;

  route(app, contract.partners.list, async (request) => ({
    apiKeys: (await partners.listKeys(signedInUser(request).id)).map(toApiKey),
  }));

  route(app, contract.partners.create, async (request, reply) => {
    const { apiKey, key } = await partners.createKey(
      signedInUser(request),
      request.body,
      currentSessionId(request),
      actorOf(request),
    );
    return reply.status(201).send({ apiKey: toApiKey(apiKey), key });
  });

  route(app, contract.partners.revoke, async (request) => ({
    apiKey: toApiKey(await partners.revokeKey(signedInUser(request), request.params.id, actorOf(request))),
  }));
}
