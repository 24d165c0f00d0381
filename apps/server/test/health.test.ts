import { describe, expect, it } from 'vitest';
import { useTestApp } from './helpers';

describe('GET /api/health', () => {
  const t = useTestApp();

  it('reports the database as up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.database.state).toBe('up');
    expect(['pglite', 'postgres']).toContain(body.data.database.kind);
  });

  it('answers unknown API routes with 404 and the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, error: true, message: 'No such API route.' });
  });
});
