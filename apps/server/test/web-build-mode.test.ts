import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createApi, testConfig, testDatabase, tmpDir } from './support';

/** Issue 41: a production start never serves a development build of the web app (apps/web/build.mjs records the mode). */
describe('the web build’s mode', () => {
  const production = () => testConfig({ NODE_ENV: 'production', JWT_SECRET: 'a-real-production-secret-0123456789abcdef', PUBLIC_URL: 'https://shop.example.com' });
  const web = (mode: string | null) => {
    const dir = tmpDir('haat-web-');
    writeFileSync(path.join(dir, 'index.html'), `<!doctype html><title>Haat</title><meta name="built" content="${mode ?? 'unknown'}"><div id="root"></div>`);
    if (mode) writeFileSync(path.join(dir, '.build-mode'), `${mode}\n`);
    return dir;
  };

  it('a production server refuses to start on a development build, serves a production one, and a development server serves either', async () => {
    const database = await testDatabase();
    await expect(buildApp({ config: production(), database, webDist: web('development') })).rejects.toThrow(/was built for development, not production: run "npm start"/);

    for (const [config, mode] of [
      [production(), 'production'],
      [production(), null], // a build from before .build-mode is served as before
      [testConfig(), 'development'],
    ] as const) {
      const app = await buildApp({ config, database, webDist: web(mode) });
      try {
        const page = await createApi(app).get('/');
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain(`content="${mode ?? 'unknown'}"`);
        // The record itself is not served.
        expect((await createApi(app).get('/.build-mode')).body).not.toMatch(/^(production|development)\n$/);
      } finally {
        await app.close();
      }
    }
  });
});
