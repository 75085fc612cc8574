import type { Kobo } from '@quickvend/shared/money';

/** A payment as the gateway reports it after verification. Amounts are kobo. */
export type GatewayTransaction = {
  reference: string;
  status: 'success' | 'failed' | 'abandoned' | 'pending';
  amountKobo: Kobo;
  currency: string;
  /** `card`, `bank`, `ussd`, `dedicated_nuban`, ... as the gateway names it */
  channel: string;
  feesKobo: Kobo | null;
  paidAt: Date | null;
  gatewayResponse: string | null;
  customerEmail: string | null;
  customerCode: string | null;
  /** For transfers into a dedicated account: the account that received the money. */
  receiverAccountNumber: string | null;
  senderName: string | null;
  /** who paid, as the gateway tells it: for sending money back when it cannot be credited */
  payer: GatewayPayer;
  /**
   * Who paid, as the gateway tells payers apart without their details: `card:<the gateway's card signature>`
   * or `bank:<sender bank>:<account number>`; null or left out when it does not say.
   */
  payerFingerprint?: string | null;
};

/** The payer of a charge: a transfer's sender and their bank account, or a card's holder and issuing bank. */
export type GatewayPayer = {
  name: string | null;
  bank: string | null;
  accountNumber: string | null;
  cardLast4: string | null;
};

export type GatewayEvent =
  | {
      kind: 'charge.success';
      /** Stable key for de-duplication: the gateway sends no event id. */
      key: string;
      reference: string;
      channel: string;
      customerCode: string | null;
      receiverAccountNumber: string | null;
    }
  | { kind: 'ignored'; key: string; event: string };

export type DedicatedAccount = {
  customerCode: string;
  bankName: string;
  accountNumber: string;
  accountName: string;
};

/** Thrown when the gateway could not be reached or answered nonsense: the outcome is unknown. */
export class GatewayUnavailableError extends Error {
  override name = 'GatewayUnavailableError';
}

/** Thrown when the gateway refused a request (bad input, duplicate reference, bad key). */
export class GatewayRejectedError extends Error {
  override name = 'GatewayRejectedError';
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

/**
 * Port: the card and transfer gateway the funding module needs.
 * @throws GatewayUnavailableError on timeouts, connection failures, 5xx and unreadable answers
 * @throws GatewayRejectedError when the gateway refuses the request
 */
export type PaymentGateway = {
  readonly publicKey: string;
  initializeTransaction(input: {
    email: string;
    amountKobo: Kobo;
    reference: string;
    callbackUrl: string;
    metadata?: Record<string, unknown>;
  }): Promise<{ authorizationUrl: string; accessCode: string; reference: string }>;
  /** null when the gateway has never heard of the reference */
  verifyTransaction(reference: string): Promise<GatewayTransaction | null>;
  /** Creates the gateway customer and a dedicated bank account for it. */
  createDedicatedAccount(input: {
    email: string;
    firstName: string;
    lastName: string;
    phone?: string | undefined;
  }): Promise<DedicatedAccount>;
  /** Stops the account taking transfers; already stopped (or unknown) is not an error. */
  deactivateDedicatedAccount(account: { customerCode: string; accountNumber: string }): Promise<void>;
  isValidWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
  /** The event in a webhook body already parsed as JSON. @throws GatewayRejectedError when it is not one */
  readWebhookEvent(payload: unknown): GatewayEvent;
};
