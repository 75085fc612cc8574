import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  bpsAsPercent,
  kobo,
  parseNaira,
  percentOfKobo,
  toNairaString,
  type Kobo,
} from '@quickvend/shared/money';
import { formatLagosMinuteStamp } from '@quickvend/shared/format';
import { realTimers, waitUnlessAborted, type SimulatorTimers } from '../timers.ts';
import { createCallbackDispatcher } from './vtpass-simulator.callbacks.ts';
import {
  CATEGORIES,
  SERVICES,
  type ProductKind,
  type SimService,
  type SimVariation,
} from './vtpass-simulator.catalog.ts';

export type VtpassSimulatorOptions = {
  /** Where the simulator is mounted, e.g. `/sandbox/vtpass/api`; the provider's base URL is origin + prefix. */
  prefix: string;
  apiKey: string;
  publicKey: string;
  secretKey: string;
  /** Where `transaction-update` callbacks are POSTed. */
  callbackUrl: string;
  /**
   * How long a sale to 201000000000 stays pending before it is delivered by itself; default 20 s.
   * `Infinity`: until `resolvePendingNow()` or `POST /simulate/resolve`, as tests drive it.
   */
  pendingResolveMs?: number;
  /** How long a sale to 300000000000 hangs before answering; default 60 s; `Infinity` until the client leaves. */
  timeoutHangMs?: number;
  /** Where the two waits above come from; default real time. */
  timers?: SimulatorTimers;
  /** The merchant float; default ₦100,000,000. */
  initialFloatKobo?: number;
  /** One commission rate for every product; default 3% airtime, 2% data, 1.5% TV and electricity, 1% exams. */
  commissionBps?: number;
  /** Waits before each callback retry (at most 4: VTpass makes 5 attempts); default 1 s, 5 s, 15 s, 30 s. */
  callbackRetryDelaysMs?: number[];
  /** The clock that dates sales and checks request ids; default the system clock. */
  now?: () => Date;
  log?: FastifyBaseLogger;
  /** Sends the callbacks. Default: the platform fetch. */
  fetchImpl?: typeof fetch;
  /** The same service and number within this window is refused with 019; default 30 s, 0 turns it off. */
  duplicateWindowMs?: number;
};

export type VtpassSimulator = {
  /** Resolves once every callback delivery started so far has been acknowledged or given up. */
  flush(): Promise<void>;
  /** Callback POSTs attempted so far, retries included. */
  callbackAttempts(): number;
  floatKobo(): number;
  /** Delivers every pending sale now, or only the one with this request_id, and waits for the callbacks. */
  resolvePendingNow(requestId?: string): Promise<void>;
};

// providers.md §1.9
const PENDING_NUMBER = '201000000000';
const SCENARIOS: Readonly<Record<string, 'pending' | 'unexpected' | 'no-response' | 'timeout'>> = {
  [PENDING_NUMBER]: 'pending',
  '500000000000': 'unexpected',
  '400000000000': 'no-response',
  '300000000000': 'timeout',
};
const SUCCESS_PHONE = '08011111111';
const SMARTCARD = '1212121212';
const PREPAID_METER = '1111111111111';
const POSTPAID_METER = '1010101010101';
const JAMB_PROFILE = '0123456789';
const DUPLICATE_WINDOW_MS = 30_000;
const MAX_QUANTITY = 10;
const TARIFF_KOBO_PER_KWH = 20_950;

const DEFAULT_COMMISSION_BPS: Readonly<Record<ProductKind, number>> = {
  airtime: 300,
  data: 200,
  tv: 150,
  electricity: 150,
  education: 100,
};

type SaleStatus = 'delivered' | 'pending' | 'failed' | 'reversed';

type Sale = {
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

type Body = Record<string, unknown>;
type Answer = { code: string; response_description: string; content?: unknown };

const SERVICES_BY_ID = new Map(SERVICES.map((service) => [service.serviceId, service]));
const DIGITS = '0123456789';
const randomDigits = (length: number) => Array.from({ length }, () => DIGITS[randomInt(10)] ?? '').join('');

const asBody = (value: unknown): Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Body) : {};

