import { partnerLimitTexts } from '@quickvend/shared/messages/partner-limits';
import { AmountError, KOBO_PER_NAIRA, kobo, parseNaira, type Kobo } from '@quickvend/shared/money';
import {
  ProviderUnavailableError,
  type ProviderCallback,
  type ProviderOutcome,
  type ProviderService,
  type ProviderVariation,
  type ReceiptLine,
  type VerificationOutcome,
} from '../../modules/purchases/purchases.port.ts';
import {
  vtpassCallbackBody,
  vtpassPayResponse,
  vtpassVerifyResponse,
  type VtpassPayResponse,
  type VtpassService,
  type VtpassVariationsResponse,
} from './vtpass.types.ts';

type Verdict = 'failed' | 'pending' | 'by-status';

// providers.md §1.6. A code absent from this table is read as pending.
const CODE_VERDICTS: Readonly<Record<string, Verdict>> = {
  '000': 'by-status',
  '001': 'by-status',
  // not charged: VTpass failed it, refused to process it, or gave the money back to the wallet
  '016': 'failed',
  '091': 'failed',
  '040': 'failed',
  // input refused before any sale was made
  '010': 'failed',
  '011': 'failed',
  '012': 'failed',
  '013': 'failed',
  '017': 'failed',
  '031': 'failed',
  '032': 'failed',
  '085': 'failed',
  '019': 'failed',
  '025': 'failed',
  '026': 'failed',
  // a verification answer on a purchase: VTpass says treat it as failed, nothing was sold
  '020': 'failed',
  // our float, account or product set refused: not charged
  '018': 'failed',
  '021': 'failed',
  '022': 'failed',
  '023': 'failed',
  '024': 'failed',
  '027': 'failed',
  '028': 'failed',
  '087': 'failed',
  // the biller or service refused before selling: not charged
  '030': 'failed',
  '034': 'failed',
  '035': 'failed',
  // processing, under review or a system error: the sale may exist, so requery
  '099': 'pending',
  '044': 'pending',
  '083': 'pending',
  '089': 'pending',
  // the original request exists: requery it, never resend
  '014': 'pending',
  // on a purchase VTpass has just received the id, so "unknown id" cannot be final
  '015': 'pending',
};

/**
 * Our float, our account with VTpass, or the biller is out: nothing was sold, and VTpass's words ("LOW WALLET
 * BALANCE") would read as the customer's own wallet. The customer reads that the service is out for now.
 */
const OUTAGE_CODES: ReadonlySet<string> = new Set([
  '018',
  '021',
  '022',
  '023',
  '024',
  '027',
  '028',
  '087',
  '030',
  '034',
  '035',
]);

/** Failures about the purchase itself (its number, amount or plan, or a likely duplicate): another aggregator would refuse it too, or should not be asked. */
const REQUEST_FAULT_CODES: ReadonlySet<string> = new Set([
  '010',
  '011',
  '012',
  '013',
  '017',
  '019',
  '020',
  '025',
  '026',
  '031',
  '032',
  '085',
]);

/**
 * What a definite failure says about VTpass: `lowFloat` our float there is short (018), `request` the purchase
 * itself was refused (another provider would refuse it too; 019, VTpass's 30-second duplicate rule, is one:
 * the customer likely bought it already), `provider` VTpass could not serve it now (the biller, our account,
 * or a plain "TRANSACTION FAILED").
 */
export function vtpassFailureKind(code: string | null): 'request' | 'lowFloat' | 'provider' {
  if (code === '018') return 'lowFloat';
  return code !== null && REQUEST_FAULT_CODES.has(code) ? 'request' : 'provider';
}

// On a requery these codes refuse the query itself (keys, request shape, account), not the sale it asks about.
const QUERY_REFUSALS: ReadonlySet<string> = new Set([
  '011',
  '085',
  '087',
  '021',
  '022',
  '023',
  '024',
  '027',
  '028',
]);

