import { describe, expect, it } from 'vitest';
import { aPurchase } from '@/lib/testing/mock-api.ts';
import { stubCanvas } from '@/lib/testing/canvas.ts';
import { receiptFactsOf } from './receipt-facts.ts';
import {
  renderReceiptPng,
  SUPPORT_HEADING,
  supportLinesOf,
  whatsappNumberOf,
  type ReceiptImage,
} from './receipt-image.ts';

const support = {
  phone: '0801 234 5678',
  email: 'help@quickvend.ng',
  whatsappUrl: 'https://wa.me/2348012345678',
};

function imageOf(overrides: Partial<ReceiptImage> = {}, purchase = aPurchase()): ReceiptImage {
  return {
    ...receiptFactsOf(purchase),
    productName: 'QuickVend',
    title: 'Receipt',
    isSandbox: false,
    isBalanceShown: false,
    support: null,
    ...overrides,
  };
}

/** The text the picture holds, in the order it is drawn. */
async function drawnText(image: ReceiptImage): Promise<string[]> {
  const canvas = stubCanvas();
  await renderReceiptPng(image);
  return canvas.drawn;
}

describe('the receipt picture', () => {
  it("carries the provider's transaction id to quote, never an internal id", async () => {
    const drawn = await drawnText(imageOf());
    const at = drawn.indexOf('Transaction ID');
    expect(at).toBeGreaterThan(-1);
    expect(drawn[at + 1]).toBe('17250000000001');
    expect(drawn.join(' ')).not.toMatch(/pur_|purchase:/);
  });

  it('carries the request id as the reference while the provider has given no transaction id', async () => {
    const drawn = await drawnText(
      imageOf({}, aPurchase({ status: 'pending', transactionId: null, requestId: 'req-key-1' })),
    );
    const at = drawn.indexOf('Reference');
    expect(drawn[at + 1]).toBe('req-key-1');
    expect(drawn).not.toContain('Transaction ID');
  });

  it('breaks a long reference over lines instead of drawing it off the picture', async () => {
    const requestId = '3f2a9c1e-7b4d-4e8f-a1b2-c3d4e5f60718';
    const drawn = await drawnText(
      imageOf({}, aPurchase({ status: 'pending', transactionId: null, requestId })),
    );
    const at = drawn.indexOf('Reference');
    // 14 px a character in the stub: 640 px of room holds 45
    expect(drawn[at + 1]).toBe(requestId);
    const longer = `${requestId}${requestId}`;
    const wrapped = await drawnText(
      imageOf({}, aPurchase({ status: 'pending', transactionId: null, requestId: longer })),
    );
    const from = wrapped.indexOf('Reference');
    expect(wrapped.slice(from + 1, from + 3).join('')).toBe(longer);
    for (const line of wrapped) expect(line.length * 14).toBeLessThanOrEqual(640);
  });

  it('leaves the balance off unless the customer chose to show it', async () => {
    const hidden = await drawnText(imageOf());
    expect(hidden).not.toContain('Balance after');
    expect(hidden).not.toContain('₦2,000.00');
    expect(hidden).toEqual(expect.arrayContaining(['Amount charged', '₦500.00']));

    const shown = await drawnText(imageOf({ isBalanceShown: true }));
    expect(shown).toEqual(expect.arrayContaining(['Balance after', '₦2,000.00']));
  });

  it('says how to reach support as configured, and nothing about support when none is', async () => {
    const drawn = await drawnText(imageOf({ support }));
    const at = drawn.indexOf(SUPPORT_HEADING);
    expect(drawn.slice(at, at + 5)).toEqual([
      SUPPORT_HEADING,
      'Call 0801 234 5678',
      'WhatsApp +234 801 234 5678',
      'Email help@quickvend.ng',
      'Quote the Transaction ID above.',
    ]);

    const emailOnly = await drawnText(
      imageOf({ support: { phone: null, email: 'help@quickvend.ng', whatsappUrl: null } }),
    );
    expect(emailOnly.filter((line) => /^(Call|WhatsApp|Email) /.test(line))).toEqual([
      'Email help@quickvend.ng',
    ]);

    for (const none of [
      null,
      { phone: null, email: null, whatsappUrl: null },
      { phone: ' ', email: '', whatsappUrl: null },
    ]) {
      const drawnWithout = await drawnText(imageOf({ support: none }));
      expect(drawnWithout).not.toContain(SUPPORT_HEADING);
      expect(drawnWithout.join(' ')).not.toMatch(/Call|WhatsApp|Email|Quote/);
    }
  });

  it('reads a WhatsApp link as the number it calls', () => {
    expect(whatsappNumberOf('https://wa.me/2348012345678')).toBe('+234 801 234 5678');
    expect(whatsappNumberOf('https://wa.me/447700900123')).toBe('+447700900123');
    expect(whatsappNumberOf('https://example.com/chat')).toBeNull();
    expect(supportLinesOf({ phone: null, email: null, whatsappUrl: 'https://example.com/chat' })).toEqual([]);
  });
});