function readText(body: Body, name: string): string | undefined {
  const value = body[name];
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Naira on the wire as VTpass writes it: a float. Conversion only, no arithmetic. */
const nairaNumber = (amount: Kobo): number => Number(toNairaString(amount));
const nairaOf = (variation: SimVariation): Kobo => parseNaira(variation.naira);
// VTpass dates carry microseconds: 2025-03-10T10:02:57.000000Z
const vtpassDate = (date: Date) => date.toISOString().replace(/\.(\d{3})Z$/, '.$1000Z');

const answer = (code: string, description: string, content?: unknown): Answer => ({
  code,
  response_description: description,
  ...(content !== undefined && { content }),
});

const INVALID_CREDENTIALS = answer('087', 'INVALID CREDENTIALS');
const INVALID_ARGUMENTS = answer('011', 'INVALID ARGUMENTS');
const INVALID_REQUEST_ID = answer('015', 'INVALID REQUEST ID');
const NO_PRODUCT = answer('012', 'PRODUCT DOES NOT EXIST');

/** Why a request_id breaks VTpass's rule (providers.md §1.3), or null when it is good for `today`. */
function requestIdProblem(requestId: string, today: string): string | null {
  if (!/^\d{8}/.test(requestId)) return 'IMPROPER REQUEST ID: DOES NOT CONTAIN DATE';
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(requestId);
  const [, year = '', month = '', day = '', hour = '', minute = ''] = match ?? [];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const isRealDate =
    match !== null &&
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day) &&
    Number(hour) < 24 &&
    Number(minute) < 60;
  if (requestId.length < 12 || !isRealDate) {
    return 'IMPROPER REQUEST ID: NOT PROPER DATE FORMAT - FIRST 12 CHARACTERS MUST BE DATE (YYYYMMDDHHmm)';
  }
  if (requestId.slice(0, 8) !== today.slice(0, 8)) return "IMPROPER REQUEST ID: DATE NOT TODAY'S DATE";
  return null;
}

function isSuccessTarget(service: SimService, target: string, variation: SimVariation | null): boolean {
  switch (service.kind) {
    case 'airtime':
    case 'data':
      return target === SUCCESS_PHONE;
    case 'tv':
      return service.serviceId === 'showmax' ? target === SUCCESS_PHONE : target === SMARTCARD;
    case 'electricity':
      return variation?.code === 'postpaid' ? target === POSTPAID_METER : target === PREPAID_METER;
    case 'education':
      return service.serviceId === 'jamb' ? target === JAMB_PROFILE : target === SUCCESS_PHONE;
  }
}

/** A prepaid token in the field shapes the DisCos use (providers.md §1.8), so the client meets them all. */
function prepaidExtras(
  serviceId: string,
  sale: Pick<Sale, 'amountKobo' | 'uniqueElement'>,
  exchangeReference: string,
) {
  const token = randomDigits(20);
  const tenthsOfKwh = Math.trunc((sale.amountKobo * 10) / TARIFF_KOBO_PER_KWH);
  const units = `${Math.trunc(tenthsOfKwh / 10)}.${tenthsOfKwh % 10} kWh`;
  const customer = {
    customerName: 'TESTMETER1',
    customerAddress: 'ABULE - ABULE',
    meterNumber: sale.uniqueElement,
  };
  switch (serviceId) {
    case 'ikeja-electric':
      return {
        purchased_code: `Token : ${token}`,
        token: `Token : ${token}`,
        units,
        tokenAmount: nairaNumber(sale.amountKobo),
        tariff: 'R2 SINGLE PHASE RESIDENTIAL',
        ...customer,
        exchangeReference,
        resetToken: null,
        configureToken: null,
        taxAmount: null,
        debtAmount: null,
      };
    case 'eko-electric': {
      const bonus = randomDigits(20);
      return {
        purchased_code: `Token : ${token} Bonus Token : ${bonus}`,
        mainToken: token,
        mainTokenDescription: 'Normal Sale',
        mainTokenUnits: tenthsOfKwh / 10,
        mainsTokenAmount: nairaNumber(sale.amountKobo),
        bonusToken: bonus,
        ...customer,
        exchangeReference,
      };
    }
    case 'kano-electric':
      return {
        purchased_code: '',
        CustomerName: customer.customerName,
        Token: token,
        Units: units,
        Receipt: exchangeReference,
      };
    default:
      return {
        purchased_code: `Token: ${token.replace(/(\d{4})(?=\d)/g, '$1-')}`,
        units,
        ...customer,
        exchangeReference,
      };
  }
}

