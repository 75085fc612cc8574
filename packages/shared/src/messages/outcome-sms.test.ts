import { describe, expect, it } from 'vitest';
import type { Purchase } from '../api/purchases.ts';
import { kobo } from '../money.ts';
import { ESCALATED_MESSAGE } from './purchase.ts';
import { purchaseOutcomeSms } from './outcome-sms.ts';

const purchase = (change: Partial<Purchase>): Purchase => ({
  id: 'pur_1',
  requestId: 'req-1',
  serviceId: 'waec',
  kind: 'education',
  serviceName: 'WAEC Result Checker PIN',
  status: 'delivered',
  phone: '08031234567',
  billersCode: null,
  variationCode: 'waecdirect',
  planName: null,
  amountKobo: kobo(700_000),
  amount: '7000.00',
  chargedKobo: kobo(700_000),
  charged: '7000.00',
  refundedKobo: kobo(0),
  refunded: '0.00',
  balanceAfterKobo: null,
  token: null,
  pins: null,
  subscriptionType: null,
  quantity: 2,
  discountKobo: kobo(0),
  discount: '0.00',
  customerName: null,
  units: null,
  receiptLines: [],
  message: '',
  resolveBy: null,
  transactionId: null,
  providerRequestId: 'p-1',
  createdAt: '2026-03-12T13:05:00.000Z',
  updatedAt: '2026-03-12T13:05:00.000Z',
  ...change,
});

describe('outcome text messages', () => {
  it('delivered exam PINs: plain ASCII, the PINs and the reference', () => {
    const text = purchaseOutcomeSms(
      purchase({
        pins: [
          { serial: 'WRN1', pin: '1111' },
          { serial: null, pin: '2222' },
        ],
      }),
      'delivered',
    );
    expect(text).toBe(
      'QuickVend: WAEC Result Checker x 2 for 0803 123 4567 delivered. You paid NGN7000.00. PINs: 1111 (serial WRN1), 2222. Ref req-1.',
    );
    expect(text).toMatch(/^[\x20-\x7E]+$/);
  });

  it('taking longer: the money is held and nothing is asked of the customer', () => {
    expect(
      purchaseOutcomeSms(
        purchase({ status: 'pending', quantity: 1, message: ESCALATED_MESSAGE }),
        'escalated',
      ),
    ).toBe(
      'QuickVend: WAEC Result Checker for 0803 123 4567 is taking longer than usual. Your NGN7000.00 is held, not spent. Our team is on it: you will get it or your money back. Nothing to do now. Ref req-1.',
    );
  });

  it('the first "being confirmed" sends no text: its outcome follows', () => {
    expect(purchaseOutcomeSms(purchase({ status: 'pending' }), 'pending')).toBeNull();
  });
});
