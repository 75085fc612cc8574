import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { disputeMessages } from '@quickvend/shared/api/disputes';
import type { Purchase } from '@quickvend/shared/api/purchases';
import { PurchaseResult } from '@/features/purchases/components/purchase-result.tsx';
import { TransactionReceiptPage } from '@/features/transactions/components/transaction-receipt-page.tsx';
import { aDispute } from '@/lib/testing/disputes.ts';
import {
  aPurchase,
  apiError,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { renderRoutes } from '@/lib/testing/render.tsx';
import { USER_EVENTS_URL } from '@/lib/user-events.ts';
import { renderApp } from '../testing.tsx';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const delivered = (overrides: Partial<Purchase> = {}) =>
  aPurchase({ requestId: 'req-5', phone: '08011111111', updatedAt: hoursAgo(2), ...overrides });
const noReport = { body: { dispute: null } };
const didntGetIt = /I didn.t get it/;

function receiptApi(purchase: Purchase, overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/purchases/:requestId': { body: { purchase } },
    'GET /api/v1/purchases/:requestId/dispute': noReport,
    ...overrides,
  });
}

describe("I didn't get it, on a receipt", () => {
  it('asks the provider again with the note and shows its answer calmly above the receipt, the button gone', async () => {
    const answer = aDispute();
    const api = receiptApi(delivered(), {
      'POST /api/v1/purchases/:requestId/dispute': { body: { dispute: answer } },
    });
    const { user } = renderApp('/transactions/req-5');
    await user.click(await screen.findByRole('button', { name: didntGetIt }));

    const form = screen.getByRole('form', { name: didntGetIt });
    const note = within(form).getByLabelText('What happened? (optional)');
    expect(document.activeElement).toBe(note);
    expect(note.getAttribute('maxlength')).toBe('500');
    expect(within(form).getByText('For example: no airtime came to the line.')).toBeTruthy();
    await user.type(note, '  No airtime on my line ');
    await user.click(within(form).getByRole('button', { name: 'Check with the provider' }));

    const state = await screen.findByRole('status', { name: 'We are looking into it' });
    // above the receipt, where it is seen first
    expect(state.compareDocumentPosition(screen.getByRole('region', { name: 'Receipt' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(state.textContent).toContain(answer.answer);
    expect(state.textContent).toContain('You told us: “No airtime on my line”');
    expect(state.className).not.toMatch(/red/);
    expect(document.activeElement).toBe(state);
    expect(screen.queryByRole('button', { name: didntGetIt })).toBeNull();
    expect(screen.queryByRole('form', { name: didntGetIt })).toBeNull();
    const [sent] = api.callsTo('POST /api/v1/purchases/:requestId/dispute');
    expect(sent?.url).toBe('/api/v1/purchases/req-5/dispute');
    expect(sent?.body).toEqual({ note: 'No airtime on my line' });
  });

  it('sends no note when none is written, and Cancel closes the form without asking', async () => {
    const api = receiptApi(delivered(), {
      'POST /api/v1/purchases/:requestId/dispute': { body: { dispute: aDispute({ customerNote: null }) } },
    });
    const { user } = renderApp('/transactions/req-5');
    await user.click(await screen.findByRole('button', { name: didntGetIt }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: didntGetIt })).toBeNull();
    const button = screen.getByRole('button', { name: didntGetIt });
    expect(document.activeElement).toBe(button);
    expect(api.callsTo('POST /api/v1/purchases/:requestId/dispute')).toHaveLength(0);

    await user.click(button);
    await user.click(screen.getByRole('button', { name: 'Check with the provider' }));
    expect(await screen.findByRole('status', { name: 'We are looking into it' })).toBeTruthy();
    expect(api.callsTo('POST /api/v1/purchases/:requestId/dispute')[0]?.body).toEqual({});
    expect(screen.queryByText(/You told us/)).toBeNull();
  });

  it('is offered only on a delivered purchase within a day of delivery', async () => {
    const api = receiptApi(delivered({ updatedAt: hoursAgo(25) }));
    const view = renderApp('/transactions/req-5');
    await screen.findByRole('region', { name: 'Receipt' });
    await waitFor(() => {
      expect(api.callsTo('GET /api/v1/purchases/:requestId/dispute')).toHaveLength(1);
    });
    expect(screen.queryByRole('button', { name: didntGetIt })).toBeNull();
    view.unmount();

    for (const purchase of [
      aPurchase({ requestId: 'req-5', status: 'pending', updatedAt: hoursAgo(0.1) }),
      aPurchase({ requestId: 'req-5', status: 'failed', updatedAt: hoursAgo(0.1) }),
    ]) {
      const other = receiptApi(purchase);
      const shown = renderApp('/transactions/req-5');
      await screen.findByRole('region', { name: 'Receipt' });
      expect(screen.queryByRole('button', { name: didntGetIt })).toBeNull();
      // a purchase that was never delivered has no report to look for
      expect(other.callsTo('GET /api/v1/purchases/:requestId/dispute')).toHaveLength(0);
      shown.unmount();
    }
  });

  it('shows an open report instead of the button when the customer already made one', async () => {
    receiptApi(delivered(), {
      'GET /api/v1/purchases/:requestId/dispute': { body: { dispute: aDispute({ customerNote: null }) } },
    });
    renderApp('/transactions/req-5');
    expect(await screen.findByRole('status', { name: 'We are looking into it' })).toBeTruthy();
    expect(screen.getByText(/^The provider confirms it delivered this/)).toBeTruthy();
    expect(screen.getByText('Reported 12 Mar 2025, 15:00 (Lagos time)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: didntGetIt })).toBeNull();
  });

  it("shows a closed report's resolution, however long ago it was delivered", async () => {
    const resolution =
      'MTN confirmed the airtime reached 08011111111 at 14:05. If it is still missing, dial *310# to check.';
    receiptApi(delivered({ updatedAt: hoursAgo(24 * 5) }), {
      'GET /api/v1/purchases/:requestId/dispute': {
        body: {
          dispute: aDispute({ status: 'closed', resolution, closedAt: '2025-03-13T09:30:00.000Z' }),
        },
      },
    });
    renderApp('/transactions/req-5');
    const state = await screen.findByRole('status', { name: 'Our team looked into it' });
    expect(within(state).getByText(resolution)).toBeTruthy();
    expect(within(state).getByText('Answered 13 Mar 2025, 10:30 (Lagos time)')).toBeTruthy();
    expect(state.textContent).not.toContain('We are looking into it');
    expect(screen.queryByRole('button', { name: didntGetIt })).toBeNull();
  });

  it("shows the server's refusal in its words, calmly, with nothing more to press", async () => {
    receiptApi(delivered(), {
      'POST /api/v1/purchases/:requestId/dispute': apiError(409, 'CONFLICT', disputeMessages.tooLate),
    });
    const { user } = renderApp('/transactions/req-5');
    await user.click(await screen.findByRole('button', { name: didntGetIt }));
    await user.click(screen.getByRole('button', { name: 'Check with the provider' }));
    const refusal = await screen.findByText(disputeMessages.tooLate);
    expect(refusal.getAttribute('data-tone')).toBe('info');
    expect(screen.queryByRole('form', { name: didntGetIt })).toBeNull();
    expect(screen.queryByRole('button', { name: didntGetIt })).toBeNull();
  });

  it('keeps the form, with the note, when the provider check could not be made', async () => {
    receiptApi(delivered(), {
      'POST /api/v1/purchases/:requestId/dispute': apiError(
        429,
        'RATE_LIMITED',
        'Too many attempts. Please wait a few minutes.',
      ),
    });
    const { user } = renderApp('/transactions/req-5');
    await user.click(await screen.findByRole('button', { name: didntGetIt }));
    await user.type(screen.getByLabelText('What happened? (optional)'), 'Nothing came');
    await user.click(screen.getByRole('button', { name: 'Check with the provider' }));
    const error = await screen.findByText('Error: Too many attempts. Please wait a few minutes.');
    expect(error.getAttribute('data-tone')).toBe('error');
    expect(screen.getByLabelText<HTMLTextAreaElement>('What happened? (optional)').value).toBe(
      'Nothing came',
    );
  });
});

/** Stands in for the browser's EventSource: the test sends the server's events. */
class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  readonly url: string;

  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  emit(type: string, data: unknown) {
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }

  close() {
    // nothing to end: the test is the server
  }
}

describe("I didn't get it, answered while the receipt is open", () => {
  it("shows the team's answer as soon as the live stream says so, without a reload", async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const resolution = 'MTN confirmed the airtime reached 08011111111. Dial *310# to see it.';
    const api = receiptApi(delivered(), {
      'GET /api/v1/purchases/:requestId/dispute': { body: { dispute: aDispute() } },
    });
    renderApp('/transactions/req-5');
    expect(await screen.findByRole('status', { name: 'We are looking into it' })).toBeTruthy();
    // the page's one stream, shared with the live balance: no second connection
    expect(FakeEventSource.instances.map((source) => source.url)).toEqual([USER_EVENTS_URL]);
    const source = FakeEventSource.instances[0] as FakeEventSource;
    const asked = () => api.callsTo('GET /api/v1/purchases/:requestId/dispute').length;
    const before = asked();

    api.set('GET /api/v1/purchases/:requestId/dispute', {
      body: {
        dispute: aDispute({ status: 'closed', resolution, closedAt: '2025-03-13T09:30:00.000Z' }),
      },
    });
    // another purchase's news changes nothing here
    source.emit('purchase', { requestId: 'req-other' });
    expect(asked()).toBe(before);

    source.emit('purchase', { requestId: 'req-5' });
    const answered = await screen.findByRole('status', { name: 'Our team looked into it' });
    expect(within(answered).getByText(resolution)).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'We are looking into it' })).toBeNull();
    expect(asked()).toBe(before + 1);
  });
});

describe("I didn't get it, right after buying", () => {
  function renderResultThenReceipt(purchase: Purchase) {
    receiptApi(purchase);
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
        { path: '/transactions/:requestId', element: <TransactionReceiptPage /> },
      ],
      '/',
    );
  }

  it('opens the receipt with the form open and the focus in it', async () => {
    const { user } = renderResultThenReceipt(delivered());
    await user.click(await screen.findByRole('link', { name: didntGetIt }));
    const form = await screen.findByRole('form', { name: didntGetIt });
    expect(screen.getByRole('region', { name: 'Receipt' })).toBeTruthy();
    await waitFor(() => {
      expect(document.activeElement).toBe(within(form).getByLabelText('What happened? (optional)'));
    });
  });

  it('is not offered for a purchase that was not delivered', async () => {
    renderResultThenReceipt(aPurchase({ status: 'pending', message: 'TRANSACTION IS PROCESSING' }));
    await screen.findByRole('region', { name: 'Transaction Receipt' });
    expect(screen.queryByRole('link', { name: didntGetIt })).toBeNull();
  });
});
