import { describe, expect, it } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { ESCALATED_MESSAGE } from '@quickvend/shared/messages/purchase';
import { kobo } from '@quickvend/shared/money';
import { paidPhraseOf, pendingPromiseOf, purchaseSummary } from '@quickvend/shared/purchase-words';
import { failureReasonOf, receiptFactsOf } from '@/components/purchases/receipt-facts.ts';
import { aPurchase } from '@/lib/testing/mock-api.ts';
import { resultTexts } from './purchase-result.tsx';
import { repeatTexts } from './use-purchase-flow.ts';
import type { Wire } from '@/lib/testing/wire.ts';

const pins = [
  { serial: 'WRN000000001', pin: '111122223333' },
  { serial: 'WRN000000002', pin: '444455556666' },
];

/** One purchase of each kind, named as VTpass names them (prices in the plan, brands repeated). */
const kinds: [string, Partial<Wire<Purchase>>][] = [
  ['airtime', { serviceId: 'mtn', kind: 'airtime', serviceName: 'MTN Airtime' }],
  [
    'data',
    {
      serviceId: 'mtn-data',
      kind: 'data',
      serviceName: 'MTN Data',
      planName: 'MTN Data 1GB - 30 Days',
      amountKobo: 27_500,
      chargedKobo: 27_500,
    },
  ],
  [
    'DStv change',
    {
      serviceId: 'dstv',
      kind: 'tv',
      serviceName: 'DSTV',
      planName: 'DStv Padi N4,400',
      billersCode: '1212121212',
      subscriptionType: 'change',
      amountKobo: 440_000,
      chargedKobo: 435_600,
      discountKobo: 4_400,
    },
  ],
  [
    'DStv renewal',
    {
      serviceId: 'dstv',
      kind: 'tv',
      serviceName: 'DSTV',
      planName: 'DStv Compact N19,000 (renewal)',
      billersCode: '1212121212',
      subscriptionType: 'renew',
      amountKobo: 1_900_000,
      chargedKobo: 1_881_000,
      discountKobo: 19_000,
    },
  ],
  [
    'Showmax',
    {
      serviceId: 'showmax',
      kind: 'tv',
      serviceName: 'Showmax',
      planName: 'Showmax Mobile - 1 Month',
      phone: '08011111111',
      billersCode: '08011111111',
      amountKobo: 160_000,
      chargedKobo: 158_400,
      discountKobo: 1_600,
      receiptLines: [{ label: 'Code', value: 'Showmax voucher: SMX0123456789.' }],
    },
  ],
  [
    'electricity',
    {
      serviceId: 'ikeja-electric',
      kind: 'electricity',
      serviceName: 'Ikeja Electricity',
      billersCode: '1111111111111',
      token: '26362054405982757802',
      units: '79.9 kWh',
      amountKobo: 100_000,
      chargedKobo: 99_000,
      discountKobo: 1_000,
    },
  ],
  [
    'WAEC × 2',
    {
      serviceId: 'waec',
      kind: 'education',
      serviceName: 'WAEC Result Checker PIN',
      planName: 'WASSCE',
      quantity: 2,
      pins,
      amountKobo: 780_000,
      chargedKobo: 780_000,
    },
  ],
  [
    'JAMB',
    {
      serviceId: 'jamb',
      kind: 'education',
      serviceName: 'JAMB PIN',
      planName: 'UTME PIN (with mock)',
      billersCode: '0123456789',
      pins: pins.slice(0, 1),
      amountKobo: 770_000,
      chargedKobo: 770_000,
    },
  ],
];

function asFailed(purchase: Purchase, message: string): Purchase {
  return {
    ...purchase,
    status: 'failed',
    refundedKobo: purchase.chargedKobo,
    chargedKobo: kobo(0),
    token: null,
    pins: null,
    message,
  };
}

/** Every sentence a customer reads about one purchase on the web, at each of its outcomes. */
function textsOf(purchase: Purchase): string[] {
  const pending: Purchase = {
    ...purchase,
    status: 'pending',
    token: null,
    pins: null,
    message: 'TRANSACTION IS PROCESSING.',
    resolveBy: '2025-03-12T14:42:00.000Z',
  };
  const outcomes = [
    purchase,
    pending,
    { ...pending, resolveBy: null },
    { ...pending, message: ESCALATED_MESSAGE },
    // a provider's own sentence, with its full stop, and one in capitals with none
    asFailed(purchase, 'Print your exam slip.'),
    asFailed(purchase, 'TRANSACTION FAILED'),
  ];
  return outcomes.flatMap((outcome) => {
    const facts = receiptFactsOf(outcome);
    return [
      facts.headline,
      facts.note ?? '',
      facts.refundNote ?? '',
      ...[...facts.facts, ...facts.details].map((fact) => `${fact.label}: ${fact.value}`),
      purchaseSummary(outcome),
      paidPhraseOf(outcome),
      pendingPromiseOf(outcome),
      resultTexts.pending(outcome),
      messages.purchase.failed(failureReasonOf(outcome)),
      repeatTexts.question(outcome, 12),
    ];
  });
}

describe('what the web says about each kind of purchase', () => {
  it.each(kinds)('%s: every full stop once, every word once in a row', (_kind, fields) => {
    const texts = textsOf(aPurchase(fields));
    for (const text of texts) {
      expect(text).not.toMatch(/\.\s*\./);
      expect(text).not.toMatch(/\b([A-Za-z]+)\s+\1\b/i);
    }
    expect(texts.join('\n')).not.toMatch(/refunded automatically/);
  });

  it('names each purchase as the notice does', () => {
    const named = kinds.map(([, fields]) => purchaseSummary(aPurchase(fields)));
    expect(named).toEqual([
      'MTN Airtime to 0803 123 4567',
      'MTN Data 1GB - 30 Days to 0803 123 4567',
      'DStv Padi for smartcard 1212121212',
      'DStv Compact (renewal) for smartcard 1212121212',
      'Showmax Mobile - 1 Month for 0801 111 1111',
      'Ikeja Electricity for meter 1111111111111',
      'WAEC Result Checker × 2 for 0803 123 4567',
      'JAMB UTME PIN (with mock) for profile 0123456789',
    ]);
  });
});
