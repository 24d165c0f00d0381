import { describe, expect, it } from 'vitest';
import { useTestApp } from './support';

const t = useTestApp();
const api = t.api();

/** "METHOD /path" of every route the app serves, read from Fastify's own route tree. */
function registeredRoutes(tree: string): string[] {
  const out: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^([│ ]*)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    const full = `${stack.join('')}${m[2]}`;
    stack.push(full.slice(stack.join('').length));
    for (const method of m[3]!.split(', ')) out.push(`${method} ${full}`);
  }
  return out;
}

describe('OpenAPI description at /api/docs', () => {
  it('lists every API route the app serves, each with a summary and a tag', async () => {
    const res = await api.get('docs/json');
    expect(res.statusCode).toBe(200);
    const spec = res.json() as { openapi: string; paths: Record<string, Record<string, { summary?: string; tags?: string[] }>> };
    expect(spec.openapi).toMatch(/^3\./);
    const documented = new Set(
      Object.entries(spec.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`)),
    );
    const served = registeredRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (r) => r.includes(' /api/') && !r.startsWith('HEAD ') && !r.includes('/api/docs') && !r.endsWith('*'),
    );
    // The tree parse found the routes (a change of its format must not make this test pass empty).
    expect(served.length).toBeGreaterThan(40);
    expect(served).toContain('PATCH /api/order/update-status/:id');
    expect(served.filter((r) => !documented.has(r))).toEqual([]);
    for (const ops of Object.values(spec.paths)) {
      for (const op of Object.values(ops)) {
        expect(op.summary).toBeTruthy();
        expect(op.tags?.length).toBe(1);
      }
    }
  });

  it('documents request bodies from the shared zod schemas, and guarded routes as needing a bearer token', async () => {
    const spec = (await api.get('docs/json')).json();
    const login = spec.paths['/api/user/login'].post;
    expect(Object.keys(login.requestBody.content['application/json'].schema.properties).sort()).toEqual(['email', 'password']);
    expect(spec.paths['/api/order/get-all-order'].get.security).toEqual([{ bearer: [] }]);
    expect(spec.paths['/api/order/get-all-order'].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['status', 'page']));
    expect(spec.paths['/api/category/get-category'].get.security).toBeUndefined();
  });

  it('serves Swagger UI whose page runs no inline script (CSP script-src self)', async () => {
    const page = await api.get('docs/');
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain('swagger-ui-bundle.js');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="/);
      expect(body!.trim()).toBe('');
    }
    const initializer = await api.get('docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('SwaggerUIBundle');
  });
});
