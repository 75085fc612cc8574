import type { Kobo } from '@quickvend/shared/money';
import type { SimService, SimVariation } from './vtpass-simulator.catalog.ts';

/** One sale as the simulator keeps it, in memory or in its table. */
type SaleStatus = 'delivered' | 'pending' | 'failed' | 'reversed';

export type Sale = {
  requestId: string;
  service: SimService;
  variation: SimVariation | null;
  phone: string;
  uniqueElement: string;
  quantity: number;
  amountKobo: Kobo;
  commissionBps: number;
  commissionKobo: Kobo;
  totalKobo: Kobo;
  transactionId: string;
  productId: number;
  status: SaleStatus;
  createdAt: Date;
  /** when a pending sale delivers by itself (ms since the epoch); null: only when resolved */
  resolveAt: number | null;
  walletCreditId: number | null;
  /** Product extras of a delivered sale (token, cards, PIN). */
  extras: Record<string, unknown>;
};
