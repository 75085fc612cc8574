export const PRODUCT_NAME = 'QuickVend';

export const AIRTIME_QUICK_AMOUNTS_NAIRA = [100, 200, 500, 1000] as const;
export const MANUAL_FUNDING_CHARGE_KOBO = 5_000;
export const REFERRAL_REWARD_KOBO = 5_000;
export const CABLE_DISCOUNT_BPS = 100;
export const MESSAGE_DISPLAY_MS = 5_000;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const TV_PROVIDERS = [
  { id: 'dstv', label: 'DSTV' },
  { id: 'gotv', label: 'GOtv' },
  { id: 'startimes', label: 'StarTimes' },
  { id: 'showmax', label: 'Showmax' },
] as const;

export const ELECTRICITY_DISTRIBUTORS = [
  'Abuja',
  'Benin',
  'Enugu',
  'Eko',
  'Ibadan',
  'Ikeja',
  'Jos',
  'Kaduna',
  'Kano',
  'Portharcourt',
] as const;

export const METER_TYPES = ['prepaid', 'postpaid'] as const;
