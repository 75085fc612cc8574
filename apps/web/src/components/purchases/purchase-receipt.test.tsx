import { ESCALATED_MESSAGE } from '@quickvend/shared/messages/purchase';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import {
  aPurchase,
  aRefundedPurchase,
  mockApi,
  sandboxMeta,
  type MockReply,
} from '@/lib/testing/mock-api.ts';
import { stubCanvas } from '@/lib/testing/canvas.ts';
import { renderRoutes } from '@/lib/testing/render.tsx';
import { PurchaseReceipt, shareTexts } from './purchase-receipt.tsx';
import { failureReasonOf, plainText } from './receipt-facts.ts';
import { SANDBOX_MARK, SUPPORT_HEADING } from './receipt-image.ts';

const failed = aRefundedPurchase({ transactionId: null });
const pending = aPurchase({ status: 'pending', message: 'TRANSACTION IS PROCESSING', transactionId: null });
const delivered = aPurchase({
  serviceId: 'gotv',
  kind: 'tv',
  serviceName: 'GOtv',
  planName: 'GOtv GOtv Smallie',
  billersCode: '1212121212',
  phone: '08011111111',
  amountKobo: 190_000,
  chargedKobo: 188_100,
  discountKobo: 1_900,
  balanceAfterKobo: 811_900,
  customerName: 'JOHN DOE',
  message: 'TRANSACTION SUCCESSFUL',
  providerRequestId: '2025031214051234567890abcdef',
  receiptLines: [
    { label: 'Reference', value: 'purchase:pur_01JABCDEFGHJKMNPQRSTVWXYZ0' },
    { label: 'DUE DATE', value: '02-FEB-27' },
  ],
});

function renderReceipt(purchase: Purchase, meta: MockReply<'GET /api/v1/meta'> = sandboxMeta) {
  mockApi({ 'GET /api/v1/meta': meta });
  return renderRoutes([{ path: '/', element: <PurchaseReceipt purchase={purchase} /> }], '/');
}

function rowsOf(receipt: HTMLElement): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const term of within(receipt).getAllByRole('term'))
    rows[term.textContent] = term.nextElementSibling?.textContent ?? '';
  return rows;
}

/** The first screen: the outcome and the facts, without the folded details. */
function firstScreenOf(receipt: HTMLElement): string {
  const copy = receipt.cloneNode(true) as HTMLElement;
  copy.querySelector('details')?.remove();
  return copy.textContent;
}

