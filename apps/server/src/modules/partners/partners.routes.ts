import type { FastifyInstance } from 'fastify';
import { actorOf } from '../audit/index.ts';
import { currentSessionId, signedInUser } from '../auth/index.ts';
import type { Partners } from './partners.service.ts';
import { toApiKeyView } from './api-key-view.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';

/** Managing keys needs the web session: a key cannot mint or revoke keys. */
export function registerApiKeyRoutes(app: FastifyInstance, deps: { partners: Partners }): void {
  const { partners } = deps;

  route(app, contract.partners.list, async (request) => ({
    apiKeys: (await partners.listKeys(signedInUser(request).id)).map(toApiKeyView),
  }));

  route(app, contract.partners.create, async (request, reply) => {
    const { apiKey, key } = await partners.createKey(
      signedInUser(request),
      request.body,
      currentSessionId(request),
      actorOf(request),
    );
    return reply.status(201).send({ apiKey: toApiKeyView(apiKey), key });
  });

  route(app, contract.partners.revoke, async (request) => ({
    apiKey: toApiKeyView(
      await partners.revokeKey(signedInUser(request), request.params.id, actorOf(request)),
    ),
  }));
}
