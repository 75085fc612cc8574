import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'data', '.tsbuild', 'apps/server/drizzle', 'test-results'] },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/apps/**', '@quickvend/server*', '@quickvend/web*'],
          message: 'shared imports nothing from apps',
        },
        {
          group: ['node:*', 'react', 'react-*', 'fastify*', 'drizzle-orm*', 'pg'],
          message: 'shared has no I/O',
        },
      ]),
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/providers/**'], message: 'modules own ports; container.ts wires providers' },
        {
          regex: '^\\.\\./\\.\\./modules/[^/]+/(?!index)',
          message: 'reach another module only through its index.ts',
        },
        {
          regex: '^\\.\\./(?!\\.\\.)[^/]+/(?!index(\\.ts)?$)',
          message: 'reach another module only through its index.ts',
        },
      ]),
    },
  },
  {
    // foreign keys: a module's tables may name another module's tables, and nothing else of it
    files: ['apps/server/src/modules/**/*.tables.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^\\.\\./(?!\\.\\.)[^/]+/(?![^/]+\\.tables\\.ts$)', message: 'tables import only tables' },
      ]),
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    extends: [jsxA11y.flatConfigs.strict],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // web: app -> features -> components and lib, one way. Inside one part (the app, a feature, components,
  // lib) imports are relative; crossing into another part goes through the `@/` alias (`@/lib/paths.ts`).
  // The globs match both spellings: `@/features/x/...` and `../../features/x/...`.
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^\\.\\./\\.\\./', message: 'reach another part of src through @/' },
      ]),
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/', message: 'a feature never imports another feature' },
        { regex: '^\\.\\./\\.\\./\\.\\./', message: 'reach components and lib through @/' },
        {
          group: ['**/features/*/**', '**/app/**'],
          message: 'features import only components and lib (and their own files, relatively)',
        },
      ]),
    },
  },
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        {
          group: ['**/features/**', '**/app/**'],
          message: 'components and lib import neither features nor app',
        },
        { regex: '^\\.\\./\\.\\./', message: 'reach another part of src through @/' },
      ]),
    },
  },
);