describe('a receipt tells the truth about the money', () => {
  it('a failed purchase shows what was refunded and the balance after the refund, never an amount charged', async () => {
    renderReceipt(failed);
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    const rows = rowsOf(receipt);
    expect(rows['Refunded']).toBe('₦500.00');
    expect(rows['Balance after']).toBe('₦2,600.00');
    expect(rows['Amount charged']).toBeUndefined();
    expect(receipt.textContent).not.toMatch(/charged/i);
    expect(within(receipt).getByText('Failed')).toBeTruthy();
    expect(within(receipt).getByText('Your ₦500.00 is back in your wallet.')).toBeTruthy();
    expect(within(receipt).getByText('MTN could not complete this top-up.')).toBeTruthy();
  });

  it('a pending purchase shows the amount charged and that it is being confirmed', async () => {
    renderReceipt(pending);
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    const rows = rowsOf(receipt);
    expect(rows['Amount charged']).toBe('₦500.00');
    expect(rows['Balance after']).toBe('₦2,000.00');
    expect(rows['Refunded']).toBeUndefined();
    expect(within(receipt).getByText('Being confirmed')).toBeTruthy();
    expect(receipt.textContent).toContain(
      'Delivered or refunded, usually within a few minutes. If the network does not answer, our team takes it up and tells you.',
    );
    expect(receipt.textContent).not.toContain('TRANSACTION IS PROCESSING');
  });

  it('a pending purchase promises the time it is delivered or refunded by, on a Lagos clock', async () => {
    // 14:42 UTC is 15:42 in Lagos
    renderReceipt({ ...pending, resolveBy: '2025-03-12T14:42:00.000Z' });
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    expect(
      within(receipt).getByText(
        'Delivered or refunded by 15:42, usually within a few minutes. If the network has still not answered by then, our team takes it up and tells you.',
      ),
    ).toBeTruthy();
  });

  it('a pending purchase past its deadline says our team has taken it up', async () => {
    renderReceipt({ ...pending, resolveBy: '2025-03-12T14:42:00.000Z', message: ESCALATED_MESSAGE });
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    expect(within(receipt).getByText(ESCALATED_MESSAGE)).toBeTruthy();
    expect(receipt.textContent).not.toContain('15:42');
  });

  it('a delivered purchase shows the five facts first and folds the rest', async () => {
    renderReceipt(delivered);
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    const rows = rowsOf(receipt);
    expect(rows['Amount charged']).toBe('₦1,881.00');
    expect(rows['What']).toBe('GOtv Smallie');
    expect(rows['Smartcard number']).toBe('1212121212');
    expect(rows['Balance after']).toBe('₦8,119.00');
    expect(rows['Date (Lagos time)']).toBe('12 Mar 2025, 14:05');
    expect(within(receipt).getByText('Delivered')).toBeTruthy();

    const first = firstScreenOf(receipt);
    expect(first).not.toMatch(/Phone|Platform|Request id|Reference|purchase:|TRANSACTION|\d{20,}/);
    const details = receipt.querySelector('details');
    expect(details?.open).toBe(false);
    expect(within(details as HTMLElement).getByText('More details')).toBeTruthy();
    expect(rows['Value']).toBe('₦1,900.00');
    expect(rows['Discount']).toBe('-₦19.00');
    expect(rows['Customer']).toBe('JOHN DOE');
    expect(rows['Due date']).toBe('2 Feb 2027');
    expect(rows['Transaction ID']).toBe('17250000000001');
    expect(receipt.textContent).not.toMatch(/purchase:pur_|2025031214051234567890abcdef/);
  });
});

describe('words on receipts', () => {
  it('names the meter and the smartcard as such, never as a phone', async () => {
    renderReceipt(
      aPurchase({
        kind: 'electricity',
        serviceId: 'ikeja-electric',
        serviceName: 'Ikeja Electric Prepaid',
        billersCode: '1111111111111',
        token: '26362054405982757802',
        units: '79.9 kWh',
      }),
    );
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    const rows = rowsOf(receipt);
    expect(rows['Meter number']).toBe('1111111111111');
    expect(rows['Phone number']).toBe('08031234567');
    expect(firstScreenOf(receipt)).toContain('2636 2054 4059 8275 7802');
  });

  it('turns provider capitals and codes into plain words, and keeps a message already written for people', () => {
    expect(plainText('TRANSACTION SUCCESSFUL')).toBe('Transaction successful');
    expect(plainText('Ikeja Electric')).toBe('Ikeja Electric');
    expect(failureReasonOf(aPurchase({ status: 'failed', message: 'BELOW MINIMUM AMOUNT ALLOWED' }))).toBe(
      'The amount is below the least the provider accepts.',
    );
    expect(failureReasonOf(aPurchase({ status: 'failed', kind: 'electricity', message: '' }))).toBe(
      'Your distributor could not complete this payment.',
    );
    expect(failureReasonOf(aPurchase({ status: 'failed', message: 'Number not on network' }))).toBe(
      'Number not on network',
    );
  });
});

function stubNavigator(values: Record<'share' | 'canShare', unknown>) {
  for (const [key, value] of Object.entries(values))
    Object.defineProperty(navigator, key, { value, configurable: true });
}

