import type { FastifyBaseLogger } from 'fastify';
import { bpsAsPercent } from '@quickvend/shared/money';
import type { SimulatorTimers } from '../timers.ts';
import type { CallbackDispatcher } from './vtpass-simulator.callbacks.ts';
import type { SimService } from './vtpass-simulator.catalog.ts';
import type { Sale } from './vtpass-simulator.sale.ts';
import type { SaleChange, VtpassStore } from './vtpass-simulator.store.ts';
import { answer, nairaNumber, nairaOf, vtpassDate, type Answer } from './vtpass-simulator.wire.ts';

export type { Sale } from './vtpass-simulator.sale.ts';

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

/** What the route groups of one simulator share: its settings, its clock and timers, its state. */
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

/**
 * The simulator's state: the sales, the merchant float and how a pending sale ends, kept in `store`. The
 * waits that deliver a pending sale by itself are this process's own; a sale whose wait was lost with its
 * process is delivered by the next requery after its time.
 */
export function createVtpassState(options: {
  store: VtpassStore;
  now: () => Date;
  timers: SimulatorTimers;
  callbacks: CallbackDispatcher;
  log: FastifyBaseLogger;
}) {
  const { store, now, timers, callbacks, log } = options;
  const waits = new Map<string, () => void>();
  const resolving = new Set<Promise<void>>();

  /** Ends a pending sale and sends its callback; undefined when it was not pending (nothing happens then). */
  async function resolveSale(requestId: string, status: 'delivered' | 'reversed'): Promise<Sale | undefined> {
    const sale = await store.settle(requestId, status);
    if (!sale) return undefined;
    waits.get(requestId)?.();
    waits.delete(requestId);
    callbacks.send({ type: 'transaction-update', data: envelope(sale, 'requery') });
    return sale;
  }

  async function findSale(requestId: string): Promise<Sale | undefined> {
    const sale = await store.findSale(requestId);
    if (sale?.status === 'pending' && sale.resolveAt !== null && now().getTime() >= sale.resolveAt) {
      return (await resolveSale(requestId, 'delivered')) ?? (await store.findSale(requestId));
    }
    return sale;
  }

  /** Stops this process's wait to deliver the sale by itself: a control has decided it. */
  function stopWaiting(requestId: string): void {
    waits.get(requestId)?.();
    waits.delete(requestId);
  }

  /** Changes a sale after the fact, without a callback: only a requery finds the change. */
  async function alterSale(requestId: string, change: SaleChange): Promise<Sale | undefined> {
    const sale = await store.alterSale(requestId, change);
    if (sale) stopWaiting(requestId);
    return sale;
  }

  /** Forgets a sale: a requery then answers that VTpass never received it. */
  async function forgetSale(requestId: string): Promise<boolean> {
    const isForgotten = await store.forgetSale(requestId);
    if (isForgotten) stopWaiting(requestId);
    return isForgotten;
  }

  /** Delivers a pending sale by itself once `ms` have passed. */
  function resolveLater(requestId: string, ms: number): void {
    const cancel = timers.schedule(ms, () => {
      waits.delete(requestId);
      const done: Promise<void> = resolveSale(requestId, 'delivered')
        .then(() => undefined)
        .catch((error: unknown) => {
          log.error({ err: error, requestId }, 'vtpass simulator: a pending sale could not be delivered');
        })
        .finally(() => resolving.delete(done));
      resolving.add(done);
    });
    waits.set(requestId, cancel);
  }

  return {
    store,
    findSale,
    resolveSale,
    resolveLater,
    alterSale,
    forgetSale,
    /** Resolves once the sales whose wait ended have been delivered (their callbacks sent, not yet acknowledged). */
    async idle(): Promise<void> {
      while (resolving.size > 0) await Promise.all([...resolving]);
    },
    /** Stops this process's waits. */
    close(): void {
      for (const cancel of waits.values()) cancel();
      waits.clear();
    },
  };
}
