import { z } from 'zod';

import { koboSchema } from './kobo.ts';
import { emailAddress } from './common.ts';
import { isCalendarDate } from '../periods.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../services.ts';
import { optionalPhone } from './admin-users.ts';
import { apiKey } from './api-keys.ts';
import { beneficiary } from './beneficiaries.ts';
import { manualFundingRequest, payment } from './funding.ts';
import { notification, notificationPreferences } from './notifications.ts';
import { purchase } from './purchases.ts';
import { referralsResponse } from './referrals.ts';
import { ledgerStatementLine, walletBreakdown } from './wallet.ts';
import { profileTexts } from '../messages/profile.ts';

// the texts live without zod so that a screen showing one does not load every schema
export { DATA_EXPORTS_PER_HOUR, profileTexts } from '../messages/profile.ts';

export const BIRTHDAY_EARLIEST = '1900-01-01';

/** Blank clears it; otherwise `YYYY-MM-DD`, a real date from 1900 on (the server also refuses the future). */
export const birthdayField = z
  .string()
  .trim()
  .max(10, profileTexts.birthdayInvalid)
  .transform((value, context) => {
    if (value === '') return null;
    if (isCalendarDate(value) && value >= BIRTHDAY_EARLIEST) return value;
    context.addIssue({ code: 'custom', message: profileTexts.birthdayInvalid });
    return z.NEVER;
  });

/** Whether a birthday is one a person can have on `today` (both `YYYY-MM-DD`, Lagos calendar). */
export const isPossibleBirthday = (birthday: string, today: string) =>
  isCalendarDate(birthday) && birthday >= BIRTHDAY_EARLIEST && birthday < today;

export const profile = z.object({
  name: z.string(),
  email: z.string(),
  /** 11 digits from 0, or null */
  phone: z.string().nullable(),
  /** `YYYY-MM-DD`, or null */
  birthday: z.string().nullable(),
  /** the customer's refer-and-earn sign-up link */
  referralLink: z.string(),
  /** when partner (reseller) access was turned on: the Developers section and API keys; null while off */
  partnerAccessSince: z.string().nullable(),
  memberSince: z.string(),
});
export type Profile = z.infer<typeof profile>;

export const profileResponse = z.object({ profile });
export type ProfileResponse = z.infer<typeof profileResponse>;

export const updateProfileBody = z.object({
  name: z
    .string({ error: profileTexts.nameRequired })
    .trim()
    .min(1, profileTexts.nameRequired)
    .max(100, profileTexts.nameTooLong),
  phone: optionalPhone,
  birthday: birthdayField,
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const changeEmailBody = z.object({
  email: emailAddress,
  /** whoever holds only a session must not be able to move the account to their own address */
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024),
});
export type ChangeEmailBody = z.input<typeof changeEmailBody>;
/** The link is on its way; the email changes only once it is opened. */
export const changeEmailResponse = z.object({ sentTo: z.string() });

export const confirmEmailBody = z.object({
  token: z.string({ error: profileTexts.emailLinkInvalid }).min(1, profileTexts.emailLinkInvalid).max(2000),
});
/** `changed`: the account moved to this address; false when the address it already had is now confirmed. */
export const confirmEmailResponse = z.object({ email: z.string(), changed: z.boolean() });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponse>;

export const changePasswordBody = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password.' })
    .min(1, 'Enter your current password.')
    .max(1024),
  newPassword: z
    .string({ error: 'Enter a new password.' })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

/** A browser signed in to the account: never its token. */
export const signedInSession = z.object({
  id: z.string(),
  /** the browser and system in plain words: `Chrome on Android` */
  device: z.string(),
  /** the internet address it signed in from */
  ipAddress: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  /** the session this request came with */
  isCurrent: z.boolean(),
});
export type SignedInSession = z.infer<typeof signedInSession>;

export const sessionsResponse = z.object({ sessions: z.array(signedInSession) });
export const signOutOthersResponse = z.object({ signedOut: z.number().int() });

export const partnerAccessBody = z.object({
  enabled: z.boolean({ error: 'Say whether to turn it on or off.' }),
});

export const closeAccountBody = z.object({
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024),
});

/** Everything QuickVend holds about the customer, as "Download my data" gives it. */
export const dataExport = z.object({
  exportedAt: z.string(),
  profile: profile.extend({ emailVerified: z.boolean(), role: z.string() }),
  wallet: z.object({ balanceKobo: koboSchema, balance: z.string(), breakdown: walletBreakdown }),
  /** every line of the wallet, newest first */
  statement: z.array(ledgerStatementLine),
  purchases: z.array(purchase),
  payments: z.array(payment),
  manualDeposits: z.array(manualFundingRequest),
  referrals: referralsResponse,
  /** names, dates and the first characters only: the keys themselves are never kept */
  apiKeys: z.array(apiKey),
  sessions: z.array(signedInSession),
  savedNumbers: z.array(beneficiary),
  transactionPin: z.object({ isSet: z.boolean() }),
  notifications: z.array(notification),
  notificationPreferences,
});
export type DataExport = z.infer<typeof dataExport>;
