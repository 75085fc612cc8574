import type {
  AdminFunding,
  AdminPurchase,
  AdminPurchaseDetail,
  PurchaseEvent,
} from '@quickvend/shared/api/admin-purchases';
import { toNairaString } from '@quickvend/shared/money';
import { aPurchase } from './mock-api.ts';
import type { Wire } from './wire.ts';

/** A purchase as the back office lists it: pending, bought on the web by Bola Ade. */
export function anAdminPurchase(overrides: Partial<Wire<AdminPurchase>> = {}): Wire<AdminPurchase> {
  return {
    ...aPurchase({
      id: 'pur_01JQ00000000000000STUCK1',
      status: 'pending',
      phone: '08031234567',
      message: 'We are confirming this purchase with the provider.',
      transactionId: null,
    }),
    userId: 'usr_01JQ0000000000000000ABCDEF',
    buyer: { id: 'usr_01JQ0000000000000000ABCDEF', name: 'Bola Ade', email: 'bola@example.com' },
    channel: 'web',
    stage: 'pending',
    costKobo: null,
    marginKobo: null,
    checks: 3,
    nextCheckAt: '2025-03-12T14:05:00.000Z',
    finalizedAt: null,
    isStuck: false,
    ...overrides,
  };
}

export function aPurchaseEvent(overrides: Partial<PurchaseEvent> = {}): PurchaseEvent {
  return {
    id: 'pev_1',
    at: '2025-03-12T13:05:10.000Z',
    kind: 'provider.purchase',
    outcome: 'pending',
    code: '099',
    raw: { code: '099', response_description: 'TRANSACTION IS PROCESSING' },
    note: 'TRANSACTION IS PROCESSING',
    provider: 'vtpass',
    actor: null,
    ...overrides,
  };
}

export function aPurchaseDetail(
  overrides: Partial<Wire<AdminPurchaseDetail>> = {},
): Wire<AdminPurchaseDetail> {
  return {
    purchase: anAdminPurchase(),
    events: [aPurchaseEvent()],
    olderEventsCursor: null,
    pendingDelivery: null,
    pendingRefund: null,
    ...overrides,
  };
}

/** A funding as the back office lists it: a card payment that was credited. */
export function anAdminFunding(overrides: Partial<Wire<AdminFunding>> = {}): Wire<AdminFunding> {
  const amountKobo = overrides.amountKobo ?? 500_000;
  return {
    id: 'pay_1',
    kind: 'card',
    reference: 'PAY-01JQ0000000000000000',
    status: 'credited',
    detail: 'success',
    userId: 'usr_01JQ0000000000000000ABCDEF',
    buyer: { id: 'usr_01JQ0000000000000000ABCDEF', name: 'Bola Ade', email: 'bola@example.com' },
    amount: toNairaString(amountKobo),
    feesKobo: 7_500,
    creditKobo: amountKobo,
    note: 'Successful',
    createdAt: '2025-03-12T13:04:00.000Z',
    settledAt: '2025-03-12T13:05:00.000Z',
    ...overrides,
    amountKobo,
  };
}
