import { z } from 'zod';

export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** the first characters of the key, enough to recognise it */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const createApiKeyBody = z.object({ name: z.string().trim().min(1, 'Give the key a name.').max(60) });
export const createApiKeyResponse = z.object({ apiKey, key: z.string() });
export const apiKeysResponse = z.object({ apiKeys: z.array(apiKey) });
