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

type Bundle = Record<string, { fileName: string }>;

const SW_ENTRY = 'src/sw/service-worker.ts';
const PRERENDER_ENTRY = 'src/landing-prerender.tsx';

const BOOT_ENTRY = 'src/boot.ts';

/**
 * The app's page with its first script (src/boot.ts) before everything else, run as soon as it arrives (async):
 * its requests leave while the app's own script downloads. A chunk of its own, since Vite would bundle a second
 * script of the page into the app's entry.
 */
function withBootScript(html: string, src: string): string {
  const tag = `<script type="module" async crossorigin src="${src}"></script>`;
  if (!html.includes('</title>')) throw new Error('index.html has no <title> to put its first script after');
  return html.replace('</title>', `</title>\n    ${tag}`);
}

/** Every file of the build under assets/ (each page's code and styles, hashed): all saved for offline use. */
function hashedFiles(bundle: Bundle): string[] {
  return Object.values(bundle)
    .map((file) => file.fileName)
    .filter((fileName) => fileName.startsWith('assets/'));
}

/**
 * After `vite build`: the landing rendered to HTML, the service worker given the list of files it saves at
 * install (the pages, every hashed file, the manifest and icons), and a brotli and gzip copy of every text file
 * for the server to send as is.
 */
export function webBuild(options: Options): Plugin {
  let root = '';
  let outDir = '';
  let publicDir = '';
  let assetFiles: string[] = [];
  let bootRef = '';
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
      bootRef = this.emitFile({ type: 'chunk', id: path.join(root, BOOT_ENTRY), name: 'boot' });
    },
    generateBundle(_output, bundle) {
      const page = (bundle as unknown as Record<string, { type: string; source?: unknown } | undefined>)[
        'index.html'
      ];
      if (page?.type !== 'asset' || typeof page.source !== 'string')
        this.error('no index.html to start boot.ts from');
      else page.source = withBootScript(page.source, `/${this.getFileName(bootRef)}`);
      assetFiles = hashedFiles(bundle).sort();
      if (assetFiles.length === 0) this.error('no files under assets/ to save for offline use');
    },
    async writeBundle() {
      await prerenderLanding({
        root,
        outDir,
        entry: path.join(root, PRERENDER_ENTRY),
        alias: options.alias,
        plugins: options.prerenderPlugins,
      });
      writeServiceWorker(outDir, assetFiles, publicFiles(publicDir));
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
function writeServiceWorker(outDir: string, assetFiles: string[], publicNames: string[]): void {
  const files = [
    ...new Set(['index.html', 'landing.html', 'landing-sandbox.html', ...publicNames, ...assetFiles]),
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
