import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type {
  Notification,
  NotificationPreferencesResponse,
  NotificationsResponse,
} from '@quickvend/shared/api/notifications';
import {
  aNotification,
  apiError,
  aRefundedPurchase,
  aUser,
  aWallet,
  mockApi,
  sandboxMeta,
  type MockHandlers,
} from '@/lib/testing/mock-api.ts';
import { USER_EVENTS_URL } from '@/lib/user-events.ts';
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
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }

  close() {
    this.isClosed = true;
  }
}

function useFakeStream() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

const refunded = aNotification({
  id: 'ntf_2',
  title: 'MTN Airtime failed: ₦500.00 refunded',
  body: 'We could not deliver ₦500.00 of MTN Airtime to 08031234567. Your ₦500.00 is back in your wallet.',
  link: '/transactions/req-key-1',
  createdAt: '2025-03-12T13:06:00.000Z',
});
const pinChanged = aNotification({
  id: 'ntf_1',
  category: 'security',
  title: 'Your transaction PIN was changed',
  body: 'The transaction PIN of your QuickVend account was changed on 12 Mar 2025, 14:00 (Lagos time).',
  link: '/profile',
  isRead: true,
  createdAt: '2025-03-12T13:00:00.000Z',
});

function inbox(notifications: Notification[], overrides: Partial<NotificationsResponse> = {}) {
  return {
    body: {
      notifications,
      nextCursor: null,
      unreadCount: notifications.filter((n) => !n.isRead).length,
      ...overrides,
    },
  };
}

function preferences(overrides: Partial<NotificationPreferencesResponse> = {}) {
  return {
    body: {
      preferences: {
        emailPurchases: true,
        emailFunding: true,
        emailReferrals: true,
        smsCredentials: false,
        smsOutcomes: false,
      },
      smsAvailable: true,
      hasPhone: true,
      ...overrides,
    },
  };
}

function signedIn(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(250_000),
    'GET /api/v1/notifications': inbox([refunded, pinChanged]),
    'GET /api/v1/notifications/preferences': preferences(),
    ...overrides,
  });
}

const bell = () => screen.getByRole('link', { name: /^Notifications/ });

/** The bell's label, once the cache has told it (query updates reach components a tick later). */
const bellSays = (label: string) =>
  waitFor(() => {
    expect(bell().getAttribute('aria-label')).toBe(label);
  });

