import type { FastifyInstance } from 'fastify';
import { actorOf } from '../audit/index.ts';
import { currentSessionId, signedInUser } from '../auth/index.ts';
import type { Partners } from './partners.service.ts';
import { toApiKeyView } from './api-key-view.ts';
import { contract } from '@quickvend/shared/contract/index';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/http/route.ts';
import { testBalanceMessages } from '@quickvend/shared/api/api-keys';
import { koboFromNaira, toNairaString, type Kobo } from '@quickvend/shared/money';
import type { TestBalances } from './test-balance.ts';

/** Managing keys needs the web session: a key cannot mint or revoke keys, nor change their limits. */
export function registerApiKeyRoutes(
  app: FastifyInstance,
  deps: { partners: Partners; testBalances: TestBalances },
): void {
  registerTestBalanceRoutes(app, deps);
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

/** The test balance: shown to the partner in the web app; topped up there or by a test key. */
function registerTestBalanceRoutes(app: FastifyInstance, deps: { testBalances: TestBalances }): void {
  const balance = (balanceKobo: Kobo) => ({
    balanceKobo,
    balance: toNairaString(balanceKobo),
    currency: 'NGN' as const,
  });

  route(app, contract.testBalance.get, async (request) =>
    balance(await deps.testBalances.balanceOf(signedInUser(request).id)),
  );

  route(app, contract.testBalance.topUp, async (request) => {
    const amountKobo = koboFromNaira(
      request.body.amount,
      (message) => new AppError('VALIDATION_FAILED', message, { fields: { amount: message } }),
      { positive: true },
    );
    const key = request.apiKey;
    if (key?.mode === 'live') throw new AppError('FORBIDDEN', testBalanceMessages.liveKey);
    const user = signedInUser(request);
    const target = key ? { testAccountId: user.id } : { partner: user };
    return balance(await deps.testBalances.topUp(target, amountKobo));
  });
}
