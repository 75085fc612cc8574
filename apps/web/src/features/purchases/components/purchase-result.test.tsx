import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { ESCALATED_MESSAGE } from '@quickvend/shared/messages/purchase';
import { aPurchase, aRefundedPurchase, mockApi, sandboxMeta } from '@/lib/testing/mock-api.ts';
import { renderRoutes } from '@/lib/testing/render.tsx';
import { PurchaseResult } from './purchase-result.tsx';

const failed = aRefundedPurchase({ transactionId: null });
const pending = aPurchase({ status: 'pending', message: 'TRANSACTION IS PROCESSING', transactionId: null });

function renderResult(purchase: Purchase) {
  mockApi({ 'GET /api/v1/meta': sandboxMeta });
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <PurchaseResult
            purchase={purchase}
            onStartOver={() => undefined}
            startOverLabel="Buy more"
            onBuyAgain={() => undefined}
          />
        ),
      },
    ],
    '/',
  );
}

function rowsOf(receipt: HTMLElement): Record<string, string> {
  const rows: Record<string, string> = {};
  for (const term of within(receipt).getAllByRole('term'))
    rows[term.textContent] = term.nextElementSibling?.textContent ?? '';
  return rows;
}

describe('the result screen after paying', () => {
  it('failed: says why in plain words, that the money is back, and the true balance', async () => {
    renderResult(failed);
    const status = await screen.findByText('Error: MTN could not complete this top-up.', { exact: false });
    expect(status.getAttribute('data-tone')).toBe('error');
    expect(status.textContent).toBe(messages.purchase.airtimeFailed('MTN could not complete this top-up.'));
    const receipt = screen.getByRole('region', { name: 'Transaction Receipt' });
    const rows = rowsOf(receipt);
    expect(rows['Refunded']).toBe('₦500.00');
    expect(rows['Balance after']).toBe('₦2,600.00');
    expect(receipt.textContent).not.toMatch(/charged/i);
    expect(screen.getByText('Your ₦500.00 is back in your wallet.')).toBeTruthy();
    // the reason is said once, in the status message above the receipt
    expect(screen.getAllByText(/MTN could not complete this top-up/)).toHaveLength(1);
  });

  it('pending: the amount charged, being confirmed', async () => {
    renderResult(pending);
    expect(await screen.findByText(/being confirmed with the network/)).toBeTruthy();
    const rows = rowsOf(screen.getByRole('region', { name: 'Transaction Receipt' }));
    expect(rows['Amount charged']).toBe('₦500.00');
    expect(rows['Refunded']).toBeUndefined();
  });

  it('pending: promises the Lagos time, and what happens then if the network has not answered', async () => {
    renderResult({ ...pending, resolveBy: '2025-03-12T14:42:00.000Z' });
    const status = await screen.findByText(/being confirmed with the network/);
    expect(status.textContent).toBe(
      'Your purchase is being confirmed with the network. Delivered or refunded by 15:42, usually within a few minutes. If the network has still not answered by then, our team takes it up and tells you. You can leave this page: the result will show in your transactions.',
    );
    expect(status.textContent).not.toMatch(/refunded automatically/);
  });

  it('pending past its deadline: says our team has it, as the receipt and the notice do', async () => {
    renderResult({ ...pending, message: ESCALATED_MESSAGE, resolveBy: '2025-03-12T14:42:00.000Z' });
    expect((await screen.findByText(/Our team is checking it/)).textContent).toBe(ESCALATED_MESSAGE);
  });

  it('delivered: the spec success message and the amount charged', async () => {
    renderResult(aPurchase());
    expect(await screen.findByText(/Transaction Successful!/)).toBeTruthy();
    const rows = rowsOf(screen.getByRole('region', { name: 'Transaction Receipt' }));
    expect(rows['Amount charged']).toBe('₦500.00');
    expect(rows['What']).toBe('MTN Airtime');
    expect(rows['Phone number']).toBe('08031234567');
  });
});
