import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AliasOptions, Plugin, PluginOption } from 'vite';
import { PRECACHE_GLOBAL, type Precache } from '../src/sw/strategy.ts';
import { precompress } from './precompress.ts';
import { prerenderLanding } from './prerender.ts';

type Options = {
  /** plugins the landing needs to be rendered in Node (React's) */
  prerenderPlugins: PluginOption[];
  alias: AliasOptions;
};

type OutputChunk = {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type Bundle = Record<string, OutputChunk | { type: 'asset'; fileName: string }>;

const SW_ENTRY = 'src/sw/service-worker.ts';
/** the pages whose entry chunks are named after their HTML file */
const PAGE_ENTRIES = ['index.html', 'landing.html'];
const PRERENDER_ENTRY = 'src/landing-prerender.tsx';
/** Pages loaded on demand that are also saved at install, so they open offline before ever being visited. */
const OFFLINE_PAGES = [
  'src/features/auth/components/login-page.tsx',
  'src/features/auth/components/register-page.tsx',
  'src/app/routes/dashboard-shell.tsx',
  'src/features/dashboard/components/dashboard-page.tsx',
];

/** An entry chunk and every chunk and stylesheet it imports statically: what its page needs to paint. */
function staticClosure(bundle: Bundle, fileName: string, into: Set<string>): void {
  const chunk = bundle[fileName];
  if (!chunk || chunk.type !== 'chunk' || into.has(fileName)) return;
  into.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const imported of chunk.imports) staticClosure(bundle, imported, into);
}

/**
 * After `vite build`: the landing rendered to HTML, the service worker given the list of files it saves at
 * install (the two pages, what they load at once, the pages a customer opens first, the manifest and icons), and a brotli and gzip copy of every
 * text file for the server to send as is.
 */
export function webBuild(options: Options): Plugin {
  let root = '';
  let outDir = '';
  let publicDir = '';
  const shellFiles = new Set<string>();
  return {
    name: 'quickvend:web-build',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
      publicDir = config.publicDir;
    },
    buildStart() {
      // a fixed name: the worker's address is what the browser checks for updates
      this.emitFile({ type: 'chunk', id: path.join(root, SW_ENTRY), fileName: 'sw.js' });
    },
    generateBundle(_output, bundle) {
      shellFiles.clear();
      const found = new Set<string>();
      for (const chunk of Object.values(bundle as unknown as Bundle)) {
        if (chunk.type !== 'chunk' || !chunk.facadeModuleId) continue;
        const source = path.relative(root, chunk.facadeModuleId);
        const isShell = chunk.isEntry ? PAGE_ENTRIES.includes(source) : OFFLINE_PAGES.includes(source);
        if (!isShell) continue;
        found.add(source);
        staticClosure(bundle, chunk.fileName, shellFiles);
      }
      const missing = [...PAGE_ENTRIES, ...OFFLINE_PAGES].filter((source) => !found.has(source));
      if (missing.length > 0) this.error(`not in the build, to save for offline use: ${missing.join(', ')}`);
    },
    async writeBundle() {
      await prerenderLanding({
        root,
        outDir,
        entry: path.join(root, PRERENDER_ENTRY),
        alias: options.alias,
        plugins: options.prerenderPlugins,
      });
      writeServiceWorker(outDir, [...shellFiles].sort(), publicFiles(publicDir));
      precompress(outDir);
    },
  };
}

function publicFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? publicFiles(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

/** Puts the list of files to save at the top of sw.js, versioned by their content. */
function writeServiceWorker(outDir: string, shellFiles: string[], publicNames: string[]): void {
  const files = [
    ...new Set(['index.html', 'landing.html', 'landing-sandbox.html', ...publicNames, ...shellFiles]),
  ];
  const hash = createHash('sha256');
  for (const name of files) {
    hash.update(name);
    hash.update(readFileSync(path.join(outDir, name)));
  }
  // `/` is the landing; the server sends the sandbox copy or the other by its mode
  const urls = ['/', ...files.filter((name) => !name.startsWith('landing')).map((name) => `/${name}`)];
  const precache: Precache = { version: hash.digest('hex').slice(0, 12), urls };
  const file = path.join(outDir, 'sw.js');
  writeFileSync(file, `self.${PRECACHE_GLOBAL}=${JSON.stringify(precache)};\n${readFileSync(file, 'utf8')}`);
}
