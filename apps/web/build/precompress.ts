import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt)$/;

function* filesUnder(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* filesUnder(file);
    else yield file;
  }
}

/**
 * Writes `<file>.br` (brotli, best) and `<file>.gz` (gzip, best) beside every text file of the build, for the
 * server to send as they are; a copy that would be no smaller than the file is not written.
 */
export function precompress(dir: string): void {
  for (const file of [...filesUnder(dir)]) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    const copies: [string, Buffer][] = [
      [
        '.br',
        brotliCompressSync(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
      ],
      ['.gz', gzipSync(content, { level: 9 })],
    ];
    for (const [extension, compressed] of copies) {
      if (compressed.length < content.length) writeFileSync(file + extension, compressed);
    }
  }
}
