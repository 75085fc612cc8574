import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_DEPOSIT_ACCOUNT } from '@/features/funding/components/manual-funding-section.tsx';
import { aManualRequest, aPayment } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';
import { fundApi } from './fund-wallet-testing.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('fund wallet page', () => {
  it('generates the transfer account and copies its number', async () => {
    const api = fundApi({
      'POST /api/v1/funding/dedicated-account': {
        body: {
          account: { bankName: 'Test Bank', accountNumber: '0123456789', accountName: 'QuickVend / Ada Obi' },
          simulateTransferUrl: '/sandbox/paystack/transfer?account_number=0123456789',
        },
      },
    });
    const { user } = renderApp('/fund-wallet');
    const transfer = await screen.findByRole('region', { name: 'Bank transfer' });
    await user.click(await within(transfer).findByRole('button', { name: 'Generate Account Number' }));
    expect(await within(transfer).findByText('012 345 6789')).toBeTruthy();
    expect(within(transfer).getByText('Test Bank')).toBeTruthy();
    expect(within(transfer).getByText('QuickVend / Ada Obi')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/funding/dedicated-account')[0]?.body).toEqual({});
    expect(
      within(transfer).getByRole('link', { name: 'Simulate a transfer (sandbox)' }).getAttribute('href'),
    ).toBe('/sandbox/paystack/transfer?account_number=0123456789');
    await user.click(within(transfer).getByRole('button', { name: 'Copy' }));
    expect(await within(transfer).findByText('Account number copied')).toBeTruthy();
    await expect(navigator.clipboard.readText()).resolves.toBe('0123456789');
  });

  it('sends a manual deposit and lists it with the credit after the charge', async () => {
    const created = aManualRequest({ depositorName: 'Ada Obi', bankName: 'First Bank' });
    const api = fundApi({
      'POST /api/v1/funding/manual': { status: 201, body: { request: created } },
    });
    const { user } = renderApp('/fund-wallet');
    const manual = await screen.findByRole('region', { name: 'Manual funding' });
    expect(
      within(manual).getByText(
        'A charge of ₦50.00 applies to every manual deposit; we credit the amount less the charge once an admin confirms it.',
      ),
    ).toBeTruthy();
    await user.type(within(manual).getByLabelText('Depositor name'), 'Ada Obi');
    await user.type(within(manual).getByLabelText('Bank name'), 'First Bank');
    await user.type(within(manual).getByLabelText('Amount (NGN)'), '10,000');
    api.set('GET /api/v1/funding/manual', { body: { requests: [created], depositAccount: null } });
    await user.click(within(manual).getByRole('button', { name: 'Submit' }));

    expect(await within(manual).findByText('Credit after charge:', { exact: false })).toBeTruthy();
    expect(api.callsTo('POST /api/v1/funding/manual')[0]?.body).toEqual({
      depositorName: 'Ada Obi',
      bankName: 'First Bank',
      amount: '10,000',
    });
    const list = within(manual).getByRole('list');
    expect(within(list).getByText('₦10,000.00')).toBeTruthy();
    expect(within(list).getByText('₦9,950.00')).toBeTruthy();
    expect(within(list).getByText('Pending')).toBeTruthy();
  });

  it('shows the account to pay a manual deposit into, as the server has it, or says to ask support', async () => {
    fundApi({
      'GET /api/v1/funding/manual': {
        body: {
          requests: [],
          depositAccount: {
            bankName: 'Wema Bank',
            accountName: 'QuickVend Ltd',
            accountNumber: '0123456789',
          },
        },
      },
    });
    const view = renderApp('/fund-wallet');
    const account = await screen.findByRole('region', { name: 'Account to pay into' });
    expect(within(account).getByText('Wema Bank')).toBeTruthy();
    expect(within(account).getByText('QuickVend Ltd')).toBeTruthy();
    expect(within(account).getByText('0123456789')).toBeTruthy();
    expect(within(account).getByRole('button', { name: /copy/i })).toBeTruthy();
    view.unmount();

    fundApi();
    renderApp('/fund-wallet');
    expect(await screen.findByText(NO_DEPOSIT_ACCOUNT)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Account to pay into' })).toBeNull();
  });

  it('shows why a manual deposit was rejected', async () => {
    fundApi({
      'GET /api/v1/funding/manual': {
        body: {
          requests: [aManualRequest({ status: 'rejected', reason: 'No deposit found.' })],
          depositAccount: null,
        },
      },
    });
    renderApp('/fund-wallet');
    expect(await screen.findByText('Reason: No deposit found.')).toBeTruthy();
    expect(screen.getByText('Rejected')).toBeTruthy();
  });

  it('lists card and transfer payments with their status', async () => {
    fundApi({
      'GET /api/v1/funding/payments': {
        body: {
          payments: [
            aPayment({ id: 'pay_2', reference: 'TRF-1', channel: 'dedicated_nuban', senderName: 'ADA OBI' }),
            aPayment({ id: 'pay_1', reference: 'QV-REF-1', status: 'failed', paidAt: null }),
          ],
        },
      },
    });
    renderApp('/fund-wallet');
    const list = await screen.findByRole('list', { name: 'Payments' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText('Bank transfer from ADA OBI')).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText('12 Mar 2025, 14:05')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Not completed')).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('QV-REF-1')).toBeTruthy();
  });

  it('says a card payment that took no money was not completed, and until when a pending one waits', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-12T13:20:00.000Z'));
    const pending = {
      status: 'pending' as const,
      paidAt: null,
      createdAt: '2025-03-12T13:05:00.000Z',
      checkoutEndsAt: '2025-03-12T13:35:00.000Z',
    };
    fundApi({
      'GET /api/v1/funding/payments': {
        body: {
          payments: [
            aPayment({ id: 'pay_3', reference: 'QV-REF-3', ...pending }),
            aPayment({ id: 'pay_2', reference: 'QV-REF-2', status: 'abandoned', paidAt: null }),
            aPayment({ id: 'pay_1', reference: 'QV-REF-1', status: 'failed', paidAt: null }),
          ],
        },
      },
    });
    renderApp('/fund-wallet');
    const list = await screen.findByRole('list', { name: 'Payments' });
    const [waiting, abandoned, declined] = within(list).getAllByRole('listitem');
    expect(within(waiting as HTMLElement).getByText('Pending')).toBeTruthy();
    expect(within(waiting as HTMLElement).getByText('Waiting for your bank until 14:35')).toBeTruthy();
    for (const item of [abandoned, declined]) {
      expect(within(item as HTMLElement).getByText('Not completed')).toBeTruthy();
      expect(within(item as HTMLElement).queryByText(/Waiting for your bank/)).toBeNull();
    }
  });

  it('says a pending payment is still being checked once its checkout has ended', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-03-12T13:40:00.000Z'));
    fundApi({
      'GET /api/v1/funding/payments': {
        body: {
          payments: [
            aPayment({ status: 'pending', paidAt: null, checkoutEndsAt: '2025-03-12T13:35:00.000Z' }),
          ],
        },
      },
    });
    renderApp('/fund-wallet');
    const list = await screen.findByRole('list', { name: 'Payments' });
    expect(
      within(list).getByText(
        'Still checking with your bank. If money was taken, your wallet is credited automatically.',
      ),
    ).toBeTruthy();
    expect(within(list).queryByText(/Waiting for your bank/)).toBeNull();
  });
});