const DEFAULT_MESSAGES = {
  delivered: 'TRANSACTION SUCCESSFUL',
  failed: 'TRANSACTION FAILED',
  pending: 'TRANSACTION IS PROCESSING',
} as const;

type Status = keyof typeof DEFAULT_MESSAGES;

export function toStatus(transactionStatus: string | null | undefined): Status {
  switch ((transactionStatus ?? '').trim().toLowerCase()) {
    case 'delivered':
      return 'delivered';
    case 'reversed':
    case 'failed':
      return 'failed';
    // initiated, pending, resolved (manual review at VTpass) and anything new
    default:
      return 'pending';
  }
}

/**
 * Naira as VTpass sends it (`"1822.25"`, `1822.25`, `"7,700.00"`) to kobo, digit by digit.
 * More than 2 decimals (a computed commission) rounds half up. null when unreadable.
 */
export function toKobo(value: string | number | null | undefined): Kobo | null {
  if (value === null || value === undefined) return null;
  try {
    return parseNaira(value);
  } catch (error) {
    if (!(error instanceof AmountError) || error.reason !== 'too_precise') return null;
  }
  const match = /^(\d+)\.(\d{2})(\d)\d*$/.exec(String(value).trim().replaceAll(',', ''));
  if (!match) return null;
  const [, whole = '', cents = '', next = ''] = match;
  const total = Number(whole) * KOBO_PER_NAIRA + Number(cents) + (Number(next) >= 5 ? 1 : 0);
  return Number.isSafeInteger(total) ? kobo(total) : null;
}

const TOKEN_AFTER_LABEL = /\btoken\s*[:\-=]?\s*(\d[\d -]*\d)/i;
const GROUPED_DIGITS = /^\s*(\d[\d -]*\d)\s*$/;
const MIN_TOKEN_DIGITS = 10;

/** An electricity token, digits only: `"Token : 2636-2054-4059 8275 7802 Bonus Token : …"` gives the first. */
export function extractToken(text: string | null | undefined): string | null {
  if (!text) return null;
  const grouped = TOKEN_AFTER_LABEL.exec(text)?.[1] ?? GROUPED_DIGITS.exec(text)?.[1];
  const digits = grouped?.replace(/[\s-]/g, '') ?? '';
  return digits.length >= MIN_TOKEN_DIGITS ? digits : null;
}

function extractPin(text: string | null | undefined): string | null {
  if (!text) return null;
  const pin = text.replace(/^\s*pin\s*:?\s*/i, '').trim();
  return pin === '' ? null : pin;
}

type Pin = { serial: string | null; pin: string };

function toPins(body: VtpassPayResponse): Pin[] | null {
  if (body.cards?.length) return body.cards.map((card) => ({ serial: card.Serial ?? null, pin: card.Pin }));
  if (body.tokens?.length) return body.tokens.map((pin) => ({ serial: null, pin }));
  const pin = extractPin(body.Pin);
  return pin === null ? null : [{ serial: null, pin }];
}

