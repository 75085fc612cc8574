import { z } from 'zod';

import { koboSchema } from './kobo.ts';

/** How customers reach the business, as configured; anything not configured is null (or left out of `links`). */
export const supportContact = z.object({
  /** as it should be read, such as `0801 234 5678` */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** a `https://wa.me/…` link */
  whatsappUrl: z.string().nullable(),
  links: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type SupportContact = z.infer<typeof supportContact>;

export const noSupportContact: SupportContact = { phone: null, email: null, whatsappUrl: null, links: [] };

export const metaResponse = z.object({
  productName: z.string(),
  mode: z.enum(['sandbox', 'live']),
  /** smallest amount a wallet can be funded with */
  minFundingKobo: koboSchema,
  /** kept from every manual deposit (an admin setting; the spec's NGN 50 until changed) */
  manualChargeKobo: koboSchema.optional(),
  support: supportContact.default(noSupportContact),
});
export type MetaResponse = z.infer<typeof metaResponse>;
