import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const dist = path.join(root, 'apps/web/dist');
export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const KB = 1024;

type Row = { what: string; target: string; measured: string; met: boolean | null };
export const rows: Row[] = [];
export const notes: string[] = [];

/** The size of a built file as gzip sends it: its `.gz` copy, or the file compressed now. */
export function gzipSize(urlPath: string): number {
  const file = path.join(dist, urlPath);
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export function print(): void {
  const width = (pick: (row: Row) => string, title: string) =>
    Math.max(title.length, ...rows.map((row) => pick(row).length));
  const w = [width((row) => row.what, 'delivery target'), width((row) => row.target, 'target')];
  console.log(`\n${'delivery target'.padEnd(w[0] ?? 0)}  ${'target'.padEnd(w[1] ?? 0)}  met  measured`);
  for (const row of rows) {
    const met = row.met === null ? '  -' : row.met ? 'yes' : ' NO';
    console.log(`${row.what.padEnd(w[0] ?? 0)}  ${row.target.padEnd(w[1] ?? 0)}  ${met}  ${row.measured}`);
  }
  console.log('');
  for (const note of notes) console.log(`- ${note}`);
}
