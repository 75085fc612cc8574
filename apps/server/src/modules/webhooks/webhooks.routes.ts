import type { FastifyInstance } from 'fastify';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';
import { signedInUser } from '../auth/index.ts';
import type { Webhooks } from './webhooks.service.ts';

/** Where data goes is set in a web session; the delivery log and resend are open to the caller's API keys too. */
export function registerWebhookRoutes(app: FastifyInstance, deps: { webhooks: Webhooks }): void {
  const { webhooks } = deps;

  route(app, contract.webhooks.endpoint, async (request) => ({
    endpoint: await webhooks.getEndpoint(signedInUser(request).id, request.query.mode),
  }));

  route(app, contract.webhooks.putEndpoint, async (request) =>
    webhooks.putEndpoint(signedInUser(request).id, request.body),
  );

  route(app, contract.webhooks.rotateSecret, async (request) =>
    webhooks.rotateSecret(signedInUser(request).id, request.body),
  );

  // a key sees its owner's messages of its own mode only (a test key acts for the test account, not the owner)
  route(app, contract.webhooks.messages, async (request) => {
    const key = request.apiKey;
    return key
      ? webhooks.listMessages(key.ownerId, { ...request.query, mode: key.mode })
      : webhooks.listMessages(signedInUser(request).id, request.query);
  });

  route(app, contract.webhooks.resend, async (request) => {
    const key = request.apiKey;
    return {
      message: key
        ? await webhooks.resend(key.ownerId, request.params.id, key.mode)
        : await webhooks.resend(signedInUser(request).id, request.params.id),
    };
  });
}
