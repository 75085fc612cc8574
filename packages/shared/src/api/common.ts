import { z } from 'zod';

/** The answer of a request that was accepted and has nothing else to say. */
export const okResponse = z.object({ ok: z.literal(true) });

const INVALID_EMAIL = 'Please enter a valid email address.';

/** An email address as accounts keep it: at most 254 characters, in lower case. */
export const validEmail = z
  .email({ error: INVALID_EMAIL })
  .max(254)
  .transform((s) => s.toLowerCase());

/** A typed email address: trimmed, then a valid one. */
export const emailAddress = z.string({ error: INVALID_EMAIL }).trim().pipe(validEmail);
