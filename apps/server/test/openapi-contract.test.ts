import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './support';

const t = useTestApp();
const api = t.api();
const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

interface Operation { responses: Record<string, { content?: Record<string, { schema?: unknown }>; headers?: unknown }> }
type Spec = { paths: Record<string, Record<string, Operation>> };

/** "METHOD /path" of the operations whose success answer has no declared body (and is no redirect). */
function undeclared(spec: Spec): string[] {
  const out: string[] = [];
  for (const [p, ops] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const success = Object.entries(op.responses).filter(([s]) => s.startsWith('2') || s.startsWith('3'));
      const declared = success.length > 0 && success.every(([s, r]) => (s.startsWith('3') ? r.headers : r.content));
      if (!declared || !op.responses['500']) out.push(`${method.toUpperCase()} ${p}`);
    }
  }
  return out;
}

interface SpectralResult { code: string; message: string; path: string[]; severity: number }

describe('the API contract (decision 0055)', () => {
  it('declares every operation’s responses, and spectral:oas reports no errors', { timeout: 120_000 }, async () => {
    const spec = (await api.get('docs/json')).json() as Spec;
    const missing = undeclared(spec);
    const dir = mkdtempSync(path.join(tmpdir(), 'haat-oas-'));
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(spec));
    if (process.env.HAAT_OPENAPI_OUT) writeFileSync(process.env.HAAT_OPENAPI_OUT, JSON.stringify(spec, null, 1));
    writeFileSync(path.join(dir, '.spectral.json'), JSON.stringify({ extends: [['spectral:oas', 'recommended']] }));
    const spectral = path.join(root, 'node_modules/.bin/spectral');
    const { stdout } = await run(spectral, ['lint', file, '--ruleset', path.join(dir, '.spectral.json'), '--format', 'json', '--fail-severity', 'error', '-q'], { maxBuffer: 64 * 1024 * 1024 }).catch((e: { stdout: string }) => ({ stdout: e.stdout }));
    const results = JSON.parse(stdout || '[]') as SpectralResult[];
    const errors = results.filter((r) => r.severity === 0).map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`);
    const warnings = results.filter((r) => r.severity === 1).map((r) => `${r.code} ${r.path.join('.')}: ${r.message}`);
    console.log(`operations without a declared response: ${missing.length}\n${missing.join('\n')}`);
    console.log(`spectral:oas errors: ${errors.length}, warnings: ${warnings.length}\n${errors.join('\n')}\n--- warnings\n${warnings.join('\n')}`);
    expect(errors).toEqual([]);
    // Every operation declares its success and error answers (the allowance of 20 undeclared is gone).
    expect(missing).toEqual([]);
  });
});
