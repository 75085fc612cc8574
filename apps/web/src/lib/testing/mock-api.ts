import { vi } from 'vitest';
import type { z } from 'zod';
import type { invitation, me, SignInBody, SignUpBody, AdminRegisterBody } from '@quickvend/shared/api/auth';
import type {
  dedicatedAccountResponse,
  ManualFundingBody,
  manualFundingRequestResponse,
  manualFundingRequestsResponse,
  paymentResponse,
  paymentsResponse,
  StartCardPaymentBody,
  StartCardPaymentResponse,
} from '@quickvend/shared/api/funding';
import type { MetaResponse } from '@quickvend/shared/api/meta';
import type {
  ApiKey,
  apiKeysResponse,
  CreateApiKeyBody,
  createApiKeyResponse,
} from '@quickvend/shared/api/api-keys';
import type { PinStatus } from '@quickvend/shared/api/pin';
import type {
  CreatePurchaseBody,
  Purchase,
  purchaseResponse,
  purchasesResponse,
  resendPurchaseResponse,
  Service,
  servicesResponse,
  Variation,
  variationsResponse,
  VerifyBody,
  VerifyResponse,
} from '@quickvend/shared/api/purchases';
import type {
  adminUsersResponse,
  statementResponse,
  WalletBreakdown,
  WalletResponse,
} from '@quickvend/shared/api/wallet';
import type { ErrorBody, ErrorCode } from '@quickvend/shared/errors';
import { toNairaString } from '@quickvend/shared/money';

type Me = z.infer<typeof me>;

/** Every server call the web app makes, with the body it sends and the body it gets back. */
export type ApiContract = {
  'GET /api/v1/me': { request: undefined; response: { user: Me } };
  'GET /api/v1/meta': { request: undefined; response: MetaResponse };
  'GET /api/v1/wallet': { request: undefined; response: WalletResponse };
  'GET /api/v1/wallet/statement': { request: undefined; response: z.infer<typeof statementResponse> };
  'POST /api/v1/funding/card': { request: StartCardPaymentBody; response: StartCardPaymentResponse };
  'POST /api/v1/funding/card/confirm': {
    request: { reference: string };
    response: z.infer<typeof paymentResponse>;
  };
  'GET /api/v1/funding/payments': { request: undefined; response: z.infer<typeof paymentsResponse> };
  'GET /api/v1/funding/dedicated-account': {
    request: undefined;
    response: z.infer<typeof dedicatedAccountResponse>;
  };
  'POST /api/v1/funding/dedicated-account': {
    request: Record<string, never>;
    response: z.infer<typeof dedicatedAccountResponse>;
  };
  'POST /api/v1/funding/manual': {
    request: ManualFundingBody;
    response: z.infer<typeof manualFundingRequestResponse>;
  };
  'GET /api/v1/funding/manual': {
    request: undefined;
    response: z.infer<typeof manualFundingRequestsResponse>;
  };
  'GET /api/v1/admin/funding/manual': {
    request: undefined;
    response: z.infer<typeof manualFundingRequestsResponse>;
  };
  'POST /api/v1/admin/funding/manual/:id/approve': {
    request: Record<string, never>;
    response: z.infer<typeof manualFundingRequestResponse>;
  };
  'POST /api/v1/admin/funding/manual/:id/reject': {
    request: { reason: string };
    response: z.infer<typeof manualFundingRequestResponse>;
  };
  'GET /api/v1/admin/users': { request: undefined; response: z.infer<typeof adminUsersResponse> };
  'GET /api/v1/admin/purchases/flagged': {
    request: undefined;
    response: { purchases: (z.infer<typeof purchasesResponse>['purchases'][number] & { userId: string })[] };
  };
  'POST /api/v1/admin/invitations': {
    request: { email?: string };
    response: { invitation: z.infer<typeof invitation> };
  };
  'GET /api/v1/admin/invitations/:token': { request: undefined; response: { email: string | null } };
  'POST /api/v1/auth/sign-up': { request: SignUpBody; response: { user: Me } };
  'POST /api/v1/auth/sign-in': { request: SignInBody; response: { user: Me } };
  'POST /api/v1/auth/sign-out': { request: Record<string, never>; response: undefined };
  'POST /api/v1/auth/forgot-password': { request: { email: string }; response: { ok: true } };
  'POST /api/v1/auth/reset-password': {
    request: { token: string; password: string };
    response: { ok: true };
  };
  'POST /api/v1/auth/admin-register': { request: AdminRegisterBody; response: { user: Me } };
  'GET /api/v1/services': { request: undefined; response: z.infer<typeof servicesResponse> };
  'GET /api/v1/services/:id/variations': { request: undefined; response: z.infer<typeof variationsResponse> };
  'POST /api/v1/purchases': { request: CreatePurchaseBody; response: z.infer<typeof purchaseResponse> };
  'GET /api/v1/purchases': { request: undefined; response: z.infer<typeof purchasesResponse> };
  'GET /api/v1/purchases/:requestId': { request: undefined; response: z.infer<typeof purchaseResponse> };
  'POST /api/v1/purchases/:requestId/email': {
    request: Record<string, never>;
    response: z.infer<typeof resendPurchaseResponse>;
  };
  'POST /api/v1/verify': { request: VerifyBody; response: VerifyResponse };
  'GET /api/v1/pin': { request: undefined; response: PinStatus };
  'POST /api/v1/pin': { request: { pin: string; currentPin?: string }; response: PinStatus };
  'POST /api/v1/pin/change-request': { request: { email: string }; response: { ok: true } };
  'POST /api/v1/pin/reset': {
    request: { token: string; password: string; pin: string };
    response: { ok: true };
  };
  'GET /api/v1/api-keys': { request: undefined; response: z.infer<typeof apiKeysResponse> };
  'POST /api/v1/api-keys': { request: CreateApiKeyBody; response: z.infer<typeof createApiKeyResponse> };
  'POST /api/v1/api-keys/:id/revoke': { request: Record<string, never>; response: { apiKey: ApiKey } };
};

