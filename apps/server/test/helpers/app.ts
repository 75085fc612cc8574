import { vi } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Me } from '@quickvend/shared/api/auth';
import { errorBody, type ErrorBody } from '@quickvend/shared/errors';
import { buildApp, type AppDeps, type BuiltApp } from '../../src/app.ts';
import type { AuthRateLimits } from '../../src/modules/auth/auth.routes.ts';
import type { Clock } from '../../src/lib/clock.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { openTestDatabase, type DatabaseKind } from './database.ts';
import { TEST_APP_URL, testConfig } from './config.ts';
import { freePort } from './net.ts';

export { TEST_APP_URL, testConfig };

export type TestApp = BuiltApp & { selfUrl: string; close: () => Promise<void> };

const generousLimits: AuthRateLimits = { signIn: 1000, signUp: 1000, passwordReset: 1000, windowMs: 60_000 };

export async function createTestApp(
  kind: DatabaseKind,
  options: {
    rateLimits?: AuthRateLimits;
    clock?: Clock;
    webDistDir?: string;
    simulators?: AppDeps['simulators'];
    providerTimeoutMs?: number;
    verifyPerMinute?: number;
    /** web purchases per customer a minute; generous unless set (see below) */
    purchasesPerMinute?: number;
    partnerRequestsPerSecond?: number;
    /** settings that differ from the sandbox defaults below */
    config?: Partial<AppDeps['config']>;
    /** extra routes for a test, added before the app starts listening */
    extraRoutes?: (app: FastifyInstance) => void;
    /** a database another app already uses, as a second server process would; the caller closes it */
    database?: DatabaseHandle;
    keyCacheMs?: number;
    /** false: a ROLE=web app, which sends jobs but runs none */
    runWorkers?: boolean;
    trustProxy?: AppDeps['trustProxy'];
    support?: AppDeps['support'];
    depositAccount?: AppDeps['depositAccount'];
    webhooks?: AppDeps['webhooks'];
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase(kind));
  const port = await freePort();
  const selfUrl = `http://127.0.0.1:${port}`;
  const built = await buildApp({
    config: { ...testConfig, ...options.config },
    database,
    selfUrl,
    jobPollingSeconds: 0.5,
    // nothing waits for real time: a pending sale waits for resolvePending(), a hang for the client to leave
    simulators: {
      pendingResolveMs: Infinity,
      timeoutHangMs: Infinity,
      duplicateWindowMs: 0,
      ...options.simulators,
    },
    providerTimeoutMs: options.providerTimeoutMs ?? 2_000,
    logger: false,
    rateLimits: options.rateLimits ?? generousLimits,
    webDistDir: options.webDistDir ?? '/nonexistent',
    ...(options.clock && { clock: options.clock }),
    ...(options.verifyPerMinute !== undefined && { verifyPerMinute: options.verifyPerMinute }),
    // suites buy in bursts no person could (hundreds at once on a frozen clock); purchase-bounds.test.ts
    // holds the real limit
    purchasesPerMinute: options.purchasesPerMinute ?? 100_000,
    // the same bursts through partner keys; key-limits.test.ts holds the real limit
    partnerRequestsPerSecond: options.partnerRequestsPerSecond ?? 100_000,
    ...(options.keyCacheMs !== undefined && { keyCacheMs: options.keyCacheMs }),
    ...(options.runWorkers !== undefined && { runWorkers: options.runWorkers }),
    ...(options.trustProxy && { trustProxy: options.trustProxy }),
    ...(options.support && { support: options.support }),
    ...(options.depositAccount && { depositAccount: options.depositAccount }),
    ...(options.webhooks && { webhooks: options.webhooks }),
  });
  options.extraRoutes?.(built.app);
  await built.app.listen({ port, host: '127.0.0.1' });
  return {
    ...built,
    selfUrl,
    close: async () => {
      await built.app.close();
      if (!options.database) await database.close();
    },
  };
}

type Json = Record<string, unknown>;

/** A browser stand-in: keeps the cookies the server sets and sends same-origin JSON requests. */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(
    readonly app: FastifyInstance,
    private readonly remoteAddress = '127.0.0.1',
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  setCookieHeader(header: string): void {
    this.cookies.clear();
    for (const part of header.split(';')) {
      const [k, ...v] = part.trim().split('=');
      if (k) this.cookies.set(k, v.join('='));
    }
  }

  async get(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.send('GET', url, undefined, headers);
  }

  async post(
    url: string,
    body: Json = {},
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return this.send('POST', url, body, headers);
  }

  async put(
    url: string,
    body: Json = {},
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return this.send('PUT', url, body, headers);
  }

  async delete(url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
    return this.send('DELETE', url, undefined, {
      origin: TEST_APP_URL,
      'sec-fetch-site': 'same-origin',
      ...headers,
    });
  }

  private async send(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body: Json | undefined,
    headers: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.remoteAddress,
      headers: {
        ...(body && {
          'content-type': 'application/json',
          origin: TEST_APP_URL,
          'sec-fetch-site': 'same-origin',
        }),
        ...(this.cookies.size > 0 && { cookie: this.cookieHeader }),
        ...headers,
      },
      ...(body && { payload: JSON.stringify(body) }),
    });
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
}

let counter = 0;
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}@example.com`;
}

export async function signUp(
  app: FastifyInstance,
  input: { name?: string; email?: string; password?: string } = {},
): Promise<{ client: TestClient; email: string; password: string; userId: string }> {
  const client = new TestClient(app);
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? 'correct horse battery';
  const response = await client.post('/api/v1/auth/sign-up', {
    name: input.name ?? 'Ada Obi',
    email,
    password,
  });
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const body: { user: { id: string } } = response.json();
  return { client, email, password, userId: body.user.id };
}

type SandboxMail = { to: string; subject: string; text: string };

/** Mail leaves in the background, so wait for it (the newest to `to` whose subject matches) to land in the sandbox mailbox. */
export async function waitForMail(app: FastifyInstance, to: string, subject?: RegExp): Promise<SandboxMail> {
  return vi.waitFor(
    async () => {
      const { messages } = (await app.inject({ url: '/sandbox/mailbox/messages' })).json<{
        messages: SandboxMail[];
      }>();
      const mail = messages.find((m) => m.to === to && (!subject || subject.test(m.subject)));
      if (!mail) throw new Error(`no mail to ${to}${subject ? ` about ${String(subject)}` : ''} yet`);
      return mail;
    },
    { timeout: 5_000, interval: 20 },
  );
}

/** The error of a refused request, checked against the one wire shape every error has. */
export function errorOf(response: LightMyRequestResponse): ErrorBody['error'] {
  return errorBody.parse(response.json()).error;
}

export function userOf(response: LightMyRequestResponse): Me {
  return response.json<{ user: Me }>().user;
}
