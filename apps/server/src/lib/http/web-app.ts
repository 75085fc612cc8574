import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
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

// hashed assets are files, never pages: a missing one is a 404, not the app (which a browser would keep as it)
const NOT_SPA = /^\/(api|webhooks|sandbox|assets|docs)(\/|$)|^\/(healthz|readyz|metrics)$/;
const COMPRESSED_COPY = /\.(br|gz)$/;

/** A hashed file never changes under its name; anything else is asked for again each time it is used. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function landingFile(root: string, isSandbox: boolean): string {
  const candidates = isSandbox ? ['landing-sandbox.html', 'landing.html'] : ['landing.html'];
  return candidates.find((name) => existsSync(path.join(root, name))) ?? 'index.html';
}

type Listing = {
  /** the files by their URL path (`assets/x.js`): no dotfiles, links or compressed copies */
  files: Set<string>;
  /** each folder (`''` for the root, `assets`) and its modification time, read before its entries */
  folders: Map<string, number>;
};

async function listFolder(root: string): Promise<Listing> {
  const listing: Listing = { files: new Set(), folders: new Map() };
  const walk = async (folder: string): Promise<void> => {
    const full = path.join(root, folder);
    try {
      // the time first: a file added while the entries are read changes it, so it is listed on its next miss
      listing.folders.set(folder, (await stat(full)).mtimeMs);
      for (const entry of await readdir(full, { withFileTypes: true })) {
        if (entry.name.startsWith('.')) continue;
        const name = folder ? `${folder}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(name);
        else if (entry.isFile() && !COMPRESSED_COPY.test(entry.name)) listing.files.add(name);
      }
    } catch {
      // removed while listed: a rebuild under way; the folder's next change lists it again
    }
  };
  await walk('');
  return listing;
}

/**
 * Only what the folder held when last listed is ever served, so nothing outside it can be reached. A rebuild
 * under a running server writes files with new names: a file-like path missing from the list costs one `stat`
 * of the nearest listed folder, and the folder is listed again only when that folder has changed since. Page
 * paths have no extension and never cost anything.
 */
function distFiles(root: string) {
  let current: Listing = { files: new Set(), folders: new Map() };
  let listing: Promise<void> | undefined;
  const relist = () =>
    (listing ??= listFolder(root)
      .then((found) => {
        current = found;
      })
      .finally(() => {
        listing = undefined;
      }));
  const hasChanged = async (name: string): Promise<boolean> => {
    const segments = name.split('/').slice(0, -1);
    while (segments.length > 0 && !current.folders.has(segments.join('/'))) segments.pop();
    const key = segments.join('/');
    const mtime = await stat(path.join(root, key)).then(
      (stats) => stats.mtimeMs,
      () => undefined,
    );
    return mtime !== current.folders.get(key);
  };
  return {
    relist,
    async has(name: string): Promise<boolean> {
      if (current.files.has(name)) return true;
      if (!path.posix.extname(name) || !(await hasChanged(name))) return false;
      await relist();
      return current.files.has(name);
    },
  };
}

function filePathOf(url: string): string | undefined {
  const pathname = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(pathname).slice(1);
  } catch {
    return undefined;
  }
}

export async function registerWebApp(
  app: FastifyInstance,
  { root, isSandbox }: WebAppOptions,
): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    // files are served by the route below, from the list, so a rebuild's new files are found
    serve: false,
    index: false,
    // the `.br`/`.gz` beside a file is sent in its place when the browser accepts it
    preCompressed: true,
    setHeaders: (res, filePath) => {
      res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
    },
  });
  const files = distFiles(root);
  await files.relist();
  const landing = landingFile(root, isSandbox);
  app.get('/', { config: { access: 'public' } }, (_request, reply) => reply.sendFile(landing));
  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const name = filePathOf(request.url);
    if (name !== undefined && (await files.has(name))) return reply.sendFile(name);
    reply.callNotFound();
    return reply;
  });
  // every other page path is the single-page app; its router decides what to show
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if ((request.method === 'GET' || request.method === 'HEAD') && !NOT_SPA.test(pathname)) {
      return reply.sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
}
