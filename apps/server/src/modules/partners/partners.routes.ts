import type { FastifyInstance } from 'fastify';
import { actorOf } from '../audit/index.ts';
import { currentSessionId, signedInUser } from '../auth/index.ts';
import type { Partners } from './partners.service.ts';
import { toApiKeyView } from './api-key-view.ts';
import { contract } from '@quickvend/shared/contract/index';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/http/route.ts';

/** Managing keys needs the web session: a key cannot mint or revoke keys, nor change their limits. */
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

  route(app, contract.partners.revoke, async (request) => {
    const user = signedInUser(request);
    const revoked = await partners.revokeKey(user, request.params.id, actorOf(request));
    // read again as the list shows it, with what the key spent today
    const listed = (await partners.listKeys(user.id)).find((key) => key.id === revoked.id);
    if (!listed) throw new AppError('NOT_FOUND', 'We could not find that API key.');
    return { apiKey: toApiKeyView(listed) };
  });

  route(app, contract.partners.updateLimits, async (request) => {
    const apiKey = await partners.updateLimits(
      signedInUser(request),
      request.params.id,
      request.body,
      actorOf(request),
    );
    return { apiKey: toApiKeyView(apiKey) };
  });
}
