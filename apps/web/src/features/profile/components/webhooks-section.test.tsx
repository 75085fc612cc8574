import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { webhookTexts, type WebhookEndpoint, type WebhookMessage } from '@quickvend/shared/api/webhooks';
import { aProfile, apiError } from '@/lib/testing/mock-api.ts';
import { PARTNER_SINCE, profileApi, renderProfile } from './profile-page-testing.tsx';
import { webhookSectionTexts } from './webhooks-section.tsx';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

function anEndpoint(overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    mode: 'live',
    url: 'https://shop.example/hooks',
    enabled: true,
    disabledReason: null,
    disabledAt: null,
    secretPrefix: 'whsec_MfKQ…',
    previousSecretUntil: null,
    createdAt: '2025-03-01T09:00:00.000Z',
    updatedAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

function aMessage(overrides: Partial<WebhookMessage> = {}): WebhookMessage {
  return {
    id: 'msg_01',
    mode: 'live',
    type: 'purchase.delivered',
    status: 'failed',
    payload: { type: 'purchase.delivered' },
    attempts: [
      { at: '2025-03-01T09:01:00.000Z', statusCode: 500, durationMs: 120, error: null, body: 'oops' },
    ],
    nextAttemptAt: null,
    deliveredAt: null,
    failure: 'Given up after about three days of tries without a 2xx answer.',
    createdAt: '2025-03-01T09:01:00.000Z',
    ...overrides,
  };
}

const partner = {
  'GET /api/v1/profile': { body: { profile: aProfile({ partnerAccessSince: PARTNER_SINCE }) } },
};

describe('webhooks in Developers', () => {
  it('saves an address and shows the signing secret once', async () => {
    const api = profileApi({
      ...partner,
      'PUT /api/v1/webhooks/endpoint': (body) => ({
        body: { endpoint: anEndpoint({ url: body.url }), secret: SECRET },
      }),
    });
    const { user } = renderProfile();
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    await user.type(within(section).getByLabelText('Webhook address'), 'https://shop.example/hooks');
    await user.click(within(section).getByRole('button', { name: 'Save address' }));
    expect(await within(section).findByText(webhookSectionTexts.secretOnce)).toBeTruthy();
    expect(within(section).getByLabelText<HTMLInputElement>('Signing secret').value).toBe(SECRET);
    expect(api.callsTo('PUT /api/v1/webhooks/endpoint')[0]?.body).toEqual({
      mode: 'live',
      url: 'https://shop.example/hooks',
      enabled: true,
    });
    await user.click(within(section).getByRole('button', { name: 'I have saved it' }));
    expect(within(section).queryByLabelText('Signing secret')).toBeNull();
  });

  it('keeps a separate address for test keys', async () => {
    const api = profileApi({
      ...partner,
      'GET /api/v1/webhooks/endpoint': (_, url) => ({
        body: {
          endpoint:
            url.searchParams.get('mode') === 'live' ? anEndpoint({ url: 'https://shop.example/live' }) : null,
        },
      }),
      'PUT /api/v1/webhooks/endpoint': (body) => ({
        body: { endpoint: anEndpoint({ mode: 'test', url: body.url }), secret: SECRET },
      }),
    });
    const { user } = renderProfile();
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    expect(await within(section).findByDisplayValue('https://shop.example/live')).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'For test keys' }));
    const address = await within(section).findByLabelText<HTMLInputElement>('Webhook address');
    await waitFor(() => {
      expect(address.value).toBe('');
    });
    await user.type(address, 'http://localhost:4000/hooks');
    await user.click(within(section).getByRole('button', { name: 'Save address' }));
    expect(await within(section).findByText(webhookSectionTexts.secretOnce)).toBeTruthy();
    expect(api.callsTo('PUT /api/v1/webhooks/endpoint')[0]?.body).toMatchObject({ mode: 'test' });
  });

  it('says why an endpoint is off, makes a new secret with the password, and resends a delivery', async () => {
    const api = profileApi({
      ...partner,
      'GET /api/v1/webhooks/endpoint': {
        body: { endpoint: anEndpoint({ enabled: false, disabledReason: 'gone', disabledAt: PARTNER_SINCE }) },
      },
      'GET /api/v1/webhooks/messages': { body: { messages: [aMessage()], nextCursor: null } },
      'POST /api/v1/webhooks/endpoint/rotate-secret': apiError(
        401,
        'INVALID_CREDENTIALS',
        'That password is not right.',
      ),
      'POST /api/v1/webhooks/messages/:id/resend': { body: { message: aMessage({ status: 'pending' }) } },
    });
    const { user } = renderProfile();
    const section = await screen.findByRole('region', { name: 'Webhooks' });
    expect(await within(section).findByText(webhookTexts.turnedOffByGone)).toBeTruthy();
    expect(within(section).getByRole('button', { name: 'Turn back on' })).toBeTruthy();

    await user.type(within(section).getByLabelText('Your password'), 'wrong');
    await user.click(within(section).getByRole('button', { name: 'Make a new secret' }));
    expect(await within(section).findByText('Error: That password is not right.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/webhooks/endpoint/rotate-secret')[0]?.body).toEqual({
      mode: 'live',
      password: 'wrong',
    });

    const deliveries = within(section).getByRole('list', { name: 'Webhook deliveries' });
    expect(within(deliveries).getByText('Failed')).toBeTruthy();
    expect(within(deliveries).getByText(/1 try, last answer: 500 in 120 ms/)).toBeTruthy();
    await user.click(within(deliveries).getByRole('button', { name: /Resend purchase.delivered/ }));
    expect(await within(deliveries).findByText(webhookSectionTexts.sent)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/webhooks/messages/:id/resend')[0]?.url).toMatch(
      /\/messages\/msg_01\/resend$/,
    );
  });
});
