import type { Kobo } from '@quickvend/shared/money';
import type { BillsProviderName } from '@quickvend/shared/providers';
import type { Transaction } from '../../db/client.ts';
import type { CatalogSource } from '../catalog/index.ts';

// an adapter finds the whole port here
export type { ProviderService, ProviderVariation } from '../catalog/index.ts';

/** The answer as the provider sent it, kept for the purchase's timeline; never read to decide anything. */
type RawAnswer = { raw?: unknown };

/** What the provider said about one purchase. Every provider answer maps to exactly one of these. */
export type ProviderOutcome = RawAnswer &
  (
    | {
        status: 'delivered';
        message: string;
        /** the provider's own transaction id */
        providerReference: string | null;
        /** what the provider took from our float for it, when it says (face value less commission) */
        costKobo: Kobo | null;
        /** an electricity token, digits only */
        token: string | null;
        /** exam PINs */
        pins: { serial: string | null; pin: string }[] | null;
        /** electricity: units bought, as the provider writes them (`79.9 kWh`) */
        units: string | null;
        /** the rest of the provider's receipt worth showing the customer */
        receiptLines: ReceiptLine[];
      }
    | { status: 'failed'; message: string; code: string | null }
    | { status: 'pending'; message: string; code: string | null }
  );

export type ReceiptLine = { label: string; value: string };

export type CustomerCheck = {
  serviceId: string;
  /** smartcard, meter number or profile id */
  billersCode: string;
  /** electricity: prepaid or postpaid; JAMB: the plan code */
  type?: string | undefined;
  /** `test` when a partner's test key asks: the simulator answers */
  mode?: 'live' | 'test' | undefined;
  /** which aggregator is asked; VTpass when not said */
  provider?: BillsProviderName | undefined;
};

/** Who the provider says the smartcard, meter or profile belongs to, and what it says about it. */
export type VerifiedCustomer = {
  customerName: string;
  address: string | null;
  meterType: string | null;
  minimumKobo: Kobo | null;
  maximumKobo: Kobo | null;
  canVend: boolean | null;
  accountType: string | null;
  status: string | null;
  dueDate: string | null;
  currentBouquet: string | null;
  renewalKobo: Kobo | null;
};

export type VerificationOutcome =
  { status: 'verified'; customer: VerifiedCustomer } | { status: 'rejected'; message: string };

export type PurchaseRequest = {
  /** Generated before the first call and reused on every retry and requery. */
  requestId: string;
  serviceId: string;
  phone: string;
  amountKobo?: Kobo | undefined;
  variationCode?: string | undefined;
  billersCode?: string | undefined;
  subscriptionType?: 'change' | 'renew' | undefined;
  quantity?: number | undefined;
  /** which aggregator sells it; VTpass when not said */
  provider?: BillsProviderName | undefined;
};

export type ProviderCallback =
  | { type: 'transaction-update'; requestId: string }
  | { type: 'variations-update'; serviceId: string }
  | { type: 'ignored' };

/** Thrown when the provider could not be reached or answered something unreadable: the outcome is unknown. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

/**
 * Port: the bill-payment provider the purchase engine buys from; its listing half is the catalogue's port.
 * Business outcomes come back as values; transport problems are thrown as ProviderUnavailableError and the
 * engine treats them as pending, never as failed.
 */
export type BillsProvider = CatalogSource & {
  /** A fresh request id for a new purchase (the provider dictates its shape); `test` for a test key's. */
  newRequestId(now: Date, mode?: 'live' | 'test', provider?: BillsProviderName): string;
  purchase(request: PurchaseRequest): Promise<ProviderOutcome>;
  /** 'unknown' when the provider has no record of the request id. */
  requery(
    requestId: string,
    provider?: BillsProviderName,
  ): Promise<ProviderOutcome | ({ status: 'unknown' } & RawAnswer)>;
  /** Checks a smartcard, meter or profile before a sale. */
  verifyCustomer(check: CustomerCheck): Promise<VerificationOutcome>;
  /** Reads a provider callback body; never trusted on its own: the engine requeries before moving money. */
  readCallback(body: unknown): ProviderCallback;
};

/**
 * What a definite failure's code says: `request` the purchase itself was wrong or a likely duplicate (another
 * provider would refuse it too, or must not be asked); `lowFloat` our float at the provider is short; `provider`
 * the provider could not serve it now (the biller, our account with it, or a failure it gives no reason for).
 */
export type FailureKind = 'request' | 'lowFloat' | 'provider';

/** What routing needs to know of a purchase to choose its provider. */
export type RoutedItem = {
  serviceId: string;
  variationCode?: string | null | undefined;
  amountKobo: Kobo;
  mode: 'live' | 'test';
};

/**
 * Port: which aggregator sells a purchase (modules/routing, with each provider's health). A purchase is with one
 * provider at a time; it moves on only after a definite failure there, at most once.
 */
export type PurchaseRouting = {
  /** @throws SERVICE_UNAVAILABLE (details.retryAfterSeconds) when no provider may sell it now: nothing is sent */
  first(item: RoutedItem): Promise<BillsProviderName>;
  /** where a purchase goes after `from` definitely failed it with `code`, or null: it is refunded */
  next(
    item: RoutedItem & { from: BillsProviderName; code: string | null },
  ): Promise<BillsProviderName | null>;
  /** what a provider answered a purchase call, for its health (never throws) */
  observe?(call: { serviceId: string; provider: BillsProviderName; outcome: ProviderOutcome }): void;
};

/** VTpass for everything, never moved: a deployment without a second provider. */
export const VTPASS_ONLY: PurchaseRouting = {
  first: () => Promise.resolve('vtpass'),
  next: () => Promise.resolve(null),
};

/** A partner key's spend per Lagos day (partners/key-spend.ts), moved inside a purchase's own transactions. */
export type KeySpendPort = {
  /** @throws FORBIDDEN when the purchase would take the key over its daily limit */
  spend(tx: Transaction, entry: { keyId: string; day: string; amountKobo: Kobo }): Promise<void>;
  giveBack(tx: Transaction, entry: { keyId: string; day: string; amountKobo: Kobo }): Promise<void>;
};
