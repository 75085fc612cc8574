import { toNairaString } from '@quickvend/shared/money';
import type { ProviderFloat } from '../../modules/admin/float.port.ts';
import { ProviderUnavailableError, type BillsProvider } from '../../modules/purchases/purchases.port.ts';
import { createVtpassClient, type VtpassClientOptions } from './vtpass.client.ts';
import {
  toOutcome,
  toProviderCallback,
  toProviderServices,
  toProviderVariations,
  toKobo,
  toRequeryOutcome,
  toVerification,
} from './vtpass.mapper.ts';
import { newVtpassRequestId } from './vtpass.request-id.ts';

export type VtpassProviderOptions = {
  baseUrl: string;
  apiKey: string;
  publicKey: string;
  secretKey: string;
  timeoutMs?: number;
  connectTimeoutMs?: number;
  observe?: VtpassClientOptions['observe'];
};

/**
 * BillsProvider and the float over VTpass (providers.md §1).
 * @throws ProviderUnavailableError from every call on timeouts, connection errors, 5xx and unreadable bodies
 */
export function createVtpassProvider({
  baseUrl,
  apiKey,
  publicKey,
  secretKey,
  timeoutMs,
  connectTimeoutMs,
  observe,
}: VtpassProviderOptions): BillsProvider & ProviderFloat {
  const client = createVtpassClient({
    baseUrl,
    apiKey,
    publicKey,
    secretKey,
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(connectTimeoutMs !== undefined && { connectTimeoutMs }),
    ...(observe !== undefined && { observe }),
  });
  return {
    newRequestId: (now) => newVtpassRequestId(now),
    async purchase(request) {
      const body = await client.pay({
        request_id: request.requestId,
        serviceID: request.serviceId,
        phone: request.phone,
        ...(request.amountKobo !== undefined && { amount: toNairaString(request.amountKobo) }),
        ...(request.billersCode !== undefined && { billersCode: request.billersCode }),
        ...(request.variationCode !== undefined && { variation_code: request.variationCode }),
        ...(request.subscriptionType !== undefined && { subscription_type: request.subscriptionType }),
        ...(request.quantity !== undefined && { quantity: request.quantity }),
      });
      return { ...toOutcome(body), raw: body };
    },
    async requery(requestId) {
      const body = await client.requery(requestId);
      return { ...toRequeryOutcome(body), raw: body };
    },
    async listServices(category) {
      return toProviderServices(await client.services(category));
    },
    async listVariations(serviceId) {
      return toProviderVariations(await client.serviceVariations(serviceId));
    },
    async verifyCustomer({ serviceId, billersCode, type }) {
      return toVerification(
        await client.merchantVerify({ serviceID: serviceId, billersCode, ...(type ? { type } : {}) }),
      );
    },
    readCallback: (body) => toProviderCallback(body),
    async balance() {
      const answer = await client.balance();
      const balanceKobo = toKobo(answer);
      if (balanceKobo === null) throw new ProviderUnavailableError(`VTpass balance is unreadable: ${answer}`);
      return balanceKobo;
    },
  };
}
