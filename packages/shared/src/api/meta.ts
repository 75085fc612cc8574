import { z } from 'zod';

export const metaResponse = z.object({
  productName: z.string(),
  mode: z.enum(['sandbox', 'live']),
});
export type MetaResponse = z.infer<typeof metaResponse>;
