import type { z } from 'zod';
import { GatewayRejectedError, GatewayUnavailableError } from '../../modules/funding/funding.port.ts';
import {
  paystackCustomerDetailResponse,
  paystackCustomerResponse,
  paystackDeactivatedAccountResponse,
  paystackDedicatedAccountResponse,
  paystackErrorBody,
  paystackInitializeResponse,
  paystackVerifyResponse,
  type PaystackCreateCustomerRequest,
  type PaystackCreateDedicatedAccountRequest,
  type PaystackInitializeRequest,
} from './paystack.types.ts';

export type PaystackClientOptions = {
  baseUrl: string;
  secretKey: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
};

export type PaystackClient = ReturnType<typeof createPaystackClient>;

const REFERENCE_NOT_FOUND = /transaction (reference )?not found/i;

/** Paystack's test mode only offers `test-bank` for dedicated accounts. */
export function preferredDedicatedBank(secretKey: string): string {
  return secretKey.startsWith('sk_test_') ? 'test-bank' : 'wema-bank';
}

/**
 * @throws GatewayUnavailableError on timeouts, connection errors, 5xx and unreadable answers
 * @throws GatewayRejectedError when Paystack answers 4xx with `{ status: false, message }`
 */
export function createPaystackClient({
  baseUrl,
  secretKey,
  timeoutMs = 15_000,
  fetchImpl = fetch,
}: PaystackClientOptions) {
  const root = baseUrl.replace(/\/+$/, '');

  async function call<T extends z.ZodType>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<z.infer<T>> {
    const what = `Paystack ${method} ${path}`;
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(`${root}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${secretKey}`,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
      throw new GatewayUnavailableError(`${what} ${reason}`, { cause: error });
    }
    if (status === 429 || status >= 500) throw new GatewayUnavailableError(`${what} answered ${status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new GatewayUnavailableError(`${what} answered ${status} with a body that is not JSON`, {
        cause: error,
      });
    }
    if (status >= 400) {
      const refusal = paystackErrorBody.safeParse(json);
      if (!refusal.success) throw new GatewayUnavailableError(`${what} answered ${status} without a message`);
      throw new GatewayRejectedError(refusal.data.message, refusal.data.code ?? null);
    }
    const refusal = paystackErrorBody.safeParse(json);
    if (refusal.success) throw new GatewayRejectedError(refusal.data.message, refusal.data.code ?? null);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new GatewayUnavailableError(`${what} answered in an unexpected shape`, { cause: parsed.error });
    }
    return parsed.data;
  }

  return {
    async initializeTransaction(input: PaystackInitializeRequest) {
      return (await call('POST', '/transaction/initialize', paystackInitializeResponse, input)).data;
    },
    /** null when Paystack has never heard of the reference */
    async verifyTransaction(reference: string) {
      try {
        const path = `/transaction/verify/${encodeURIComponent(reference)}`;
        return (await call('GET', path, paystackVerifyResponse)).data;
      } catch (error) {
        if (
          error instanceof GatewayRejectedError &&
          (error.code === 'transaction_not_found' || REFERENCE_NOT_FOUND.test(error.message))
        ) {
          return null;
        }
        throw error;
      }
    },
    async createCustomer(input: PaystackCreateCustomerRequest) {
      return (await call('POST', '/customer', paystackCustomerResponse, input)).data;
    },
    async createDedicatedAccount(customerCode: string) {
      const input: PaystackCreateDedicatedAccountRequest = {
        customer: customerCode,
        preferred_bank: preferredDedicatedBank(secretKey),
      };
      return (await call('POST', '/dedicated_account', paystackDedicatedAccountResponse, input)).data;
    },
    /** null when Paystack has no such customer */
    async fetchCustomer(customerCode: string) {
      try {
        const path = `/customer/${encodeURIComponent(customerCode)}`;
        return (await call('GET', path, paystackCustomerDetailResponse)).data;
      } catch (error) {
        if (error instanceof GatewayRejectedError && /customer not found/i.test(error.message)) return null;
        throw error;
      }
    },
    async deactivateDedicatedAccount(id: number | string) {
      const path = `/dedicated_account/${encodeURIComponent(String(id))}`;
      return (await call('DELETE', path, paystackDeactivatedAccountResponse)).data;
    },
  };
}