describe('sharing a receipt', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
    Reflect.deleteProperty(navigator, 'canShare');
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shares the compact receipt as a PNG through the phone when it can share files', async () => {
    const canvas = stubCanvas();
    const share = vi.fn((_data: ShareData) => Promise.resolve());
    const canShare = vi.fn((data: ShareData) => (data.files?.length ?? 0) > 0);
    stubNavigator({ share, canShare });
    const { user, queryClient } = renderReceipt(failed);
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    await vi.waitFor(() => {
      expect(queryClient.isFetching()).toBe(0);
    });
    await user.click(within(receipt).getByRole('button', { name: 'Share receipt' }));

    await vi.waitFor(() => {
      expect(share).toHaveBeenCalledTimes(1);
    });
    const [file] = share.mock.calls[0]?.[0].files ?? [];
    expect(file?.type).toBe('image/png');
    expect(file?.name).toBe('quickvend-receipt-2025-03-12-1405.png');
    expect(file?.size).toBeGreaterThan(0);
    expect(canvas.drawn).toEqual(expect.arrayContaining(['Failed', 'Refunded', '₦500.00']));
    expect(canvas.drawn.join(' ')).not.toMatch(/charged/i);
    expect(canvas.drawn).toContain(SANDBOX_MARK);
    // what to quote to support, always; the balance only when chosen
    expect(canvas.drawn).toEqual(expect.arrayContaining(['Reference', 'req-key-1']));
    expect(canvas.drawn).not.toContain('Balance after');
    expect(canvas.drawn).not.toContain('₦2,600.00');
  });

  it('puts the balance on the picture only once the customer ticks it, and support as configured', async () => {
    const canvas = stubCanvas();
    const share = vi.fn((_data: ShareData) => Promise.resolve());
    stubNavigator({ share, canShare: vi.fn(() => true) });
    const support = { phone: '0801 234 5678', email: null, whatsappUrl: null, links: [] };
    const { user, queryClient } = renderReceipt(delivered, {
      body: { productName: 'QuickVend', mode: 'sandbox', minFundingKobo: 10_000, support },
    });
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    await vi.waitFor(() => {
      expect(queryClient.isFetching()).toBe(0);
    });
    const choice = within(receipt).getByRole('checkbox', { name: shareTexts.showBalance });
    expect((choice as HTMLInputElement).checked).toBe(false);
    await user.click(within(receipt).getByRole('button', { name: 'Share receipt' }));
    await vi.waitFor(() => {
      expect(share).toHaveBeenCalledTimes(1);
    });
    expect(canvas.drawn).not.toContain('Balance after');
    expect(canvas.drawn).toEqual(
      expect.arrayContaining(['Transaction ID', '17250000000001', SUPPORT_HEADING, 'Call 0801 234 5678']),
    );
    expect(canvas.drawn.join(' ')).not.toMatch(/WhatsApp|Email/);

    canvas.drawn.length = 0;
    await user.click(choice);
    await user.click(within(receipt).getByRole('button', { name: 'Share receipt' }));
    await vi.waitFor(() => {
      expect(share).toHaveBeenCalledTimes(2);
    });
    expect(canvas.drawn).toEqual(expect.arrayContaining(['Balance after', '₦8,119.00']));
    // the receipt on the screen shows the balance either way
    expect(rowsOf(receipt)['Balance after']).toBe('₦8,119.00');
  });

  it('offers no balance choice on a receipt without a balance', async () => {
    renderReceipt({ ...delivered, balanceAfterKobo: null });
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    expect(within(receipt).queryByRole('checkbox')).toBeNull();
  });

  it('saves the PNG as a download when the browser cannot share files', async () => {
    stubCanvas();
    const share = vi.fn();
    stubNavigator({ share, canShare: vi.fn(() => false) });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:receipt');
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { user } = renderReceipt(delivered);
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    await user.click(within(receipt).getByRole('button', { name: 'Share receipt' }));

    expect(await within(receipt).findByText(shareTexts.downloaded)).toBeTruthy();
    expect(createObjectURL.mock.calls[0]?.[0].type).toBe('image/png');
    expect(clicked[0]?.download).toBe('quickvend-receipt-2025-03-12-1405.png');
    expect(clicked[0]?.href).toBe('blob:receipt');
    expect(share).not.toHaveBeenCalled();
  });

  it('says to take a screenshot when the browser cannot draw', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const { user } = renderReceipt(delivered);
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    await user.click(within(receipt).getByRole('button', { name: 'Share receipt' }));
    expect(await within(receipt).findByText(shareTexts.failed)).toBeTruthy();
  });

  it('prints with the details unfolded', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const { user } = renderReceipt(delivered);
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    await user.click(within(receipt).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(receipt.querySelector('details')?.open).toBe(true);
  });
});
