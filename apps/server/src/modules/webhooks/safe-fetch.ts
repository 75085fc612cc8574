import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export type ResolvedAddress = { address: string; family: number };
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type SafePostOptions = {
  /** loopback and private targets too: only in sandbox mode */
  allowPrivate: boolean;
  /** the whole exchange, connecting included */
  timeoutMs?: number;
  /** the most of the answer's body that is read */
  maxBodyBytes?: number;
  resolve?: Resolver;
};

export type SafePostAnswer = { statusCode: number; headers: IncomingHttpHeaders; body: string };

/** The target is not one we send to; the message says why, in words the partner reads in the delivery log. */
export class RefusedTargetError extends Error {
  override name = 'RefusedTargetError';
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BODY_BYTES = 16 * 1024;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Only ordinary public unicast addresses: loopback, private, link-local, unique-local, carrier-grade NAT,
 * multicast, unspecified, documentation and reserved ranges are not, nor IPv6 forms that carry an IPv4
 * address (mapped, 6to4, Teredo, NAT64), which could hide a private one.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.parse(address).range() === 'unicast';
}

const describe = (hostname: string, address: string) =>
  hostname === address ? address : `${hostname} (${address})`;

/** The addresses a request to `hostname` may connect to, every one checked. @throws RefusedTargetError */
async function checkedAddresses(hostname: string, options: SafePostOptions): Promise<ResolvedAddress[]> {
  const literal = isIP(hostname);
  const addresses = literal
    ? [{ address: hostname, family: literal }]
    : await (options.resolve ?? systemResolver)(hostname).catch(() => {
        throw new RefusedTargetError(`We could not find the address ${hostname}.`);
      });
  if (addresses.length === 0) throw new RefusedTargetError(`We could not find the address ${hostname}.`);
  if (!options.allowPrivate) {
    const inside = addresses.find((entry) => !isPublicAddress(entry.address));
    if (inside) {
      throw new RefusedTargetError(
        `${describe(hostname, inside.address)} is a private or reserved address; webhooks go only to public addresses.`,
      );
    }
  }
  return addresses;
}

/**
 * POSTs `body` to `url` and reads the start of the answer. The name is resolved once, every address checked,
 * and the connection made to those checked addresses (so a second DNS answer cannot switch it: no rebinding).
 * Follows no redirects (a 3xx is returned as it is) and gives up after `timeoutMs`.
 * @throws RefusedTargetError for a target that is not public (unless allowed), or Error for no answer
 */
export async function safePost(
  url: string,
  request: { headers: Record<string, string>; body: string },
  options: SafePostOptions,
): Promise<SafePostAnswer> {
  const target = new URL(url);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') {
    throw new RefusedTargetError('Webhook addresses start with https://.');
  }
  if (target.username || target.password) {
    throw new RefusedTargetError('Webhook addresses may not carry a user name or password.');
  }
  const hostname = target.hostname.replace(/^\[(.*)\]$/, '$1');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const signal = AbortSignal.timeout(timeoutMs);
  const addresses = await checkedAddresses(hostname, options);
  const lookup: LookupFunction = (_name, lookupOptions, callback) => {
    if (lookupOptions.all) callback(null, addresses);
    else {
      const first = addresses[0] ?? { address: hostname, family: 4 };
      callback(null, first.address, first.family);
    }
  };
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<SafePostAnswer>((resolve, reject) => {
    const outgoing = client.request(
      target,
      {
        method: 'POST',
        headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
        lookup,
        signal,
        timeout: timeoutMs,
        agent: false,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          resolve({
            statusCode: answer.statusCode ?? 0,
            headers: answer.headers,
            body: Buffer.concat(chunks).subarray(0, maxBodyBytes).toString('utf8'),
          });
          answer.destroy();
        };
        answer.on('data', (chunk: Buffer) => {
          if (size >= maxBodyBytes) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= maxBodyBytes) finish();
        });
        answer.on('end', finish);
        answer.on('error', (error) => {
          if (size >= maxBodyBytes) return;
          reject(error);
        });
      },
    );
    outgoing.on('timeout', () =>
      outgoing.destroy(new Error(`No answer within ${timeoutMs / 1000} seconds.`)),
    );
    outgoing.on('error', (error) => {
      reject(signal.aborted ? new Error(`No answer within ${timeoutMs / 1000} seconds.`) : error);
    });
    outgoing.end(request.body);
  });
}
