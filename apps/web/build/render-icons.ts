// Draws the app's icons (the brand mark of components/ui/brand.tsx) as PNG for the web manifest:
// `npx tsx apps/web/build/render-icons.ts`. The PNGs are committed; run this again only when the mark changes.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const BRAND = '#065f46';
const BOLT = '<path d="M36 8 18 36h12l-4 20 20-30H34z" fill="#fbbf24"/>';

/** `any`: the mark as the favicon draws it. `maskable`: edge to edge, the bolt inside the central safe circle. */
const marks = {
  any: `<rect width="64" height="64" rx="14" fill="${BRAND}"/>${BOLT}`,
  maskable: `<rect width="64" height="64" fill="${BRAND}"/><g transform="translate(32 32) scale(0.62) translate(-32 -32)">${BOLT}</g>`,
};

const icons = [
  { file: 'icon-192.png', size: 192, mark: marks.any },
  { file: 'icon-512.png', size: 512, mark: marks.any },
  { file: 'maskable-192.png', size: 192, mark: marks.maskable },
  { file: 'maskable-512.png', size: 512, mark: marks.maskable },
];

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const icon of icons) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block}</style>` +
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${icon.size}" height="${icon.size}">${icon.mark}</svg>`,
    );
    await page.screenshot({ path: path.join(out, icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
