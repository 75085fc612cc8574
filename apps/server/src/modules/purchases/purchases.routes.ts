import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePinRequestBody, resetPinBody, setPinBody } from '@quickvend/shared/api/pin';
import {
  createPurchaseBody,
  listPurchasesQuery,
  verifyBody,
  type Purchase,
  type VerifyResponse,
} from '@quickvend/shared/api/purchases';
import { compactNumber } from '@quickvend/shared/bills';
import { messages } from '@quickvend/shared/messages';
import { toNairaString, type Kobo } from '@quickvend/shared/money';
import { AppError } from '../../lib/errors.ts';
import type { RateLimiter } from '../../lib/rate-limit.ts';
import { signedInUser, type AuthService } from '../auth/index.ts';
import { findServiceDefinition, type Catalog } from '../catalog/index.ts';
import type { Ledger } from '../ledger/index.ts';
import type { Mailer } from '../notifications/index.ts';
import type { PinService } from './pin.service.ts';
import { credentialMail } from './purchases.mail.ts';
import { ProviderUnavailableError, type BillsProvider, type VerifiedCustomer } from './purchases.port.ts';
import type { VerificationService } from './verification.service.ts';
import type { PurchaseEngine, PurchaseRow } from './purchases.service.ts';

export function toPurchase(row: PurchaseRow): Purchase {
  const service = findServiceDefinition(row.serviceId);
  return {
    id: row.id,
    requestId: row.requestId,
    serviceId: row.serviceId,
    kind: service?.kind ?? 'airtime',
    serviceName: service?.name ?? row.serviceId,
    status: row.status === 'processing' ? 'pending' : row.status,
    phone: row.phone,
    billersCode: row.billersCode,
    variationCode: row.variationCode,
    planName: row.planName,
    amountKobo: row.amountKobo,
    amount: toNairaString(row.amountKobo),
    chargedKobo: row.chargedKobo,
    charged: toNairaString(row.chargedKobo),
    balanceAfterKobo: row.balanceAfterKobo,
    token: row.token,
    pins: row.pins ?? null,
    subscriptionType: row.subscriptionType,
    quantity: row.quantity,
    discountKobo: row.amountKobo - row.chargedKobo,
    discount: toNairaString(row.amountKobo - row.chargedKobo),
    customerName: row.customerName,
    units: row.units,
    receiptLines: row.receiptLines ?? [],
    message:
      row.message ||
      (row.status === 'processing' ? 'We are confirming this purchase with the provider.' : ''),
    transactionId: row.providerReference,
    providerRequestId: row.providerRequestId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const naira = (amount: Kobo | null) => (amount === null ? null : toNairaString(amount));

function toVerifyResponse(
  check: { serviceId: string; billersCode: string; type?: string | undefined },
  customer: VerifiedCustomer,
): VerifyResponse {
  return {
    serviceId: check.serviceId,
    billersCode: check.billersCode,
    type: check.type ?? null,
    customerName: customer.customerName,
    address: customer.address,
    meterType: customer.meterType,
    minimumAmountKobo: customer.minimumKobo,
    minimumAmount: naira(customer.minimumKobo),
    maximumAmountKobo: customer.maximumKobo,
    maximumAmount: naira(customer.maximumKobo),
    canVend: customer.canVend,
    accountType: customer.accountType,
    status: customer.status,
    dueDate: customer.dueDate,
    currentBouquet: customer.currentBouquet,
    renewalAmountKobo: customer.renewalKobo,
    renewalAmount: naira(customer.renewalKobo),
  };
}

export function registerPurchaseRoutes(
  parent: FastifyInstance,
  deps: {
    engine: PurchaseEngine;
    verifications: Pick<VerificationService, 'verify'>;
    mailer: Mailer;
    catalog: Catalog;
    ledger: Ledger;
    pins: PinService;
    auth: Pick<AuthService, 'verifyPassword'>;
    limiter: RateLimiter;
  },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { engine, catalog, pins, limiter } = deps;
  const tenMinutes = (key: string, max: number) => ({ key, max, windowSeconds: 600 });

  app.get('/api/v1/balance', { config: { access: 'userOrKey' } }, async (request) => {
    const balanceKobo = await deps.ledger.getWalletBalance(signedInUser(request).id);
    return { balanceKobo, balance: toNairaString(balanceKobo), currency: 'NGN' as const };
  });

  app.get('/api/v1/services', { config: { access: 'public' } }, async () => ({
    services: (await catalog.listServices()).map((service) => ({
      id: service.id,
      kind: service.kind,
      name: service.name,
      network: service.network,
      minimumKobo: service.minimumKobo,
      maximumKobo: service.maximumKobo,
      hasVariations: service.hasVariations,
      verification: service.verification,
      discountBps: service.discountBps,
    })),
  }));

  app.get(
    '/api/v1/services/:serviceId/variations',
    { config: { access: 'public' }, schema: { params: z.object({ serviceId: z.string().min(1).max(64) }) } },
    async (request) => {
      const service = findServiceDefinition(request.params.serviceId);
      if (!service) throw new AppError('NOT_FOUND', 'We do not sell that service.');
      const variations = service.hasVariations ? await catalog.listVariations(service.id) : [];
      return {
        variations: variations.map((v) => ({
          code: v.code,
          name: v.name,
          amountKobo: v.amountKobo,
          amount: toNairaString(v.amountKobo),
        })),
      };
    },
  );

  app.post(
    '/api/v1/purchases',
    { config: { access: 'userOrKey' }, schema: { body: createPurchaseBody } },
    async (request, reply) => {
      const channel = request.authMethod === 'key' ? 'api' : 'web';
      const { purchase, isNew } = await engine.create(signedInUser(request), request.body, channel);
      return reply.status(isNew ? 201 : 200).send({ purchase: toPurchase(purchase) });
    },
  );

  app.get(
    '/api/v1/purchases',
    { config: { access: 'userOrKey' }, schema: { querystring: listPurchasesQuery } },
    async (request) => {
      const page = await engine.list(signedInUser(request).id, request.query);
      return { purchases: page.purchases.map(toPurchase), nextCursor: page.nextCursor };
    },
  );

  app.get(
    '/api/v1/purchases/:requestId',
    {
      config: { access: 'userOrKey' },
      schema: { params: z.object({ requestId: z.string().min(1).max(64) }) },
    },
    async (request) => {
      const row = await engine.findByRequestId(signedInUser(request).id, request.params.requestId);
      if (!row) throw new AppError('NOT_FOUND', 'We could not find that purchase.');
      return { purchase: toPurchase(row) };
    },
  );

  app.post(
    '/api/v1/verify',
    { config: { access: 'userOrKey' }, schema: { body: verifyBody } },
    async (request) => {
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
      const check = { ...request.body, billersCode: compactNumber(request.body.billersCode) };
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
    },
  );

  app.post(
    '/api/v1/purchases/:requestId/email',
    {
      config: { access: 'user' },
      schema: { params: z.object({ requestId: z.string().min(1).max(64) }) },
    },
    async (request) => {
      const user = signedInUser(request);
      const row = await engine.findByRequestId(user.id, request.params.requestId);
      if (!row) throw new AppError('NOT_FOUND', 'We could not find that purchase.');
      const purchase = toPurchase(row);
      if (purchase.status !== 'delivered' || (!purchase.token && !purchase.pins?.length)) {
        throw new AppError('CONFLICT', 'This purchase has no token or PINs to send.');
      }
      await limiter.consume([tenMinutes(`receipt-mail:user:${user.id}`, 5)]);
      await deps.mailer.send({ to: user.email, ...credentialMail(purchase) });
      return { sentTo: user.email };
    },
  );

  /** Purchases still not final a day later: an admin chases them with the provider. */
  app.get('/api/v1/admin/purchases/flagged', { config: { access: 'admin' } }, async () => ({
    purchases: (await engine.listFlagged()).map((row) => ({ ...toPurchase(row), userId: row.userId })),
  }));

  app.get('/api/v1/pin', { config: { access: 'user' } }, async (request) =>
    pins.status(signedInUser(request).id),
  );

  app.post('/api/v1/pin', { config: { access: 'user' }, schema: { body: setPinBody } }, async (request) => {
    const userId = signedInUser(request).id;
    await pins.setPin(userId, request.body.pin, request.body.currentPin);
    return pins.status(userId);
  });

  app.post(
    '/api/v1/pin/change-request',
    {
      config: { access: 'user' },
      schema: { body: changePinRequestBody },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (request.body.email.toLowerCase() !== user.email) {
        throw new AppError('VALIDATION_FAILED', 'Enter the email address of your account.', {
          fields: { email: 'Enter the email address of your account.' },
        });
      }
      await limiter.consume([tenMinutes(`pin-change-mail:user:${user.id}`, 5)]);
      await pins.requestChange(user);
      return reply.status(202).send({ ok: true });
    },
  );

  app.post(
    '/api/v1/pin/reset',
    { schema: { body: resetPinBody }, config: { access: 'public' } },
    async (request) => {
      await limiter.countFailures([tenMinutes(`pin-reset:ip:${request.ip}`, 10)], () =>
        pins.resetWithToken(request.body.token, request.body.pin, (userId) =>
          deps.auth.verifyPassword(userId, request.body.password),
        ),
      );
      return { ok: true };
    },
  );
}

/** VTpass callbacks carry no signature: they only trigger a requery, which alone may move money. */
export function registerVtpassWebhook(
  app: FastifyInstance,
  deps: {
    engine: PurchaseEngine;
    provider: BillsProvider;
    limiter: RateLimiter;
    onVariationsChanged: (serviceId: string) => Promise<void>;
  },
): void {
  app.post('/webhooks/vtpass', { config: { access: 'provider' } }, async (request) => {
    await deps.limiter.consume([{ key: `vtpass-callback:ip:${request.ip}`, max: 600, windowSeconds: 60 }]);
    const callback = deps.provider.readCallback(request.body);
    if (callback.type === 'transaction-update') await deps.engine.onProviderCallback(callback.requestId);
    if (callback.type === 'variations-update' && findServiceDefinition(callback.serviceId)) {
      await deps.onVariationsChanged(callback.serviceId);
    }
    return { response: 'success' };
  });
}
