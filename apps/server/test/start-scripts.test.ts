import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHROMIUM, ensureChromium, MISSING } from '../../../scripts/chromium.mjs';

const repo = path.resolve(import.meta.dirname, '../../..');

describe('scripts/build-if-changed.mjs', () => {
  // A miniature workspace whose "build" counts its runs, with the real script in it.
  const root = mkdtempSync(path.join(tmpdir(), 'haat-build-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(path.join(root, 'scripts'));
  copyFileSync(path.join(repo, 'scripts/build-if-changed.mjs'), path.join(root, 'scripts/build-if-changed.mjs'));
  mkdirSync(path.join(root, 'apps/web/src'), { recursive: true });
  mkdirSync(path.join(root, 'packages/shared/src'), { recursive: true });
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'mini', private: true, workspaces: ['apps/web'] }));
  writeFileSync(path.join(root, 'package-lock.json'), '{}');
  // Like the real one, it builds the browser's dist/ and the server rendering's dist-server/ (decision 0078).
  const build =
    "const fs=require('fs');fs.mkdirSync('dist',{recursive:true});fs.writeFileSync('dist/index.html',process.env.NODE_ENV||'production');fs.mkdirSync('dist-server',{recursive:true});fs.writeFileSync('dist-server/entry-server.js','x');fs.appendFileSync('../../builds.txt','b')";
  writeFileSync(path.join(root, 'apps/web/package.json'), JSON.stringify({ name: 'web', private: true, scripts: { build: `node -e "${build}"` } }));
  writeFileSync(path.join(root, 'apps/web/src/main.ts'), 'export const a = 1;');
  writeFileSync(path.join(root, 'packages/shared/src/money.ts'), 'export const b = 1;');
  // The build's NODE_ENV by default is the test run's ("test"): each run names its own, unset meaning production.
  const run = (nodeEnv?: string) => {
    const env = { ...process.env };
    delete env.NODE_ENV;
    if (nodeEnv) env.NODE_ENV = nodeEnv;
    return execFileSync('node', ['scripts/build-if-changed.mjs'], { cwd: root, encoding: 'utf8', env });
  };
  const builds = () => readFileSync(path.join(root, 'builds.txt'), 'utf8').length;

  it('builds the first time, skips while nothing changed, rebuilds after a source or the lock file changes', () => {
    expect(run()).toContain('Building the web app.');
    expect(builds()).toBe(1);
    expect(run()).toContain('Web app is up to date');
    expect(builds()).toBe(1);
    // A test file does not change the bundle.
    writeFileSync(path.join(root, 'apps/web/src/main.test.ts'), 'test');
    expect(run()).toContain('up to date');
    writeFileSync(path.join(root, 'packages/shared/src/money.ts'), 'export const b = 2;');
    expect(run()).toContain('Web app sources changed: building.');
    expect(builds()).toBe(2);
    writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    run();
    expect(builds()).toBe(3);
    // Output deleted: built again even though the sources did not change.
    rmSync(path.join(root, 'apps/web/dist/index.html'));
    run();
    expect(builds()).toBe(4);
    rmSync(path.join(root, 'apps/web/dist-server/entry-server.js'));
    run();
    expect(builds()).toBe(5);
  }, 60_000);

  it('keys the build on its mode: a production start after a development one rebuilds, and serves the production build (issue 41)', () => {
    const served = () => readFileSync(path.join(root, 'apps/web/dist/index.html'), 'utf8');
    run();
    const before = builds();
    expect(run('development')).toContain('Web app was built for production: building for development.');
    expect(served()).toBe('development');
    expect(run('development')).toContain('up to date');
    // Unset NODE_ENV is production, as for Vite's build.
    expect(run()).toContain('Web app was built for development: building for production.');
    expect(served()).toBe('production');
    expect(run('production')).toContain('up to date');
    expect(served()).toBe('production');
    expect(builds()).toBe(before + 2);
  }, 60_000);
});

describe('scripts/chromium.mjs', () => {
  const quiet = { log: () => {} };

  it('uses Chromium where it is', () => {
    expect(ensureChromium({ configured: undefined, exists: (p) => p === DEFAULT_CHROMIUM, ...quiet })).toEqual({ path: DEFAULT_CHROMIUM });
  });

  it('installs it with apt-get when missing and allowed, and says so', () => {
    let installed = false;
    const said: string[] = [];
    const found = ensureChromium({
      configured: undefined,
      exists: () => installed,
      isRoot: true,
      canApt: () => true,
      install: () => (installed = true),
      log: (m) => said.push(m),
    });
    expect(found).toEqual({ path: DEFAULT_CHROMIUM });
    expect(said.join('\n')).toMatch(/Chromium is missing: installing it with "apt-get install -y chromium"/);
  });

  it("stops with today's message when it may not install, or when CHROMIUM_PATH names a missing file", () => {
    const never = () => {
      throw new Error('must not install');
    };
    const absent = () => false;
    expect(ensureChromium({ configured: undefined, exists: absent, isRoot: false, canApt: () => true, install: never, ...quiet })).toEqual({ error: MISSING(DEFAULT_CHROMIUM) });
    expect(ensureChromium({ configured: undefined, exists: absent, isRoot: true, canApt: () => false, install: never, ...quiet })).toEqual({ error: MISSING(DEFAULT_CHROMIUM) });
    expect(ensureChromium({ configured: '/opt/chrome', exists: absent, isRoot: true, canApt: () => true, install: never, ...quiet })).toEqual({ error: MISSING('/opt/chrome') });
    expect(MISSING('/usr/bin/chromium')).toBe('Chromium not found at /usr/bin/chromium: install it with "apt-get install -y chromium" or set CHROMIUM_PATH.');
  });

  it('reports a failed install', () => {
    const found = ensureChromium({ configured: undefined, exists: () => false, isRoot: true, canApt: () => true, install: () => false, ...quiet });
    expect(found.error).toMatch(/^Installing Chromium failed\./);
  });
});
