import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreatePurchaseBody } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { enterPin, expectError } from '@/lib/testing/purchase-steps.ts';
import { renderApp } from '../testing.tsx';
import { chooseBouquet, dstvCard, fillTv, renewCard, tvApi } from './tv-testing.ts';

describe('GOtv page', () => {
  it('names each bouquet once and shows the due date as people read it', async () => {
    tvApi({
      'POST /api/v1/verify': (body) => ({
        body: {
          ...dstvCard,
          serviceId: body.serviceId,
          billersCode: body.billersCode,
          dueDate: '02-FEB-27',
          currentBouquet: 'GOtv Max',
          renewalAmountKobo: 850_000,
          renewalAmount: '8500.00',
        },
      }),
    });
    const { user } = renderApp('/gotv');
    await user.type(await screen.findByLabelText('Smart card number'), '1212121212');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const card = await screen.findByRole('region', { name: 'Smart card verified' });
    expect(within(card).getByText('Due date').nextElementSibling?.textContent).toBe('2 Feb 2027');
    expect(card.textContent).not.toContain('FEB-27');

    await user.click(screen.getByRole('radio', { name: /Change bouquet/ }));
    expect(screen.getByRole('option', { name: 'GOtv Max · ₦8,415.00' })).toBeTruthy();
    await chooseBouquet(user, /GOtv Max/);
    await user.type(screen.getByLabelText('Phone number'), '08011111111');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const summary = await screen.findByRole('region', { name: 'Amount to be charged' });
    expect(summary.textContent).toContain('GOtv Max for smart card 1212121212');
    expect(summary.textContent).not.toMatch(/GOtv GOtv/);
  });

  it("says the spec's GOtv messages and checks no phone format", async () => {
    const api = tvApi();
    const { user } = renderApp('/PaybilsGotv');
    expect(await screen.findByRole('heading', { name: 'GOtv', level: 1 })).toBeTruthy();
    await fillTv(user, { plan: /GOtv Max/, card: '12345678901', phone: '123' });
    await expectError('Error: Invalid smart card number.');

    await user.clear(screen.getByLabelText('Smart card number'));
    await fillTv(user, { card: '1212121212', plan: /GOtv Promo/ });
    await expectError('Error: Invalid amount.');

    // any phone passes GOtv's own checks: what is left is verifying the card
    await fillTv(user, { plan: /GOtv Max/ });
    await expectError(messages.bills.verifyFirst);
    expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(0);
  });

  it('renews a GOtv card too', async () => {
    const api = tvApi();
    const { user } = renderApp('/gotv');
    await renewCard(user);
    await enterPin(user, '1357');
    await screen.findByRole('region', { name: 'Transaction Receipt' });
    expect(api.callsTo('POST /api/v1/verify')[0]?.body).toEqual({
      serviceId: 'gotv',
      billersCode: '1212121212',
    });
    expect(api.callsTo('POST /api/v1/purchases')[0]?.body).toMatchObject({
      serviceId: 'gotv',
      subscriptionType: 'renew',
    });
  });
});

describe('StarTimes page', () => {
  it("says the spec's StarTimes messages", async () => {
    tvApi();
    const { user } = renderApp('/Startimes');
    expect(await screen.findByRole('heading', { name: 'StarTimes', level: 1 })).toBeTruthy();
    await fillTv(user, { plan: /Nova/, card: '123456789', phone: '08031234567' });
    await expectError('Error: Invalid smart card number.');

    await user.clear(screen.getByLabelText('Smart card number'));
    await user.clear(screen.getByLabelText('Phone number'));
    await fillTv(user, { card: '1212121212', phone: '8031234' });
    await expectError('Error: Invalid phone number format.');
  });

  it('always names a bouquet (no renewal), and the receipt says Subscription successful!', async () => {
    const api = tvApi();
    const { user } = renderApp('/startimes');
    await user.type(await screen.findByLabelText('Smart card number'), '1212121212');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('region', { name: 'Smart card verified' });
    expect(screen.queryByRole('radio', { name: /Renew/ })).toBeNull();
    await chooseBouquet(user, /Basic/);
    expect(screen.getByText('1.5% off: you pay ₦3,940.00')).toBeTruthy();
    await user.type(screen.getByLabelText('Phone number'), '08011111111');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    await enterPin(user, '1357');
    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    expect(within(receipt).getByText(messages.purchase.subscriptionReceipt)).toBeTruthy();
    const body = api.callsTo('POST /api/v1/purchases')[0]?.body as CreatePurchaseBody;
    expect(body).toMatchObject({ serviceId: 'startimes', billersCode: '1212121212', variationCode: 'basic' });
    expect(body.subscriptionType).toBeUndefined();
  });
});
