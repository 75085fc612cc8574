import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { disputeMessages, type AdminDispute } from '@quickvend/shared/api/disputes';
import { aDispute, anAdminDispute } from '@/lib/testing/disputes.ts';
import { apiError, aUser, aWallet, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';
import type { Wire } from '@/lib/testing/wire.ts';

const older = anAdminDispute();
const newer = anAdminDispute({
  id: 'dsp_2',
  purchaseId: 'pur_01JQ00000000000000DSTV22',
  providerAnswer: null,
  providerMessage: null,
  answer: 'The provider has not confirmed it yet. Our team has your report and will reply within a day.',
  customerNote: null,
  createdAt: '2025-03-12T16:00:00.000Z',
  customer: { name: 'Chidi Eze', email: 'chidi@example.com' },
  purchase: {
    serviceName: 'DStv Subscription',
    recipient: '1212121212',
    amountKobo: 1_900_000,
    deliveredAt: '2025-03-12T15:30:00.000Z',
    transactionId: null,
  },
});
const closedOne = anAdminDispute({
  id: 'dsp_0',
  status: 'closed',
  resolution: 'MTN confirmed delivery at 14:05; the customer found it after a restart.',
  closedAt: '2025-03-13T09:30:00.000Z',
});

function disputesApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser({ id: 'usr_me', role: 'admin' }) } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/admin/float': {
      body: {
        balanceKobo: 25_000_000,
        balance: '250000.00',
        checkedAt: null,
        error: null,
        thresholdKobo: 10_000_000,
        threshold: '100000.00',
        below: false,
        liabilitiesKobo: 0,
        liabilities: '0.00',
        coversLiabilities: true,
      },
    },
    'GET /api/v1/admin/disputes': (_body, url) => ({
      body: { disputes: url.searchParams.get('status') === 'closed' ? [closedOne] : [older, newer] },
    }),
    ...overrides,
  });
}

/** The value beside a term on a report's card. */
const factOf = (card: HTMLElement) => (term: string) =>
  within(card)
    .getAllByRole('term')
    .find((dt) => dt.textContent === term)?.nextElementSibling?.textContent;

const cardOf = (name: RegExp | string) => {
  const heading = screen.getByRole('heading', { name });
  const card = heading.closest('li');
  if (!card) throw new Error(`no card for ${String(name)}`);
  return card;
};

