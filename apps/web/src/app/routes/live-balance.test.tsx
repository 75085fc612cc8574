import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { WALLET_EVENTS_URL } from '@/features/wallet/live-balance.ts';
import { aUser, aWallet, deferred, mockApi, sandboxMeta, type MockReply } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

/** Stands in for the browser's EventSource: the test sends the server's events. */
class FakeEventSource extends EventTarget {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  isClosed = false;

  constructor(url: string) {
    super();
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  close() {
    this.isClosed = true;
  }
}

function balanceShown() {
  const card = screen.getByRole('region', { name: 'Wallet balance' });
  const chip = screen.getByText('Balance:', { exact: false }).parentElement;
  return { card: card.textContent, chip: chip?.textContent };
}

describe('live balance', () => {
  it('shows a balance event at once, before the wallet is fetched again, and closes the stream with the layout', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const api = mockApi({
      'GET /api/v1/session': { body: { user: aUser() } },
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/wallet': aWallet(250_000),
    });
    const view = renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Wallet balance' });
    await within(card).findByText('₦2,500.00');

    expect(FakeEventSource.instances).toHaveLength(1);
    const source = FakeEventSource.instances[0] as FakeEventSource;
    expect(source.url).toBe(WALLET_EVENTS_URL);

    // the greeting on (re)connect repeats the balance already shown: nothing is fetched again
    source.emit('open', {});
    source.emit('balance', { balanceKobo: 250_000, balance: '2500.00' });
    expect(api.callsTo('GET /api/v1/wallet')).toHaveLength(1);

    // the server is slow to answer the refresh: the event alone must move the balance
    const refresh = deferred<MockReply<'GET /api/v1/wallet'>>();
    api.set('GET /api/v1/wallet', () => refresh.promise);
    source.emit('balance', { balanceKobo: 750_050, balance: '7500.50' });
    await waitFor(() => {
      expect(balanceShown()).toEqual({
        card: expect.stringContaining('₦7,500.50') as string,
        chip: 'Balance: ₦7,500.50',
      });
    });
    expect(api.callsTo('GET /api/v1/wallet')).toHaveLength(2);

    refresh.resolve(aWallet(750_050));
    await waitFor(() => {
      expect(balanceShown().chip).toBe('Balance: ₦7,500.50');
    });

    // what is not a balance changes nothing and fetches nothing
    source.emit('balance', { balanceKobo: '1', balance: '0.01' });
    source.emit('balance', { balanceKobo: 1.5, balance: '0.02' });
    source.emit('balance', { balanceKobo: 100 });
    source.emit('balance', null);
    source.dispatchEvent(new MessageEvent('balance', { data: 'not json' }));
    expect(balanceShown().chip).toBe('Balance: ₦7,500.50');
    expect(api.callsTo('GET /api/v1/wallet')).toHaveLength(2);
    view.unmount();
    expect(source.isClosed).toBe(true);
  });

  it('stops listening when the server ends the stream for good, and opens a new one on the next page', async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    mockApi({
      'GET /api/v1/session': { body: { user: aUser() } },
      'GET /api/v1/meta': sandboxMeta,
      'GET /api/v1/wallet': aWallet(250_000),
    });
    const view = renderApp('/dashboard');
    await within(await screen.findByRole('region', { name: 'Wallet balance' })).findByText('₦2,500.00');
    const source = FakeEventSource.instances[0] as FakeEventSource;

    // opened in a sixth tab, or signed out: reconnecting would be refused or end another tab's stream
    source.emit('end', { reason: 'replaced' });
    expect(source.isClosed).toBe(true);
    expect(FakeEventSource.instances).toHaveLength(1);
    view.unmount();

    renderApp('/dashboard');
    await within(await screen.findByRole('region', { name: 'Wallet balance' })).findByText('₦2,500.00');
    expect(FakeEventSource.instances).toHaveLength(2);
    expect(FakeEventSource.instances[1]?.isClosed).toBe(false);
  });
});
