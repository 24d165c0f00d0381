import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Issue 43 item 6 (decision 0110): the README keeps what a newcomer needs first — what Haat is, the two commands,
 * where to read next — and everything else lives on a topic page in docs/, listed by docs/README.md. This holds
 * that shape: the README stays short and keeps the commands `.ci/run` runs, every page is in the index, every
 * link between the pages (and to a heading in one) leads somewhere, and the configuration page lists every
 * setting config.ts reads.
 */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const topicPages = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).sort();
const decisionPages = readdirSync(join(root, 'docs/decisions')).filter((f) => f.endsWith('.md')).sort();
const allPages = ['README.md', ...topicPages.map((f) => `docs/${f}`), ...decisionPages.map((f) => `docs/decisions/${f}`)];

/** A README longer than this is growing a topic page again: move the new part into docs/. */
const README_MAX_LINES = 100;

/** GitHub's anchor for a heading: lower case, punctuation dropped (letters of any script kept), spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

const withoutCode = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');
const anchorsOf = (text: string) => new Set([...withoutCode(text).matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
const linksOf = (text: string) =>
  [...withoutCode(text).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/i.test(l));

describe('the README', () => {
  const readme = read('README.md');

  it(`is at most ${README_MAX_LINES} lines`, () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('gives the two commands, as .ci/run runs the test one', () => {
    expect(readme).toContain('```sh\nnpm ci && npm start\n```');
    expect(readme).toContain('```sh\nnpm ci && npm test\n```');
    const ci = read('.ci/run').split('\n').map((l) => l.trim());
    expect(ci).toContain('npm ci');
    expect(ci).toContain('npm test');
  });

  it('points to the index of the docs', () => {
    expect(linksOf(readme)).toContain('docs/README.md');
  });
});

describe('docs/README.md', () => {
  it('lists every page in docs/', () => {
    const listed = new Set(linksOf(read('docs/README.md')));
    const unlisted = topicPages.filter((f) => f !== 'README.md' && !listed.has(f));
    expect(unlisted, 'add each to the index').toEqual([]);
  });
});

describe('links between the pages', () => {
  it.each(allPages)('%s links only to files and headings that exist', (page) => {
    const broken: string[] = [];
    for (const link of linksOf(read(page))) {
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path === '' ? join(root, page) : resolve(join(root, dirname(page)), decodeURIComponent(path));
      if (!existsSync(target)) {
        broken.push(`${link}: no such file`);
        continue;
      }
      if (anchor !== undefined && !statSync(target).isDirectory() && target.endsWith('.md') && !anchorsOf(readFileSync(target, 'utf8')).has(anchor)) {
        broken.push(`${link}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('docs/configuration.md', () => {
  // The settings are the keys of config.ts's zod schema, one a line at two spaces' indent.
  const source = read('apps/server/src/config.ts');
  const schema = /^const schema = z\.object\(\{\n([\s\S]*?)^\}\);/m.exec(source)?.[1] ?? '';
  const settings = [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!).sort();
  // Every backquoted name in a table row's first cell (`S3_BUCKET`, `S3_REGION`, … share one row).
  const documented = [...read('docs/configuration.md').matchAll(/^\| ([^|]+) \|/gm)]
    .flatMap((m) => [...m[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((n) => n[1]!))
    .sort();

  it('finds the settings in config.ts', () => {
    expect(settings.length).toBeGreaterThan(50);
    expect(settings).toContain('PORT');
  });

  it('lists every setting config.ts reads, once, and no other', () => {
    expect(settings.filter((s) => !documented.includes(s)), 'settings missing from the tables').toEqual([]);
    expect(documented.filter((s) => !settings.includes(s)), 'rows naming no setting of config.ts').toEqual([]);
    expect(documented.filter((s, i) => documented[i - 1] === s), 'settings listed twice').toEqual([]);
  });
});
