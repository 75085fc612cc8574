import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_DOCS_PATH as DOCS_PATH, PRODUCT_NAME } from '@quickvend/shared/services';

/**
 * Redoc's standalone build, from node_modules (a production dependency of the server, so it is there after
 * `npm prune --omit=dev` too): no CDN, so the reference works offline and in the sandbox.
 */
const RENDERER_FILE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

/**
 * This page's own Content-Security-Policy, in place of the app's: Redoc writes its styles at run time
 * (styled-components) and runs its search in a worker it makes from a blob. Everything still comes from this
 * server alone; the app's pages keep the strict policy.
 */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

type Renderer = { name: string; raw: Buffer; br: Buffer; gzip: Buffer };

/** Read and compressed once, on first use, off the event loop: 1.1 MB is about 250 KB in brotli. */
async function loadRenderer(): Promise<Renderer> {
  const raw = await readFile(RENDERER_FILE);
  const hash = createHash('sha256').update(raw).digest('hex').slice(0, 12);
  const [br, gz] = await Promise.all([
    promisify(brotliCompress)(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
    promisify(gzip)(raw, { level: 9 }),
  ]);
  return { name: `redoc.${hash}.js`, raw, br, gzip: gz };
}

function page(scriptName: string): string {
  // Redoc reads its options from the element's attributes and starts itself on load: no inline script
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${PRODUCT_NAME} API reference</title>
<link rel="icon" href="/favicon.svg">
</head>
<body style="margin:0">
<redoc spec-url="/api/v1/openapi.json" native-scrollbars required-props-first hide-hostname
  expand-responses="200,201" json-sample-expand-level="3"></redoc>
<script src="${DOCS_PATH}/${scriptName}"></script>
</body>
</html>
`;
}

function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * The API reference at /docs/api: a page of its own (not the web app's), which loads the renderer from this
 * server and draws the OpenAPI document served at /api/v1/openapi.json.
 */
export function registerDocsPage(app: FastifyInstance): void {
  let renderer: Promise<Renderer> | undefined;
  const load = () => {
    renderer ??= loadRenderer().catch((error: unknown) => {
      renderer = undefined;
      throw error;
    });
    return renderer;
  };

  app.get(DOCS_PATH, { config: { access: 'public' } }, async (_request, reply) => {
    const { name } = await load();
    return reply
      .header('content-security-policy', PAGE_POLICY)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page(name));
  });

  app.get(`${DOCS_PATH}/:file`, { config: { access: 'public' } }, async (request, reply) => {
    const file = await load();
    const { file: asked } = request.params as { file: string };
    if (asked !== file.name) {
      reply.callNotFound();
      return reply;
    }
    const encoding = acceptedEncoding(request);
    reply
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('vary', 'accept-encoding')
      .type('application/javascript; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? file[encoding] : file.raw);
  });
}
