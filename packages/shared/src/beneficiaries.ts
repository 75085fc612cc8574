import { compactNumber, isSandboxNumber } from './bills.ts';
import { findCatalogueService } from './catalog.ts';
import { detectNetwork, normalisePhone, type Network } from './phone.ts';
import { ELECTRICITY_DISTRIBUTORS, METER_TYPES, NETWORK_SERVICES, TV_PROVIDERS } from './services.ts';

/**
 * Saved numbers ("beneficiaries"): what a customer buys for again and again. The server and the web app
 * read a purchase, check a number and name one the same way from here.
 */
export const BENEFICIARY_KINDS = ['phone', 'smartcard', 'meter', 'profile'] as const;
export type BeneficiaryKind = (typeof BENEFICIARY_KINDS)[number];
export type MeterType = (typeof METER_TYPES)[number];

/** How many numbers one customer may keep. */
export const BENEFICIARY_LIMIT = 50;
export const BENEFICIARY_LABEL_MAX = 40;

export const beneficiaryTexts = {
  labelRequired: 'Give this number a name, for example Mum.',
  labelTooLong: `Keep the name to ${BENEFICIARY_LABEL_MAX} characters or fewer.`,
  invalidPhone: 'Enter a Nigerian mobile number, for example 0803 123 4567.',
  invalidSmartcard: 'A smart card number is 10 to 20 digits.',
  invalidMeter: 'A meter number is 6 to 20 digits.',
  invalidProfile: 'A JAMB profile ID is 6 to 20 digits.',
  wrongService: 'That service does not take this kind of number.',
  invalidMeterType: 'Choose prepaid or postpaid.',
  meterTypeOfMeter: 'Only a meter has a meter type.',
  notFound: 'We could not find that saved number.',
  limitReached: `You can keep up to ${BENEFICIARY_LIMIT} saved numbers. Delete one you no longer use, then save this one.`,
  alreadySaved: (label: string) => `You have already saved this number as “${label}”.`,
} as const;

/** What a saved number of each kind is called, one and many. */
export const beneficiaryKindNames: Record<BeneficiaryKind, { one: string; many: string }> = {
  phone: { one: 'phone number', many: 'Phone numbers' },
  smartcard: { one: 'smart card', many: 'Smart cards' },
  meter: { one: 'meter', many: 'Meters' },
  profile: { one: 'JAMB profile ID', many: 'JAMB profile IDs' },
};

/** The kind of number a service is bought for; null for a service whose only number is the buyer's contact. */
export function beneficiaryKindOfService(serviceId: string): BeneficiaryKind | null {
  const service = findCatalogueService(serviceId);
  if (!service) return null;
  if (service.kind === 'airtime' || service.kind === 'data' || service.id === 'showmax') return 'phone';
  switch (service.verification) {
    case 'smartcard':
      return 'smartcard';
    case 'meter':
      return 'meter';
    case 'profile':
      return 'profile';
    case null:
      return null;
  }
}

/**
 * The number a purchase was made for, as it would be saved: the phone topped up (airtime, data, the Showmax
 * account), the smart card, the meter (with the type it was bought as) or the JAMB profile. Null for an exam
 * PIN bought with only a contact phone.
 */
export function beneficiaryOfPurchase(purchase: {
  serviceId: string;
  phone: string;
  billersCode: string | null;
  /** an electricity purchase's meter type */
  variationCode?: string | null;
}): { kind: BeneficiaryKind; number: string; serviceId: string; meterType: MeterType | null } | null {
  const kind = beneficiaryKindOfService(purchase.serviceId);
  if (kind === null) return null;
  const number = compactNumber(kind === 'phone' ? purchase.phone : (purchase.billersCode ?? ''));
  if (number === '') return null;
  const meterType =
    kind === 'meter' ? (METER_TYPES.find((type) => type === purchase.variationCode) ?? null) : null;
  return { kind, number, serviceId: purchase.serviceId, meterType };
}

/** `Prepaid` or `Postpaid`, as the electricity page names them. */
export const meterTypeLabels: Record<MeterType, string> = { prepaid: 'Prepaid', postpaid: 'Postpaid' };

const DIGIT_RULES: Record<Exclude<BeneficiaryKind, 'phone'>, { pattern: RegExp; message: string }> = {
  smartcard: { pattern: /^\d{10,20}$/, message: beneficiaryTexts.invalidSmartcard },
  meter: { pattern: /^\d{6,20}$/, message: beneficiaryTexts.invalidMeter },
  profile: { pattern: /^\d{6,20}$/, message: beneficiaryTexts.invalidProfile },
};

/**
 * The number as it is saved (a phone in its 11-digit national form, others without spaces), or the problem.
 * In sandbox mode the provider's scenario numbers are accepted as any kind, as purchases accept them.
 */
export function readBeneficiaryNumber(
  kind: BeneficiaryKind,
  input: string,
  sandbox = false,
): { number: string } | { problem: string } {
  const compact = compactNumber(input).replace(/[-().]/g, '');
  if (sandbox && isSandboxNumber(compact)) return { number: compact };
  if (kind === 'phone') {
    const phone = normalisePhone(input);
    return phone ? { number: phone } : { problem: beneficiaryTexts.invalidPhone };
  }
  const rule = DIGIT_RULES[kind];
  return rule.pattern.test(compact) ? { number: compact } : { problem: rule.message };
}

const networks = Object.entries(NETWORK_SERVICES) as [Network, (typeof NETWORK_SERVICES)[Network]][];

/** The network a phone was last bought for (airtime or data), else the one its prefix was issued on. */
export function networkOfBeneficiary(beneficiary: {
  number: string;
  serviceId: string | null;
}): Network | null {
  const bought = networks.find(
    ([, ids]) => ids.airtime === beneficiary.serviceId || ids.data === beneficiary.serviceId,
  );
  return bought ? bought[0] : detectNetwork(beneficiary.number);
}

/** `0803 123 4567` for an 11-digit phone; other numbers as they are. */
export function groupedNumber(number: string): string {
  return /^0\d{10}$/.test(number) ? `${number.slice(0, 4)} ${number.slice(4, 7)} ${number.slice(7)}` : number;
}

function serviceLabelOf(serviceId: string | null): string | null {
  if (serviceId === null) return null;
  return (
    TV_PROVIDERS.find((tv) => tv.id === serviceId)?.label ??
    ELECTRICITY_DISTRIBUTORS.find((disco) => disco.id === serviceId)?.label ??
    null
  );
}

/**
 * The name a number gets when the customer has not chosen one: the verified customer for a card, meter or
 * profile; `MTN 0803 123 4567` for a phone. A saved label equal to it was never chosen, so it may follow
 * the number's next purchase.
 */
export function defaultBeneficiaryLabel(beneficiary: {
  kind: BeneficiaryKind;
  number: string;
  serviceId: string | null;
  customerName: string | null;
}): string {
  const { kind, number } = beneficiary;
  const name = beneficiary.customerName?.trim() ?? '';
  if (kind === 'phone') {
    const network = networkOfBeneficiary(beneficiary);
    const label = network ? NETWORK_SERVICES[network].label : null;
    return [label, groupedNumber(number)].filter(Boolean).join(' ');
  }
  if (name !== '') return name.slice(0, BENEFICIARY_LABEL_MAX);
  const service = serviceLabelOf(beneficiary.serviceId);
  const what = kind === 'profile' ? 'JAMB profile' : kind === 'smartcard' ? 'card' : 'meter';
  return [service, what, number].filter(Boolean).join(' ').slice(0, BENEFICIARY_LABEL_MAX);
}
