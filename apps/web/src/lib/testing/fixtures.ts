import type { Me } from '@quickvend/shared/api/auth';
import type {
  AdminManualRequestsResponse,
  ManualFundingRequest,
  Payment,
} from '@quickvend/shared/api/funding';
import type { ApiKey } from '@quickvend/shared/api/api-keys';
import {
  purchase,
  type Purchase,
  type Service,
  type Variation,
  type VerifyResponse,
} from '@quickvend/shared/api/purchases';
import type { Notification } from '@quickvend/shared/api/notifications';
import type { Profile, SignedInSession } from '@quickvend/shared/api/profile';
import type { RefundDue } from '@quickvend/shared/api/refunds-due';
import type { BeneficiariesResponse, Beneficiary } from '@quickvend/shared/api/beneficiaries';
import type { WalletBreakdown, WalletResponse } from '@quickvend/shared/api/wallet';
import { kobo, toNairaString } from '@quickvend/shared/money';
import type { Wire } from './wire.ts';

const noBreakdown: Wire<WalletBreakdown> = {
  fundedKobo: 0,
  usedKobo: 0,
  fromAdminKobo: 0,
  referralKobo: 0,
  totalKobo: 0,
};

/** The wallet reply for a balance (the breakdown puts it all under card and transfer funding). */
export function aWallet(
  balanceKobo = 0,
  breakdown: Partial<Wire<WalletBreakdown>> = {},
): { body: Wire<WalletResponse> } {
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

export function aPayment(overrides: Partial<Wire<Payment>> = {}): Wire<Payment> {
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

export function aManualRequest(
  overrides: Partial<Wire<ManualFundingRequest>> = {},
): Wire<ManualFundingRequest> {
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
  requests: Wire<ManualFundingRequest>[],
  more: { total?: number; nextCursor?: string | null } = {},
): Wire<AdminManualRequestsResponse> {
  return { requests, total: more.total ?? requests.length, nextCursor: more.nextCursor ?? null };
}

/** Money a closed account received by card, to send back to its payer. */
export function aRefundDue(overrides: Partial<Wire<RefundDue>> = {}): Wire<RefundDue> {
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

/** A purchase as the app holds it once read: written as JSON carries it, then read by the route's schema. */
export function aPurchase(overrides: Partial<Wire<Purchase>> = {}): Purchase {
  return purchase.parse({
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
  });
}

/** A purchase the provider failed, refunded in full as the server always does: nothing charged, the price back. */
export function aRefundedPurchase(overrides: Partial<Wire<Purchase>> = {}): Purchase {
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

export function aService(overrides: Partial<Wire<Service>> = {}): Wire<Service> {
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
export function aVerification(overrides: Partial<Wire<VerifyResponse>> = {}): Wire<VerifyResponse> {
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
): Wire<Variation> {
  return {
    code,
    name,
    amountKobo,
    amount: toNairaString(amountKobo),
    priceKobo,
    price: toNairaString(priceKobo),
    apiPriceKobo,
    apiPrice: toNairaString(apiPriceKobo),
    callerPriceKobo: priceKobo,
    callerPrice: toNairaString(priceKobo),
  };
}

export function anApiKey(overrides: Partial<ApiKey> = {}): ApiKey {
  return {
    id: 'key_1',
    name: 'My shop',
    mode: 'live',
    prefix: 'qv_live_ab12',
    allowedIps: [],
    createdAt: '2025-03-12T13:05:00.000Z',
    lastUsedAt: null,
    revokedAt: null,
    dailyLimitKobo: null,
    allowedServices: [],
    spentTodayKobo: kobo(0),
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
export function savedNumbers(...beneficiaries: Beneficiary[]): { body: BeneficiariesResponse } {
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
