import type { FastifyInstance } from 'fastify';
import { actorOf } from '../audit/index.ts';
import { currentSessionId, signedInUser } from '../auth/index.ts';
import type { Partners } from './partners.service.ts';
import { toApiKeyView } from './api-key-view.ts';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';
import { AppError } from '../../lib/errors.ts';
import { testBalanceMessages } from '@quickvend/shared/api/api-keys';
import { koboFromNaira, toNairaString, type Kobo } from '@quickvend/shared/money';
import type { TestBalances } from './test-balance.ts';

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

/** The test balance: shown to the partner in the web app; topped up there or by a test key. */
export function registerTestBalanceRoutes(app: FastifyInstance, deps: { testBalances: TestBalances }): void {
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
