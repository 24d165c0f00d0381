import { spawnSync } from 'node:child_process';
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