function productExtras(
  service: SimService,
  variation: SimVariation | null,
  sale: Pick<Sale, 'amountKobo' | 'quantity' | 'uniqueElement'>,
) {
  const exchangeReference = randomDigits(18);
  if (service.kind === 'electricity' && variation?.code === 'prepaid') {
    return prepaidExtras(service.serviceId, sale, exchangeReference);
  }
  if (service.kind === 'electricity') {
    return {
      purchased_code: '',
      customerName: 'TESTMETER2',
      customerAddress: 'ADEKUNLE - IKEJA',
      meterNumber: sale.uniqueElement,
      utilityName: service.name,
      exchangeReference,
      balance: null,
    };
  }
  if (service.serviceId === 'showmax') {
    return { purchased_code: `Showmax voucher: SMX${randomDigits(10)}` };
  }
  if (service.serviceId === 'waec') {
    const cards = Array.from({ length: sale.quantity }, () => ({
      Serial: `WRN${randomDigits(9)}`,
      Pin: randomDigits(12),
    }));
    return {
      purchased_code: cards.map((card) => `Serial No:${card.Serial}, pin: ${card.Pin}`).join('<br>'),
      cards,
    };
  }
  if (service.serviceId === 'waec-registration') {
    const tokens = Array.from({ length: sale.quantity }, () => randomDigits(19));
    return { purchased_code: `Token: ${tokens.join(', ')}`, tokens };
  }
  if (service.serviceId === 'jamb') {
    const pin = `Pin : ${randomDigits(16)}`;
    return { purchased_code: pin, Pin: pin };
  }
  return { purchased_code: '' };
}

/**
 * Sandbox only: a VTpass stand-in speaking the API of providers.md §1 (pay, requery, catalogue, balance,
 * merchant-verify) with the sandbox numbers of §1.9, a merchant float and retried `transaction-update`
 * callbacks. State lives in memory and is lost on restart.
 */
