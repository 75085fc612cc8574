import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser, aWallet, apiError, mockApi, sandboxMeta, type MockHandlers } from '@/lib/testing/mock-api.ts';
import { renderApp } from '../testing.tsx';

function fundApi(overrides: MockHandlers = {}) {
  return mockApi({
    'GET /api/v1/session': { body: { user: aUser() } },
    'GET /api/v1/meta': sandboxMeta,
    'GET /api/v1/wallet': aWallet(0),
    'GET /api/v1/funding/payments': { body: { payments: [] } },
    'GET /api/v1/funding/dedicated-account': { body: { account: null, simulateTransferUrl: null } },
    'GET /api/v1/funding/manual': { body: { requests: [], depositAccount: null } },
    ...overrides,
  });
}

async function fillManualForm(amount: string) {
  const { user } = renderApp('/fund-wallet');
  const manual = await screen.findByRole('region', { name: 'Manual funding' });
  await user.type(within(manual).getByLabelText('Depositor name'), 'Ada Obi');
  await user.type(within(manual).getByLabelText('Bank name'), 'First Bank');
  await user.type(within(manual).getByLabelText('Amount (NGN)', { exact: false }), amount);
  await user.click(within(manual).getByRole('button', { name: 'Submit' }));
  return manual;
}

describe('manual deposit form bounds', () => {
  it('refuses an amount above the largest manual deposit before sending it', async () => {
    const api = fundApi();
    const manual = await fillManualForm('1,000,000.01');
    expect(
      await within(manual).findByText(
        'A manual deposit can be at most ₦1,000,000.00. For a bigger deposit, please contact support.',
      ),
    ).toBeTruthy();
    expect(within(manual).getByText('Up to ₦1,000,000.00 for each deposit.')).toBeTruthy();
    expect(api.callsTo('POST /api/v1/funding/manual')).toHaveLength(0);
  });

  it('shows the server’s words when the customer already has the most deposits waiting', async () => {
    const tooMany =
      'You already have 3 manual deposits waiting for an admin to check them. Please wait until one is checked before you send another.';
    const api = fundApi({ 'POST /api/v1/funding/manual': apiError(409, 'CONFLICT', tooMany) });
    const manual = await fillManualForm('1,000,000');
    expect(await within(manual).findByText(`Error: ${tooMany}`)).toBeTruthy();
    expect(api.callsTo('POST /api/v1/funding/manual')).toHaveLength(1);
  });
});
