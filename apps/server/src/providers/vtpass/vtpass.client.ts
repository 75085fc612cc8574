import http from 'node:http';
import https from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
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
   * Gives up when no response headers have arrived by then (connecting itself gives up after 10 s): this
   * bounds the wait for VTpass to start answering.
   */
  connectTimeoutMs?: number;
  /** Told of every call once it ends, for the metrics; it never changes what the call does. */
  observe?: (call: ProviderCallObservation) => void;
};

export type VtpassClient = ReturnType<typeof createVtpassClient>;

const CONNECT_TIMEOUT_MS = 10_000;
// idle connections are closed before VTpass would close them, so a request is rarely sent on one closing under it
const IDLE_CONNECTION_MS = 4_000;
// fetch refused these when told `redirect: 'error'`; VTpass never redirects an API call
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const timeoutError = (message: string) => new DOMException(message, 'TimeoutError');

function decode(body: Buffer, encoding: string | undefined): string {
  const decoded =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? gunzipSync(body)
      : encoding === 'deflate'
        ? inflateSync(body)
        : encoding === 'br'
          ? brotliDecompressSync(body)
          : body;
  const text = decoded.toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

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
  observe,
}: VtpassClientOptions) {
  const root = new URL(baseUrl.replace(/\/+$/, ''));
  const secure = root.protocol === 'https:';
  const transport = secure ? https : http;
  // plain node:http with keep-alive and plain timers: fetch's web streams and abort signals cost about a
  // quarter of the server's CPU per purchase
  const agent = new transport.Agent({ keepAlive: true, timeout: IDLE_CONNECTION_MS });
  const target = {
    hostname: root.hostname.replace(/^\[|\]$/g, ''),
    port: root.port || (secure ? 443 : 80),
    basePath: root.pathname === '/' ? '' : root.pathname,
  };

  type Answer = { status: number; text: string };

  /** The status and body of VTpass's answer. @throws a TimeoutError DOMException, or any other Error */
  function send(method: 'GET' | 'POST', path: string, body: unknown): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const request = transport.request({
        method,
        hostname: target.hostname,
        port: target.port,
        path: `${target.basePath}${path}`,
        agent,
        headers: {
          'api-key': apiKey,
          ...(method === 'GET' ? { 'public-key': publicKey } : { 'secret-key': secretKey }),
          accept: 'application/json',
          ...(payload !== undefined && {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          }),
        },
      });
      const timers: { whole?: NodeJS.Timeout; headers?: NodeJS.Timeout; connect?: NodeJS.Timeout } = {};
      let settled = false;
      const finish = (outcome: { answer: Answer } | { error: unknown }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timers.whole);
        clearTimeout(timers.headers);
        clearTimeout(timers.connect);
        if ('answer' in outcome) {
          resolve(outcome.answer);
          return;
        }
        reject(outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error)));
        request.destroy();
      };
      const fail = (error: unknown) => {
        finish({ error });
      };
      timers.whole = setTimeout(() => {
        fail(timeoutError('no complete answer in time'));
      }, timeoutMs);
      if (connectTimeoutMs !== undefined)
        timers.headers = setTimeout(() => {
          fail(timeoutError('no response headers in time'));
        }, connectTimeoutMs);
      request.on('socket', (socket) => {
        if (!socket.connecting) return;
        timers.connect = setTimeout(() => {
          fail(new Error('could not connect in time'));
        }, CONNECT_TIMEOUT_MS);
        socket.once(secure ? 'secureConnect' : 'connect', () => {
          clearTimeout(timers.connect);
        });
      });
      request.on('response', (response) => {
        clearTimeout(timers.headers);
        const status = response.statusCode ?? 0;
        if (REDIRECTS.has(status)) {
          fail(new Error(`unexpected redirect (${status})`));
          return;
        }
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            const encoding = response.headers['content-encoding']?.trim().toLowerCase();
            finish({ answer: { status, text: decode(Buffer.concat(chunks), encoding) } });
          } catch (error) {
            fail(error);
          }
        });
        response.on('error', fail);
        response.on('close', () => {
          if (!response.complete) fail(new Error('the answer was cut short'));
        });
      });
      request.on('error', fail);
      request.end(payload);
    });
  }

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
    let status: number;
    let text: string;
    try {
      ({ status, text } = await send(method, path, body));
    } catch (error) {
      const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'failed';
      if (reason === 'timed out') seen.code = 'timeout';
      throw new ProviderUnavailableError(`${what} ${reason}`, { cause: error });
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
