import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { catalogueCache } from '../catalogue/index';
import { renderHead, splitTemplate } from './html';
import { brotliPage, isPersonal, PageCache, type CachedPage, type Encoding, type RenderedPage } from './page-cache';
import { defaultHead, hostIndependent, pageHead, type Seo } from './service';
import { languageSwitch, pageLanguage, type StorefrontRenderer } from './storefront';
import { publicBase } from '../../lib/public-url';
import { withoutTrackingParams } from '@haat/shared/tracking-params';

/**
 * The SPA's index.html with each page's own head (title, description,
 * canonical, Open Graph, Twitter, JSON-LD), so crawlers and link previews need
 * no JavaScript; unknown products and listings answer 404 with the same page
 * (the SPA shows Oops!) and noindex.
 */
export async function spaPages(deps: AppDeps, app: FastifyInstance, indexHtml: string, render: StorefrontRenderer | null = null) {
  const seo: Seo = { deps, cache: await catalogueCache(deps, app) };
  const { before, after } = splitTemplate(indexHtml);
  const [beforeRoot = after, afterRoot = ''] = after.split('<div id="root"></div>');
  // The head's canonical and og:url follow the Host when PUBLIC_URL is unset: then no shared cache may keep it.
  const cacheControl = hostIndependent(deps.config) ? 'no-cache' : 'private, no-cache';
  // A guest's rendered page (decision 0090): a second in any cache, then a few more while it is checked
  // again in the background — as old as a page kept here may be (stock), plus that second.
  const sharedControl = hostIndependent(deps.config) ? SHARED_PAGE : 'private, no-cache';
  const pages = render ? new PageCache(seo.cache, render.reread, deps.config.CATALOGUE_STOCK_GRACE_MS) : null;
  const tags = (head: Parameters<typeof renderHead>[0]) => renderHead(head, deps.config.SHOP_NAME);
  const page = (head: Parameters<typeof renderHead>[0]) => `${before}${tags(head)}${after}`;

  /** A storefront page rendered (issue 25): its content in <div id="root">, in its language, with its data; null to send the shell. */
  async function rendered(req: FastifyRequest, head: Parameters<typeof renderHead>[0]): Promise<RenderedPage | null> {
    if (!render || !afterRoot) return null;
    try {
      // An ad's tracking parameters change nothing on the page: rendered (and kept) without them.
      const out = await render.render(req, withoutTrackingParams(req.url));
      if (!out) return null;
      const lang = before.replace(/<html lang="[^"]*"/i, `<html lang="${out.lang}"`);
      return { html: `${lang}${tags(head)}${out.preload}${beforeRoot}<div id="root">${out.root}</div>${out.data}${afterRoot}`, reads: out.reads };
    } catch (err) {
      // The page still works as the plain shell the browser renders.
      req.log.error({ err }, 'storefront page: server rendering failed');
      return null;
    }
  }

  /** The page's status and head tags. */
  async function headOf(req: FastifyRequest, pathname: string): Promise<Awaited<ReturnType<typeof pageHead>>> {
    try {
      return await pageHead(seo, publicBase(deps.config, req), pathname, req.query as Record<string, unknown>, pageLanguage(req));
    } catch (err) {
      // The database is away: the page still loads (the SPA retries its reads), with the shop's own tags.
      req.log.warn({ err }, 'page head: catalogue unavailable');
      return { status: 200, head: defaultHead(deps.config, pageLanguage(req)) };
    }
  }

  return async function sendPage(req: FastifyRequest, reply: FastifyReply) {
    const chosen = languageSwitch(req.url);
    if (chosen) return reply.code(303).header('set-cookie', chosen.cookie).header('cache-control', 'no-store').header('location', chosen.location).send();
    const pathname = req.url.split('?')[0] ?? '/';
    const answer = await headOf(req, pathname);
    // A page that is not there (404) stays the shell: the browser shows Oops! as before.
    const renders = answer.status === 200 && !!render?.serves(pathname);
    reply.code(answer.status).type('text/html; charset=utf-8');
    // The page's language (its head's too, issue 42) follows the cookie and Accept-Language: caches must keep one copy per both.
    reply.header('vary', 'Accept-Encoding, Cookie, Accept-Language');
    if (!render) return reply.header('cache-control', cacheControl).send(page(answer.head));
    if (renders && pages && !isPersonal(req.headers)) {
      // The same for every guest in a language on this site: kept by all three (decision 0090).
      const key = `${publicBase(deps.config, req)} ${pageLanguage(req)} ${withoutTrackingParams(req.url)}`;
      const kept = await pages.page(key, JSON.stringify(answer.head), () => rendered(req, answer.head)).catch((err: unknown) => {
        // Nothing kept is worth a failed page: rendered for this request instead.
        req.log.warn({ err }, 'page cache: answered uncached');
        return null;
      });
      if (kept) return sendKept(req, reply, kept, sharedControl);
    }
    const fresh = renders ? await rendered(req, answer.head) : null;
    // Rendered for a request that may be personal (signed in): for it alone. The shell is the same for all.
    reply.header('cache-control', fresh && isPersonal(req.headers) ? 'private, no-store' : cacheControl);
    return sendCompressed(req, reply, fresh?.html ?? page(answer.head));
  };
}

/** Cache-Control of a guest's kept page: a second fresh, then answered while checked again for five more. */
const SHARED_PAGE = 'public, max-age=1, stale-while-revalidate=5';

/** A kept page: 304 when the browser (or nginx) holds this version, else its bytes in the best encoding it takes. */
async function sendKept(req: FastifyRequest, reply: FastifyReply, kept: CachedPage, cacheControl: string) {
  reply.header('cache-control', cacheControl).header('etag', kept.etag).header('x-page-cache', kept.state);
  const ifNoneMatch = req.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === kept.etag || tag.trim() === '*')) return reply.code(304).send();
  const encoding = encodingOf(req);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(await kept.body(encoding));
}

function encodingOf(req: FastifyRequest): Encoding {
  const accepts = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return 'br';
  return /\bgzip\b/.test(accepts) ? 'gzip' : 'identity';
}

const gzipAsync = promisify(gzip);

/**
 * A rendered page (up to ~200 KB of markup and data on the home page) compressed: @fastify/compress
 * hooks only routes, and pages are answered by the not-found handler. Brotli at quality 5 (a few
 * milliseconds) where the browser takes it, else gzip.
 */
async function sendCompressed(req: FastifyRequest, reply: FastifyReply, html: string) {
  const encoding = encodingOf(req);
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(await brotliPage(html));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(await gzipAsync(html));
  return reply.send(html);
}
