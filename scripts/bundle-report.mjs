// npm run bench:bundle [-- --out bench/bundle-before.json]
//
// Issue 25: what JavaScript a shopper's first page needs, in English and in
// Bangla. Builds the web app (Vite's production build, as `npm run build`) and,
// for each storefront page and language, adds up the chunks a first visit loads
// before the page is live: the entry, what it imports, the page's own chunk with
// its imports, and the texts in that language of every namespace those chunks
// register (decision 0082: each language its own chunks, loaded on demand).
// gzip, level 9, as each file is sent. Then the modules of those chunks by
// package or source folder: each module's code minified (esbuild) and gzipped
// alone (a little more than its share of the chunk, which gzips modules
// together), biggest first. Checks that no admin chunk or text is among them.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, transformWithEsbuild } from 'vite';
import { root } from './lib/shop.mjs';

const outArg = process.argv.indexOf('--out');
const out = path.join(root, outArg > 0 ? process.argv[outArg + 1] : 'bench/bundle-results.json');
const web = path.join(root, 'apps', 'web');

/** The page modules whose chunk a first visit of each storefront page loads (the home page lives in the entry today). */
const PAGES = {
  home: ['features/catalogue/pages/HomePage'],
  listing: ['features/catalogue/pages/ListingPage'],
  product: ['features/catalogue/pages/ProductPage'],
  search: ['features/search/pages/SearchPage'],
  cart: ['features/cart/pages/CartPage'],
};

let bundle = {};
await build({
  root: web,
  configFile: path.join(web, 'vite.config.ts'),
  logLevel: 'warn',
  plugins: [{ name: 'haat-bundle-report', generateBundle: (_o, b) => void (bundle = b) }],
});

const gz = (text) => gzipSync(text, { level: 9 }).length;
const kb = (n) => Math.round((n / 1024) * 10) / 10;
const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
const entry = chunks.find((c) => c.isEntry);

/** A chunk and every chunk it imports statically (what the browser fetches before running it). */
function closure(chunk, seen = new Set()) {
  if (seen.has(chunk.fileName)) return seen;
  seen.add(chunk.fileName);
  for (const f of chunk.imports) closure(bundle[f], seen);
  return seen;
}

/** Where a module comes from: its npm package, or its folder under a workspace's src. */
function group(id) {
  const clean = id.replace(/\?.*$/, '').replace(/^\0/, '');
  // One icon's module (apps/web/icon-modules.ts): react-icons' code.
  if (clean.startsWith('react-icon:')) return 'react-icons';
  const nm = clean.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const [a, b] = clean.slice(nm + 14).split('/');
    return a.startsWith('@') ? `${a}/${b}` : a;
  }
  const rel = path.relative(root, clean);
  if (rel.startsWith('..')) return clean;
  // Every feature's texts together, by language (decision 0082); a locales.ts holding both is the admin's.
  const lang = /(^|[./])locales\.(en|bn)\.ts$/.exec(rel)?.[2];
  if (lang) return `web:texts (${lang})`;
  // A locales.ts: a storefront namespace's registration (its texts are the two above), or the admin's texts in both languages.
  if (/(^|[./])locales\.ts$/.test(rel) || rel.endsWith('errors.bn.ts')) return 'web:locales.ts (registrations; admin texts en + bn)';
  const parts = rel.split(path.sep);
  // apps/web/src/features/catalogue/… → web:features/catalogue; packages/shared/src/… → shared:…
  const ws = parts[1] === 'web' ? 'web' : parts[1];
  const inSrc = parts.slice(3);
  return `${ws}:${inSrc.length > 2 ? inSrc.slice(0, 2).join('/') : inSrc.slice(0, -1).join('/') || inSrc[0]}`;
}

