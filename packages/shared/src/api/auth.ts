import { z } from 'zod';
import { validEmail } from './common.ts';
import { messages } from '../messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../services.ts';

const required = (message: string) => z.string({ error: message }).trim().min(1, message);
const email = (requiredMessage: string) => required(requiredMessage).pipe(validEmail);
const password = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const referralCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/);

export const signUpBody = z.object({
  name: required(messages.auth.signupRequired).pipe(z.string().max(100, 'Name is too long.')),
  email: email(messages.auth.signupRequired),
  password: password(messages.auth.signupRequired),
  ref: referralCode.optional().catch(undefined),
});
export type SignUpBody = z.input<typeof signUpBody>;

export const signInBody = z.object({
  email: required(messages.auth.loginRequired).pipe(
    z
      .string()
      .max(254)
      .transform((s) => s.toLowerCase()),
  ),
  password: z.string({ error: messages.auth.loginRequired }).min(1, messages.auth.loginRequired).max(1024),
});
export type SignInBody = z.input<typeof signInBody>;

export const forgotPasswordBody = z.object({ email: email('Enter your email address.') });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z.object({
  token: required('This reset link is not valid.').pipe(z.string().max(200)),
  password: password('Enter a new password.'),
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const adminRegisterBody = z.object({
  token: required('This invitation link is not valid.').pipe(z.string().max(200)),
  email: email(messages.auth.signupRequired),
  password: password(messages.auth.signupRequired),
  name: z.string().trim().max(100).optional(),
});
export type AdminRegisterBody = z.input<typeof adminRegisterBody>;

export const createInvitationBody = z.object({
  email: z.email().max(254).optional(),
});

export const role = z.enum(['user', 'admin']);
export type Role = z.infer<typeof role>;

export const me = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role,
  /** whether the address has proven itself by the link mailed to it: partner access and bank deposits wait for it */
  emailConfirmed: z.boolean(),
});
export type Me = z.infer<typeof me>;

export const meResponse = z.object({ user: me });
/** `GET /api/v1/session`: the signed-in user, or null for a visitor. */
export const sessionResponse = z.object({ user: me.nullable() });

export const invitation = z.object({
  id: z.string(),
  email: z.string().nullable(),
  url: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitation>;
export const invitationResponse = z.object({ invitation });

/** An open invitation as its link shows it: the address it was sent to, or null when anyone may use it. */
export const openInvitationResponse = z.object({ email: z.string().nullable() });
