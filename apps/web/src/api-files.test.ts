import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiFileProblems } from '@/lib/testing/api-file-shape.ts';

const webSrc = path.dirname(fileURLToPath(import.meta.url));

function apiFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return apiFiles(full);
    const isApi = /(^|\/)api(\/admin)?$/.test(path.relative(webSrc, dir));
    return isApi && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Files not yet in the shape; the list only shrinks (a file put right must leave it). */
const notYet = new Set<string>([
  'features/dashboard/api/get-recent-purchases.ts',
  'features/dashboard/api/use-logout.ts',
  'features/notifications/api/get-notifications.ts',
  'features/notifications/api/live-notifications.ts',
  'features/profile/api/api-keys.ts',
  'features/profile/api/change-pin.ts',
  'features/profile/api/profile.ts',
  'features/purchases/api/create-purchase.ts',
  'features/purchases/api/watch-purchase.ts',
  'features/transactions/api/get-dispute.ts',
  'features/transactions/api/get-transaction.ts',
  'features/transactions/api/get-transactions.ts',
  'features/transactions/api/live-purchase.ts',
  'features/transactions/api/report-not-received.ts',
  'features/wallet/api/get-wallet-events.ts',
  'lib/api/email-purchase.ts',
  'lib/api/get-meta.ts',
  'lib/api/get-pin-status.ts',
  'lib/api/get-purchase.ts',
  'lib/api/get-purchases.ts',
  'lib/api/get-services.ts',
  'lib/api/get-variations.ts',
  'lib/api/resend-email-confirmation.ts',
]);

describe('API files (features/*/api, lib/api)', () => {
  const files = apiFiles(webSrc).map((file) => path.relative(webSrc, file));

  it('each hold one request: the fetcher, then its query options or mutation hook, then the hook', () => {
    expect(files.length).toBeGreaterThan(50);
    const problems = files
      .filter((file) => !notYet.has(file))
      .flatMap((file) =>
        apiFileProblems(readFileSync(path.join(webSrc, file), 'utf8')).map((p) => `${file}: ${p}`),
      );
    expect(problems).toEqual([]);
  });

  it('keeps no file on the not-yet list that is already in shape', () => {
    const done = [...notYet].filter(
      (file) => apiFileProblems(readFileSync(path.join(webSrc, file), 'utf8')).length === 0,
    );
    expect(done).toEqual([]);
  });
});
