import { escapeHtml } from '../../lib/html';

/** The <head> tags of a page: pure functions, no I/O. */

/**
 * JSON inside <script type="application/ld+json">: `<` becomes \u003c, so a
 * product named `</script><script>…` cannot close the block (nor open `<!--`).
 */
export const jsonLd = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** One line of plain text at most `max` characters, cut at a word: meta descriptions and feed texts. */
export function summary(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** An absolute URL for a stored path (`/uploads/…`) or one that already is absolute. */
export const absolute = (base: string, pathOrUrl: string) => (/^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : `${base}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`);

export interface PageHead {
  title: string;
  description: string;
  /** Absolute; none on pages that are not one resource (cart, account…). */
  canonical?: string;
  /** og:type: 'website', or 'product' on a product page. */
  type: 'website' | 'product';
  /** Absolute picture URL for og:image and twitter:image. */
  image?: string;
  imageAlt?: string;
  /** e.g. 'noindex' on a 404, 'noindex, follow' on search results. */
  robots?: string;
  /** og product:price tags. */
  price?: { amount: number; currency: string };
  jsonLd?: unknown[];
}

/** The tags the server puts into index.html's <head>; every value is escaped. */
export function renderHead(head: PageHead, siteName: string): string {
  const e = escapeHtml;
  const meta = (attr: 'name' | 'property', key: string, value: string | undefined) => (value === undefined ? '' : `<meta ${attr}="${key}" content="${e(value)}" />`);
  return [
    `<title>${e(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.robots ? meta('name', 'robots', head.robots) : '',
    head.canonical ? `<link rel="canonical" href="${e(head.canonical)}" />` : '',
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:alt', head.image ? (head.imageAlt ?? head.title) : undefined),
    head.price ? meta('property', 'product:price:amount', head.price.amount.toFixed(2)) + meta('property', 'product:price:currency', head.price.currency) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    ...(head.jsonLd ?? []).map((doc) => `<script type="application/ld+json">${jsonLd(doc)}</script>`),
  ]
    .filter(Boolean)
    .join('\n    ');
}

/**
 * index.html split around the place the tags go. The built file's own <title>
 * and meta description are taken out, so each page has exactly one of each
 * (the SPA later updates those same elements on client-side navigation).
 */
export function splitTemplate(html: string): { before: string; after: string } {
  const stripped = html.replace(/\s*<title>[\s\S]*?<\/title>/i, '').replace(/\s*<meta\s+name=["']description["'][^>]*>/i, '');
  const at = stripped.search(/<\/head>/i);
  if (at < 0) {
    // A bare fixture without <head>: the tags go right after the doctype, where the parser still reads them as head.
    const doctype = /^\s*<!doctype[^>]*>/i.exec(stripped)?.[0] ?? '';
    return { before: doctype, after: stripped.slice(doctype.length) };
  }
  return { before: `${stripped.slice(0, at).replace(/\s*$/, '')}\n    `, after: `\n  ${stripped.slice(at)}` };
}