/** The text an element's aria-describedby points at. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('the notifications bell', () => {
  it('shows the unread count the live stream gives, and each new notice adds to it', async () => {
    useFakeStream();
    signedIn();
    renderApp('/dashboard');
    await screen.findByRole('region', { name: 'Wallet balance' });
    // one stream for the balance and the notices, opened once the header has mounted
    await waitFor(() => {
      expect(FakeEventSource.instances).toHaveLength(1);
    });
    const source = FakeEventSource.instances[0] as FakeEventSource;
    expect(source.url).toBe(USER_EVENTS_URL);
    await bellSays('Notifications');
    expect(bell().getAttribute('href')).toBe('/notifications');

    source.emit('notifications', { unreadCount: 2 });
    await bellSays('Notifications, 2 unread');
    expect(within(bell()).getByText('2')).toBeTruthy();
    source.emit('notifications', { unreadCount: 3, notification: refunded });
    await bellSays('Notifications, 3 unread');

    // what is not a count changes nothing
    source.emit('notifications', { unreadCount: -1 });
    source.emit('notifications', { unreadCount: '7' });
    source.emit('notifications', null);
    act(() => {
      source.dispatchEvent(new MessageEvent('notifications', { data: 'not json' }));
    });
    // let what the cache was told reach the page before looking
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread');
    source.emit('notifications', { unreadCount: 120 });
    await waitFor(() => {
      expect(within(bell()).getByText('99+')).toBeTruthy();
    });
    source.emit('notifications', { unreadCount: 0 });
    await bellSays('Notifications');
  });

  it('opens the inbox from the header', async () => {
    const user = userEvent.setup();
    signedIn();
    renderApp('/dashboard');
    await user.click(await screen.findByRole('link', { name: /^Notifications/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notifications' })).toBeTruthy();
  });
});

describe('the inbox', () => {
  it('marks unread notices, and opening one goes to its receipt and marks it read', async () => {
    useFakeStream();
    const user = userEvent.setup();
    const api = signedIn({
      'POST /api/v1/notifications/:id/read': {
        body: { notification: { ...refunded, isRead: true }, unreadCount: 0 },
      },
      'GET /api/v1/purchases/:requestId': { body: { purchase: aRefundedPurchase() } },
    });
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    const items = within(list).getAllByRole('link');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(
        /^Unread: MTN Airtime failed: ₦500\.00 refunded.*back in your wallet\.12 Mar 2025, 14:06$/,
      ),
      expect.stringMatching(/^Your transaction PIN was changed/),
    ]);
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread');

    await user.click(within(list).getByRole('link', { name: /MTN Airtime failed/ }));
    expect(await screen.findByRole('region', { name: 'Receipt' })).toBeTruthy();
    expect(api.callsTo('POST /api/v1/notifications/:id/read').map((call) => call.url)).toEqual([
      '/api/v1/notifications/ntf_2/read',
    ]);
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
  });

  it('marks all as read at once', async () => {
    const user = userEvent.setup();
    const api = signedIn({
      'GET /api/v1/notifications': inbox([refunded, { ...pinChanged, isRead: false }]),
      'POST /api/v1/notifications/read-all': { body: { unreadCount: 0 } },
    });
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    expect(within(list).getAllByText(/^Unread:/)).toHaveLength(2);
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 unread');
    expect(screen.getByText('2 unread')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => {
      expect(within(list).queryAllByText(/^Unread:/)).toHaveLength(0);
    });
    expect(api.callsTo('POST /api/v1/notifications/read-all')).toHaveLength(1);
    expect(bell().getAttribute('aria-label')).toBe('Notifications');
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('says in plain words when there is nothing yet', async () => {
    signedIn({ 'GET /api/v1/notifications': inbox([]) });
    renderApp('/notifications');
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.getByText(/We will tell you here when a purchase is delivered or refunded/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });

  it('shows older notices on request', async () => {
    const user = userEvent.setup();
    const api = signedIn({
      'GET /api/v1/notifications': (_body, url) =>
        url.searchParams.get('cursor') === 'ntf_2'
          ? inbox([pinChanged], { unreadCount: 1 })
          : inbox([refunded], { nextCursor: 'ntf_2' }),
    });
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Your notifications' });
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Show older notifications' }));
    await waitFor(() => {
      expect(within(list).getAllByRole('link')).toHaveLength(2);
    });
    expect(api.callsTo('GET /api/v1/notifications').map((call) => call.url)).toEqual([
      '/api/v1/notifications',
      '/api/v1/notifications?cursor=ntf_2',
    ]);
    expect(screen.queryByRole('button', { name: 'Show older notifications' })).toBeNull();
  });

  it('offers to try again when the inbox cannot be loaded', async () => {
    const user = userEvent.setup();
    const api = signedIn({
      'GET /api/v1/notifications': apiError(503, 'SERVICE_UNAVAILABLE', 'Down'),
    });
    renderApp('/notifications');
    expect(await screen.findByText(/We could not load your notifications/)).toBeTruthy();
    api.set('GET /api/v1/notifications', inbox([refunded]));
    await user.click(screen.getAllByRole('button', { name: 'Try again' })[0] as HTMLElement);
    expect(await screen.findByRole('list', { name: 'Your notifications' })).toBeTruthy();
  });
});

describe('notification settings', () => {
  it('turns an email category off at once and saves it; security cannot be turned off', async () => {
    const user = userEvent.setup();
    const api = signedIn({
      'PUT /api/v1/notifications/preferences': (change) =>
        preferences({
          preferences: {
            emailPurchases: true,
            emailFunding: true,
            emailReferrals: true,
            smsCredentials: false,
            smsOutcomes: false,
            ...change,
          },
        }),
    });
    renderApp('/notifications');
    const purchases = await screen.findByRole('switch', { name: 'Purchases' });
    expect((purchases as HTMLInputElement).checked).toBe(true);
    expect(descriptionOf(purchases)).toMatch(/with your tokens and PINs/);
    const security = screen.getByRole('switch', { name: 'Account security' });
    expect((security as HTMLInputElement).checked).toBe(true);
    expect((security as HTMLInputElement).disabled).toBe(true);

    await user.click(purchases);
    expect((purchases as HTMLInputElement).checked).toBe(false);
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/notifications/preferences').map((call) => call.body)).toEqual([
      { emailPurchases: false },
    ]);
  });

  it("turns on a text of each purchase's outcome, off until the customer asks", async () => {
    const user = userEvent.setup();
    const api = signedIn({
      'PUT /api/v1/notifications/preferences': (change) =>
        preferences({
          preferences: {
            emailPurchases: true,
            emailFunding: true,
            emailReferrals: true,
            smsCredentials: false,
            smsOutcomes: false,
            ...change,
          },
        }),
    });
    renderApp('/notifications');
    const outcomes = await screen.findByRole('switch', { name: "Text me each purchase's outcome" });
    expect((outcomes as HTMLInputElement).checked).toBe(false);
    expect(descriptionOf(outcomes)).toMatch(/delivered \(with its token or PINs\) or fails and is refunded/);
    await user.click(outcomes);
    expect((outcomes as HTMLInputElement).checked).toBe(true);
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/notifications/preferences').map((call) => call.body)).toEqual([
      { smsOutcomes: true },
    ]);
    expect(screen.getByRole('link', { name: 'Open the sandbox text messages' })).toBeTruthy();
  });

  it('shows where the sandbox keeps the text messages once they are on', async () => {
    signedIn({
      'GET /api/v1/notifications/preferences': preferences({
        preferences: {
          emailPurchases: true,
          emailFunding: true,
          emailReferrals: true,
          smsCredentials: true,
          smsOutcomes: false,
        },
      }),
    });
    renderApp('/notifications');
    const link = await screen.findByRole('link', { name: 'Open the sandbox text messages' });
    expect(link.getAttribute('href')).toBe('/sandbox/sms');
  });

  it('texts tokens and PINs only to a phone on the account', async () => {
    signedIn({ 'GET /api/v1/notifications/preferences': preferences({ hasPhone: false }) });
    renderApp('/notifications');
    const sms = await screen.findByRole('switch', { name: 'Text me tokens and exam PINs' });
    expect((sms as HTMLInputElement).checked).toBe(false);
    expect((sms as HTMLInputElement).disabled).toBe(true);
    expect(descriptionOf(sms)).toMatch(/Add a phone number to your profile first/);
  });

  it('puts a switch back and says so when saving fails', async () => {
    const user = userEvent.setup();
    signedIn({ 'PUT /api/v1/notifications/preferences': apiError(503, 'SERVICE_UNAVAILABLE', 'Down') });
    renderApp('/notifications');
    const sms = await screen.findByRole('switch', { name: 'Text me tokens and exam PINs' });
    expect((sms as HTMLInputElement).disabled).toBe(false);
    expect(descriptionOf(sms)).toMatch(/to the phone number on your account/);
    await user.click(sms);
    expect(await screen.findByText('We could not save that change. Please try again.')).toBeTruthy();
    expect((sms as HTMLInputElement).checked).toBe(false);
  });

  it('shows no text message switch where the service sends none', async () => {
    signedIn({ 'GET /api/v1/notifications/preferences': preferences({ smsAvailable: false }) });
    renderApp('/notifications');
    expect(await screen.findByRole('switch', { name: 'Purchases' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: /Text me/ })).toBeNull();
  });
});
