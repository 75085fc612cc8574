import { z } from 'zod';

export const metaResponse = z.object({
  productName: z.string(),
  mode: z.enum(['sandbox', 'live']),
  /** smallest amount a wallet can be funded with */
  minFundingKobo: z.number().int(),
});
export type MetaResponse = z.infer<typeof metaResponse>;
