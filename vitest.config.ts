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
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  // One PostgreSQL database: files run one after another so they do not empty each other's tables.
  projects.push(
    serverProject('server-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }, { fileParallelism: false }) as never,
  );
}

export default defineConfig({ test: { projects } as never });
