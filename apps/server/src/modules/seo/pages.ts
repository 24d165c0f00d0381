import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { catalogueCache } from '../catalogue/index';
import { renderHead, splitTemplate } from './html';
import { defaultHead, hostIndependent, pageHead, type Seo } from './service';
import { publicBase } from '../../lib/public-url';

/**
 * The SPA's index.html with each page's own head (title, description,
 * canonical, Open Graph, Twitter, JSON-LD), so crawlers and link previews need
 * no JavaScript; unknown products and listings answer 404 with the same page
 * (the SPA shows Oops!) and noindex.
 */
export async function spaPages(deps: AppDeps, app: FastifyInstance, indexHtml: string) {
  const seo: Seo = { deps, cache: await catalogueCache(deps, app) };
  const { before, after } = splitTemplate(indexHtml);
  // The head's canonical and og:url follow the Host when PUBLIC_URL is unset: then no shared cache may keep it.
  const cacheControl = hostIndependent(deps.config) ? 'no-cache' : 'private, no-cache';
  const page = (head: Parameters<typeof renderHead>[0]) => `${before}${renderHead(head, deps.config.SHOP_NAME)}${after}`;

  return async function sendPage(req: FastifyRequest, reply: FastifyReply) {
    const pathname = req.url.split('?')[0] ?? '/';
    let answer: Awaited<ReturnType<typeof pageHead>>;
    try {
      answer = await pageHead(seo, publicBase(deps.config, req), pathname, req.query as Record<string, unknown>);
    } catch (err) {
      // The database is away: the page still loads (the SPA retries its reads), with the shop's own tags.
      req.log.warn({ err }, 'page head: catalogue unavailable');
      answer = { status: 200, head: defaultHead(deps.config) };
    }
    return reply.code(answer.status).header('cache-control', cacheControl).type('text/html; charset=utf-8').send(page(answer.head));
  };
}
