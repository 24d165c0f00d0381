import { fileURLToPath } from 'node:url';
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const WEB = './apps/web/src';
const MODULES = './apps/server/src/modules';
const features = dirs(`${WEB}/features`);
const modules = dirs(MODULES);

/**
 * The layout rules of docs/decisions/0028, checked on every import (resolved
 * to a file, so `../../` and aliases alike):
 * - a web feature never imports another feature;
 * - web `lib` and `components` never import `features` or `app`;
 * - `packages/shared` imports no app;
 * - a server module reaches another module only through its `index.ts`.
 */
const boundaries = [
  ...features.map((name) => ({
    target: `${WEB}/features/${name}`,
    from: `${WEB}/features`,
    except: [`./${name}`],
    message: 'A feature never imports another feature: move what both need to lib/ or components/.',
  })),
  ...['lib', 'components', 'i18n'].flatMap((layer) =>
    ['features', 'app'].map((upper) => ({
      target: `${WEB}/${layer}`,
      from: `${WEB}/${upper}`,
      message: `${layer}/ is below ${upper}/: it never imports it.`,
    })),
  ),
  { target: './packages/shared', from: './apps', message: 'packages/shared is imported by the apps, never the other way round.' },
  ...modules.map((name) => ({
    target: `${MODULES}/${name}`,
    from: MODULES,
    except: [
      `./${name}`,
      ...modules.filter((other) => other !== name).map((other) => `./${other}/index.ts`),
    ],
    message: "A module reaches another only through that module's index.ts (its public door).",
  })),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Every UI text goes through react-i18next (issue 14): a literal in JSX is a text with no Bangla.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx', 'apps/web/src/test-*.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'title', 'placeholder', 'alt', 'label'] },
          // Punctuation, arrows and digits; and lower-case identifiers (field names, autoComplete values) are code, not text.
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s৳×•·–—▲▼↕←→…]+', '[a-z][a-zA-Z0-9_.]*'] },
        },
      ],
    },
  },
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    // eslint-plugin-import (plain JavaScript resolution): import-x's native resolver left other platforms' bindings out of the lock file, which broke `npm ci`.
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': {
        node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
        // The web's `@/` (apps/web/src), so aliased imports are checked too.
        [fileURLToPath(new URL('./scripts/eslint-alias-resolver.cjs', import.meta.url))]: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
      },
    },
    rules: { 'import/no-restricted-paths': ['error', { zones: boundaries }] },
  },
);
