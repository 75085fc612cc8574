import type { z } from 'zod';
import type { ProviderCallObservation } from '../../lib/metrics.ts';
import { ProviderUnavailableError } from '../../modules/purchases/purchases.port.ts';
import {
  vtpassBalanceResponse,
  vtpassRefusal,
  vtpassServicesResponse,
  vtpassVariationsResponse,
  vtpassVerifyResponse,
  type VtpassPayRequest,
} from './vtpass.types.ts';

export type VtpassClientOptions = {
  /** e.g. `https://sandbox.vtpass.com/api` or `https://api-service.vtpass.com/api` */
  baseUrl: string;
  apiKey: string;
  publicKey: string;
  secretKey: string;
  /** The whole exchange, body included. */
  timeoutMs?: number;
  /**
   * Gives up when no response headers have arrived by then. The platform fetch exposes no TCP-connect
   * hook (it already gives up connecting after 10 s); this bounds the wait for VTpass to start answering.
   */
  connectTimeoutMs?: number;
  fetchImpl?: typeof fetch;
  /** Told of every call once it ends, for the metrics; it never changes what the call does. */
  observe?: (call: ProviderCallObservation) => void;
};

export type VtpassClient = ReturnType<typeof createVtpassClient>;

export type VtpassCategory = 'airtime' | 'data' | 'tv-subscription' | 'electricity-bill' | 'education';

/**
 * @throws ProviderUnavailableError on timeouts, connection errors, 429, 5xx and bodies that are not JSON;
 * the catalogue calls also on a refusal code or an unexpected shape
 */
export function createVtpassClient({
  baseUrl,
  apiKey,
  publicKey,
  secretKey,
  timeoutMs = 30_000,
  connectTimeoutMs,
  fetchImpl = fetch,
  observe,
}: VtpassClientOptions) {
  const root = baseUrl.replace(/\/+$/, '');

  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    if (!observe) return exchange(method, path, body, {});
    const started = performance.now();
    const seen = { code: 'error' };
    try {
      return await exchange(method, path, body, seen);
    } finally {
      try {
        observe({
          operation: path.replace(/\?.*$/, ''),
          code: seen.code,
          seconds: (performance.now() - started) / 1000,
        });
      } catch {
        // the metrics never change what the call does
      }
    }
  }

  /** The parsed JSON of any answer VTpass gave, whatever its HTTP status below 500; `seen.code` says what came. */
  async function exchange(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    seen: { code?: string },
  ): Promise<unknown> {
    const what = `VTpass ${method} ${path.replace(/\?.*$/, '')}`;
    const headersDeadline = new AbortController();
    const timer =
      connectTimeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            headersDeadline.abort(new DOMException('no response headers in time', 'TimeoutError'));
          }, connectTimeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await fetchImpl(`${root}${path}`, {
        method,
        headers: {
          'api-key': apiKey,
          ...(method === 'GET' ? { 'public-key': publicKey } : { 'secret-key': secretKey }),
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        redirect: 'error',
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), headersDeadline.signal]),
      });
      clearTimeout(timer);
      status = response.status;
      text = await response.text();
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
      if (reason === 'timed out') seen.code = 'timeout';
      throw new ProviderUnavailableError(`${what} ${reason}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
    seen.code = `http_${status}`;
    if (status === 429 || status >= 500) throw new ProviderUnavailableError(`${what} answered ${status}`);
    try {
      const answer = JSON.parse(text) as unknown;
      const code = (answer as { code?: unknown } | null)?.code;
      if (typeof code === 'string' && /^\w{1,8}$/.test(code)) seen.code = code;
      return answer;
    } catch (error) {
      throw new ProviderUnavailableError(`${what} answered ${status} with a body that is not JSON`, {
        cause: error,
      });
    }
  }

  async function read<T extends z.ZodType>(
    method: 'GET' | 'POST',
    path: string,
    schema: T,
    body?: unknown,
  ): Promise<z.infer<T>> {
    const json = await call(method, path, body);
    const parsed = schema.safeParse(json);
    if (parsed.success) return parsed.data;
    const refusal = vtpassRefusal.safeParse(json);
    const what = `VTpass ${method} ${path.replace(/\?.*$/, '')}`;
    if (refusal.success) {
      const { code, response_description: description } = refusal.data;
      throw new ProviderUnavailableError(`${what} refused: ${code} ${description ?? ''}`.trim());
    }
    throw new ProviderUnavailableError(`${what} answered in an unexpected shape`, { cause: parsed.error });
  }

  return {
    /** The raw answer: the mapper reads every envelope VTpass has used. */
    pay: (request: VtpassPayRequest) => call('POST', '/pay', request),
    /** The raw answer; `015` when VTpass has no such request id. */
    requery: (requestId: string) => call('POST', '/requery', { request_id: requestId }),
    serviceVariations: (serviceId: string) =>
      read(
        'GET',
        `/service-variations?${new URLSearchParams({ serviceID: serviceId }).toString()}`,
        vtpassVariationsResponse,
      ),
    async services(category: VtpassCategory) {
      const query = new URLSearchParams({ identifier: category }).toString();
      return (await read('GET', `/services?${query}`, vtpassServicesResponse)).content;
    },
    merchantVerify: (input: { billersCode: string; serviceID: string; type?: string }) =>
      read('POST', '/merchant-verify', vtpassVerifyResponse, input),
    async balance() {
      return (await read('GET', '/balance', vtpassBalanceResponse)).contents.balance;
    },
  };
}
