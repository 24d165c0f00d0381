import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Node.js lines with security support on 2026-11-25 (20 ended on 2026-04-30); 22 is installed (decision 0057). */
const SUPPORTED_LTS = [22, 24];
const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

describe('the shop runs on a supported Node.js LTS (issue 18)', () => {
  it('the test run itself', () => {
    expect(SUPPORTED_LTS, `running on Node ${process.version}`).toContain(major(process.version));
  });

  it('the `node` that npm scripts start (npm start, the e2e server, the benches)', () => {
    const res = spawnSync('npm', ['exec', '--', 'node', '--version'], { encoding: 'utf8' });
    expect(res.status).toBe(0);
    expect(SUPPORTED_LTS, `npm scripts start Node ${res.stdout.trim()}`).toContain(major(res.stdout.trim()));
  });
});

describe('package.json names the Node.js the shop needs (issue 41)', () => {
  const repo = path.resolve(import.meta.dirname, '../../..');
  const minimum = (file: string) => {
    const range = (JSON.parse(readFileSync(file, 'utf8')) as { engines?: { node?: string } }).engines?.node ?? '';
    const m = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(range.trim());
    expect(m, `${file}: engines.node "${range}"`).not.toBeNull();
    return [Number(m![1]), Number(m![2]), Number(m![3] ?? 0)];
  };
  const atLeast = (a: number[], b: number[]) => a[0]! > b[0]! || (a[0] === b[0] && (a[1]! > b[1]! || (a[1] === b[1] && a[2]! >= b[2]!)));

  it('engines.node is at least what pg-boss (the job queue) requires, >=22.12', () => {
    const ours = minimum(path.join(repo, 'package.json'));
    const pgBoss = minimum(path.join(repo, 'node_modules/pg-boss/package.json'));
    expect(atLeast(ours, pgBoss), `ours ${ours.join('.')} vs pg-boss ${pgBoss.join('.')}`).toBe(true);
    expect(atLeast(ours, [22, 12, 0])).toBe(true);
  });
});
