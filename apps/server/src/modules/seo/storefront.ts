import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { langCookie, langFromCookies } from '@haat/shared/language-cookie';
import { requestLanguage, type Lang } from '../../lib/language';
import { jsonLd } from './html';
import { answerDigest, type PageRead } from './page-cache';

/**
 * The storefront's server rendering (issue 25, docs/decisions/0078): the web
 * app's own components, built by `vite build --ssr` into apps/web/dist-server,
 * render a shopper's page here so its content arrives as HTML in the shopper's
 * language; the browser then takes over the same markup with the embedded data.
 */

/** What apps/web/src/entry-server.tsx exports (its build is plain JavaScript, so described here). */
interface StorefrontModule {
  connectApi(inject: (url: string, headers: Record<string, string>) => Promise<{ status: number; json: unknown }>): void;
  /** Whether the page at pathname is the storefront's, which the server renders, and its module (Vite's manifest key). */
  storefrontPage(pathname: string): { module: string } | null;
  renderPage(url: string, lang: Lang): Promise<{ html: string; page: { lang: Lang; queries: unknown; apiUrls: string[] }; renders?: number } | null>;
}

/** A page's markup for <div id="root">, the data block that goes after it, and the preloads of its code. */
export interface RenderedStorefront {
  lang: Lang;
  root: string;
  data: string;
  preload: string;
  /** The API answers the render read (decision 0090: a kept page is current while they are the same). */
  reads: PageRead[];
}
export interface StorefrontRenderer {
  /** Whether the page at pathname is one the server renders (the storefront's; the web's route table says). */
  serves(pathname: string): boolean;
  /** The page at `url` (the request's path and query, an ad's tracking parameters left out) for req's language. */
  render(req: FastifyRequest, url: string): Promise<RenderedStorefront | null>;
  /** One of a render's reads asked again: its digest. */
  reread(read: PageRead): Promise<string>;
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/**
 * <link rel="modulepreload"> for a page module's chunk and the chunks it imports (Vite's
 * .vite/manifest.json): the browser fetches them beside the entry, so the page goes live one
 * round trip sooner (the entry's own imports Vite already preloads in index.html).
 */
export function preloadsOf(manifest: Record<string, ManifestChunk>, module: string | undefined): string {
  const files = new Set<string>();
  const entryFiles = new Set(Object.values(manifest).flatMap((c) => (c.isEntry ? [c.file, ...(c.imports ?? []).map((k) => manifest[k]?.file)] : [])));
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const k of chunk.imports ?? []) visit(k);
  };
  if (module) visit(module);
  return [...files]
    .filter((f) => !entryFiles.has(f))
    .map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`)
    .join('');
}

/**
 * The language toggle before the scripts run (a plain form: GET ?lang=bn): the choice kept as the
 * toggle's cookie, and the same page again without the parameter. Null when the URL asks for none.
 */
export function languageSwitch(url: string): { cookie: string; location: string } | null {
  const at = url.indexOf('?');
  if (at < 0) return null;
  const query = new URLSearchParams(url.slice(at + 1));
  const lang = query.get('lang');
  if (lang !== 'en' && lang !== 'bn') return null;
  query.delete('lang');
  const rest = query.toString();
  // One leading slash: '//host' would send the shopper to another site.
  const location = `/${url.slice(0, at).replace(/^[/\\]+/, '')}${rest ? `?${rest}` : ''}`;
  return { cookie: langCookie(lang), location };
}

/** The language of a page: the toggle's cookie, then Accept-Language, then English. */
export function pageLanguage(req: FastifyRequest): Lang {
  return langFromCookies(req.headers.cookie) ?? requestLanguage(req.headers);
}

/**
 * Loads the built renderer from `dir` (apps/web/dist-server) if it is there; the pages' reads go to
 * `app` in-process. Without it (a server started without the web build) pages are the plain shell.
 */
export async function storefrontRenderer(app: FastifyInstance, dir: string, webDist: string): Promise<StorefrontRenderer | null> {
  const entry = path.join(dir, 'entry-server.js');
  if (!existsSync(entry)) return null;
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>) : {};
  // The bundle's lazy chunks load through this, not an import() of the bundle's own (apps/web/vite.config.ts): tsx
  // leaves a module without one as built, where it would rewrite it and keep a source map, 10 MB (decision 0125).
  (globalThis as { __haatImport?: (url: string) => Promise<unknown> }).__haatImport ??= (url) => import(url);
  const mod = (await import(pathToFileURL(entry).href)) as StorefrontModule;
  // Each render's reads, with a digest of each answer, for the page cache to check the page by later.
  const readsOfRender = new AsyncLocalStorage<PageRead[]>();
  mod.connectApi(async (url, headers) => {
    const res = await app.inject({ method: 'GET', url, headers });
    readsOfRender.getStore()?.push({ url, headers, digest: answerDigest(res.statusCode, res.payload) });
    let json: unknown = null;
    try {
      json = res.json();
    } catch {
      // Not JSON: the page's query fails and the browser reads it again.
    }
    return { status: res.statusCode, json };
  });
  return {
    serves: (pathname) => mod.storefrontPage(pathname) !== null,
    async render(req, url) {
      const lang = pageLanguage(req);
      const reads: PageRead[] = [];
      // The router only needs the path and query; the host is a placeholder.
      const rendered = await readsOfRender.run(reads, () => mod.renderPage(`http://haat.local${url}`, lang));
      if (!rendered) return null;
      // A page renders once when its routes declare what it reads (decision 0094): more is a read to declare.
      if ((rendered.renders ?? 1) > 1) req.log.warn({ url, renders: rendered.renders }, 'storefront page: rendered again for a read its route does not declare');
      return {
        lang,
        root: rendered.html,
        data: `<script type="application/json" id="haat-ssr">${jsonLd(rendered.page)}</script>`,
        preload: preloadsOf(manifest, mod.storefrontPage(url.split('?')[0] ?? '/')?.module || undefined),
        reads,
      };
    },
    async reread(read) {
      const res = await app.inject({ method: 'GET', url: read.url, headers: read.headers });
      return answerDigest(res.statusCode, res.payload);
    },
  };
}
