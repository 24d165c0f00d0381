import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pixelBombPng, png, useTestApp } from '../support';
import { buildWorld, describeRes, requestFor, samples, snapshot, uploadedFiles, UPLOAD_ROUTES } from './world';

/**
 * Issue 8, "Uploads": on each of the seven upload routes, every hostile file is
 * refused (4xx, nothing stored, database unchanged) or made harmless (decoded
 * and re-encoded to WebP: no script survives). The catalogue-write tests check
 * the messages of the first cases on the product form.
 */
describe('hostile uploads', () => {
  const t = useTestApp();

  it('are refused or made harmless on all seven upload routes, leaving no file behind', async () => {
    const w = await buildWorld(t);
    const known = await samples(w);
    const good = await png(300, 200);
    const svgWithScript = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><script>alert(document.cookie)</script><rect width="40" height="40" fill="red" onload="alert(1)"/></svg>',
    );
    const files: Record<string, (maxMb: number, tooMany: number) => Buffer[]> = {
      'a non-image': () => [Buffer.from('just some text pretending to be a picture\n'.repeat(50))],
      'a truncated PNG': () => [good.subarray(0, Math.floor(good.length / 2))],
      'a pixel bomb': () => [pixelBombPng()],
      'an SVG with script': () => [svgWithScript],
      'HTML renamed .png': () => [Buffer.from('<!doctype html><html><body><script>fetch("/api/user/get-user")</script></body></html>')],
      'an oversized file': (maxMb) => [Buffer.concat([good, Buffer.alloc(maxMb * 1024 * 1024 + 10)])],
      'too many files': (_mb, tooMany) => Array<Buffer>(tooMany).fill(good),
    };
    let refused = 0;
    let harmless = 0;
    let db = await snapshot(t);
    for (const [method, url, field, maxMb] of UPLOAD_ROUTES) {
      const sample = known[`${method} ${url}`]!;
      const auth = field === 'avatar' ? w.userA.auth : w.admin.auth;
      for (const [kind, make] of Object.entries(files)) {
        const before = { files: uploadedFiles(t.config.DATA_DIR), db };
        const payload = { ...sample.form, [field]: make(maxMb, field === 'avatar' ? 2 : 11) };
        const res = await t.api().request(requestFor(method, url, { ...sample, form: payload }, auth));
        const after = uploadedFiles(t.config.DATA_DIR);
        const what = `${url} ${kind}: ${describeRes(res)}`;
        expect(res.statusCode, what).toBeLessThan(500);
        if (res.statusCode >= 400) {
          refused++;
          expect(res.json().message, what).toMatch(/\w/);
          expect(after, `${what}: files left behind`).toEqual(before.files);
          expect(await snapshot(t), `${what}: database changed`).toEqual(before.db);
        } else {
          // Only an SVG may be accepted, and then only as a re-encoded WebP picture.
          harmless++;
          expect(kind, what).toBe('an SVG with script');
          for (const file of after.filter((f) => !before.files.includes(f))) {
            const data = readFileSync(path.join(t.config.DATA_DIR, 'uploads', file));
            expect(file, what).toMatch(/\.webp$/);
            expect(data.subarray(0, 4).toString('latin1') + data.subarray(8, 12).toString('latin1'), what).toBe('RIFFWEBP');
            expect(data.includes('<script'), what).toBe(false);
          }
          db = await snapshot(t);
        }
      }
    }
    console.info(`uploads: ${refused} refused, ${harmless} made harmless`);
    expect(refused).toBeGreaterThanOrEqual(6 * UPLOAD_ROUTES.length);
  }, 120_000);
});
