import { kobo } from './money.ts';

export const PRODUCT_NAME = 'QuickVend';

/** The partner API's reference, a page the server serves itself (not the web app's). */
export const API_DOCS_PATH = '/docs/api';

export const AIRTIME_QUICK_AMOUNTS_NAIRA = [100, 200, 500, 1000] as const;
export const MANUAL_FUNDING_CHARGE_KOBO = kobo(5_000);
/**
 * The largest manual deposit one request may declare (₦1,000,000): more than a household or a small reseller
 * pays in at a branch or sends by one transfer for airtime, data and bills, and small enough that a typo or a
 * made-up figure cannot ask an admin to credit billions. A larger deposit goes through support.
 */
export const MANUAL_FUNDING_MAX_KOBO = kobo(100_000_000);
/** Manual deposits one customer may have waiting for an admin at once: a flood cannot bury anyone's request. */
export const MANUAL_FUNDING_OPEN_LIMIT = 3;
export const REFERRAL_REWARD_KOBO = kobo(5_000);
/** The spec's discount (1%) on cable TV, Showmax and electricity: the default of each service's rule. */
export const BILLS_DISCOUNT_BPS = 100;
export const MESSAGE_DISPLAY_MS = 5_000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const TV_PROVIDERS = [
  { id: 'dstv', label: 'DSTV' },
  { id: 'gotv', label: 'GOtv' },
  { id: 'startimes', label: 'StarTimes' },
  { id: 'showmax', label: 'Showmax' },
] as const;

/** Electricity distribution companies and the provider's service id for each. */
export const ELECTRICITY_DISTRIBUTORS = [
  { id: 'abuja-electric', label: 'Abuja' },
  { id: 'benin-electric', label: 'Benin' },
  { id: 'enugu-electric', label: 'Enugu' },
  { id: 'eko-electric', label: 'Eko' },
  { id: 'ibadan-electric', label: 'Ibadan' },
  { id: 'ikeja-electric', label: 'Ikeja' },
  { id: 'jos-electric', label: 'Jos' },
  { id: 'kaduna-electric', label: 'Kaduna' },
  { id: 'kano-electric', label: 'Kano' },
  { id: 'portharcourt-electric', label: 'Port Harcourt' },
  { id: 'aba-electric', label: 'Aba' },
  { id: 'yola-electric', label: 'Yola' },
] as const;

export const EXAM_SERVICES = [
  { id: 'waec', label: 'WAEC Result Checker' },
  { id: 'waec-registration', label: 'WAEC Registration' },
  { id: 'jamb', label: 'JAMB' },
] as const;
export const EXAM_MAX_QUANTITY = 10;

export const METER_TYPES = ['prepaid', 'postpaid'] as const;

/** The provider's service ids per network (9mobile is still `etisalat` there). */
export const NETWORK_SERVICES = {
  mtn: { airtime: 'mtn', data: 'mtn-data', label: 'MTN' },
  glo: { airtime: 'glo', data: 'glo-data', label: 'GLO' },
  airtel: { airtime: 'airtel', data: 'airtel-data', label: 'Airtel' },
  '9mobile': { airtime: 'etisalat', data: 'etisalat-data', label: '9mobile' },
} as const;

/** Numbers the provider's sandbox answers in set ways (delivered, pending, unexpected, no answer, timeout). */
export const SANDBOX_TEST_NUMBERS = [
  '08011111111',
  '201000000000',
  '500000000000',
  '400000000000',
  '300000000000',
] as const;

export const TRANSACTION_PIN_LENGTH = 4;
export const PIN_MAX_ATTEMPTS = 5;
export const PIN_LOCK_MINUTES = 30;
