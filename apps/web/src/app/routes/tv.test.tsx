import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CreatePurchaseBody } from '@quickvend/shared/api/purchases';
import { messages } from '@quickvend/shared/messages';
import { PRODUCT_NAME } from '@quickvend/shared/services';
import { aPurchase, apiError, aWallet } from '@/lib/testing/mock-api.ts';
import { enterPin, expectError } from '@/lib/testing/purchase-steps.ts';
import { renderApp } from '../testing.tsx';
import { chooseBouquet, dstvCard, fillTv, renewCard, tvApi } from './tv-testing.ts';

describe('DSTV page', () => {
  it('keeps Subscribe disabled until a bouquet is chosen from the dropdown, and fills the amount', async () => {
    tvApi();
    const { user } = renderApp('/PaybilsDstv');
    expect(await screen.findByRole('heading', { name: 'DSTV', level: 1 })).toBeTruthy();
    expect(screen.queryByText(messages.common.comingSoon)).toBeNull();
    const subscribe = screen.getByRole('button', { name: 'Subscribe' });
    expect(subscribe).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Smart card number').getAttribute('inputmode')).toBe('numeric');

    const bouquet = await screen.findByLabelText<HTMLSelectElement>('Bouquet');
    // each bouquet once, with what the wallet pays for it (1% off), not the provider's own N-price
    expect(
      within(bouquet)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose a bouquet',
      'DStv Padi · ₦4,356.00',
      'DStv Compact · ₦18,810.00',
      'DStv Promo · ₦0.00',
    ]);
    expect(screen.queryByRole('radio', { name: /DStv Compact/ })).toBeNull();
    await user.selectOptions(bouquet, 'dstv79');
    const amount = screen.getByLabelText<HTMLInputElement>('Amount (NGN)');
    expect(amount.value).toBe('₦19,000.00');
    expect(amount.readOnly).toBe(true);
    expect(screen.getByText('1% off: you pay ₦18,810.00')).toBeTruthy();
    expect(subscribe).toHaveProperty('disabled', false);

    await chooseBouquet(user, /DStv Padi/);
    expect(amount.value).toBe('₦4,400.00');
  });

  it("says the spec's DSTV messages word for word and sends nothing", async () => {
    const api = tvApi();
    const { user } = renderApp('/dstv');
    await fillTv(user, { plan: /DStv Padi/ });
    await expectError(messages.purchase.allFieldsRequired);

    await fillTv(user, { card: '12345', phone: '08031234567' });
    await expectError('Error: Smart Card number must be 10 or 11 digits.');

    await user.clear(screen.getByLabelText('Smart card number'));
    await user.clear(screen.getByLabelText('Phone number'));
    await fillTv(user, { card: '1234567890', phone: '08231234567' });
    await expectError('Error: Invalid Nigerian phone number.');

    await user.clear(screen.getByLabelText('Phone number'));
    await fillTv(user, { phone: '08031234567', plan: /DStv Promo/ });
    await expectError('Error: Invalid bouquet selected.');

    expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(0);
    expect(screen.queryByRole('group', { name: 'PIN keys' })).toBeNull();
  });

  it('asks to verify the card before paying, then shows who and what it is', async () => {
    const api = tvApi();
    const { user } = renderApp('/dstv');
    await fillTv(user, { plan: /DStv Padi/, card: '1212121212', phone: '08011111111' });
    await expectError(messages.bills.verifyFirst);
    expect(screen.queryByRole('group', { name: 'PIN keys' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const card = await screen.findByRole('region', { name: 'Smart card verified' });
    const row = (label: string) => within(card).getByText(label).nextElementSibling?.textContent;
    expect(row('Customer name')).toBe('TEST METHOD');
    expect(row('Status')).toBe('ACTIVE');
    expect(row('Due date')).toBe('6 Feb 2027');
    expect(row('Current bouquet')).toBe('DStv Compact');
    expect(row('Renewal amount')).toBe('₦19,000.00');
    expect(api.callsTo('POST /api/v1/verify')[0]?.body).toEqual({
      serviceId: 'dstv',
      billersCode: '1212121212',
    });

    // another card: the verification no longer applies
    await user.type(screen.getByLabelText('Smart card number'), '3');
    expect(screen.queryByRole('region', { name: 'Smart card verified' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', false);
  });

  it('says why a card could not be verified', async () => {
    tvApi({
      'POST /api/v1/verify': apiError(422, 'CUSTOMER_NOT_VERIFIED', 'Invalid Smartcard Number'),
    });
    const { user } = renderApp('/dstv');
    await user.type(await screen.findByLabelText('Smart card number'), '9999999999');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectError('Error: Invalid Smartcard Number');
    expect(screen.queryByRole('radio', { name: /Renew/ })).toBeNull();
  });

  it('renews the current bouquet at the renewal amount less the discount, and ends on a receipt', async () => {
    const api = tvApi();
    const { user } = renderApp('/dstv');
    await user.type(await screen.findByLabelText('Smart card number'), '1212121212');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const renew = await screen.findByRole('radio', { name: /Renew ₦19,000.00/ });
    expect(renew).toHaveProperty('checked', true);
    expect(screen.queryByLabelText('Bouquet')).toBeNull();
    expect(screen.getByLabelText<HTMLInputElement>('Amount (NGN)').value).toBe('₦19,000.00');
    expect(screen.getByText('1% off: you pay ₦18,810.00')).toBeTruthy();
    await user.type(screen.getByLabelText('Phone number'), '08011111111');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));

    const summary = await screen.findByRole('region', { name: 'Amount to be charged' });
    expect(within(summary).getByText('₦18,810.00')).toBeTruthy();
    expect(within(summary).getByText(/Card holder: TEST METHOD/)).toBeTruthy();
    await enterPin(user, '1357');

    const receipt = await screen.findByRole('region', { name: 'Transaction Receipt' });
    const row = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
    expect(within(receipt).getByText(PRODUCT_NAME)).toBeTruthy();
    expect(row('Smartcard number')).toBe('1212121212');
    expect(row('Customer')).toBe('TEST METHOD');
    expect(row('What')).toBe('DStv Compact (renewal)');
    expect(row('Value')).toBe('₦19,000.00');
    expect(row('Discount')).toBe('-₦190.00');
    expect(row('Amount charged')).toBe('₦18,810.00');
    expect(row('Balance after')).toBe('₦31,190.00');
    expect(within(receipt).getByText(messages.purchase.transactionReceipt)).toBeTruthy();
    expect(screen.getByText(messages.purchase.success(PRODUCT_NAME)).getAttribute('data-tone')).toBe(
      'success',
    );

    const body = api.callsTo('POST /api/v1/purchases')[0]?.body as CreatePurchaseBody;
    expect(body).toMatchObject({
      serviceId: 'dstv',
      phone: '08011111111',
      billersCode: '1212121212',
      subscriptionType: 'renew',
      pin: '1357',
    });
    expect(body.variationCode).toBeUndefined();
    expect(body.amount).toBeUndefined();
  });

  it('changes the bouquet: sends the chosen plan with subscriptionType change', async () => {
    const api = tvApi();
    const { user } = renderApp('/dstv');
    await user.type(await screen.findByLabelText('Smart card number'), '1212121212');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await user.click(await screen.findByRole('radio', { name: /Change bouquet/ }));
    await chooseBouquet(user, /DStv Padi/);
    expect(screen.getByLabelText<HTMLInputElement>('Amount (NGN)').value).toBe('₦4,400.00');
    await user.type(screen.getByLabelText('Phone number'), '0801 111 1111');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      within(await screen.findByRole('region', { name: 'Amount to be charged' })).getByText('₦4,356.00'),
    ).toBeTruthy();
    await enterPin(user, '1357');
    await screen.findByRole('region', { name: 'Transaction Receipt' });
    expect(api.callsTo('POST /api/v1/purchases')[0]?.body).toMatchObject({
      serviceId: 'dstv',
      phone: '08011111111',
      billersCode: '1212121212',
      variationCode: 'dstv-padi',
      subscriptionType: 'change',
    });
  });

  it('offers only a bouquet change when the card has no renewal amount', async () => {
    tvApi({
      'POST /api/v1/verify': { body: { ...dstvCard, renewalAmountKobo: null, renewalAmount: null } },
    });
    const { user } = renderApp('/dstv');
    await user.type(await screen.findByLabelText('Smart card number'), '1212121212');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(messages.bills.renewUnavailable)).toBeTruthy();
    expect(screen.getByRole('radio', { name: /Renew/ })).toHaveProperty('disabled', true);
    expect(screen.getByRole('radio', { name: /Change bouquet/ })).toHaveProperty('checked', true);
    expect(screen.getByLabelText('Bouquet')).toBeTruthy();
  });

  it('says the balance is too low for the discounted price before asking for the PIN', async () => {
    const api = tvApi({ 'GET /api/v1/wallet': aWallet(1_000_000) });
    const { user } = renderApp('/dstv');
    await renewCard(user);
    await expectError(messages.purchase.insufficientBalance);
    expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(0);
  });

  it('shows the form and nothing else: no discount table, wallet breakdown, airtime form or purchases', async () => {
    const api = tvApi({
      'GET /api/v1/purchases': {
        body: { purchases: [aPurchase({ planName: 'DStv Padi N4,400' })], nextCursor: null },
      },
    });
    renderApp('/dstv');
    await screen.findByRole('option', { name: /DStv Compact/ });
    expect(screen.getAllByRole('form').map((form) => form.getAttribute('aria-label'))).toEqual([
      'Pay for DSTV',
    ]);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('Discounts')).toBeNull();
    expect(screen.queryByText('Wallet Fund')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Recent purchases' })).toBeNull();
    expect(screen.queryByLabelText('Operator')).toBeNull();
    expect(api.callsTo('GET /api/v1/purchases')).toHaveLength(0);
  });
});

describe('cable purchases that are not final', () => {
  it('says a pending DSTV payment is being confirmed, and what happens if DSTV has not answered by the deadline', async () => {
    tvApi({
      'POST /api/v1/purchases': (body) => ({
        status: 201,
        body: {
          purchase: aPurchase({
            requestId: body.requestId,
            serviceId: 'dstv',
            kind: 'tv',
            status: 'pending',
            transactionId: null,
          }),
        },
      }),
      'GET /api/v1/purchases/:requestId': (_body, url) => ({
        body: {
          purchase: aPurchase({
            requestId: url.pathname.split('/').at(-1) ?? '',
            serviceId: 'dstv',
            kind: 'tv',
            status: 'pending',
          }),
        },
      }),
    });
    const { user } = renderApp('/dstv');
    await renewCard(user);
    await enterPin(user, '1357');
    const pending = await screen.findByText(
      /being confirmed with DSTV\. Delivered or refunded, usually within a few minutes\. If DSTV does not answer, our team takes it up and tells you\./,
    );
    expect(pending.getAttribute('data-tone')).toBe('info');
  });

  it('keeps the request id for a retry of the same card, and makes a new one for another card', async () => {
    const api = tvApi({
      'POST /api/v1/purchases': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { user } = renderApp('/dstv');
    const pay = async () => {
      await user.click(screen.getByRole('button', { name: 'Verify' }));
      await screen.findByRole('region', { name: 'Smart card verified' });
      await user.click(screen.getByRole('radio', { name: /Change bouquet/ }));
      await chooseBouquet(user, /DStv Padi/);
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      await enterPin(user, '1357');
      await screen.findByText(/we do not know yet whether this purchase went through/);
    };
    await user.type(await screen.findByLabelText('Smart card number'), '1212121212');
    await user.type(screen.getByLabelText('Phone number'), '08011111111');
    await pay();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => {
      expect(api.callsTo('POST /api/v1/purchases')).toHaveLength(2);
    });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const card = screen.getByLabelText('Smart card number');
    await user.clear(card);
    await user.type(card, '3434343434');
    await pay();
    const [first, retry, other] = api
      .callsTo('POST /api/v1/purchases')
      .map((call) => call.body as CreatePurchaseBody);
    expect(retry?.requestId).toBe(first?.requestId);
    expect(other?.billersCode).toBe('3434343434');
    expect(other?.requestId).not.toBe(first?.requestId);
  });
});
