import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { multipart, useTestApp } from '../support';
import { buildWorld, describeRes, LEAKS_INTERNALS, requestFor, samples, type Sample } from './world';

/** Runs per route; the whole file stays well under a minute on either database. */
const RUNS_PER_ROUTE = 30;

const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string().map((s) => `${s}\u0000${s}`),
  fc.nat({ max: 80_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom(
    '',
    ' ',
    '__proto__',
    'constructor',
    "' or 1=1 --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    '\uD800',
    '😀'.repeat(500),
    'শাড়ি',
    'a:* & !b | (c',
    'NaN',
    '1e309',
    '-1',
  ),
);
const extremeNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -(2 ** 63), 2 ** 31, -(2 ** 31) - 1, 0.5, -0, 5e-324),
);
const hostileKey = fc.oneof(fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'role', 'userId', 'totalAmt'));
const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    extremeNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 3 }),
  ),
}));

/** Sets one key with a `__proto__` entry written into the JSON text (an object literal would not keep it). */
const withProtoKey = (body: unknown) => {
  const text = JSON.stringify(body ?? {});
  return text.startsWith('{') && text.length > 2 ? `{"__proto__":{"role":"ADMIN","isAdmin":true},${text.slice(1)}` : text;
};

type Variant =
  | { kind: 'mutated'; changes: [number, unknown][]; extra: Record<string, unknown>; proto: boolean }
  | { kind: 'json'; body: unknown }
  | { kind: 'raw'; text: string; type: string }
  | { kind: 'query'; query: Record<string, string> }
  | { kind: 'param'; value: string };

const variant: fc.Arbitrary<Variant> = fc.oneof(
  fc.record({
    kind: fc.constant('mutated' as const),
    changes: fc.array(fc.tuple(fc.nat(), hostileValue), { minLength: 1, maxLength: 3 }),
    extra: fc.dictionary(hostileKey, hostileValue, { maxKeys: 2 }),
    proto: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('json' as const), body: fc.jsonValue() }),
  fc.record({
    kind: fc.constant('raw' as const),
    text: fc.oneof(fc.string(), fc.constantFrom('{', '{"a":', '[1,2', '{"a":1}}', 'null', '"\\u0000"', '{"a":"\\ud800"}', 'NaN', '{"n":1e999}')),
    type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=zz', 'application/xml'),
  }),
  fc.record({ kind: fc.constant('query' as const), query: fc.dictionary(hostileKey, hostileString.map((s) => s.slice(0, 2000)), { maxKeys: 4 }) }),
  fc.record({ kind: fc.constant('param' as const), value: hostileString.map((s) => s.slice(0, 2000)) }),
);

/** encodeURIComponent refuses lone surrogates: send U+FFFD for them, as a browser would. */
const encode = (s: string) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, (c, i: number) => (/[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(s.slice(i - 1, i + 1)) || /[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(s.slice(i, i + 2)) ? c : '\uFFFD')));

/** Applies a variant to a route's valid sample. */
function build(method: string, routeUrl: string, sample: Sample, v: Variant, headers: Record<string, string>): InjectOptions {
  const base = requestFor(method, routeUrl, sample, headers);
  const m = method as InjectOptions['method'];
  switch (v.kind) {
    case 'mutated': {
      const source = { ...(sample.json ?? sample.form ?? sample.query ?? {}) } as Record<string, unknown>;
      const keys = Object.keys(source);
      for (const [i, value] of v.changes) {
        const key = keys.length ? keys[i % keys.length]! : `k${i}`;
        source[key] = value;
      }
      Object.assign(source, v.extra);
      if (sample.form) {
        const fields = Object.fromEntries(Object.entries(source).map(([k, val]) => [k, Buffer.isBuffer(val) ? val : typeof val === 'string' ? val : JSON.stringify(val) ?? '']));
        const body = multipart(fields as never);
        return { ...base, headers: { ...headers, ...body.headers }, payload: body.payload };
      }
      if (sample.query && !sample.json) {
        const query = new URLSearchParams(Object.entries(source).map(([k, val]) => [k, typeof val === 'string' ? val : JSON.stringify(val) ?? '']));
        return { ...base, url: `${sample.url ?? routeUrl}?${query}` };
      }
      return { ...base, headers: { ...headers, 'content-type': 'application/json' }, payload: v.proto ? withProtoKey(source) : JSON.stringify(source) };
    }
    case 'json':
      return { method: m, url: base.url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(v.body) };
    case 'raw':
      return { method: m, url: base.url, headers: { ...headers, 'content-type': v.type }, payload: v.text };
    case 'query':
      return { ...base, url: `${sample.url ?? routeUrl}?${new URLSearchParams(v.query)}` };
    case 'param': {
      // A route with a parameter gets the hostile value as its id; others get it as an extra path segment.
      const url = routeUrl.includes(':id') ? routeUrl.replace(':id', encode(v.value)) : `${sample.url ?? routeUrl}/${encode(v.value)}`;
      return { ...base, url };
    }
  }
}

describe('fuzzing every route', () => {
  const t = useTestApp();

  it('answers hostile input with no 5xx and no stack trace, and stays up', async () => {
    const w = await buildWorld(t);
    const known = await samples(w);
    const tokens = [w.admin.token, w.userA.token, null];
    let requests = 0;
    const started = performance.now();
    for (const route of t.app.routeTable) {
      const sample = known[`${route.method} ${route.url}`];
      if (!sample) continue; // the matrix test names routes without a sample
      await fc.assert(
        fc.asyncProperty(variant, fc.nat({ max: tokens.length - 1 }), async (v, who) => {
          const token = tokens[who];
          const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
          const res = await t.api().request(build(route.method, route.url, sample, v, headers));
          requests++;
          expect(res.statusCode, `${route.method} ${route.url}: ${describeRes(res)}`).toBeLessThan(500);
          expect(res.body, `${route.method} ${route.url}`).not.toMatch(LEAKS_INTERNALS);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    const health = await t.api().get('health');
    expect(health.statusCode).toBe(200);
    const list = await t.api().get('category/get-category');
    expect(list.statusCode).toBe(200);
    console.info(`fuzzing: ${requests} requests on ${t.app.routeTable.length} routes in ${Math.round((performance.now() - started) / 1000)} s`);
  }, 180_000);
});
