import { vi } from 'vitest';
import { z } from 'zod';
import {
  adminRegisterBody,
  createInvitationBody,
  forgotPasswordBody,
  meResponse,
  sessionResponse,
  openInvitationResponse,
  resetPasswordBody,
  signInBody,
  signUpBody,
  type Me,
} from '@quickvend/shared/api/auth';
import { okResponse } from '@quickvend/shared/api/common';
import {
  adminManualRequestsResponse,
  approveManualFundingBody,
  confirmPaymentBody,
  dedicatedAccountResponse,
  manualFundingBody,
  manualFundingRequestResponse,
  myManualFundingsResponse,
  paymentResponse,
  paymentsResponse,
  rejectManualFundingBody,
  startCardPaymentBody,
  startCardPaymentResponse,
  type AdminManualRequestsResponse,
  type ManualFundingRequest,
  type Payment,
} from '@quickvend/shared/api/funding';
import { metaResponse } from '@quickvend/shared/api/meta';
import {
  adminFundingsResponse,
  adminPurchaseDetailResponse,
  adminPurchaseEventsResponse,
  adminPurchasesResponse,
  deliverPurchaseBody,
  deliverRequestResponse,
  purchaseActionResponse,
  refundPurchaseBody,
  refundPurchaseResponse,
} from '@quickvend/shared/api/admin-purchases';
import {
  providerLossesResponse,
  recoverProviderLossResponse,
  resolveProviderLossBody,
  writeOffProviderLossResponse,
} from '@quickvend/shared/api/provider-losses';
import {
  adminInvitationResponse,
  adminInvitationsResponse,
  adminUserDetailResponse,
  adminUsersResponse,
  createInvitationResponse,
  updateAdminUserBody,
  updateAdminUserResponse,
  userActionBody,
  userActionResponse,
} from '@quickvend/shared/api/admin-users';
import {
  adminFloatResponse,
  approvalResponse,
  approvalsResponse,
  approveBody,
  approveManualDepositResponse,
  rejectBody,
  settingChangeResponse,
  settingsResponse,
  updateSettingBody,
  walletAdjustmentBody,
  walletAdjustmentResponse,
} from '@quickvend/shared/api/admin-money';
import {
  adminPriceServiceResponse,
  adminPricesResponse,
  pricePreviewBody,
  pricePreviewResponse,
  savePriceBody,
  savePriceResponse,
} from '@quickvend/shared/api/admin-prices';
import { auditResponse } from '@quickvend/shared/api/audit';
import { purchasesSummaryResponse } from '@quickvend/shared/api/admin-purchases';
import {
  reconciliationDayResponse,
  reconciliationsResponse,
} from '@quickvend/shared/api/daily-reconciliation';
import {
  fundingsReportResponse,
  profitAndLossResponse,
  salesReportResponse,
  usersReportResponse,
} from '@quickvend/shared/api/reports';
import {
  apiKeyResponse,
  apiKeysResponse,
  createApiKeyBody,
  createApiKeyResponse,
  type ApiKey,
} from '@quickvend/shared/api/api-keys';
import { changePinRequestBody, pinStatusResponse, resetPinBody, setPinBody } from '@quickvend/shared/api/pin';
import {
  createPurchaseBody,
  flaggedPurchasesResponse,
  purchaseResponse,
  purchasesResponse,
  resendPurchaseResponse,
  servicesResponse,
  variationsResponse,
  verifyBody,
  verifyResponse,
  type Purchase,
  type Service,
  type Variation,
  type VerifyResponse,
} from '@quickvend/shared/api/purchases';
import {
  notificationPreferencesResponse,
  notificationsResponse,
  readAllNotificationsResponse,
  readNotificationResponse,
  updateNotificationPreferencesBody,
  type Notification,
} from '@quickvend/shared/api/notifications';
import {
  adminDisputesResponse,
  closeDisputeBody,
  disputeBody,
  disputeResponse,
  purchaseDisputeResponse,
} from '@quickvend/shared/api/disputes';
import {
  changeEmailBody,
  changeEmailResponse,
  changePasswordBody,
  closeAccountBody,
  confirmEmailBody,
  confirmEmailResponse,
  dataExport,
  partnerAccessBody,
  profileResponse,
  sessionsResponse,
  signOutOthersResponse,
  updateProfileBody,
  type Profile,
  type SignedInSession,
} from '@quickvend/shared/api/profile';
import { referralsResponse } from '@quickvend/shared/api/referrals';
import {
  refundDueResponse,
  refundsDueResponse,
  returnRefundDueBody,
  type RefundDue,
} from '@quickvend/shared/api/refunds-due';
import {
  beneficiariesResponse,
  beneficiaryResponse,
  saveBeneficiaryBody,
  updateBeneficiaryBody,
  type Beneficiary,
} from '@quickvend/shared/api/beneficiaries';
import {
  adminStatementResponse,
  statementResponse,
  walletResponse,
  type WalletBreakdown,
  type WalletResponse,
} from '@quickvend/shared/api/wallet';
import type { ErrorBody, ErrorCode } from '@quickvend/shared/errors';
import { toNairaString } from '@quickvend/shared/money';

