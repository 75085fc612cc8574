import type { ApiKey } from '@quickvend/shared/api/api-keys';

/** A key as its owner, the back office and a data export see it: its name, dates and first characters, never the key. */
export const toApiKeyView = (row: {
  id: string;
  name: string;
  mode: 'live' | 'test';
  prefix: string;
  allowedIps: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}): ApiKey => ({
  id: row.id,
  name: row.name,
  mode: row.mode,
  prefix: row.prefix,
  allowedIps: row.allowedIps,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});
