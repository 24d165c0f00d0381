import type { FastifyPluginAsync } from 'fastify';
import type { AppDeps } from '../../deps';
import { appError } from '../../lib/errors';
import { doc, media } from '../../lib/openapi';
import { catalogueCache } from '../catalogue/index';
import { hostIndependent, metaFeed, robotsTxt, sitemapFile, sitemapIndex, type Seo } from './service';
import { publicBase } from '../../lib/public-url';

/**
 * robots.txt, the sitemap index and its pages, and the Meta catalogue feed:
 * public, at the site's root (docs/decisions/0039). The page heads are put in
 * by app.ts's SPA fallback (pages.ts).
 */
export const seoRoutes = (deps: AppDeps): FastifyPluginAsync => async (app) => {
  const seo: Seo = { deps, cache: await catalogueCache(deps, app) };
  const base = (req: Parameters<typeof publicBase>[1]) => publicBase(deps.config, req);
  // Crawlers come back daily at most; ten minutes keeps a new product's wait short. Without
  // PUBLIC_URL the links follow the request's Host, so no shared cache may keep them for others.
  const CACHE = `${hostIndependent(deps.config) ? 'public' : 'private'}, max-age=600`;

  app.get('/robots.txt', { schema: doc('seo', 'robots.txt: the catalogue open, account, checkout and admin pages and the API closed; the sitemap', { reply: media('robots.txt', 'text/plain') }) }, async (req, reply) =>
    reply.header('cache-control', CACHE).type('text/plain; charset=utf-8').send(robotsTxt(base(req))),
  );
  app.get('/sitemap.xml', { schema: doc('seo', 'Sitemap index: static.xml, categories.xml and products-N.xml pages of 10,000 products', { reply: media('The sitemap index', 'application/xml') }) }, async (req, reply) =>
    reply.header('cache-control', CACHE).type('application/xml; charset=utf-8').send(await sitemapIndex(seo, base(req))),
  );
  app.get('/sitemaps/:file', { schema: doc('seo', 'One sitemap page: static.xml, categories.xml or products-N.xml (published products in id order)', { reply: media('One sitemap page', 'application/xml'), errors: [404] }) }, async (req, reply) => {
    const xml = await sitemapFile(seo, base(req), (req.params as { file: string }).file);
    if (xml === null) throw appError('SITEMAP_NOT_FOUND');
    return reply.header('cache-control', CACHE).type('application/xml; charset=utf-8').send(xml);
  });
  app.get('/feeds/meta.csv', { schema: doc('seo', 'Facebook / Instagram catalogue feed (CSV): published products with a picture, price after discount in BDT', { reply: media('The catalogue feed', 'text/csv') }) }, async (req, reply) =>
    reply.header('cache-control', CACHE).type('text/csv; charset=utf-8').send(metaFeed(seo, base(req))),
  );
};
