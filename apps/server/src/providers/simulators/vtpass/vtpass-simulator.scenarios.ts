import { randomInt } from 'node:crypto';
import type { SimService, SimVariation } from './vtpass-simulator.catalog.ts';
import type { Sale } from './vtpass-simulator.state.ts';
import { nairaNumber } from './vtpass-simulator.wire.ts';

// providers.md §1.9
const PENDING_NUMBER = '201000000000';
export const SCENARIOS: Readonly<Record<string, 'pending' | 'unexpected' | 'no-response' | 'timeout'>> = {
  [PENDING_NUMBER]: 'pending',
  '500000000000': 'unexpected',
  '400000000000': 'no-response',
  '300000000000': 'timeout',
};
const SUCCESS_PHONE = '08011111111';
export const SMARTCARD = '1212121212';
export const PREPAID_METER = '1111111111111';
export const POSTPAID_METER = '1010101010101';
export const JAMB_PROFILE = '0123456789';
const TARIFF_KOBO_PER_KWH = 20_950;

const SCENARIO_RESULTS: Record<(typeof SCENARIOS)[string], string> = {
  pending: 'pending for about 20 seconds, then delivered',
  unexpected: 'an answer that cannot be read: pending, then delivered once asked again',
  'no-response': 'no answer: pending, then delivered once asked again',
  timeout: 'a timeout: pending, then delivered once asked again',
};

/**
 * The sandbox's numbers as partners read them in the API reference: rendered from here, the values the
 * simulator itself answers by, so the two cannot differ. `for` names the services, `result` what a purchase
 * (or a check) with it does.
 */
export const SANDBOX_VALUES: readonly { value: string; for: string; result: string }[] = [
  { value: SUCCESS_PHONE, for: 'airtime, data, Showmax, WAEC', result: 'delivered at once' },
  { value: SMARTCARD, for: 'DStv, GOtv, StarTimes smartcard', result: 'checks as “TEST METHOD”; delivered' },
  { value: PREPAID_METER, for: 'electricity, prepaid meter', result: 'checks; delivered with a token' },
  { value: POSTPAID_METER, for: 'electricity, postpaid meter', result: 'checks; delivered' },
  { value: JAMB_PROFILE, for: 'JAMB profile ID', result: 'checks; delivered with a PIN' },
  ...Object.entries(SCENARIOS).map(([value, scenario]) => ({
    value,
    for: 'any service, as phone, card or meter',
    result: SCENARIO_RESULTS[scenario],
  })),
  { value: 'any other number', for: 'any service', result: 'failed, and refunded at once' },
];

const DIGITS = '0123456789';
export const randomDigits = (length: number) =>
  Array.from({ length }, () => DIGITS[randomInt(10)] ?? '').join('');

/** Why a request_id breaks VTpass's rule (providers.md §1.3), or null when it is good for `today`. */
export function requestIdProblem(requestId: string, today: string): string | null {
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

export function isSuccessTarget(
  service: SimService,
  target: string,
  variation: SimVariation | null,
): boolean {
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

export function productExtras(
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
