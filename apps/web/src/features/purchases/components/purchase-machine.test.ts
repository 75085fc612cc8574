import { describe, expect, it } from 'vitest';
import { aPurchase } from '@/lib/testing/mock-api.ts';
import {
  initialPurchaseState,
  purchaseReducer,
  samePurchaseWithin,
  type PurchaseDraft,
  type PurchaseEvent,
  type PurchaseState,
} from './purchase-machine.ts';
import { repeatTexts } from './use-purchase-flow.ts';

const draft: PurchaseDraft = {
  body: { serviceId: 'mtn', phone: '08031234567', amount: '500.00' },
  chargeKobo: 50_000,
  summary: 'MTN airtime for 0803 123 4567',
};

const run = (events: PurchaseEvent[], from: PurchaseState = initialPurchaseState) =>
  events.reduce(purchaseReducer, from);

describe('the purchase flow', () => {
  it('goes from the form to the PIN, sends, and ends on the result', () => {
    const atPin = run([{ type: 'checked', draft }]);
    expect(atPin).toEqual({
      step: 'pin',
      draft,
      pinMode: null,
      firstPin: '',
      error: null,
      lockMessage: null,
    });
    const sending = purchaseReducer(atPin, { type: 'send', pin: '1357' });
    expect(sending).toEqual({ step: 'sending', draft, pinMode: null, pin: '1357' });
    expect(purchaseReducer(sending, { type: 'made', requestId: 'req-1' })).toEqual({
      step: 'result',
      requestId: 'req-1',
    });
    expect(run([{ type: 'made', requestId: 'req-1' }, { type: 'startOver' }], sending)).toEqual(
      initialPurchaseState,
    );
  });

  it('keeps what the check said until an input changes', () => {
    const status = { text: 'Error: All fields are required.', tone: 'error' } as const;
    const refused = run([{ type: 'invalid', status }]);
    expect(refused).toEqual({ step: 'form', status });
    expect(purchaseReducer(refused, { type: 'edited' })).toEqual(initialPurchaseState);
    expect(purchaseReducer(initialPurchaseState, { type: 'edited' })).toBe(initialPurchaseState);
  });

  it('creates a PIN twice before paying with it, and starts again when the two differ', () => {
    const repeat = run([
      { type: 'checked', draft },
      { type: 'firstPinEntered', pin: '2468' },
    ]);
    expect(repeat).toMatchObject({ step: 'pin', pinMode: 'repeat', firstPin: '2468' });
    expect(purchaseReducer(repeat, { type: 'pinsDiffer', error: 'Error: differ' })).toMatchObject({
      step: 'pin',
      pinMode: 'create',
      firstPin: '',
      error: 'Error: differ',
    });
    const saved = run([{ type: 'send', pin: '2468' }, { type: 'pinSaved' }], repeat);
    expect(saved).toEqual({ step: 'sending', draft, pinMode: 'enter', pin: '2468' });
    expect(
      run(
        [
          { type: 'send', pin: '1111' },
          { type: 'pinNotSaved', error: 'Error: too easy' },
        ],
        repeat,
      ),
    ).toMatchObject({ step: 'pin', pinMode: 'create', error: 'Error: too easy' });
  });

  it('sends the same PIN again after an unknown outcome, or goes back to the form', () => {
    const unsure = run([{ type: 'checked', draft }, { type: 'send', pin: '1357' }, { type: 'unknown' }]);
    expect(unsure).toEqual({ step: 'unsure', draft, pin: '1357' });
    expect(purchaseReducer(unsure, { type: 'retry' })).toEqual({
      step: 'sending',
      draft,
      pinMode: 'enter',
      pin: '1357',
    });
    expect(purchaseReducer(unsure, { type: 'cancel' })).toEqual(initialPurchaseState);
  });

  it('answers each refusal where it can be put right', () => {
    const sending = run([
      { type: 'checked', draft },
      { type: 'send', pin: '1357' },
    ]);
    const status = {
      text: 'Error: Insufficient wallet balance.',
      tone: 'error',
      canFundWallet: true,
    } as const;
    expect(purchaseReducer(sending, { type: 'refused', status })).toEqual({ step: 'form', status });
    expect(purchaseReducer(sending, { type: 'pinRefused', error: 'Error: Wrong PIN.' })).toMatchObject({
      step: 'pin',
      error: 'Error: Wrong PIN.',
      lockMessage: null,
    });
    expect(purchaseReducer(sending, { type: 'locked', lockMessage: 'Error: Locked.' })).toMatchObject({
      step: 'pin',
      error: null,
      lockMessage: 'Error: Locked.',
    });
    expect(purchaseReducer(sending, { type: 'pinMissing' })).toMatchObject({
      step: 'pin',
      pinMode: 'create',
      error: null,
    });
  });

  it('shows a purchase made before a reload', () => {
    expect(purchaseReducer(initialPurchaseState, { type: 'resumed', requestId: 'req-0' })).toEqual({
      step: 'result',
      requestId: 'req-0',
    });
  });

  it('ignores what does not apply to the step it is at', () => {
    const sending = run([
      { type: 'checked', draft },
      { type: 'send', pin: '1357' },
    ]);
    for (const event of [
      { type: 'cancel' },
      { type: 'send', pin: '0000' },
      { type: 'checked', draft },
      { type: 'retry' },
      { type: 'resumed', requestId: 'req-0' },
    ] satisfies PurchaseEvent[]) {
      expect(purchaseReducer(sending, event)).toBe(sending);
    }
    expect(purchaseReducer(initialPurchaseState, { type: 'made', requestId: 'req-1' })).toBe(
      initialPurchaseState,
    );
  });
});

describe('the same purchase seconds ago', () => {
  const padi = aPurchase({
    serviceId: 'dstv',
    kind: 'tv',
    planName: 'DStv Padi N4,400',
    billersCode: '7034567890',
    amountKobo: 440_000,
    chargedKobo: 435_600,
    discountKobo: 4_400,
    createdAt: '2025-03-12T13:05:00.000Z',
  });
  const again: PurchaseDraft = {
    body: { serviceId: 'dstv', phone: '08031234567', billersCode: '7034567890', variationCode: 'dstv-padi' },
    chargeKobo: 435_600,
    faceKobo: 440_000,
    summary: 'DStv Padi for smart card 7034567890',
  };

  it('is found with how long ago, and the question names what the wallet paid and for whom', () => {
    const nowMs = Date.parse('2025-03-12T13:05:12.000Z');
    const same = samePurchaseWithin(again, [aPurchase(), padi], nowMs);
    expect(same).toEqual({ earlier: padi, secondsAgo: 12 });
    expect(repeatTexts.question(padi, 12)).toBe(
      'You bought ₦4,356.00 DStv Padi for smartcard 7034567890 12 seconds ago. Buy it again?',
    );
    expect(samePurchaseWithin(again, [padi], nowMs + 30_000)).toBeNull();
    expect(samePurchaseWithin(again, [{ ...padi, status: 'failed' }], nowMs)).toBeNull();
  });
});
