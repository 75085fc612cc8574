import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type AliasOptions, type PluginOption } from 'vite';

/** What src/landing-prerender.tsx gives: the landing's markup, and the sandbox banner's. */
type Rendered = { landing: string; sandboxBanner: string };

const ROOT = '<div id="root"></div>';

/**
 * Renders the landing page to HTML into `landing.html` of the build, so it shows before any script runs, and
 * writes `landing-sandbox.html` beside it with the sandbox banner (the server picks one by its mode).
 * The page is built for Node in a temporary folder first, with the same aliases as the app.
 */
export async function prerenderLanding(options: {
  root: string;
  outDir: string;
  entry: string;
  alias: AliasOptions;
  plugins: PluginOption[];
}): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), 'qv-prerender-'));
  try {
    await build({
      configFile: false,
      root: options.root,
      logLevel: 'warn',
      mode: 'production',
      plugins: options.plugins,
      resolve: { alias: options.alias },
      ssr: { noExternal: true },
      build: {
        ssr: options.entry,
        outDir: tmp,
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
        rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
      },
    });
    const module = (await import(pathToFileURL(path.join(tmp, 'prerender.mjs')).href)) as {
      renderLanding: () => Rendered;
    };
    const rendered = module.renderLanding();
    const file = path.join(options.outDir, 'landing.html');
    const html = readFileSync(file, 'utf8');
    if (!html.includes(ROOT)) throw new Error(`landing.html has no empty ${ROOT} to render into`);
    // React puts the page's <title> in the head when it runs; the head of landing.html already has it
    const landing = rendered.landing.replace(/<title>[^<]*<\/title>/, '');
    const page = html.replace(ROOT, `<div id="root">${landing}</div>`);
    writeFileSync(file, page);
    writeFileSync(
      path.join(options.outDir, 'landing-sandbox.html'),
      page.replace('<div id="root">', `${rendered.sandboxBanner}<div id="root">`),
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
