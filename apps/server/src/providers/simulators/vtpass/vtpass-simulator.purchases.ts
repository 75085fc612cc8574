import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { kobo, parseNaira, percentOfKobo, type Kobo } from '@quickvend/shared/money';
import { formatLagosMinuteStamp } from '@quickvend/shared/format';
import { waitUnlessAborted } from '../timers.ts';
import { SERVICES_BY_ID, type SimVariation } from './vtpass-simulator.catalog.ts';
import {
  SCENARIOS,
  isSuccessTarget,
  productExtras,
  randomDigits,
  requestIdProblem,
} from './vtpass-simulator.scenarios.ts';
import { envelope, type Sale, type VtpassSimContext } from './vtpass-simulator.state.ts';
import type { SaleDraft } from './vtpass-simulator.store.ts';
import {
  INVALID_ARGUMENTS,
  INVALID_REQUEST_ID,
  NO_PRODUCT,
  answer,
  asBody,
  nairaOf,
  readText,
  type Answer,
  type Body,
} from './vtpass-simulator.wire.ts';

const MAX_QUANTITY = 10;
const REQUEST_ID_EXISTS = answer('014', 'REQUEST ID ALREADY EXIST');
const LOW_WALLET_BALANCE = answer('018', 'LOW WALLET BALANCE');

type Order = {
  sale: Sale;
  scenario: 'delivered' | 'failed' | 'pending' | 'unexpected' | 'no-response' | 'timeout';
};

/** `POST /pay` and `POST /requery`, behind the keys, with the sandbox numbers' scenarios. */
export function registerPurchaseApi(api: FastifyInstance, context: VtpassSimContext): void {
  const { state, now, timers } = context;

  /** Validates a /pay body in VTpass's order and records the sale, or says which code refuses it. */
  async function takeOrder(body: Body): Promise<Order | Answer> {
    const requestId = readText(body, 'request_id') ?? '';
    const today = formatLagosMinuteStamp(now());
    const idProblem = requestIdProblem(requestId, today);
    if (idProblem) return answer('085', idProblem);
    if (await state.store.hasSale(requestId)) return REQUEST_ID_EXISTS;

    const serviceId = readText(body, 'serviceID');
    const phone = readText(body, 'phone');
    if (!serviceId || !phone) return INVALID_ARGUMENTS;
    const service = SERVICES_BY_ID.get(serviceId);
    if (!service) return NO_PRODUCT;
    const billersCode = readText(body, 'billersCode');
    const variationCode = readText(body, 'variation_code');
    const amountText = readText(body, 'amount');
    const isRenewal = service.kind === 'tv' && readText(body, 'subscription_type') === 'renew';
    const quantityText = readText(body, 'quantity');
    const quantity = quantityText === undefined ? 1 : Number(quantityText);
    if (!Number.isSafeInteger(quantity)) return INVALID_ARGUMENTS;
    if (quantity < 1) return answer('031', 'BELOW MINIMUM QUANTITY ALLOWED');
    if (quantity > MAX_QUANTITY) return answer('032', 'ABOVE MINIMUM QUANTITY ALLOWED');

    const needsBillersCode =
      (service.kind === 'tv' && service.serviceId !== 'showmax') ||
      service.kind === 'electricity' ||
      service.serviceId === 'jamb';
    const needsVariation = service.variations.length > 0 && !isRenewal;
    const needsAmount = service.kind === 'airtime' || service.kind === 'electricity' || isRenewal;
    if (
      (needsBillersCode && !billersCode) ||
      (needsVariation && !variationCode) ||
      (needsAmount && !amountText)
    ) {
      return INVALID_ARGUMENTS;
    }
    let variation: SimVariation | null = null;
    if (needsVariation) {
      variation = service.variations.find((v) => v.code === variationCode) ?? null;
      if (!variation) return answer('010', 'VARIATION CODE DOES NOT EXIST');
    }

    let amountKobo: Kobo;
    try {
      amountKobo =
        variation?.isFixedPrice && !(service.kind === 'tv' && amountText)
          ? kobo(nairaOf(variation) * quantity)
          : parseNaira(amountText ?? '');
    } catch {
      return INVALID_ARGUMENTS;
    }
    if (amountKobo < parseNaira(service.minimumAmount)) return answer('013', 'BELOW MINIMUM AMOUNT ALLOWED');
    if (amountKobo > parseNaira(service.maximumAmount)) return answer('017', 'ABOVE MAXIMUM AMOUNT ALLOWED');
    const commissionBps = context.commissionBpsOf(service);
    const commissionKobo = percentOfKobo(amountKobo, commissionBps, 'floor');
    const totalKobo = kobo(amountKobo - commissionKobo);
    if (totalKobo > (await state.store.floatKobo())) return LOW_WALLET_BALANCE;

    const target = service.kind === 'airtime' ? phone : (billersCode ?? phone);
    const special = SCENARIOS[target];
    const at = now().getTime();
    const scenario = special ?? (isSuccessTarget(service, target, variation) ? 'delivered' : 'failed');
    const status = scenario === 'failed' ? 'failed' : scenario === 'pending' ? 'pending' : 'delivered';
    const draft: SaleDraft = {
      requestId,
      service,
      variation,
      phone,
      uniqueElement: target,
      quantity,
      amountKobo,
      commissionBps,
      commissionKobo,
      totalKobo,
      transactionId: `${at}${randomDigits(13)}`,
      status,
      createdAt: new Date(at),
      resolveAt:
        status === 'pending' && Number.isFinite(context.pendingResolveMs)
          ? at + context.pendingResolveMs
          : null,
      walletCreditId: null,
      extras: {},
    };
    draft.extras = productExtras(service, variation, draft);
    // the wallet is debited when VTpass takes the sale; a reversal credits it back
    const outcome = await state.store.recordSale(draft, {
      duplicateKey: special || context.duplicateWindowMs <= 0 ? null : `${service.serviceId}:${target}`,
      duplicateWindowMs: context.duplicateWindowMs,
      debit: status !== 'failed',
    });
    if ('refused' in outcome) {
      switch (outcome.refused) {
        case 'exists':
          return REQUEST_ID_EXISTS;
        case 'duplicate':
          return answer('019', 'LIKELY DUPLICATE TRANSACTION');
        case 'low-float':
          return LOW_WALLET_BALANCE;
      }
    }
    const sale = outcome.recorded;
    if (sale.status === 'pending') state.resolveLater(sale.requestId, context.pendingResolveMs);
    return { sale, scenario };
  }

  /** Holds the answer back for timeoutHangMs; gives up when the client leaves or the server closes. */
  async function hangThenAnswer(request: FastifyRequest, reply: FastifyReply, sale: Sale) {
    const gone = new AbortController();
    const onGone = () => {
      gone.abort();
    };
    reply.raw.once('close', onGone);
    const signal = AbortSignal.any([context.closing, gone.signal]);
    const hasWaited = await waitUnlessAborted(timers, context.timeoutHangMs, signal);
    reply.raw.off('close', onGone);
    if (hasWaited) return reply.send(envelope(sale, 'pay'));
    reply.hijack();
    request.raw.socket.destroy();
    return reply;
  }

  api.post('/pay', async (request, reply) => {
    const order = await takeOrder(asBody(request.body));
    if (!('sale' in order)) return order;
    const { sale, scenario } = order;
    switch (scenario) {
      case 'delivered':
      case 'failed':
      case 'pending':
        return envelope(sale, 'pay');
      case 'unexpected':
        return reply
          .type('text/html; charset=utf-8')
          .send(
            '<html><head><title>VTpass</title></head><body><p>Service Temporarily Unavailable</p></body></html>',
          );
      case 'no-response':
        reply.hijack();
        request.raw.socket.destroy();
        return reply;
      case 'timeout':
        return hangThenAnswer(request, reply, sale);
    }
  });

  api.post('/requery', async (request) => {
    const sale = await state.findSale(readText(asBody(request.body), 'request_id') ?? '');
    return sale ? envelope(sale, 'requery') : INVALID_REQUEST_ID;
  });
}

