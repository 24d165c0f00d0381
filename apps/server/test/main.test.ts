import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tmpDir } from './helpers';

/** The real entry point, as `npm start` runs it, in a child process. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const main = path.join(root, 'apps/server/src/main.ts');

function run(env: Record<string, string>) {
  const child = spawn(tsx, [main], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('main', () => {
  it('refuses a bad PORT with one clear line and exit code 1', async () => {
    const p = run({ PORT: 'not-a-port', DATA_DIR: tmpDir() });
    expect(await p.exited).toBe(1);
    const lines = p.err().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT="not-a-port"/);
  });

  it('serves health, then on SIGTERM finishes and exits 0', async () => {
    const p = run({ PORT: '0', DATABASE_URL: 'memory://', DATA_DIR: tmpDir(), SEED_DEMO: '0', LOG_LEVEL: 'silent' });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const m = /Haat is ready at (\S+)/.exec(p.out());
        if (m) {
          clearInterval(timer);
          resolve(m[1]!);
        }
      }, 50);
      void p.exited.then((code) => {
        clearInterval(timer);
        reject(new Error(`exited early (${code}): ${p.err()}`));
      });
    });
    const res = await fetch(`${url}/api/health`);
    expect(res.status).toBe(200);
    expect((await res.json()).data.database.state).toBe('up');
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  }, 60_000);
});