const minified = new Map();
async function pageReport(files) {
  const list = [...files].map((f) => bundle[f]);
  const modules = {};
  for (const c of list) {
    for (const [id, m] of Object.entries(c.modules)) {
      if (!m.code) continue;
      const g = group(id);
      const min = minified.get(id) ?? (await transformWithEsbuild(m.code, 'm.js', { minify: true, target: 'es2020' })).code;
      minified.set(id, min);
      modules[g] ??= { minKb: 0, gzipKb: 0 };
      modules[g].minKb += min.length;
      modules[g].gzipKb += gz(min);
    }
  }
  return {
    gzipKb: kb(list.reduce((s, c) => s + gz(c.code), 0)),
    chunks: Object.fromEntries(list.map((c) => [c.fileName, kb(gz(c.code))])),
    byModule: Object.fromEntries(
      Object.entries(modules)
        .sort((a, b) => b[1].gzipKb - a[1].gzipKb)
        .map(([g, s]) => [g, { minKb: kb(s.minKb), gzipKb: kb(s.gzipKb) }]),
    ),
  };
}

const LANGS = ['en', 'bn'];
/** A chunk of one language's texts: a namespace's locales.<lang>.ts. */
const isTextsOf = (lang, chunk) => chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => new RegExp(`locales\\.${lang}\\.ts$`).test(id));
/** Adds the texts in `lang` that the chunks in `files` load as they run (their namespaces' loaders). */
function withTexts(files, lang) {
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of [...files]) {
      for (const d of bundle[f].dynamicImports) {
        if (!files.has(d) && bundle[d] && isTextsOf(lang, bundle[d])) {
          closure(bundle[d], files);
          grew = true;
        }
      }
    }
  }
  return files;
}
/** Admin code or texts among a first visit's files (decision 0082: there must be none). */
const adminIn = (files) => [...files].filter((f) => f.startsWith('assets/admin/') || Object.keys(bundle[f].modules).some((id) => /\/src\/features\/admin-|\/src\/i18n\/adminMessages/.test(id)));

const entryFiles = closure(entry);
const entryReport = {};
for (const lang of LANGS) entryReport[lang] = { file: entry.fileName, ...(await pageReport(withTexts(new Set(entryFiles), lang))) };
const pages = {};
const admin = [];
for (const [name, mods] of Object.entries(PAGES)) {
  pages[name] = {};
  for (const lang of LANGS) {
    const files = new Set(entryFiles);
    for (const m of mods) {
      const own = chunks.find((c) => c.facadeModuleId?.includes(`/src/${m}.`) || Object.keys(c.modules).some((id) => id.includes(`/src/${m}.`)));
      if (own) closure(own, files);
    }
    withTexts(files, lang);
    admin.push(...adminIn(files));
    pages[name][lang] = await pageReport(files);
  }
}
// Loaded in Bangla once the page is up, not before (messages.ts): the server's messages in Bangla, with
// every chunk they import that the entry has not loaded already (zod came this way once, decision 0089).
const later = new Set();
for (const c of chunks.filter((c) => /messages\.bn\.ts$/.test(c.facadeModuleId ?? ''))) closure(c, later);
for (const f of entryFiles) later.delete(f);
const bnMessages = { files: [...later], gzipKb: kb([...later].reduce((s, f) => s + gz(bundle[f].code), 0)) };

const report = { date: new Date().toISOString(), entry: entryReport, pages, bnMessagesAfterLoad: bnMessages, adminInFirstLoad: [...new Set(admin)] };
writeFileSync(out, JSON.stringify(report, null, 2) + '\n');
for (const lang of LANGS) {
  console.log(`entry ${entry.fileName}, its imports and its texts in ${lang}: ${report.entry[lang].gzipKb} KB gzip`);
  for (const [g, s] of Object.entries(report.entry[lang].byModule).slice(0, 25)) console.log(`  ${g.padEnd(40)}${String(s.gzipKb).padStart(7)} KB gzip (${s.minKb} KB min)`);
}
for (const [name, p] of Object.entries(pages)) {
  console.log(`${name.padEnd(9)} first visit: ${LANGS.map((l) => `${l} ${p[l].gzipKb} KB gzip in ${Object.keys(p[l].chunks).length} files`).join(', ')}`);
}
console.log(`Bangla's server messages, not in a first visit, loaded when a first message is shown in Bangla (decision 0089): ${bnMessages.gzipKb} KB gzip`);
console.log(report.adminInFirstLoad.length ? `ADMIN CODE IN A SHOPPER'S FIRST LOAD: ${report.adminInFirstLoad.join(', ')}` : 'no admin code or texts in any first visit');
console.log(`wrote ${path.relative(root, out)}`);