export function registerVtpassSimulator(
  app: FastifyInstance,
  options: VtpassSimulatorOptions,
): VtpassSimulator {
  const prefix = options.prefix.replace(/\/+$/, '');
  const { apiKey, publicKey, secretKey } = options;
  const pendingResolveMs = options.pendingResolveMs ?? 20_000;
  const timeoutHangMs = options.timeoutHangMs ?? 60_000;
  const now = options.now ?? (() => new Date());
  const timers = options.timers ?? realTimers;
  const log = options.log ?? app.log;
  const callbacks = createCallbackDispatcher({
    url: options.callbackUrl,
    retryDelaysMs: options.callbackRetryDelaysMs ?? [1000, 5000, 15_000, 30_000],
    log,
    fetchImpl: options.fetchImpl ?? fetch,
  });
  const closing = new AbortController();
  const sales = new Map<string, Sale>();
  const lastSaleAt = new Map<string, number>();
  let floatKobo = kobo(options.initialFloatKobo ?? 100_000_000_00);
  let nextProductId = 100;
  let nextWalletCreditId = 5_000_001;

  const commissionBpsOf = (service: SimService) =>
    options.commissionBps ?? DEFAULT_COMMISSION_BPS[service.kind];

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
  function envelope(sale: Sale, purpose: 'pay' | 'requery') {
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

  type Order = {
    sale: Sale;
    scenario: 'delivered' | 'failed' | 'pending' | 'unexpected' | 'no-response' | 'timeout';
  };

  /** Validates a /pay body in VTpass's order and records the sale, or says which code refuses it. */
  function takeOrder(body: Body): Order | Answer {
    const requestId = readText(body, 'request_id') ?? '';
    const today = formatLagosMinuteStamp(now());
    const idProblem = requestIdProblem(requestId, today);
    if (idProblem) return answer('085', idProblem);
    if (sales.has(requestId)) return answer('014', 'REQUEST ID ALREADY EXIST');

    const serviceId = readText(body, 'serviceID');
    const phone = readText(body, 'phone');
    if (!serviceId || !phone) return INVALID_ARGUMENTS;
    const service = SERVICES_BY_ID.get(serviceId);
    if (!service) return NO_PRODUCT;
    const billersCode = readText(body, 'billersCode');
    const variationCode = readText(body, 'variation_code');
    const amountText = readText(body, 'amount');
    const isRenewal = service.kind === 'tv' && readText(body, 'subscription_type') === 'renew';
    const quantityText = readText(body, 'quantity');
    const quantity = quantityText === undefined ? 1 : Number(quantityText);
    if (!Number.isSafeInteger(quantity)) return INVALID_ARGUMENTS;
    if (quantity < 1) return answer('031', 'BELOW MINIMUM QUANTITY ALLOWED');
    if (quantity > MAX_QUANTITY) return answer('032', 'ABOVE MINIMUM QUANTITY ALLOWED');

    const needsBillersCode =
      (service.kind === 'tv' && service.serviceId !== 'showmax') ||
      service.kind === 'electricity' ||
      service.serviceId === 'jamb';
    const needsVariation = service.variations.length > 0 && !isRenewal;
    const needsAmount = service.kind === 'airtime' || service.kind === 'electricity' || isRenewal;
    if (
      (needsBillersCode && !billersCode) ||
      (needsVariation && !variationCode) ||
      (needsAmount && !amountText)
    ) {
      return INVALID_ARGUMENTS;
    }
    let variation: SimVariation | null = null;
    if (needsVariation) {
      variation = service.variations.find((v) => v.code === variationCode) ?? null;
      if (!variation) return answer('010', 'VARIATION CODE DOES NOT EXIST');
    }

    let amountKobo: Kobo;
    try {
      amountKobo =
        variation?.isFixedPrice && !(service.kind === 'tv' && amountText)
          ? kobo(nairaOf(variation) * quantity)
          : parseNaira(amountText ?? '');
    } catch {
      return INVALID_ARGUMENTS;
    }
    if (amountKobo < parseNaira(service.minimumAmount)) return answer('013', 'BELOW MINIMUM AMOUNT ALLOWED');
    if (amountKobo > parseNaira(service.maximumAmount)) return answer('017', 'ABOVE MAXIMUM AMOUNT ALLOWED');
    const commissionBps = commissionBpsOf(service);
    const commissionKobo = percentOfKobo(amountKobo, commissionBps, 'floor');
    const totalKobo = kobo(amountKobo - commissionKobo);
    if (totalKobo > floatKobo) return answer('018', 'LOW WALLET BALANCE');

    const target = service.kind === 'airtime' ? phone : (billersCode ?? phone);
    const special = SCENARIOS[target];
    const at = now().getTime();
    if (!special) {
      const key = `${service.serviceId}:${target}`;
      const last = lastSaleAt.get(key);
      if (last !== undefined && at - last < (options.duplicateWindowMs ?? DUPLICATE_WINDOW_MS))
        return answer('019', 'LIKELY DUPLICATE TRANSACTION');
      lastSaleAt.set(key, at);
    }
    const scenario = special ?? (isSuccessTarget(service, target, variation) ? 'delivered' : 'failed');
    const sale: Sale = {
      requestId,
      service,
      variation,
      phone,
      uniqueElement: target,
      quantity,
      amountKobo,
      commissionBps,
      commissionKobo,
      totalKobo,
      transactionId: `${at}${randomDigits(13)}`,
      productId: nextProductId++,
      status: scenario === 'failed' ? 'failed' : scenario === 'pending' ? 'pending' : 'delivered',
      createdAt: new Date(at),
      resolveAt: null,
      cancelResolve: null,
      walletCreditId: null,
      extras: {},
    };
    sale.extras = productExtras(service, variation, sale);
    sales.set(requestId, sale);
    // the wallet is debited when VTpass takes the sale; a reversal credits it back
    if (sale.status !== 'failed') floatKobo = kobo(floatKobo - totalKobo);
    if (sale.status === 'pending') {
      sale.resolveAt = at + pendingResolveMs;
      sale.cancelResolve = timers.schedule(pendingResolveMs, () => {
        resolveSale(sale, 'delivered');
      });
    }
    return { sale, scenario };
  }

  /** Holds the answer back for timeoutHangMs; gives up when the client leaves or the server closes. */
  async function hangThenAnswer(request: FastifyRequest, reply: FastifyReply, sale: Sale) {
    const gone = new AbortController();
    const onGone = () => {
      gone.abort();
    };
    reply.raw.once('close', onGone);
    const signal = AbortSignal.any([closing.signal, gone.signal]);
    const hasWaited = await waitUnlessAborted(timers, timeoutHangMs, signal);
    reply.raw.off('close', onGone);
    if (hasWaited) return reply.send(envelope(sale, 'pay'));
    reply.hijack();
    request.raw.socket.destroy();
    return reply;
  }

  function verify(body: Body): Answer {
    const serviceId = readText(body, 'serviceID');
    const billersCode = readText(body, 'billersCode');
    if (!serviceId || !billersCode) return INVALID_ARGUMENTS;
    const service = SERVICES_BY_ID.get(serviceId);
    if (!service) return NO_PRODUCT;
    const commissionDetails = {
      amount: null,
      rate: bpsAsPercent(commissionBpsOf(service)),
      rate_type: 'percent',
      computation_type: 'default',
    };
    if (service.kind === 'electricity') {
      const type = readText(body, 'type') ?? 'prepaid';
      const isKnown = type === 'postpaid' ? billersCode === POSTPAID_METER : billersCode === PREPAID_METER;
      if (!isKnown) {
        return answer('000', '', {
          WrongBillersCode: true,
          error: `This meter is not correct or is not a valid ${service.name} ${type} meter. Please check and try again`,
        });
      }
      return answer('000', '', {
        Customer_Name: type === 'postpaid' ? 'TESTMETER2' : 'TESTMETER1',
        Address: 'ABULE - ABULE',
        Meter_Number: billersCode,
        Customer_Arrears: '',
        Minimum_Amount: 500,
        Min_Purchase_Amount: 500,
        Can_Vend: 'yes',
        Business_Unit: '',
        Customer_Account_Type: 'NMD',
        Meter_Type: type.toUpperCase(),
        WrongBillersCode: false,
        commission_details: commissionDetails,
      });
    }
    if (service.kind === 'tv' && service.serviceId !== 'showmax') {
      if (billersCode !== SMARTCARD)
        return answer('011', 'INVALID ARGUMENTS', { error: 'Invalid Smartcard Number' });
      const current = service.variations[Math.min(3, service.variations.length - 1)];
      return answer('000', '', {
        Customer_Name: 'TEST METHOD',
        Status: 'ACTIVE',
        Due_Date: service.serviceId === 'gotv' ? '02-FEB-27' : '2027-02-06T00:00:00',
        Customer_Number: '8061522780',
        Customer_Type: service.serviceId.toUpperCase(),
        Current_Bouquet: current?.name ?? '',
        Renewal_Amount: current?.naira ?? 0,
        commission_details: commissionDetails,
      });
    }
    if (service.serviceId === 'jamb') {
      if (billersCode !== JAMB_PROFILE)
        return answer('011', 'INVALID ARGUMENTS', { error: 'Invalid Profile ID' });
      return answer('000', '', { Customer_Name: 'Mr Testing Test', commission_details: commissionDetails });
    }
    return answer('011', 'INVALID ARGUMENTS', { error: `${service.name} cannot be verified` });
  }

  const variationsOf = (service: SimService) =>
    service.variations.map((v) => ({
      variation_code: v.code,
      name: v.name,
      variation_amount: `${v.naira}.00`,
      fixedPrice: v.isFixedPrice ? 'Yes' : 'No',
    }));

  void app.register(
    async (scope) => {
      scope.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string' },
        (_request, body, done) => {
          const text = typeof body === 'string' ? body : body.toString('utf8');
          done(null, Object.fromEntries(new URLSearchParams(text)));
        },
      );
      scope.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
        const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
        if (status >= 500) {
          request.log.error({ err: error }, 'vtpass simulator failed');
          return reply.status(500).send(answer('083', 'SYSTEM ERROR'));
        }
        return reply.status(status).send(INVALID_ARGUMENTS);
      });
      // before the server waits for open connections: a hanging answer must not hold the close up
      scope.addHook('preClose', (done) => {
        closing.abort();
        done();
      });
      scope.addHook('onClose', () => {
        closing.abort();
        callbacks.close();
        for (const sale of sales.values()) sale.cancelResolve?.();
      });

      // sandbox admin hook, no auth: resolve a pending sale now, as VTpass staff would
      scope.post('/simulate/resolve', async (request, reply) => {
        const body = asBody(request.body);
        const sale = findSale(readText(body, 'request_id') ?? '');
        if (!sale) return reply.status(404).send(INVALID_REQUEST_ID);
        const status = readText(body, 'status');
        if (status !== 'delivered' && status !== 'reversed') return reply.status(400).send(INVALID_ARGUMENTS);
        if (sale.status !== 'pending') {
          return reply
            .status(409)
            .send({ ...envelope(sale, 'requery'), response_description: 'TRANSACTION IS NOT PENDING' });
        }
        resolveSale(sale, status);
        return envelope(sale, 'requery');
      });

      await scope.register((api, _options, done) => {
        api.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
          const { headers } = request;
          const isGet = request.method === 'GET' || request.method === 'HEAD';
          const isBalance = request.url.split('?')[0]?.endsWith('/balance') ?? false;
          // GET /balance is read with either key in public clients (providers.md §1.2)
          const hasKey = isGet
            ? headers['public-key'] === publicKey || (isBalance && headers['secret-key'] === secretKey)
            : headers['secret-key'] === secretKey;
          if (headers['api-key'] !== apiKey || !hasKey) return reply.send(INVALID_CREDENTIALS);
          return undefined;
        });

        api.post('/pay', async (request, reply) => {
          const order = takeOrder(asBody(request.body));
          if (!('sale' in order)) return order;
          const { sale, scenario } = order;
          switch (scenario) {
            case 'delivered':
            case 'failed':
            case 'pending':
              return envelope(sale, 'pay');
            case 'unexpected':
              return reply
                .type('text/html; charset=utf-8')
                .send(
                  '<html><head><title>VTpass</title></head><body><p>Service Temporarily Unavailable</p></body></html>',
                );
            case 'no-response':
              reply.hijack();
              request.raw.socket.destroy();
              return reply;
            case 'timeout':
              return hangThenAnswer(request, reply, sale);
          }
        });

        api.post('/requery', (request) => {
          const sale = findSale(readText(asBody(request.body), 'request_id') ?? '');
          return sale ? envelope(sale, 'requery') : INVALID_REQUEST_ID;
        });

        api.get<{ Querystring: { serviceID?: string } }>('/service-variations', (request) => {
          const service = SERVICES_BY_ID.get(request.query.serviceID ?? '');
          if (!service) return NO_PRODUCT;
          const variations = variationsOf(service);
          return {
            response_description: '000',
            content: {
              ServiceName: service.name,
              serviceID: service.serviceId,
              convinience_fee: 'N0.00',
              // VTpass sends both spellings
              variations,
              varations: variations,
            },
          };
        });

        api.get<{ Querystring: { identifier?: string } }>('/services', (request) => ({
          response_description: '000',
          content: SERVICES.filter((service) => service.identifier === request.query.identifier).map(
            (service) => ({
              serviceID: service.serviceId,
              name: service.name,
              minimium_amount: service.minimumAmount,
              maximum_amount: service.maximumAmount,
              convinience_fee: null,
              product_type: service.productType,
              image: `https://sandbox.vtpass.com/resources/products/200X200/${service.serviceId}.jpg`,
            }),
          ),
        }));

        api.get('/service-categories', () => ({ response_description: '000', content: CATEGORIES }));

        api.get('/balance', () => ({ code: 1, contents: { balance: nairaNumber(floatKobo) } }));

        api.post('/merchant-verify', (request) => verify(asBody(request.body)));
        done();
      });
    },
    { prefix },
  );

  return {
    flush: () => callbacks.flush(),
    callbackAttempts: () => callbacks.countAttempts(),
    floatKobo: () => floatKobo,
    async resolvePendingNow(requestId) {
      for (const sale of sales.values()) {
        if (requestId === undefined || sale.requestId === requestId) resolveSale(sale, 'delivered');
      }
      await callbacks.flush();
    },
  };
}