export type Endpoint = keyof ApiContract;

export type MockReply<K extends Endpoint> =
  { status?: number; body: ApiContract[K]['response'] } | { status: number; error: ErrorBody };

/**
 * A reply, or a function of the request body (and the URL, for path and query) giving one. A promise holds
 * the reply back until resolved; a rejected one is a dropped connection.
 */
type Handler<K extends Endpoint> =
  MockReply<K> | ((request: ApiContract[K]['request'], url: URL) => MockReply<K> | Promise<MockReply<K>>);

export type MockHandlers = { [K in Endpoint]?: Handler<K> };

export type RecordedCall = {
  endpoint: Endpoint;
  url: string;
  body: unknown;
  headers: Record<string, string>;
};

export function apiError(
  status: number,
  code: ErrorCode,
  message: string,
  details?: Record<string, unknown>,
) {
  return {
    status,
    error: { error: { code, message, requestId: 'req_test', ...(details ? { details } : {}) } },
  } satisfies { status: number; error: ErrorBody };
}

export const signedOut = apiError(401, 'UNAUTHENTICATED', 'Please sign in.');

function endpointPattern(endpoint: string): { method: string; regex: RegExp } {
  const [method = '', path = ''] = endpoint.split(' ');
  const regex = new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);
  return { method, regex };
}

/**
 * Replaces `fetch` with the given handlers. Unknown calls fail the test loudly.
 * Handlers can be replaced later with `set` (for example to sign in).
 */
export function mockApi(initial: MockHandlers) {
  const handlers: MockHandlers = { ...initial };
  const calls: RecordedCall[] = [];

  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const endpoint = (Object.keys(handlers) as Endpoint[]).find((key) => {
      const pattern = endpointPattern(key);
      return pattern.method === method && pattern.regex.test(url.pathname);
    });
    if (!endpoint) {
      return Promise.reject(new Error(`Unexpected request in test: ${method} ${url.pathname}`));
    }
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    calls.push({ endpoint, url: url.pathname + url.search, body, headers });

    const handler = handlers[endpoint] as Handler<Endpoint>;
    return Promise.resolve(typeof handler === 'function' ? handler(body as never, url) : handler).then(
      (reply) => {
        const status = reply.status ?? 200;
        const payload = 'error' in reply ? reply.error : reply.body;
        const text = payload === undefined || status === 204 ? null : JSON.stringify(payload);
        return new Response(text, { status, headers: { 'Content-Type': 'application/json' } });
      },
    );
  });

  vi.stubGlobal('fetch', fetchMock);

  return {
    fetchMock,
    calls,
    callsTo: (endpoint: Endpoint) => calls.filter((call) => call.endpoint === endpoint),
    set<K extends Endpoint>(endpoint: K, handler: Handler<K>) {
      (handlers as Record<Endpoint, unknown>)[endpoint] = handler;
    },
  };
}