/** A top-level extra of a delivered sale as text; DisCos spell the same field differently. */
function extraText(body: Record<string, unknown>, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = body[key];
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

// label, then the keys the DisCos (and TV) use for it, in the order a receipt shows them
const RECEIPT_FIELDS: readonly [string, ...string[]][] = [
  ['Customer', 'customerName', 'CustomerName', 'Customer_Name'],
  ['Address', 'customerAddress', 'CustomerAddress', 'Address'],
  ['Meter number', 'meterNumber', 'MeterNumber'],
  ['Distributor', 'utilityName'],
  ['Tariff', 'tariff', 'Tariff'],
  ['Bonus token', 'bonusToken'],
  ['Tax', 'taxAmount', 'mainTokenTax'],
  ['Debt', 'debtAmount'],
  ['Balance', 'balance'],
  ['Receipt', 'Receipt', 'receiptNumber'],
  ['Reference', 'exchangeReference'],
];

function toReceiptLines(body: Record<string, unknown>, hasCredential: boolean): ReceiptLine[] {
  const lines = RECEIPT_FIELDS.flatMap(([label, ...keys]) => {
    const value = extraText(body, ...keys);
    return value === null ? [] : [{ label, value }];
  });
  // TV and Showmax put any voucher or code in purchased_code; tokens and PINs have their own fields
  const code = typeof body['purchased_code'] === 'string' ? body['purchased_code'].trim() : '';
  if (!hasCredential && code !== '') lines.push({ label: 'Code', value: code });
  return lines;
}

function toDelivered(body: VtpassPayResponse): ProviderOutcome {
  const transaction = body.content?.transactions;
  const pins = toPins(body);
  // an exam PIN can read "Token: …" too; a token is only reported when no PIN was sold
  const token =
    pins === null
      ? (extractToken(body.purchased_code) ??
        extractToken(body.token) ??
        extractToken(body.mainToken) ??
        extractToken(body.Token))
      : null;
  return {
    status: 'delivered',
    message: body.response_description || DEFAULT_MESSAGES.delivered,
    providerReference: body.transactionId ?? transaction?.transactionId ?? null,
    costKobo: toKobo(transaction?.total_amount),
    token,
    pins,
    units: extraText(body, 'units', 'Units', 'mainTokenUnits'),
    receiptLines: toReceiptLines(body, token !== null || pins !== null),
  };
}

// the old flat envelope has no transaction status: its success text is the only signal
const OLD_ENVELOPE_SUCCESS = /^TRANSACTION SUCCESSFUL$/i;

function toOutcomeOf(body: VtpassPayResponse): ProviderOutcome {
  const verdict = CODE_VERDICTS[body.code] ?? 'pending';
  const message = body.response_description ?? '';
  if (verdict === 'failed' && OUTAGE_CODES.has(body.code)) {
    return { status: 'failed', message: partnerLimitTexts.serviceUnavailable, code: body.code };
  }
  if (verdict !== 'by-status') {
    return { status: verdict, message: message || DEFAULT_MESSAGES[verdict], code: body.code };
  }
  const transactionStatus = body.content?.transactions?.status;
  const status =
    transactionStatus === null || transactionStatus === undefined
      ? OLD_ENVELOPE_SUCCESS.test(message.trim())
        ? 'delivered'
        : 'pending'
      : toStatus(transactionStatus);
  if (status === 'delivered') return toDelivered(body);
  return { status, message: message || DEFAULT_MESSAGES[status], code: body.code };
}

/** Any /pay answer, parsed JSON of any shape, to exactly one outcome; what cannot be read is pending. */
export function toOutcome(body: unknown): ProviderOutcome {
  const parsed = vtpassPayResponse.safeParse(body);
  if (!parsed.success) {
    return { status: 'pending', message: 'VTpass answered in an unexpected shape', code: null };
  }
  return toOutcomeOf(parsed.data);
}

/** A /requery answer: `015` means VTpass has no such request id. */
export function toRequeryOutcome(body: unknown): ProviderOutcome | { status: 'unknown' } {
  const parsed = vtpassPayResponse.safeParse(body);
  if (!parsed.success) return toOutcome(body);
  const { code } = parsed.data;
  if (code === '015') return { status: 'unknown' };
  if (QUERY_REFUSALS.has(code)) {
    const message = parsed.data.response_description || 'VTpass refused the requery';
    return { status: 'pending', message, code };
  }
  return toOutcomeOf(parsed.data);
}

const isYes = (value: string | null | undefined) => value?.trim().toLowerCase() === 'yes';

/** @returns the plans, skipping any whose price cannot be read */
export function toProviderVariations(body: VtpassVariationsResponse): ProviderVariation[] {
  // VTpass sends both variations and varations (older pages: only the misspelt one)
  const items = body.content.variations ?? body.content.varations ?? [];
  return items.flatMap((item) => {
    const amountKobo = toKobo(item.variation_amount);
    if (amountKobo === null) return [];
    return [{ code: item.variation_code, name: item.name, amountKobo, isFixedPrice: isYes(item.fixedPrice) }];
  });
}

/** A percentage rate (`"1.50"`) in basis points; null for a flat amount or an unreadable rate. */
function commissionBpsOf(details: VtpassService['commission_details']): number | null {
  if (!details || details.rate_type?.trim().toLowerCase() !== 'percent') return null;
  // a percentage with two decimals reads as naira and kobo do: digit by digit, in hundredths
  const bps = toKobo(details.rate);
  return bps !== null && bps < 10_000 ? bps : null;
}

export function toProviderServices(items: readonly VtpassService[]): ProviderService[] {
  return items.map((item) => {
    const commissionBps = commissionBpsOf(item.commission_details);
    return {
      serviceId: item.serviceID,
      name: item.name,
      // minimium (sic) is VTpass's spelling
      minimumKobo: toKobo(item.minimium_amount),
      maximumKobo: toKobo(item.maximum_amount),
      ...(commissionBps !== null && { commissionBps }),
    };
  });
}

export function toProviderCallback(body: unknown): ProviderCallback {
  const parsed = vtpassCallbackBody.safeParse(body);
  if (!parsed.success) return { type: 'ignored' };
  const { type, data } = parsed.data;
  if (type === 'transaction-update') {
    const requestId = data?.requestId ?? data?.request_id;
    return requestId ? { type, requestId } : { type: 'ignored' };
  }
  if (type === 'variations-update') {
    const serviceId = parsed.data.serviceID ?? data?.serviceID ?? data?.content?.serviceID;
    return serviceId ? { type, serviceId } : { type: 'ignored' };
  }
  return { type: 'ignored' };
}

const readNumber = (content: Record<string, unknown>, ...keys: string[]) => {
  for (const key of keys) {
    const value = content[key];
    if (typeof value === 'string' || typeof value === 'number') {
      const amount = toKobo(value);
      if (amount !== null) return amount;
    }
  }
  return null;
};

const NOT_VERIFIED = 'We could not verify this customer. Check the number and try again.';

/**
 * A merchant-verify answer. An unknown meter comes back as `000` with `WrongBillersCode: true`, a bad
 * smartcard as `011` with `content.error`; only a named customer counts as verified.
 */
export function toVerification(body: unknown): VerificationOutcome {
  const parsed = vtpassVerifyResponse.safeParse(body);
  if (!parsed.success) return { status: 'rejected', message: NOT_VERIFIED };
  // our keys or account refused: nothing is known about the customer
  if (QUERY_REFUSALS.has(parsed.data.code) && parsed.data.code !== '011') {
    throw new ProviderUnavailableError(`VTpass refused merchant-verify: ${parsed.data.code}`);
  }
  const content = parsed.data.content ?? {};
  const error = extraText(content, 'error');
  const customerName = extraText(content, 'Customer_Name', 'CustomerName', 'customerName', 'name');
  if (parsed.data.code !== '000' || content['WrongBillersCode'] === true || customerName === null) {
    return { status: 'rejected', message: error ?? (parsed.data.response_description || NOT_VERIFIED) };
  }
  const canVend = extraText(content, 'Can_Vend');
  return {
    status: 'verified',
    customer: {
      customerName,
      address: extraText(content, 'Address', 'Customer_Address'),
      meterType: extraText(content, 'Meter_Type'),
      // the meter's own minimum beats the DisCo's general one
      minimumKobo: readNumber(content, 'Min_Purchase_Amount', 'Minimum_Amount'),
      maximumKobo: readNumber(content, 'MAX_Purchase_Amount', 'Max_Purchase_Amount'),
      canVend: canVend === null ? null : canVend.toLowerCase() === 'yes',
      accountType: extraText(content, 'Customer_Account_Type'),
      status: extraText(content, 'Status'),
      dueDate: extraText(content, 'Due_Date'),
      currentBouquet: extraText(content, 'Current_Bouquet'),
      renewalKobo: readNumber(content, 'Renewal_Amount'),
    },
  };
}
