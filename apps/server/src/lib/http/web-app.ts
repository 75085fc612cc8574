import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './error-handler.ts';

/**
 * The built web app (`apps/web/dist`): `index.html` is the single-page app, `landing.html` the home page
 * rendered at build (with `landing-sandbox.html` beside it, which carries the sandbox banner), `assets/` the
 * files whose names carry a hash of their content, and a `.br` and `.gz` copy beside each text file.
 */
export type WebAppOptions = { root: string; isSandbox: boolean };

const NOT_SPA = /^\/(api|webhooks|sandbox)(\/|$)|^\/(healthz|readyz|metrics)$/;

/** A hashed file never changes under its name; anything else is asked for again each time it is used. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function landingFile(root: string, isSandbox: boolean): string {
  const candidates = isSandbox ? ['landing-sandbox.html', 'landing.html'] : ['landing.html'];
  return candidates.find((name) => existsSync(path.join(root, name))) ?? 'index.html';
}

export async function registerWebApp(
  app: FastifyInstance,
  { root, isSandbox }: WebAppOptions,
): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // the `.br`/`.gz` beside a file is sent in its place when the browser accepts it
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders: (res, filePath) => {
      res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
    },
  });
  const landing = landingFile(root, isSandbox);
  app.get('/', { config: { access: 'public' } }, (_request, reply) => reply.sendFile(landing));
  // every other page path is the single-page app; its router decides what to show
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(pathname)) {
      return reply.sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
}
