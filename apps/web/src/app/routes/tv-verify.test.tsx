import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@quickvend/shared/messages';
import { billsApi } from '@/lib/testing/bills.ts';
import { apiError } from '@/lib/testing/mock-api.ts';
import { expectError } from '@/lib/testing/purchase-steps.ts';
import { renderApp } from '../testing.tsx';

describe('verifying a smart card', () => {
  it.each([
    ['/dstv', '12345', messages.purchase.smartCardLength],
    ['/dstv', '123456789012', messages.purchase.smartCardLength],
    ['/gotv', '12121212121', messages.purchase.invalidSmartCard],
    ['/startimes', '123456789', messages.purchase.invalidSmartCard],
  ])('on %s refuses %s in the spec’s words, without asking the provider', async (path, card, said) => {
    const api = billsApi({
      'POST /api/v1/verify': apiError(422, 'CUSTOMER_NOT_VERIFIED', 'Invalid Smartcard Number'),
    });
    const { user } = renderApp(path);
    await user.type(await screen.findByLabelText('Smart card number'), card);
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectError(said);
    expect(screen.queryByText(/Invalid Smartcard Number/)).toBeNull();
    expect(api.callsTo('POST /api/v1/verify')).toHaveLength(0);
  });
});