/**
 * Sandbox admin hooks, no auth: resolve a pending sale now, as VTpass staff would; change a sale after the
 * fact (`status` delivered or reversed, `amount` what it took from the float, in naira) or forget it, as
 * only a requery or the daily reconciliation would find.
 */
export function registerPurchaseControls(scope: FastifyInstance, { state }: VtpassSimContext): void {
  scope.post('/simulate/resolve', async (request, reply) => {
    const body = asBody(request.body);
    const requestId = readText(body, 'request_id') ?? '';
    const sale = await state.findSale(requestId);
    if (!sale) return reply.status(404).send(INVALID_REQUEST_ID);
    const status = readText(body, 'status');
    if (status !== 'delivered' && status !== 'reversed') return reply.status(400).send(INVALID_ARGUMENTS);
    const resolved = sale.status === 'pending' ? await state.resolveSale(requestId, status) : undefined;
    if (!resolved) {
      const current = (await state.findSale(requestId)) ?? sale;
      return reply
        .status(409)
        .send({ ...envelope(current, 'requery'), response_description: 'TRANSACTION IS NOT PENDING' });
    }
    return envelope(resolved, 'requery');
  });

  scope.post('/simulate/alter', async (request, reply) => {
    const body = asBody(request.body);
    const status = readText(body, 'status');
    const amountText = readText(body, 'amount');
    if (status !== undefined && status !== 'delivered' && status !== 'reversed')
      return reply.status(400).send(INVALID_ARGUMENTS);
    let totalKobo: Kobo | undefined;
    try {
      totalKobo = amountText === undefined ? undefined : parseNaira(amountText);
    } catch {
      return reply.status(400).send(INVALID_ARGUMENTS);
    }
    if (status === undefined && totalKobo === undefined) return reply.status(400).send(INVALID_ARGUMENTS);
    const altered = await state.alterSale(readText(body, 'request_id') ?? '', { status, totalKobo });
    return altered ? envelope(altered, 'requery') : reply.status(404).send(INVALID_REQUEST_ID);
  });

  scope.post('/simulate/forget', async (request, reply) => {
    const isForgotten = await state.forgetSale(readText(asBody(request.body), 'request_id') ?? '');
    return isForgotten ? { forgotten: true } : reply.status(404).send(INVALID_REQUEST_ID);
  });
}