describe('back office: not received', () => {
  it('is a back-office section listing open reports oldest first, with the evidence and the purchase', async () => {
    const api = disputesApi();
    const { user } = renderApp('/admin/not-received?status=closed');
    await screen.findByRole('list', { name: 'Closed reports' });
    await user.click(
      within(await screen.findByRole('navigation', { name: 'Back office' })).getByRole('link', {
        name: 'Not received',
      }),
    );
    const list = await screen.findByRole('list', { name: 'Open reports' });
    expect(screen.getByRole('heading', { level: 1, name: 'Not received' })).toBeTruthy();
    expect(api.callsTo('GET /api/v1/admin/disputes').at(-1)?.url).toBe('/api/v1/admin/disputes?status=open');
    const headings = within(list)
      .getAllByRole('heading')
      .map((heading) => heading.textContent);
    expect(headings).toEqual(['MTN Airtime VTU · 08031234567', 'DStv Subscription · 1212121212']);

    const first = cardOf('MTN Airtime VTU · 08031234567');
    const fact = factOf(first);
    expect(within(first).getByText('₦500.00')).toBeTruthy();
    expect(fact('Customer')).toBe('Bola Ade · bola@example.com');
    expect(fact('Delivered')).toBe('12 Mar 2025, 14:05');
    expect(fact('Reported')).toBe('12 Mar 2025, 15:00');
    expect(fact('VTpass, asked again')).toBe('Delivered“TRANSACTION SUCCESSFUL”');
    expect(fact('Customer’s note')).toBe('“No airtime on my line”');
    expect(fact('Told the customer')).toBe(older.answer);
    expect(fact('VTpass transaction ID')).toBe('17250000000001');
    expect(
      within(first).getByRole('link', { name: 'Open the purchase and its timeline' }).getAttribute('href'),
    ).toBe('/admin/purchases/pur_01JQ0000000000000DISPUTED');

    const second = cardOf('DStv Subscription · 1212121212');
    const secondFact = factOf(second);
    expect(secondFact('VTpass, asked again')).toBe('Could not be reached');
    expect(secondFact('Customer’s note')).toBe('None');
    expect(within(second).queryByText('VTpass transaction ID')).toBeNull();
  });

  it('closes a report only with what the admin found and did, then says the customer will see it', async () => {
    let open: Wire<AdminDispute>[] = [older, newer];
    const api = disputesApi({
      'GET /api/v1/admin/disputes': () => ({ body: { disputes: open } }),
      'POST /api/v1/admin/disputes/:id/close': (body) => {
        open = [newer];
        return {
          body: {
            dispute: aDispute({
              status: 'closed',
              resolution: body.resolution,
              closedAt: '2025-03-13T09:30:00.000Z',
            }),
          },
        };
      },
    });
    const { user } = renderApp('/admin/not-received');
    await screen.findByRole('list', { name: 'Open reports' });
    const card = cardOf('MTN Airtime VTU · 08031234567');
    await user.click(
      within(card).getByRole('button', { name: 'Close the report on MTN Airtime VTU for 08031234567' }),
    );
    const form = within(card).getByRole('form', {
      name: 'Close the report on MTN Airtime VTU for 08031234567',
    });
    const resolution = within(form).getByLabelText('What did you find and do?');
    expect(document.activeElement).toBe(resolution);
    expect(within(form).getByText(/Bola Ade sees your answer on their receipt/)).toBeTruthy();

    await user.click(within(form).getByRole('button', { name: 'Close the report' }));
    expect(
      await within(form).findByText('Say what you found and what you did, so the customer knows.'),
    ).toBeTruthy();
    await user.type(resolution, '   ');
    await user.click(within(form).getByRole('button', { name: 'Close the report' }));
    expect(
      within(form).getByText('Say what you found and what you did, so the customer knows.'),
    ).toBeTruthy();
    expect(api.callsTo('POST /api/v1/admin/disputes/:id/close')).toHaveLength(0);

    await user.type(resolution, 'MTN confirmed delivery at 14:05; asked the customer to restart the phone.');
    await user.click(within(form).getByRole('button', { name: 'Close the report' }));
    expect(await screen.findByText('Closed: Bola Ade will see your answer on their receipt.')).toBeTruthy();
    const [closed] = api.callsTo('POST /api/v1/admin/disputes/:id/close');
    expect(closed?.url).toBe('/api/v1/admin/disputes/dsp_1/close');
    expect(closed?.body).toEqual({
      resolution: 'MTN confirmed delivery at 14:05; asked the customer to restart the phone.',
    });
    await waitFor(() => {
      expect(screen.queryByRole('heading', { name: 'MTN Airtime VTU · 08031234567' })).toBeNull();
    });
    expect(screen.getByRole('heading', { name: 'DStv Subscription · 1212121212' })).toBeTruthy();
  });

  it('says so when someone else closed the report first', async () => {
    disputesApi({
      'POST /api/v1/admin/disputes/:id/close': apiError(409, 'CONFLICT', disputeMessages.alreadyClosed),
    });
    const { user } = renderApp('/admin/not-received');
    await screen.findByRole('list', { name: 'Open reports' });
    const card = cardOf('MTN Airtime VTU · 08031234567');
    await user.click(within(card).getByRole('button', { name: /^Close the report on MTN/ }));
    await user.type(
      within(card).getByLabelText('What did you find and do?'),
      'Delivered, confirmed with MTN.',
    );
    await user.click(within(card).getByRole('button', { name: 'Close the report' }));
    const message = await screen.findByText(`Error: ${disputeMessages.alreadyClosed}`);
    expect(message.getAttribute('data-tone')).toBe('error');
  });

  it('shows the closed reports with what was found, and nothing left to close', async () => {
    const api = disputesApi();
    const { user } = renderApp('/admin/not-received');
    await screen.findByRole('list', { name: 'Open reports' });
    await user.click(screen.getByRole('link', { name: 'Closed' }));
    const list = await screen.findByRole('list', { name: 'Closed reports' });
    expect(screen.getByRole('link', { name: 'Closed' }).getAttribute('aria-current')).toBe('page');
    expect(api.callsTo('GET /api/v1/admin/disputes').at(-1)?.url).toBe(
      '/api/v1/admin/disputes?status=closed',
    );
    const card = cardOf('MTN Airtime VTU · 08031234567');
    expect(list.contains(card)).toBe(true);
    const fact = factOf(card);
    expect(fact('What we found and did')).toBe(closedOne.resolution);
    expect(fact('Closed')).toBe('13 Mar 2025, 10:30');
    expect(within(card).queryByRole('button', { name: /Close the report/ })).toBeNull();
  });

  it('says when there is nothing open', async () => {
    disputesApi({ 'GET /api/v1/admin/disputes': { body: { disputes: [] } } });
    renderApp('/admin/not-received');
    expect(
      await screen.findByText(
        'No open reports. Every customer who said they did not get something has an answer.',
      ),
    ).toBeTruthy();
  });
});