const noBody = z.undefined();
const emptyBody = z.object({});

/**
 * Every server call the web app makes: the schema of the body it sends, if any, and of the body the server
 * declares for its success answer (the same shared schema the server's route declares). A mock reply is
 * typed by it and checked against it, so a test cannot answer what the server never would.
 */
const contract = {
  'GET /api/v1/session': { response: sessionResponse },
  'GET /api/v1/meta': { response: metaResponse },
  'GET /api/v1/wallet': { response: walletResponse },
  'GET /api/v1/wallet/statement': { response: statementResponse },
  'GET /api/v1/admin/float': { response: adminFloatResponse },
  'GET /api/v1/admin/provider-losses': { response: providerLossesResponse },
  'POST /api/v1/admin/provider-losses/:id/recover': {
    request: resolveProviderLossBody,
    response: recoverProviderLossResponse,
  },
  'POST /api/v1/admin/provider-losses/:id/write-off': {
    request: resolveProviderLossBody,
    response: writeOffProviderLossResponse,
  },
  'GET /api/v1/admin/reconciliations': { response: reconciliationsResponse },
  'GET /api/v1/admin/reconciliations/:day': { response: reconciliationDayResponse },
  'POST /api/v1/admin/reconciliations/:day/run': { request: emptyBody, response: reconciliationDayResponse },
  'POST /api/v1/admin/reconciliations/:day/purchases/:purchaseId/requery': {
    request: emptyBody,
    response: reconciliationDayResponse,
  },
  'GET /api/v1/admin/approvals': { response: approvalsResponse },
  'POST /api/v1/admin/approvals/:id/approve': { request: approveBody, response: approvalResponse },
  'POST /api/v1/admin/approvals/:id/reject': { request: rejectBody, response: approvalResponse },
  'POST /api/v1/admin/approvals/:id/cancel': { request: emptyBody, response: approvalResponse },
  'GET /api/v1/admin/settings': { response: settingsResponse },
  'PUT /api/v1/admin/settings/:key': { request: updateSettingBody, response: settingChangeResponse },
  'POST /api/v1/admin/users/:id/adjustments': {
    request: walletAdjustmentBody,
    response: walletAdjustmentResponse,
  },
  'POST /api/v1/funding/card': { request: startCardPaymentBody, response: startCardPaymentResponse },
  'POST /api/v1/funding/card/confirm': { request: confirmPaymentBody, response: paymentResponse },
  'GET /api/v1/funding/payments': { response: paymentsResponse },
  'GET /api/v1/funding/dedicated-account': { response: dedicatedAccountResponse },
  'POST /api/v1/funding/dedicated-account': { request: emptyBody, response: dedicatedAccountResponse },
  'POST /api/v1/funding/manual': { request: manualFundingBody, response: manualFundingRequestResponse },
  'GET /api/v1/funding/manual': { response: myManualFundingsResponse },
  'GET /api/v1/admin/funding/manual': { response: adminManualRequestsResponse },
  'POST /api/v1/admin/funding/manual/:id/approve': {
    request: approveManualFundingBody,
    response: approveManualDepositResponse,
  },
  'GET /api/v1/admin/refunds-due': { response: refundsDueResponse },
  'POST /api/v1/admin/refunds-due/:id/return': { request: returnRefundDueBody, response: refundDueResponse },
  'POST /api/v1/admin/funding/manual/:id/reject': {
    request: rejectManualFundingBody,
    response: manualFundingRequestResponse,
  },
  'GET /api/v1/admin/users': { response: adminUsersResponse },
  'GET /api/v1/admin/users/:id': { response: adminUserDetailResponse },
  'GET /api/v1/admin/users/:id/statement': { response: adminStatementResponse },
  'POST /api/v1/admin/users/:id': { request: updateAdminUserBody, response: updateAdminUserResponse },
  'POST /api/v1/admin/users/:id/suspend': { request: userActionBody, response: userActionResponse },
  'POST /api/v1/admin/users/:id/unsuspend': { request: userActionBody, response: userActionResponse },
  'POST /api/v1/admin/users/:id/delete': { request: userActionBody, response: userActionResponse },
  'POST /api/v1/admin/users/:id/demote': { request: userActionBody, response: userActionResponse },
  'GET /api/v1/admin/invitations': { response: adminInvitationsResponse },
  'POST /api/v1/admin/invitations/:id/revoke': { request: emptyBody, response: adminInvitationResponse },
  'GET /api/v1/admin/purchases/flagged': { response: flaggedPurchasesResponse },
  'GET /api/v1/admin/purchases': { response: adminPurchasesResponse },
  'GET /api/v1/admin/purchases/:id': { response: adminPurchaseDetailResponse },
  'GET /api/v1/admin/purchases/:id/events': { response: adminPurchaseEventsResponse },
  'POST /api/v1/admin/purchases/:id/requery': { request: emptyBody, response: purchaseActionResponse },
  'POST /api/v1/admin/purchases/:id/refund': {
    request: refundPurchaseBody,
    response: refundPurchaseResponse,
  },
  'POST /api/v1/admin/purchases/:id/deliver': {
    request: deliverPurchaseBody,
    response: deliverRequestResponse,
  },
  'GET /api/v1/admin/fundings': { response: adminFundingsResponse },
  'POST /api/v1/admin/invitations': { request: createInvitationBody, response: createInvitationResponse },
  'GET /api/v1/admin/invitations/:token': { response: openInvitationResponse },
  'POST /api/v1/auth/sign-up': { request: signUpBody, response: meResponse },
  'POST /api/v1/auth/sign-in': { request: signInBody, response: meResponse },
  'POST /api/v1/auth/sign-out': { request: emptyBody, response: noBody },
  'POST /api/v1/auth/forgot-password': { request: forgotPasswordBody, response: okResponse },
  'POST /api/v1/auth/reset-password': { request: resetPasswordBody, response: okResponse },
  'POST /api/v1/auth/admin-register': { request: adminRegisterBody, response: meResponse },
  'GET /api/v1/services': { response: servicesResponse },
  'GET /api/v1/services/:id/variations': { response: variationsResponse },
  'GET /api/v1/admin/prices': { response: adminPricesResponse },
  'POST /api/v1/admin/prices/preview': { request: pricePreviewBody, response: pricePreviewResponse },
  'PUT /api/v1/admin/prices': { request: savePriceBody, response: savePriceResponse },
  'DELETE /api/v1/admin/prices': { request: emptyBody, response: adminPriceServiceResponse },
  'POST /api/v1/purchases': { request: createPurchaseBody, response: purchaseResponse },
  'GET /api/v1/purchases': { response: purchasesResponse },
  'GET /api/v1/purchases/:requestId': { response: purchaseResponse },
  'POST /api/v1/purchases/:requestId/email': { request: emptyBody, response: resendPurchaseResponse },
  'GET /api/v1/purchases/:requestId/dispute': { response: purchaseDisputeResponse },
  'POST /api/v1/purchases/:requestId/dispute': { request: disputeBody, response: disputeResponse },
  'GET /api/v1/admin/disputes': { response: adminDisputesResponse },
  'POST /api/v1/admin/disputes/:id/close': { request: closeDisputeBody, response: disputeResponse },
  'POST /api/v1/verify': { request: verifyBody, response: verifyResponse },
  'GET /api/v1/pin': { response: pinStatusResponse },
  'POST /api/v1/pin': { request: setPinBody, response: pinStatusResponse },
  'POST /api/v1/pin/change-request': { request: changePinRequestBody, response: okResponse },
  'POST /api/v1/pin/reset': { request: resetPinBody, response: okResponse },
  'GET /api/v1/api-keys': { response: apiKeysResponse },
  'POST /api/v1/api-keys': { request: createApiKeyBody, response: createApiKeyResponse },
  'POST /api/v1/api-keys/:id/revoke': { request: emptyBody, response: apiKeyResponse },
  'GET /api/v1/profile': { response: profileResponse },
  'PUT /api/v1/profile': { request: updateProfileBody, response: profileResponse },
  'POST /api/v1/profile/email': { request: changeEmailBody, response: changeEmailResponse },
  'POST /api/v1/profile/email/confirm': { request: confirmEmailBody, response: confirmEmailResponse },
  'POST /api/v1/profile/email/confirmation': { request: emptyBody, response: changeEmailResponse },
  'POST /api/v1/profile/password': { request: changePasswordBody, response: okResponse },
  'GET /api/v1/profile/sessions': { response: sessionsResponse },
  'GET /api/v1/profile/export': { response: dataExport },
  'POST /api/v1/profile/sessions/sign-out-others': { request: emptyBody, response: signOutOthersResponse },
  'DELETE /api/v1/profile/sessions/:id': { request: emptyBody, response: okResponse },
  'PUT /api/v1/profile/partner-access': { request: partnerAccessBody, response: profileResponse },
  'POST /api/v1/profile/close': { request: closeAccountBody, response: okResponse },
  'GET /api/v1/referrals': { response: referralsResponse },
  'GET /api/v1/notifications': { response: notificationsResponse },
  'POST /api/v1/notifications/read-all': { request: emptyBody, response: readAllNotificationsResponse },
  'POST /api/v1/notifications/:id/read': { request: emptyBody, response: readNotificationResponse },
  'GET /api/v1/notifications/preferences': { response: notificationPreferencesResponse },
  'PUT /api/v1/notifications/preferences': {
    request: updateNotificationPreferencesBody,
    response: notificationPreferencesResponse,
  },
  'POST /api/v1/referrals/seen': { request: emptyBody, response: noBody },
  'GET /api/v1/beneficiaries': { response: beneficiariesResponse },
  'POST /api/v1/beneficiaries': { request: saveBeneficiaryBody, response: beneficiaryResponse },
  'PUT /api/v1/beneficiaries/:id': { request: updateBeneficiaryBody, response: beneficiaryResponse },
  'DELETE /api/v1/beneficiaries/:id': { request: emptyBody, response: beneficiaryResponse },
  'GET /api/v1/admin/reports/sales': { response: salesReportResponse },
  'GET /api/v1/admin/reports/fundings': { response: fundingsReportResponse },
  'GET /api/v1/admin/reports/users': { response: usersReportResponse },
  'GET /api/v1/admin/reports/profit-and-loss': { response: profitAndLossResponse },
  'GET /api/v1/admin/audit': { response: auditResponse },
  'GET /api/v1/admin/purchases/summary': { response: purchasesSummaryResponse },
} satisfies Record<string, { request?: z.ZodType; response: z.ZodType }>;

