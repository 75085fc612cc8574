import { messages } from './messages.ts';
import { kobo, percentOfKobo, type Kobo } from './money.ts';
import { SANDBOX_TEST_NUMBERS } from './services.ts';

/**
 * The bill forms' checks, shared by the pages and the server so both say the same words.
 * Each returns the first problem as the spec's message, or null when the form may be sent.
 */

export type TvServiceId = 'dstv' | 'gotv' | 'startimes';

export type TvForm = {
  smartCard: string;
  phone: string;
  /** renewing keeps the current bouquet, so no plan is chosen */
  subscriptionType: 'change' | 'renew';
  /** the chosen plan's price; null when no plan is chosen or it is not on sale */
  planAmountKobo: number | null;
  hasPlanChoice: boolean;
};

/** A smartcard, meter, profile or phone number as the provider takes it: without the spaces people type. */
export const compactNumber = (value: string) => value.replace(/\s/g, '');
const SANDBOX_NUMBERS: readonly string[] = SANDBOX_TEST_NUMBERS;

/** The provider's sandbox scenario numbers (pending, no answer...) stand in for a card or meter there. */
export const isSandboxNumber = (value: string) => SANDBOX_NUMBERS.includes(compactNumber(value));

const DSTV_PHONE = /^0[789][01]\d{8}$/;

export const isTvServiceId = (serviceId: string): serviceId is TvServiceId =>
  serviceId === 'dstv' || serviceId === 'gotv' || serviceId === 'startimes';

const SMART_CARD: Record<TvServiceId, { pattern: RegExp; message: string }> = {
  dstv: { pattern: /^\d{10,11}$/, message: messages.purchase.smartCardLength },
  gotv: { pattern: /^\d{10}$/, message: messages.purchase.invalidSmartCard },
  startimes: { pattern: /^\d{10,20}$/, message: messages.purchase.invalidSmartCard },
};

/**
 * A smart card's shape, as each service's form checks it, before anyone asks the provider: the spec's message,
 * or null. The provider's sandbox scenario numbers pass in sandbox mode.
 */
export function checkSmartCard(serviceId: TvServiceId, smartCard: string, sandbox = false): string | null {
  const card = compactNumber(smartCard);
  if (sandbox && isSandboxNumber(card)) return null;
  const rule = SMART_CARD[serviceId];
  return rule.pattern.test(card) ? null : rule.message;
}

export function checkTvForm(serviceId: TvServiceId, form: TvForm, sandbox = false): string | null {
  const card = compactNumber(form.smartCard);
  const phone = compactNumber(form.phone);
  const needsPlan = form.subscriptionType === 'change';
  const cardProblem = checkSmartCard(serviceId, card, sandbox);
  const planIsValid = form.planAmountKobo !== null && form.planAmountKobo > 0;
  switch (serviceId) {
    case 'dstv':
      if (!card || !phone || (needsPlan && !form.hasPlanChoice)) return messages.purchase.allFieldsRequired;
      if (cardProblem) return cardProblem;
      if (!DSTV_PHONE.test(phone)) return messages.purchase.invalidNigerianPhone;
      if (needsPlan && !planIsValid) return messages.purchase.invalidBouquetSelected;
      return null;
    case 'gotv':
      if (!card || !phone || (needsPlan && !form.hasPlanChoice)) return messages.purchase.allFieldsRequired;
      if (cardProblem) return cardProblem;
      if (needsPlan && form.planAmountKobo === null) return messages.purchase.invalidBouquet;
      if (needsPlan && !planIsValid) return messages.purchase.invalidAmount;
      return null;
    case 'startimes':
      if (!card || !phone || !form.hasPlanChoice) return messages.purchase.allFieldsRequired;
      if (cardProblem) return cardProblem;
      if (!/^0\d{10}$/.test(phone)) return messages.purchase.invalidPhoneFormat;
      if (!planIsValid) return messages.purchase.invalidBouquet;
      return null;
  }
}

export type ShowmaxForm = { phone: string; hasPlanChoice: boolean; planAmountKobo: number | null };

export function checkShowmaxForm(form: ShowmaxForm, sandbox = false): string | null {
  const phone = compactNumber(form.phone);
  if (!phone || !form.hasPlanChoice) return messages.purchase.allFieldsRequired;
  if (!/^\d{11}$/.test(phone) && !(sandbox && isSandboxNumber(phone))) return messages.purchase.invalidPhone;
  if (form.planAmountKobo === null || form.planAmountKobo <= 0) return messages.purchase.invalidPlanOrAmount;
  return null;
}

export type MeterForm = { meterNumber: string; meterType: string; serviceId: string };

/** Before verification: what the meter check needs. */
export function checkMeterForm(form: MeterForm): string | null {
  const meter = compactNumber(form.meterNumber);
  if (!meter || !form.meterType || !form.serviceId) return messages.purchase.allFieldsRequired;
  if (!/^\d+$/.test(meter)) return messages.bills.meterDigitsOnly;
  if (form.meterType !== 'prepaid' && form.meterType !== 'postpaid') return messages.bills.meterTypeRequired;
  return null;
}

/** A service's discount on a face value: rounded down to the kobo, so it never exceeds what the rule gives. */
export function applyDiscount(amountKobo: Kobo, bps: number): { discountKobo: Kobo; chargedKobo: Kobo } {
  const discountKobo = percentOfKobo(amountKobo, bps, 'floor');
  return { discountKobo, chargedKobo: kobo(amountKobo - discountKobo) };
}

/**
 * `1234 5678 9012 3456 7890`: an electricity token in groups of four, as a meter keypad takes it.
 * A provider's `Token : ...` prefix is dropped; anything that is not digits is shown as it came.
 */
export function groupToken(token: string): string {
  const compact = tokenDigits(token);
  return /^\d+$/.test(compact) ? (compact.match(/.{1,4}/g) ?? [compact]).join(' ') : token.trim();
}

/** The digits of a token, for copying into a meter (or the token as it came when it is not digits). */
export function tokenDigits(token: string): string {
  const compact = token.replace(/^\s*token\s*:?\s*/i, '').replace(/[\s-]/g, '');
  return /^\d+$/.test(compact) ? compact : token.trim();
}
