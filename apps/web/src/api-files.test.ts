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

describe('API files (features/*/api, lib/api)', () => {
  const files = apiFiles(webSrc).map((file) => path.relative(webSrc, file));

  it('each hold one request: the fetcher, then its query options or mutation hook, then the hook', () => {
    expect(files.length).toBeGreaterThan(50);
    const problems = files.flatMap((file) =>
      apiFileProblems(readFileSync(path.join(webSrc, file), 'utf8')).map((p) => `${file}: ${p}`),
    );
    expect(problems).toEqual([]);
  });
});
