import type { ProviderLoss, ProviderLossesResponse } from '@quickvend/shared/api/provider-losses';
import type { Wire } from './wire.ts';

/** An open loss: VTpass delivered Bola Ade's ₦60,000 MTN airtime after we refunded it, taking ₦58,200. */
export function aProviderLoss(overrides: Partial<Wire<ProviderLoss>> = {}): Wire<ProviderLoss> {
  return {
    id: 'plo_1',
    purchaseId: 'pur_01JQ00000000000000LOSS01',
    purchase: {
      serviceName: 'MTN Airtime',
      planName: null,
      recipient: '08031234567',
      amountKobo: 6_000_000,
      createdAt: '2025-03-12T13:00:00.000Z',
    },
    customer: { id: 'usr_01JQ0000000000000000ABCDEF', name: 'Bola Ade', email: 'bola@example.com' },
    refundedKobo: 6_000_000,
    amountKobo: 5_820_000,
    detectedBy: 'callback',
    detectedAt: '2025-03-12T13:20:00.000Z',
    status: 'open',
    resolvedBy: null,
    resolvedAt: null,
    note: null,
    pendingRecovery: null,
    ...overrides,
  };
}

/** The list as the server sends it: open losses counted and summed. */
export function providerLossesOf(losses: Wire<ProviderLoss>[]): { body: Wire<ProviderLossesResponse> } {
  const open = losses.filter((loss) => loss.status === 'open');
  return {
    body: {
      losses,
      open: { count: open.length, amountKobo: open.reduce((sum, loss) => sum + loss.amountKobo, 0) },
    },
  };
}
