import type { AdminDispute, Dispute } from '@quickvend/shared/api/disputes';
import type { Wire } from './wire.ts';

/** An open report: the provider confirmed delivery when asked again, and the customer left a note. */
export function aDispute(overrides: Partial<Dispute> = {}): Dispute {
  return {
    id: 'dsp_1',
    status: 'open',
    providerAnswer: 'delivered',
    answer:
      "The provider confirms it delivered this on 12 Mar 2025, 14:05. It can take a few minutes to show on the line; check the balance by dialling your network's code. Our team has your report and will reply within a day.",
    customerNote: 'No airtime on my line',
    resolution: null,
    createdAt: '2025-03-12T14:00:00.000Z',
    closedAt: null,
    ...overrides,
  };
}

/** The same report as the back office lists it: Bola Ade's ₦500.00 of MTN airtime. */
export function anAdminDispute(overrides: Partial<Wire<AdminDispute>> = {}): Wire<AdminDispute> {
  return {
    ...aDispute(),
    purchaseId: 'pur_01JQ0000000000000DISPUTED',
    customer: { name: 'Bola Ade', email: 'bola@example.com' },
    purchase: {
      serviceName: 'MTN Airtime VTU',
      recipient: '08031234567',
      amountKobo: 50_000,
      deliveredAt: '2025-03-12T13:05:10.000Z',
      transactionId: '17250000000001',
    },
    providerMessage: 'TRANSACTION SUCCESSFUL',
    ...overrides,
  };
}