type Contract = typeof contract;

/** Every server call the web app makes, with the body it sends and the body it gets back. */
export type ApiContract = {
  [K in keyof Contract]: {
    request: Contract[K] extends { request: z.ZodType } ? z.input<Contract[K]['request']> : undefined;
    response: z.input<Contract[K]['response']>;
  };
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

/** The session probe's answer to a visitor. */
export const signedOut: MockReply<'GET /api/v1/session'> = { body: { user: null } };

const contractViolations: string[] = [];

/** Keys of `sent` that `kept` lacks: what the server's serializer would have stripped. */
function strippedKeys(sent: unknown, kept: unknown, path: string): string[] {
  if (Array.isArray(sent) && Array.isArray(kept)) {
    return sent.flatMap((item, index) => strippedKeys(item, kept[index], `${path}[${String(index)}]`));
  }
  if (typeof sent !== 'object' || sent === null || typeof kept !== 'object' || kept === null) return [];
  return Object.entries(sent).flatMap(([key, value]) =>
    key in kept
      ? strippedKeys(value, (kept as Record<string, unknown>)[key], `${path}.${key}`)
      : [`${path}.${key}`],
  );
}

/**
 * A success reply must be what the server's response schema lets through: every field it declares, of the
 * declared type, and no other. A violation fails the request and, in `afterEach`, the test.
 */
function checkAgainstContract(endpoint: Endpoint, status: number, body: unknown): void {
  if (status < 200 || status > 299 || status === 204) return;
  const wire: unknown = body === undefined ? undefined : JSON.parse(JSON.stringify(body));
  const result = contract[endpoint].response.safeParse(wire);
  const problems = result.success
    ? strippedKeys(wire, result.data, 'body').map((key) => `${key} is not in the response schema`)
    : result.error.issues.map((issue) => `body.${issue.path.join('.')}: ${issue.message}`);
  if (problems.length === 0) return;
  const violation = `The mock answered ${endpoint} with a body the server would not send:\n  ${problems.join('\n  ')}`;
  contractViolations.push(violation);
  throw new Error(violation);
}

/** The contract violations since the last call, for the test setup to fail the test with. */
export function takeContractViolations(): string[] {
  return contractViolations.splice(0);
}

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
        if (!('error' in reply)) checkAgainstContract(endpoint, status, reply.body);
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
  return {
    id: 'usr_1',
    name: 'Ada Obi',
    email: 'ada@example.com',
    role: 'user',
    emailConfirmed: true,
    ...overrides,
  };
}

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
    checkoutEndsAt: '2025-03-12T13:34:00.000Z',
    ...overrides,
  };
}