export const sandboxMeta: MockReply<'GET /api/v1/meta'> = {
  body: { productName: 'QuickVend', mode: 'sandbox', minFundingKobo: 10_000 },
};

const noBreakdown: WalletBreakdown = {
  fundedKobo: 0,
  usedKobo: 0,
  fromAdminKobo: 0,
  referralKobo: 0,
  totalKobo: 0,
};

/** The wallet reply for a balance (the breakdown puts it all under card and transfer funding). */
export function aWallet(balanceKobo = 0, breakdown: Partial<WalletBreakdown> = {}): { body: WalletResponse } {
  return {
    body: {
      balanceKobo,
      balance: toNairaString(balanceKobo),
      currency: 'NGN',
      breakdown: { ...noBreakdown, fundedKobo: balanceKobo, totalKobo: balanceKobo, ...breakdown },
    },
  };
}

export function aUser(overrides: Partial<Me> = {}): Me {
  return { id: 'usr_1', name: 'Ada Obi', email: 'ada@example.com', role: 'user', ...overrides };
}

type Payment = z.infer<typeof paymentResponse>['payment'];
type ManualRequest = z.infer<typeof manualFundingRequestResponse>['request'];

export function aPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'pay_1',
    reference: 'QV-REF-1',
    channel: 'card',
    email: 'ada@example.com',
    amountKobo: 500_000,
    amount: '5000.00',
    status: 'success',
    gatewayResponse: 'Successful',
    senderName: null,
    paidAt: '2025-03-12T13:05:00.000Z',
    createdAt: '2025-03-12T13:04:00.000Z',
    ...overrides,
  };
}

export function aManualRequest(overrides: Partial<ManualRequest> = {}): ManualRequest {
  return {
    id: 'mfr_1',
    depositorName: 'Ada Obi',
    bankName: 'First Bank',
    amountKobo: 1_000_000,
    amount: '10000.00',
    chargeKobo: 5_000,
    creditKobo: 995_000,
    status: 'pending',
    reason: null,
    createdAt: '2025-03-12T13:05:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

/** A promise and the functions that settle it, for replies held back until the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

export function aPurchase(overrides: Partial<Purchase> = {}): Purchase {
  return {
    id: 'pur_1',
    requestId: 'req-key-1',
    serviceId: 'mtn',
    kind: 'airtime',
    serviceName: 'MTN Airtime VTU',
    status: 'delivered',
    phone: '08031234567',
    billersCode: null,
    variationCode: null,
    planName: null,
    amountKobo: 50_000,
    amount: '500.00',
    chargedKobo: 50_000,
    charged: '500.00',
    balanceAfterKobo: 200_000,
    token: null,
    pins: null,
    subscriptionType: null,
    quantity: null,
    discountKobo: 0,
    discount: '0.00',
    customerName: null,
    units: null,
    receiptLines: [],
    message: 'TRANSACTION SUCCESSFUL',
    transactionId: '17250000000001',
    providerRequestId: '202503121405abc123',
    createdAt: '2025-03-12T13:05:09.000Z',
    updatedAt: '2025-03-12T13:05:10.000Z',
    ...overrides,
  };
}

export function aService(overrides: Partial<Service> = {}): Service {
  return {
    id: 'mtn',
    kind: 'airtime',
    name: 'MTN Airtime VTU',
    network: 'mtn',
    minimumKobo: 5_000,
    maximumKobo: 5_000_000,
    hasVariations: false,
    verification: null,
    discountBps: 0,
    ...overrides,
  };
}

/** A verification answer: the customer's name and nothing else unless given. */
export function aVerification(overrides: Partial<VerifyResponse> = {}): VerifyResponse {
  return {
    serviceId: 'dstv',
    billersCode: '1212121212',
    type: null,
    customerName: 'TEST METHOD',
    address: null,
    meterType: null,
    minimumAmountKobo: null,
    minimumAmount: null,
    maximumAmountKobo: null,
    maximumAmount: null,
    canVend: null,
    accountType: null,
    status: null,
    dueDate: null,
    currentBouquet: null,
    renewalAmountKobo: null,
    renewalAmount: null,
    ...overrides,
  };
}

export function aVariation(code: string, name: string, amountKobo: number): Variation {
  return { code, name, amountKobo, amount: toNairaString(amountKobo) };
}

export function anApiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'key_1',
    name: 'My shop',
    prefix: 'qv_live_ab12',
    allowedIps: [],
    createdAt: '2025-03-12T13:05:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    ...overrides,
  };
}
