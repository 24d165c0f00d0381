import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync } from 'node:fs';
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
const SERVER = './apps/server/src';
const MODULES = `${SERVER}/modules`;
const features = dirs(`${WEB}/features`);
const modules = dirs(MODULES);

/**
 * The layout rules of docs/decisions/0028, checked on every import (resolved
 * to a file, so `../../` and aliases alike):
 * - a web feature reaches another only through its `index.ts` (its door, decision 0108), and so does the
 *   app (`app/`, the entry files) outside its tests, but for the pages its router loads (`doors` below);
 * - web `lib`, `state`, `components` and `i18n` never import `features` or `app`;
 * - `packages/shared` imports no app;
 * - a server module reaches another module only through its `index.ts`;
 * - the server's `lib/` never imports `modules/`; `db/` imports neither;
 * - `deps.ts` and `ports.ts` import nothing from `modules/`: the ports between modules are declared there,
 *   not borrowed from a module (decision 0107);
 * - nothing but `server.ts` (and tests, scripts) imports `app.ts` or its `wiring.ts` (docs/ARCHITECTURE.md, decision 0056).
 */
const boundaries = [
  ...features.map((name) => ({
    target: `${WEB}/features/${name}`,
    from: `${WEB}/features`,
    except: [`./${name}`, ...features.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: "A feature reaches another only through that feature's index.ts (its door, decision 0108).",
  })),
  ...['lib', 'state', 'components', 'i18n'].flatMap((layer) =>
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
  { target: `${SERVER}/lib`, from: MODULES, message: 'lib/ is what every module uses and no module owns: it never imports modules/.' },
  { target: `${SERVER}/db`, from: MODULES, message: 'db/ is below everything: it never imports modules/.' },
  { target: `${SERVER}/db`, from: `${SERVER}/lib`, message: 'db/ is below lib/: it never imports it.' },
  ...['deps.ts', 'ports.ts'].map((file) => ({
    target: `${SERVER}/${file}`,
    from: MODULES,
    message: `${file} imports nothing from modules/: a port between modules is declared in ports.ts, which the modules implement and use (decision 0107).`,
  })),
  {
    target: `${SERVER}/job-kinds.ts`,
    from: MODULES,
    except: modules.map((name) => `./${name}/index.ts`),
    message: "job-kinds.ts (decision 0106) names each module's jobs through that module's index.ts.",
  },
  ...['modules', 'lib', 'db', 'integrations', 'deps.ts', 'ports.ts', 'config.ts'].flatMap((part) =>
    ['app.ts', 'wiring.ts'].map((entry) => ({
      target: `${SERVER}/${part}`,
      from: `${SERVER}/${entry}`,
      message: `Only server.ts (and tests, scripts) import ${entry}: modules get what they need as AppDeps (deps.ts).`,
    })),
  ),
];

/**
 * The SPA's paths come from one table, packages/shared/src/paths.ts (decision 0108). Its patterns are read from
 * the table's source (this file is plain JavaScript and cannot import TypeScript): a string or template that
 * starts with one of their first segments (`'/cart'`, `` `/product/${id}` ``, `${base}/search-page`) is a path
 * written by hand. The home page's `'/'` is one where it is a link's or a redirect's target.
 */
const SPA_SEGMENTS = [
  ...new Set(
    [...readFileSync(new URL('./packages/shared/src/paths.ts', import.meta.url), 'utf8').matchAll(/page\('\/([a-z][a-z-]*)/g)].map((m) => m[1]),
  ),
];
if (SPA_SEGMENTS.length < 10) throw new Error('eslint.config.js: no SPA paths read from packages/shared/src/paths.ts');
// esquery's regular expressions cannot hold a "/": \x2F is one.
const SPA_PATH = `^\\x2F(${SPA_SEGMENTS.join('|')})([\\x2F?#]|$)`;
const SPA_PATH_MESSAGE = "An SPA path comes from the route table: paths.… of '@haat/shared/paths' (decision 0108).";
const spaPathLiterals = [
  { selector: `Literal[value=/${SPA_PATH}/]`, message: SPA_PATH_MESSAGE },
  { selector: `TemplateElement[value.raw=/${SPA_PATH}/]`, message: SPA_PATH_MESSAGE },
];
/** A route the server registers: `app.get('/track/returns', …)` and the like, and the catalogue's `productRead('/product/…', …)`. */
const API_ROUTES = ["CallExpression[callee.property.name=/^(get|post|put|patch|delete|head|options|route)$/]", "CallExpression[callee.name='productRead']"];
/** The home page's '/' as a link's or a redirect's target (elsewhere '/' is a separator). */
const homeLiterals = [
  { selector: "JSXAttribute[name.name=/^(to|href|action|formAction|back)$/] > Literal[value='/']", message: SPA_PATH_MESSAGE },
  { selector: "CallExpression[callee.name='navigate'] > Literal[value='/']", message: SPA_PATH_MESSAGE },
  { selector: "CallExpression[callee.property.name=/^(assign|replace)$/][callee.object.property.name='location'] > Literal[value='/']", message: SPA_PATH_MESSAGE },
];

/**
 * The app (its layouts, guards and router, and the entry files) reaches a feature through its index.ts too, and
 * its pages: the router loads each page with import(), a chunk of its own (decision 0108). Not checked in tests,
 * which render a feature's parts directly.
 */
const doors = features.map((name) => ({
  target: [`${WEB}/app`, `${WEB}/*.tsx`],
  from: `${WEB}/features/${name}`,
  except: ['./index.ts', './pages'],
  message: "The app reaches a feature through its index.ts (its door, decision 0108), or a page the router loads with import().",
}));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', 'data/**', '**/data/**', 'test-results/**', 'playwright-report/**'] },
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
    // Every UI text goes through the web's t (useT, issue 14): a literal in JSX is a text with no Bangla.
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
      // import/no-cycle parses the files it follows: TypeScript ones with the TypeScript parser.
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // …and never parses a package's files (pglite's bundle overflows the parser).
      'import/ignore': ['node_modules'],
      'import/resolver': {
        node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
        // The web's `@/` (apps/web/src), so aliased imports are checked too.
        [fileURLToPath(new URL('./scripts/eslint-alias-resolver.cjs', import.meta.url))]: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
      },
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaries }],
      'import/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Every query key comes from lib/queryKeys.ts, so an invalidation reaches what it means to.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test-*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression[elements.0.type='Literal']",
          message: 'A query key starts from the queryKeys factory (lib/queryKeys.ts), never a literal.',
        },
        {
          selector:
            "CallExpression[callee.property.name=/^(getQueryData|setQueryData|getQueriesData|setQueriesData)$/] > ArrayExpression.arguments:first-child[elements.0.type='Literal']",
          message: 'A query key starts from the queryKeys factory (lib/queryKeys.ts), never a literal.',
        },
        // The server's texts are translated by their code (decision 0058), never by matching English words.
        {
          selector: 'Literal[regex.pattern=/[A-Za-z]{2,}( |\\\\s)[A-Za-z]{2,}/]',
          message: 'Translate a server text by its code (errors.bn.ts), not with a regular expression over its English.',
        },
        {
          selector: "NewExpression[callee.name='RegExp'], CallExpression[callee.name='RegExp']",
          message: 'Translate a server text by its code (errors.bn.ts), not with a regular expression over its English.',
        },
        ...spaPathLiterals,
        ...homeLiterals,
        {
          selector: 'ImportDeclaration[source.value=/^@\\x2Ffeatures\\x2F[^\\x2F]+\\x2Fpages\\x2F/]',
          message: "A page is loaded by the router with import(), a chunk of its own; what the app needs of a feature comes from its index.ts (decision 0108).",
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/test-*.{ts,tsx}'],
    rules: { 'import/no-restricted-paths': ['error', { zones: [...boundaries, ...doors] }] },
  },
  {
    // The server links the SPA's pages (robots.txt, sitemaps, bKash's return, SMS, mails) through the same table.
    // Its own routes (app.get('/dashboard/summary', …), the API's under /api) are not the SPA's pages.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...spaPathLiterals.map(({ selector, message }) => ({ selector: `${selector}:not(${API_ROUTES.map((route) => `${route} > ${selector}`).join(', ')})`, message })),
      ],
    },
  },
  {
    // No server function over 60 lines or complexity 15 (issue 43, decision 0105): a long function is split
    // into named steps, a long route registrar into one registrar per route group.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: {
      complexity: ['error', 15],
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A server test calls the API through the test kit's createApi (decision 0024), never app.inject.
    files: ['apps/server/test/**/*.ts'],
    ignores: ['apps/server/test/support/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='inject'][callee.object.name=/^(app|local|production|server)$/]",
          message: 'Call the API through the test kit: createApi(app) / t.api() (test/support/api.ts), not app.inject.',
        },
        {
          selector: "CallExpression[callee.property.name='inject'][callee.object.property.name='app']",
          message: 'Call the API through the test kit: createApi(app) / t.api() (test/support/api.ts), not app.inject.',
        },
      ],
    },
  },
);
