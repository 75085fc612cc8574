import { z } from 'zod';
import { pinTexts } from '../messages/pin.ts';

export const pinDigits = z.string().regex(/^\d{4}$/, pinTexts.notFourDigits);

export const pinStatusResponse = z.object({
  hasPin: z.boolean(),
  /** ISO time until which purchases are locked after too many wrong PINs, or null */
  lockedUntil: z.string().nullable(),
});
export type PinStatus = z.infer<typeof pinStatusResponse>;

/** First PIN: no current PIN needed. Changing it needs the current PIN. */
export const setPinBody = z.object({ pin: pinDigits, currentPin: z.string().optional() });

export const changePinRequestBody = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address.')
    .pipe(z.email('Please enter a valid email address.')),
});

/** From the mailed link: the account password proves it is really the owner. */
export const resetPinBody = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(1, 'Enter your password.').max(1024),
  pin: pinDigits,
});
