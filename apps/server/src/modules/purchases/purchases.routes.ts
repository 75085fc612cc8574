import type { FastifyInstance } from 'fastify';
import { compactNumber } from '@quickvend/shared/bills';
import { messages } from '@quickvend/shared/messages';
import { partnerLimitTexts } from '@quickvend/shared/messages/partner-limits';
import { PURCHASE_NOT_FOUND } from '@quickvend/shared/messages/purchase';
import { AppError } from '../../lib/errors.ts';
import { endOfInstant, startOfInstant } from '@quickvend/shared/api/partner-statement';
import { contract } from '@quickvend/shared/contract/index';
import { route } from '../../lib/http/route.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { signedInUser } from '../auth/index.ts';
import { findServiceDefinition, type Catalog } from '../catalog/index.ts';
import type { Mailer } from '../notifications/index.ts';
import { credentialMail } from './purchases.mail.ts';
import { toPurchase, toVerifyResponse } from './purchases.mapper.ts';
import { ProviderUnavailableError, type BillsProvider } from './purchases.port.ts';
import type { VerificationService } from './verification.service.ts';
import type { PurchaseEngine } from './purchases.service.ts';

/** When a partner may try a purchase again after the provider's float or service was out. */
const OUTAGE_RETRY_AFTER_SECONDS = 60;
const isProviderOutage = (message: string) => message === partnerLimitTexts.serviceUnavailable;

export function registerPurchaseRoutes(
  app: FastifyInstance,
  deps: {
    engine: Pick<PurchaseEngine, 'create' | 'list' | 'findByRequestId' | 'findFreshByRequestId'>;
    verifications: Pick<VerificationService, 'verify'>;
    mailer: Mailer;
    catalog: Pick<Catalog, 'getService'>;
    limiter: RateLimiter;
  },
): void {
  const { engine, catalog, limiter } = deps;
  const tenMinutes = (key: string, max: number) => ({ key, max, windowSeconds: 600 });

  route(app, contract.purchases.create, async (request, reply) => {
    const channel = request.authMethod === 'key' ? 'api' : 'web';
    const { purchase, isNew } = await engine.create(
      { ...signedInUser(request), mode: request.apiKey?.mode },
      request.body,
      channel,
      channel === 'api' ? request.apiKey : null,
    );
    // a partner's program acts on the code: the provider is out (nothing sold, the money back), retry later
    // with a new requestId. A replay of that requestId answers the same.
    if (channel === 'api' && purchase.status === 'failed' && isProviderOutage(purchase.message)) {
      throw new AppError('SERVICE_UNAVAILABLE', partnerLimitTexts.serviceUnavailable, {
        retryAfterSeconds: OUTAGE_RETRY_AFTER_SECONDS,
        requestId: purchase.requestId,
        purchaseId: purchase.id,
        refunded: true,
      });
    }
    return reply.status(isNew ? 201 : 200).send({ purchase: toPurchase(purchase) });
  });

  route(app, contract.purchases.list, async (request) => {
    const { from, to, ...rest } = request.query;
    const page = await engine.list(signedInUser(request).id, {
      ...rest,
      ...(from !== undefined && { from: startOfInstant(from) }),
      ...(to !== undefined && { to: endOfInstant(to) }),
    });
    return { purchases: page.purchases.map(toPurchase), nextCursor: page.nextCursor };
  });

  route(app, contract.purchases.get, async (request) => {
    const row = await engine.findFreshByRequestId(signedInUser(request).id, request.params.requestId);
    if (!row) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
    return { purchase: toPurchase(row) };
  });

  route(app, contract.purchases.verify, async (request) => {
    const service = await catalog.getService(request.body.serviceId);
    if (!service?.verification) {
      throw new AppError('PRODUCT_UNAVAILABLE', 'That service has nothing to verify.', {
        fields: { serviceId: 'Choose a cable TV, electricity or JAMB service.' },
      });
    }
    if (
      service.verification === 'meter' &&
      request.body.type !== 'prepaid' &&
      request.body.type !== 'postpaid'
    ) {
      throw new AppError('VALIDATION_FAILED', messages.bills.meterTypeRequired, {
        fields: { type: messages.bills.meterTypeRequired },
      });
    }
    const check = {
      ...request.body,
      billersCode: compactNumber(request.body.billersCode),
      ...(request.apiKey?.mode === 'test' && { mode: 'test' as const }),
    };
    if (!/^\d+$/.test(check.billersCode)) {
      throw new AppError('VALIDATION_FAILED', messages.bills.numberDigitsOnly, {
        fields: { billersCode: messages.bills.numberDigitsOnly },
      });
    }
    try {
      return toVerifyResponse(check, await deps.verifications.verify(signedInUser(request).id, check));
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      request.log.warn({ err: error }, 'customer check could not reach the provider');
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'We could not reach the provider to check this. Please try again.',
      );
    }
  });

  route(app, contract.purchases.email, async (request) => {
    const user = signedInUser(request);
    const row = await engine.findByRequestId(user.id, request.params.requestId);
    if (!row) throw new AppError('NOT_FOUND', PURCHASE_NOT_FOUND);
    const purchase = toPurchase(row);
    if (purchase.status !== 'delivered' || (!purchase.token && !purchase.pins?.length)) {
      throw new AppError('CONFLICT', 'This purchase has no token or PINs to send.');
    }
    await limiter.consume([tenMinutes(`receipt-mail:user:${user.id}`, 5)]);
    await deps.mailer.send({ to: user.email, ...credentialMail(purchase) });
    return { sentTo: user.email };
  });
}

/** VTpass callbacks carry no signature: they only trigger a requery, which alone may move money. */
export function registerVtpassWebhook(
  app: FastifyInstance,
  deps: {
    engine: Pick<PurchaseEngine, 'onProviderCallback'>;
    provider: Pick<BillsProvider, 'readCallback'>;
    limiter: RateLimiter;
    onVariationsChanged: (serviceId: string) => Promise<void>;
  },
): void {
  app.post('/webhooks/vtpass', { config: { access: 'provider' } }, async (request) => {
    await deps.limiter.consume([{ key: `vtpass-callback:ip:${request.ip}`, max: 600, windowSeconds: 60 }]);
    const callback = deps.provider.readCallback(request.body);
    if (callback.type === 'transaction-update')
      await deps.engine.onProviderCallback(callback.requestId, request.body);
    if (callback.type === 'variations-update' && findServiceDefinition(callback.serviceId)) {
      await deps.onVariationsChanged(callback.serviceId);
    }
    return { response: 'success' };
  });
}