export function aManualRequest(overrides: Partial<ManualFundingRequest> = {}): ManualFundingRequest {
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

/** One page of the back office's waiting deposits: all of them unless `more` says otherwise. */
export function aManualRequestsPage(
  requests: ManualFundingRequest[],
  more: { total?: number; nextCursor?: string | null } = {},
): AdminManualRequestsResponse {
  return { requests, total: more.total ?? requests.length, nextCursor: more.nextCursor ?? null };
}

/** Money a closed account received by card, to send back to its payer. */
export function aRefundDue(overrides: Partial<RefundDue> = {}): RefundDue {
  return {
    id: 'rfd_1',
    source: 'card',
    reference: 'PAY-01JQ0000000000000000',
    amountKobo: 250_000,
    amount: '2500.00',
    payer: {
      name: 'Musa Bello',
      email: 'musa@example.com',
      bank: 'GTBank',
      accountNumber: null,
      cardLast4: '4081',
    },
    status: 'open',
    createdAt: '2025-03-12T13:05:00.000Z',
    returnedAt: null,
    note: null,
    waitingApprovalId: null,
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
    refundedKobo: 0,
    refunded: '0.00',
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
    resolveBy: null,
    transactionId: '17250000000001',
    providerRequestId: '202503121405abc123',
    createdAt: '2025-03-12T13:05:09.000Z',
    updatedAt: '2025-03-12T13:05:10.000Z',
    ...overrides,
  };
}

/** A purchase the provider failed, refunded in full as the server always does: nothing charged, the price back. */
export function aRefundedPurchase(overrides: Partial<Purchase> = {}): Purchase {
  return aPurchase({
    status: 'failed',
    chargedKobo: 0,
    charged: '0.00',
    refundedKobo: 50_000,
    refunded: '500.00',
    balanceAfterKobo: 260_000,
    message: 'TRANSACTION FAILED',
    ...overrides,
  });
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
    apiDiscountBps: 0,
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

/** A plan; web customers and partners pay its face value unless given other prices. */
export function aVariation(
  code: string,
  name: string,
  amountKobo: number,
  priceKobo = amountKobo,
  apiPriceKobo = priceKobo,
): Variation {
  return {
    code,
    name,
    amountKobo,
    amount: toNairaString(amountKobo),
    priceKobo,
    price: toNairaString(priceKobo),
    apiPriceKobo,
    apiPrice: toNairaString(apiPriceKobo),
  };
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

/** A saved number: Mum's MTN line unless given, saved and last used on 12 March 2025. */
export function aBeneficiary(overrides: Partial<Beneficiary> = {}): Beneficiary {
  return {
    id: 'ben_1',
    kind: 'phone',
    number: '08031234567',
    label: 'Mum',
    serviceId: 'mtn',
    customerName: null,
    meterType: null,
    lastUsedAt: '2025-03-12T13:05:00.000Z',
    createdAt: '2025-03-10T09:00:00.000Z',
    updatedAt: '2025-03-12T13:05:00.000Z',
    ...overrides,
  };
}

/** The saved-numbers reply: these numbers, and the cap of 50. */
export function savedNumbers(...beneficiaries: Beneficiary[]): MockReply<'GET /api/v1/beneficiaries'> {
  return { body: { beneficiaries, limit: 50 } };
}

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'ntf_1',
    category: 'purchases',
    title: 'MTN Airtime delivered',
    body: 'MTN Airtime to 0803 123 4567 is delivered. You paid ₦500.00.',
    link: '/transactions/req-key-1',
    isRead: false,
    createdAt: '2025-03-12T13:05:10.000Z',
    ...overrides,
  };
}

export function aProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    name: 'Ada Obi',
    email: 'ada@example.com',
    phone: null,
    birthday: null,
    referralLink: 'http://localhost/signup?ref=abc123-XYZ789',
    partnerAccessSince: null,
    memberSince: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

export function aSignedInSession(overrides: Partial<SignedInSession> = {}): SignedInSession {
  return {
    id: 'ses_this',
    device: 'Chrome on Android',
    ipAddress: '102.89.34.1',
    signedInAt: '2025-03-01T09:00:00.000Z',
    lastActiveAt: '2025-03-02T10:30:00.000Z',
    isCurrent: true,
    ...overrides,
  };
}
