import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { srcAlias } from './vite.config.ts';

export default defineProject({
  plugins: [react()],
  resolve: { alias: srcAlias },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/lib/testing/setup.ts'],
    // a route test renders the whole app in jsdom: seconds on a loaded two-core machine
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
