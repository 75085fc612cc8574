import { describe, expect, it } from 'vitest';
import { NEVER_RECEIVED } from '@quickvend/shared/messages/purchase';
import { nextPurchaseState, type LifecyclePurchase, type PurchaseDecision } from './purchase-lifecycle.ts';

const MINUTE = 60_000;
const createdAt = new Date('2025-03-12T13:00:00.000Z');
const at = (ms: number) => new Date(createdAt.getTime() + ms);
const open = (status: 'processing' | 'pending'): LifecyclePurchase => ({
  status,
  createdAt,
  resolveBy: at(30 * MINUTE),
  checks: status === 'pending' ? 3 : 0,
  flaggedAt: null,
  message: '',
  movedAt: null,
});
const final = (status: 'delivered' | 'failed'): LifecyclePurchase => ({ ...open('pending'), status });
const failed = { status: 'failed', message: 'Transaction failed', code: '016' } as const;
const otherAnswers = {
  pending: { status: 'pending', message: 'Transaction is processing', code: '099' },
  unknown: { status: 'unknown' },
  unreachable: { status: 'unreachable' },
  callback: { status: 'callback' },
} as const;
const refunded = (message: string): PurchaseDecision => ({
  state: 'failed',
  effects: [{ kind: 'refund', message }, { kind: 'tell' }],
});

describe('nextPurchaseState with a fallback provider', () => {
  const moved = {
    state: 'processing',
    effects: [
      { kind: 'moveTo', provider: 'flutterwave', failure: { code: '016', message: 'Transaction failed' } },
    ],
  } satisfies PurchaseDecision;

  it.each(['processing', 'pending'] as const)(
    'moves a %s purchase its provider definitely failed, instead of refunding it',
    (state) => {
      expect(nextPurchaseState(open(state), failed, at(6 * MINUTE), 'flutterwave')).toEqual(moved);
    },
  );

  it('refunds a purchase that already moved once: the second failure is final', () => {
    const once = { ...open('pending'), movedAt: at(MINUTE) };
    expect(nextPurchaseState(once, failed, at(6 * MINUTE), 'vtpass')).toEqual(refunded('Transaction failed'));
  });

  it.each(['pending', 'unknown', 'unreachable', 'callback'] as const)(
    'never moves on a %s answer: it stays with the provider it was sent to',
    (answer) => {
      const decision = nextPurchaseState(open('processing'), otherAnswers[answer], at(MINUTE), 'flutterwave');
      expect(decision.effects.map((effect) => effect.kind)).not.toContain('moveTo');
      expect(decision).toEqual(nextPurchaseState(open('processing'), otherAnswers[answer], at(MINUTE)));
    },
  );

  it('never moves a final purchase', () => {
    for (const state of ['delivered', 'failed'] as const)
      expect(nextPurchaseState(final(state), failed, at(6 * MINUTE), 'flutterwave')).toEqual({
        state,
        effects: [],
      });
  });

  it('counts the "never saw it" grace from when the purchase reached the provider it moved to', () => {
    const movedAt = at(20 * MINUTE);
    const once = { ...open('pending'), movedAt };
    const decide = (ms: number) =>
      nextPurchaseState(once, otherAnswers.unknown, new Date(movedAt.getTime() + ms));
    expect(decide(5 * MINUTE).state).toBe('pending');
    expect(decide(5 * MINUTE + 1)).toEqual(refunded(NEVER_RECEIVED));
  });
});
