import { bpsAsPercent, kobo, type Kobo } from '@quickvend/shared/money';
import type { SimulatorTimers } from '../timers.ts';
import type { CallbackDispatcher } from './vtpass-simulator.callbacks.ts';
import type { SimService, SimVariation } from './vtpass-simulator.catalog.ts';
import { answer, nairaNumber, nairaOf, vtpassDate, type Answer } from './vtpass-simulator.wire.ts';

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
  resolveAt: number | null;
  cancelResolve: (() => void) | null;
  walletCreditId: number | null;
  /** Product extras of a delivered sale (token, cards, PIN). */
  extras: Record<string, unknown>;
};

function statusAnswer(sale: Sale, purpose: 'pay' | 'requery'): Answer {
  switch (sale.status) {
    case 'delivered':
      return answer('000', 'TRANSACTION SUCCESSFUL');
    case 'pending':
      return purpose === 'pay'
        ? answer('099', 'TRANSACTION IS PROCESSING')
        : answer('000', 'TRANSACTION PROCESSED');
    case 'failed':
      return answer('016', 'TRANSACTION FAILED');
    case 'reversed':
      return answer('040', 'TRANSACTION REVERSAL TO WALLET');
  }
}

/** The envelope of providers.md §1.5 (new format); a requery adds product_id and extras. */
export function envelope(sale: Sale, purpose: 'pay' | 'requery') {
  const { code, response_description } = statusAnswer(sale, purpose);
  const isDelivered = sale.status === 'delivered';
  const unitPrice = sale.variation ? nairaOf(sale.variation) : sale.amountKobo;
  const extras = isDelivered ? sale.extras : { purchased_code: '' };
  const commission = nairaNumber(sale.commissionKobo);
  return {
    code,
    content: {
      transactions: {
        status: sale.status,
        product_name: sale.service.name,
        unique_element: sale.uniqueElement,
        unit_price: String(nairaNumber(unitPrice)),
        quantity: sale.quantity,
        service_verification: null,
        channel: 'api',
        commission,
        total_amount: nairaNumber(sale.totalKobo),
        discount: null,
        type: sale.service.transactionType,
        email: 'sandbox@vtpass.com',
        phone: sale.phone,
        name: null,
        convinience_fee: 0,
        amount: String(nairaNumber(sale.amountKobo)),
        platform: 'api',
        method: purpose === 'pay' ? 'api' : 'wallet',
        transactionId: sale.transactionId,
        commission_details: {
          amount: commission,
          rate: bpsAsPercent(sale.commissionBps),
          rate_type: 'percent',
          computation_type: 'default',
        },
        ...(purpose === 'requery' && {
          product_id: sale.productId,
          extras: typeof extras.purchased_code === 'string' ? extras.purchased_code : null,
        }),
        ...(sale.walletCreditId !== null && { wallet_credit_id: sale.walletCreditId }),
      },
    },
    response_description,
    requestId: sale.requestId,
    // a reversal reports the amount credited back to the wallet
    amount: nairaNumber(sale.status === 'reversed' ? sale.totalKobo : sale.amountKobo),
    transaction_date: vtpassDate(sale.createdAt),
    ...extras,
  };
}

export type VtpassState = ReturnType<typeof createVtpassState>;

/** What the route groups of one simulator share: its settings, its clock and timers, its in-memory state. */
export type VtpassSimContext = {
  state: VtpassState;
  now: () => Date;
  timers: SimulatorTimers;
  pendingResolveMs: number;
  timeoutHangMs: number;
  duplicateWindowMs: number;
  /** Aborts when the server closes, so a hanging answer gives up. */
  closing: AbortSignal;
  commissionBpsOf: (service: SimService) => number;
};

/** The simulator's memory: the sales by request_id, the merchant float, and how a pending sale ends. */
export function createVtpassState(options: {
  initialFloatKobo: number;
  now: () => Date;
  callbacks: CallbackDispatcher;
}) {
  const { now, callbacks } = options;
  const sales = new Map<string, Sale>();
  const lastSaleAt = new Map<string, number>();
  let floatKobo = kobo(options.initialFloatKobo);
  let nextProductId = 100;
  let nextWalletCreditId = 5_000_001;

  function resolveSale(sale: Sale, status: 'delivered' | 'reversed'): void {
    if (sale.status !== 'pending') return;
    sale.cancelResolve?.();
    sale.cancelResolve = null;
    sale.resolveAt = null;
    sale.status = status;
    if (status === 'reversed') {
      floatKobo = kobo(floatKobo + sale.totalKobo);
      sale.walletCreditId = nextWalletCreditId++;
    }
    callbacks.send({ type: 'transaction-update', data: envelope(sale, 'requery') });
  }

  function findSale(requestId: string): Sale | undefined {
    const sale = sales.get(requestId);
    if (sale?.status === 'pending' && sale.resolveAt !== null && now().getTime() >= sale.resolveAt) {
      resolveSale(sale, 'delivered');
    }
    return sale;
  }

  return {
    sales,
    lastSaleAt,
    floatKobo: () => floatKobo,
    debitFloat(amount: Kobo): void {
      floatKobo = kobo(floatKobo - amount);
    },
    setFloat(amount: Kobo): void {
      floatKobo = amount;
    },
    takeProductId: () => nextProductId++,
    resolveSale,
    findSale,
  };
}
