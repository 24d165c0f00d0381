import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * One run covers every workspace. The server suite runs on in-memory PGlite,
 * and again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 */
const serverProject = (name: string, env: Record<string, string>, extra: object = {}) => ({
  test: {
    name,
    root: 'apps/server',
    include: ['test/**/*.test.ts'],
    exclude: ['test/**/*.slow.test.ts'],
    environment: 'node',
    env,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // One database per worker, shared across files (PGlite takes seconds to start).
    isolate: false,
    ...extra,
  },
});

const projects = [
  { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
  serverProject('server-pglite', { TEST_DB: 'pglite' }),
  // Checks too slow for every run (the demo's 5,000-product seed): `npm run test:slow`, once per `npm test`.
  serverProject('server-slow', { TEST_DB: 'pglite' }, { include: ['test/**/*.slow.test.ts'], exclude: [], testTimeout: 300_000, hookTimeout: 300_000 }),
  {
    // JSX as in the web build (apps/web/vite.config.ts): React's automatic runtime.
    esbuild: { jsx: 'automatic' },
    // The web app's `@/`; zod stays the real one in tests.
    resolve: {
      alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./apps/web/src/', import.meta.url)) }],
    },
    test: {
      name: 'web',
      root: 'apps/web',
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'jsdom',
      setupFiles: ['./src/test-setup.ts'],
      testTimeout: 15_000,
      // Files share a worker's modules (a third of the CPU of a fresh module graph per file); test-setup.ts resets
      // what a test leaves behind (the DOM, storage, the language cookie, toasts, the language).
      isolate: false,
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  // A database per worker, cloned from one migrated template (test/support/pg-template.ts): files run side by side.
  projects.push(
    serverProject(
      'server-postgres',
      { TEST_DB: 'postgres', TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
      {
        globalSetup: ['test/support/pg-template.ts'],
        setupFiles: ['test/support/pg-worker-database.ts'],
        // Files that never reach TEST_DATABASE_URL (servers in child processes on memory://, the first start's own
        // PGlite, the start scripts): the server-pglite run is the same check, as faults.test.ts and the seed suites say.
        // docs-pages and no-variants-branch read only files, no database: once, in server-pglite.
        exclude: ['test/**/*.slow.test.ts', 'test/main.test.ts', 'test/seed-first-start.test.ts', 'test/start-scripts.test.ts', 'test/docs-pages.test.ts', 'test/no-variants-branch.test.ts'],
      },
    ) as never,
  );
}

// One more worker than cores (vitest's default is one fewer: a single worker on CI's two cores): many server
// tests wait on a child process, a socket or the job queue's poll, and another file runs meanwhile.
const maxWorkers = Number(process.env.VITEST_MAX_WORKERS) || availableParallelism() + 1;

export default defineConfig({ test: { projects, maxWorkers } as never });
