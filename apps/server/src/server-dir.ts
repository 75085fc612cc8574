import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `apps/server`, found from this file: it sits directly in `src/`, and the build bundles it into files directly
 * in `dist/` (scripts/build-server.mjs), so the folder above is `apps/server` in both.
 */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
