import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { billsApi, purchaseMadeFor } from '@/lib/testing/bills.ts';
import { aVerification, type MockHandlers } from '@/lib/testing/mock-api.ts';

export const dstvCard = aVerification({
  serviceId: 'dstv',
  billersCode: '1212121212',
  customerName: 'TEST METHOD',
  status: 'ACTIVE',
  dueDate: '2027-02-06T00:00:00',
  currentBouquet: 'DStv Compact N19,000',
  renewalAmountKobo: 1_900_000,
  renewalAmount: '19000.00',
});

export function tvApi(overrides: MockHandlers = {}) {
  return billsApi({
    'POST /api/v1/verify': (body) => ({
      body: { ...dstvCard, serviceId: body.serviceId, billersCode: body.billersCode },
    }),
    'POST /api/v1/purchases': (body) =>
      purchaseMadeFor(body, {
        kind: 'tv',
        serviceName: 'DSTV Subscription',
        variationCode: body.variationCode ?? null,
        planName: body.subscriptionType === 'renew' ? 'DStv Compact N19,000' : 'DStv Padi N4,400',
        subscriptionType: body.subscriptionType ?? null,
        amountKobo: 1_900_000,
        amount: '19000.00',
        discountKobo: 19_000,
        discount: '190.00',
        chargedKobo: 1_881_000,
        charged: '18810.00',
        balanceAfterKobo: 3_119_000,
        customerName: 'TEST METHOD',
        message: '',
      }),
    ...overrides,
  });
}

/** Chooses the bouquet whose option matches, from the one dropdown the page has. */
export async function chooseBouquet(user: UserEvent, plan: RegExp) {
  const select = await screen.findByLabelText<HTMLSelectElement>('Bouquet');
  await user.selectOptions(select, await within(select).findByRole('option', { name: plan }));
}

/** Fills what is given and taps Subscribe; the status message it leads to is returned by the caller. */
export async function fillTv(user: UserEvent, input: { card?: string; phone?: string; plan?: RegExp }) {
  if (input.plan) await chooseBouquet(user, input.plan);
  if (input.card) await user.type(screen.getByLabelText('Smart card number'), input.card);
  if (input.phone) await user.type(screen.getByLabelText('Phone number'), input.phone);
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
}

/** Verifies the test card, keeps its bouquet (Renew) and taps Subscribe. */
export async function renewCard(user: UserEvent) {
  await user.type(await screen.findByLabelText('Smart card number'), '1212121212');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await screen.findByRole('radio', { name: /Renew/ });
  await user.type(screen.getByLabelText('Phone number'), '08011111111');
  await user.click(screen.getByRole('button', { name: 'Subscribe' }));
}
