import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { webBuild } from './build/web-build-plugin.ts';

const server = 'http://127.0.0.1:3000';

/** `@/lib/paths.ts` is `src/lib/paths.ts` (also in tsconfig.json `paths` and vitest.config.ts). */
export const srcAlias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), webBuild({ prerenderPlugins: [react()], alias: srcAlias })],
  resolve: { alias: srcAlias },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // no inline <script> or data: URLs: the server applies a strict `default-src 'self'` CSP
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // `/` is landing.html (the landing rendered at build); every other page is index.html
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        landing: fileURLToPath(new URL('./landing.html', import.meta.url)),
      },
      output: {
        // React on its own: both pages share it, and it changes far less often than the app
        advancedChunks: {
          groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': server,
      '/sandbox': server,
      '/healthz': server,
    },
  },
  preview: {
    proxy: {
      '/api': server,
      '/sandbox': server,
      '/healthz': server,
    },
  },
});
