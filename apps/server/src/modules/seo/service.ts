import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { discountedPrice } from '@haat/shared/pricing';
import type { Category, Product, SubCategory } from '@haat/shared/schemas/catalogue';
import { defaultVariantOf, variantLabel, type ProductOption } from '@haat/shared/schemas/variants';
import { parseListingSegments, parseProductSegment } from '@haat/shared/slug';
import type { Config } from '../../config';
import type { AppDeps } from '../../deps';
import {
  cachedCategories,
  cachedProduct,
  cachedSubCategories,
  publishedProductLinks,
  publishedProductPageStarts,
  publishedProducts,
  everyVariantOf,
  isDefaultVariant,
  type CatalogueCache,
  type PublicProductRow,
  type VariantRow,
} from '../catalogue/index';
import { escapeHtml } from '../../lib/html';
import { policySummary } from '@haat/shared/policies';
import { POLICY_SLUGS, type PolicySlug } from '@haat/shared/policy-text';
import { readPolicyPage } from '../shop/index';
import { reviewsForLd, type LdReview } from '../reviews/index';
import { absolute, summary, type PageHead } from './html';
import { unitInBangla } from '@haat/shared/units';
import { paths } from '@haat/shared/paths';
import type { Lang } from '../../lib/language';

/** What the SEO reads need: the app's deps and the catalogue cache it shares with the API. */
export interface Seo {
  deps: AppDeps;
  cache: CatalogueCache;
}

/** URLs per sitemap page: well under the protocol's 50,000 URLs and 50 MB, and quick to build. */
export const SITEMAP_PAGE_SIZE = 10_000;
/** Products read per query while the feed streams. */
const FEED_BATCH = 1_000;

/** Whether answers built with publicBase are the same for every Host (and so may sit in shared caches). */
export function hostIndependent(config: Config): boolean {
  return config.PUBLIC_URL !== undefined;
}

const inStock = (p: { stock: number }) => p.stock > 0;

/**
 * The heads' words in the page's language (issue 42: a Bangla page's <title> was English). The page's language
 * is the one it is rendered in (storefront.ts' pageLanguage); the web app's own titles say the same once it runs.
 */
const WORDS = {
  en: {
    site: 'Groceries, fashion and gadgets delivered across Bangladesh',
    description: (shop: string) => `${shop} — shop fashion, electronics, groceries and more across Bangladesh. Cash on delivery, bKash, Rocket and Nagad.`,
    notFound: 'Page not found',
    productAt: (name: string, unit: string, shop: string) => `${name} (${unit}) at ${shop}.`,
    listing: (sub: string, category: string, shop: string) => `Shop ${sub} in ${category} at ${shop}: delivered across Bangladesh, cash on delivery, bKash, Rocket and Nagad.`,
    /** 'Mobile Phones (মোবাইল ফোন)': an English head names the Bangla too, so a search in Bangla finds the page. */
    named: (item: { name: string; name_bn: string }) => (item.name_bn ? `${item.name} (${item.name_bn})` : item.name),
    policyTitle: (page: { title_en: string; title_bn: string }) => `${page.title_en} (${page.title_bn})`,
    search: 'Search',
    searchFor: (term: string) => `Search: ${term}`,
    searchDescription: (term: string, shop: string) => `Products matching “${term}” at ${shop}, delivered across Bangladesh.`,
    pages: { cart: 'Cart', checkout: 'Checkout' } as Record<string, string>,
  },
  bn: {
    site: 'সারা বাংলাদেশে মুদি, পোশাক ও গ্যাজেট হোম ডেলিভারি',
    description: (shop: string) => `${shop} — সারা বাংলাদেশে পোশাক, ইলেকট্রনিকস, মুদি ও আরও অনেক কিছু কিনুন। ক্যাশ অন ডেলিভারি, bKash, Rocket ও Nagad।`,
    notFound: 'পাতাটি পাওয়া যায়নি',
    productAt: (name: string, unit: string, shop: string) => `${shop}-এ ${name} (${unitInBangla(unit) ?? unit})।`,
    listing: (sub: string, category: string, shop: string) => `${shop}-এ ${category}-এর ${sub} কিনুন: সারা বাংলাদেশে ডেলিভারি, ক্যাশ অন ডেলিভারি, bKash, Rocket ও Nagad।`,
    named: (item: { name: string; name_bn: string }) => nameIn(item, 'bn'),
    policyTitle: (page: { title_en: string; title_bn: string }) => page.title_bn,
    search: 'খোঁজ',
    searchFor: (term: string) => `খোঁজ: ${term}`,
    searchDescription: (term: string, shop: string) => `${shop}-এ “${term}”-এর সাথে মেলে এমন পণ্য, সারা বাংলাদেশে ডেলিভারি।`,
    pages: { cart: 'কার্ট', checkout: 'চেকআউট' } as Record<string, string>,
  },
} satisfies Record<Lang, unknown>;

/** An owner's name (product, category…) in the page's language: the Bangla one when it has one. */
const nameIn = (item: { name: string; name_bn?: string }, lang: Lang) => (lang === 'bn' && item.name_bn?.trim() ? item.name_bn : item.name);
const siteTitle = (config: Config, lang: Lang) => `${config.SHOP_NAME} | ${WORDS[lang].site}`;
const siteDescription = (config: Config, lang: Lang) => WORDS[lang].description(config.SHOP_NAME);

/** Tags of a page that is not one resource (cart, account…): the shop's own, no canonical; the cart and checkout by name. */
export function defaultHead(config: Config, lang: Lang = 'en', page?: string): PageHead {
  const named = page && Object.hasOwn(WORDS[lang].pages, page) ? WORDS[lang].pages[page] : undefined;
  return { title: named ? `${named} | ${config.SHOP_NAME}` : siteTitle(config, lang), description: siteDescription(config, lang), type: 'website' };
}

/** The Oops! page's head: a 404 that search engines drop. */
function notFoundHead(config: Config, lang: Lang): PageHead {
  return { title: `${WORDS[lang].notFound} | ${config.SHOP_NAME}`, description: siteDescription(config, lang), type: 'website', robots: 'noindex' };
}

export interface PageAnswer {
  status: 200 | 404;
  head: PageHead;
}

/** The head (and status) of the SPA page at `pathname` in `lang`: home, a listing, a product, search, or any other page. */
export async function pageHead(seo: Seo, base: string, pathname: string, query: Record<string, unknown>, lang: Lang = 'en'): Promise<PageAnswer> {
  const { config } = seo.deps;
  const parts = pathname.split('/').filter(Boolean).map(safeDecode);
  if (parts.length === 0) {
    return { status: 200, head: { ...defaultHead(config, lang), canonical: `${base}/`, jsonLd: [websiteLd(config, base)] } };
  }
  if (parts[0] === 'product' && parts.length === 2) return productPage(seo, base, parts[1]!, lang);
  if (parts[0] === 'search-page' && parts.length === 1) return searchPage(config, base, query, lang);
  if (parts[0] === 'policy' && parts.length === 2) return policyPage(seo, base, parts[1]!, lang);
  // Listing: /{category}-{id}/{sub-category}-{id}; dashboard/… are the SPA's own two-segment pages.
  if (parts.length === 2 && parts[0] !== 'dashboard') return listingPage(seo, base, parts[0]!, parts[1]!, lang);
  return { status: 200, head: defaultHead(config, lang, parts.length === 1 ? parts[0] : undefined) };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

async function productPage(seo: Seo, base: string, segment: string, lang: Lang): Promise<PageAnswer> {
  const { config } = seo.deps;
  const id = parseProductSegment(segment);
  // Unpublished products are unknown to the public (cachedProduct answers published ones only).
  const product = id ? await cachedProduct(seo.cache, id) : null;
  if (!product) return { status: 404, head: notFoundHead(config, lang) };
  const url = `${base}${paths.product(product)}`;
  const price = discountedPrice(product.price, product.discount);
  const images = product.image.map((src) => absolute(base, src));
  const name = nameIn(product, lang);
  const own = lang === 'bn' ? product.description_bn.trim() || product.description : product.description;
  const description = summary(own || WORDS[lang].productAt(name, product.unit, config.SHOP_NAME));
  return {
    status: 200,
    head: {
      title: `${name} | ${config.SHOP_NAME}`,
      description,
      canonical: url,
      type: 'product',
      image: images[0],
      imageAlt: name,
      price: { amount: price, currency: 'BDT' },
      jsonLd: [{ ...productLd(product, url, images, price, base), ...ratingLd(product, product.rating ? await reviewsForLd(seo.deps.database.db, product._id) : []) }],
    },
  };
}

/** A policy page (decision 0077): its title (an English page's names the Bangla too) and first paragraph in the page's language; an unknown one is the Oops! page. */
async function policyPage(seo: Seo, base: string, slug: string, lang: Lang): Promise<PageAnswer> {
  const { config } = seo.deps;
  if (!(POLICY_SLUGS as readonly string[]).includes(slug)) return { status: 404, head: notFoundHead(config, lang) };
  const page = await readPolicyPage(seo.deps.database.db, slug as PolicySlug);
  const body = lang === 'bn' ? page.body_bn : page.body_en;
  return {
    status: 200,
    head: { title: `${WORDS[lang].policyTitle(page)} | ${config.SHOP_NAME}`, description: summary(policySummary(body)), canonical: `${base}${paths.policy(page.slug)}`, type: 'website' },
  };
}


/** What schema.org and Meta call an option: Size and Colour (Color) have their own fields; others go by their name. */
function optionRole(name: string): 'size' | 'color' | null {
  const n = name.trim().toLowerCase();
  return n === 'size' ? 'size' : n === 'colour' || n === 'color' ? 'color' : null;
}

/** A variant's size and colour, as schema.org and Meta name them. */
function roles(options: ProductOption[], values: string[]): { size?: string; color?: string } {
  const out: { size?: string; color?: string } = {};
  options.forEach((o, k) => {
    const role = optionRole(o.name);
    if (role && values[k]) out[role] = values[k];
  });
  return out;
}

/** The link to one variant: the product page with it chosen. */
const variantUrl = (url: string, variantId: string) => `${url}?variant=${encodeURIComponent(variantId)}`;

/**
 * A product page's JSON-LD: a Product; for a product with options (issue 21)
 * a ProductGroup that varies by them, each variant a Product with its own
 * SKU, size, colour and offer.
 */
function productLd(product: Product, url: string, images: string[], price: number, base: string) {
  // A product of its default variant alone is a Product, as before it had one (decision 0111).
  if (defaultVariantOf(product)) return plainProductLd(product, url, images, price);
  const options = product.options ?? [];
  const variants = (product.variants ?? []).filter((v) => v.publish);
  return {
    '@context': 'https://schema.org',
    '@type': 'ProductGroup',
    name: product.name,
    ...(product.name_bn && { alternateName: product.name_bn }),
    description: summary(product.description, 5000),
    image: images,
    url,
    productGroupID: product._id,
    ...(product.category[0] && { category: product.category[0].name }),
    variesBy: options.map((o) => {
      const role = optionRole(o.name);
      return role ? `https://schema.org/${role}` : o.name;
    }),
    hasVariant: variants.map((v) => ({
      '@type': 'Product',
      name: `${product.name} (${variantLabel(options, v.values)})`,
      sku: v.sku || v._id,
      productID: v._id,
      image: v.image.length ? v.image.map((src) => absolute(base, src)) : images,
      ...roles(options, v.values),
      offers: offerLd(discountedPrice(v.price, v.discount), v, variantUrl(url, v._id)),
    })),
  };
}

/** An offer in BDT at the price after discount, new, in stock or not. */
const offerLd = (price: number, stock: { stock: number }, url: string) => ({
  '@type': 'Offer',
  price: price.toFixed(2),
  priceCurrency: 'BDT',
  availability: inStock(stock) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
  itemCondition: 'https://schema.org/NewCondition',
  url,
});

function plainProductLd(product: Product, url: string, images: string[], price: number) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    // The Bangla name too, so a search in Bangla can find the page although its head is in English.
    ...(product.name_bn && { alternateName: product.name_bn }),
    description: summary(product.description, 5000),
    image: images,
    sku: product._id,
    productID: product._id,
    url,
    ...(product.category[0] && { category: product.category[0].name }),
    offers: offerLd(price, product, url),
  };
}

/**
 * A product's stars as Google's review snippets document them (issue 47, decision 0124): aggregateRating
 * (ratingValue, reviewCount, best 5, worst 1) and the newest published reviews, each with its rating, author, date
 * and text; nothing for a product without reviews (an empty rating is an error in Google's rules).
 */
function ratingLd(product: Product, reviews: LdReview[]) {
  if (!product.rating) return {};
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: product.rating.average, reviewCount: product.rating.count, bestRating: 5, worstRating: 1 },
    review: reviews.map((r) => ({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: r.author || 'Verified buyer' },
      datePublished: r.createdAt.toISOString().slice(0, 10),
      ...(r.body && { reviewBody: r.body }),
    })),
  };
}

function websiteLd(config: Config, base: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: config.SHOP_NAME,
    url: `${base}/`,
    potentialAction: { '@type': 'SearchAction', target: `${base}${paths.search()}?search={search_term_string}`, 'query-input': 'required name=search_term_string' },
  };
}

async function listingPage(seo: Seo, base: string, categorySegment: string, subCategorySegment: string, lang: Lang): Promise<PageAnswer> {
  const { config } = seo.deps;
  const route = parseListingSegments(categorySegment, subCategorySegment);
  if (!route) return { status: 404, head: notFoundHead(config, lang) };
  const [categories, subCategories] = await Promise.all([cachedCategories(seo.cache), cachedSubCategories(seo.cache)]);
  const category = categories.find((c) => c._id === route.categoryId);
  const sub = subCategories.find((s) => s._id === route.subCategoryId);
  // A pair the shop never links (the sub-category is not in that category) is not a page either.
  if (!category || !sub || !sub.category.some((c) => c._id === category._id)) return { status: 404, head: notFoundHead(config, lang) };
  const url = `${base}${paths.listing(category, sub)}`;
  const firstSub = subCategories.find((s) => s.category.some((c) => c._id === category._id)) ?? sub;
  const picture = sub.image[0] || category.image;
  return {
    status: 200,
    head: {
      title: `${nameIn(sub, lang)} - ${nameIn(category, lang)} | ${config.SHOP_NAME}`,
      description: summary(WORDS[lang].listing(WORDS[lang].named(sub), WORDS[lang].named(category), config.SHOP_NAME)),
      canonical: url,
      type: 'website',
      image: picture ? absolute(base, picture) : undefined,
      imageAlt: nameIn(sub, lang),
      jsonLd: [breadcrumbLd(base, category, firstSub, sub, url)],
    },
  };
}

/** Home › category (its first sub-category's listing, as the home page links it) › sub-category. */
function breadcrumbLd(base: string, category: Category, firstSub: SubCategory, sub: SubCategory, url: string) {
  const items = [
    { name: 'Home', item: `${base}/` },
    { name: category.name, item: `${base}${paths.listing(category, firstSub)}` },
    { name: sub.name, item: url },
  ];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((it, i) => ({ '@type': 'ListItem', position: i + 1, ...it })),
  };
}

function searchPage(config: Config, base: string, query: Record<string, unknown>, lang: Lang): PageAnswer {
  const raw = query.search ?? query.q;
  const term = typeof raw === 'string' ? raw.replace(/\s+/g, ' ').trim().slice(0, 100) : '';
  const words = WORDS[lang];
  return {
    status: 200,
    head: {
      title: `${term ? words.searchFor(term) : words.search} | ${config.SHOP_NAME}`,
      description: term ? summary(words.searchDescription(term, config.SHOP_NAME)) : siteDescription(config, lang),
      canonical: `${base}${paths.search(term || undefined)}`,
      type: 'website',
      // Search results are followed, not indexed: Google asks shops to keep them out of its index.
      robots: 'noindex, follow',
    },
  };
}

// ---- robots.txt and sitemaps --------------------------------------------------------

/** Pages that are a shopper's own or a step of buying: never worth crawling. */
const PRIVATE_PATHS = [paths.dashboard.home, paths.cart, paths.checkout, paths.myAccount, paths.orderSuccess, paths.orderCancel, paths.track, paths.login, paths.register, paths.forgotPassword, paths.verifyOtp, paths.passwordReset].map((page) => page.pattern);
/** The API stays out, except the public catalogue reads a crawler's renderer needs to draw the pages. */
const PUBLIC_API_READS = ['/api/category/get-category', '/api/subcategory/get-subcategories', '/api/product/get-', '/api/shop-info', '/api/delivery-settings', '/api/shop/pages'];

export function robotsTxt(base: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    'Disallow: /api/',
    ...PUBLIC_API_READS.map((p) => `Allow: ${p}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const urlEntry = (loc: string, lastmod?: Date) => `<url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;

/** Where each products-N.xml page starts, kept in the catalogue cache (dropped by any change but stock). */
async function productPageStarts(seo: Seo): Promise<string[]> {
  const prepared = await seo.cache.get('seo:sitemap-page-starts', async (db) => ({
    body: await publishedProductPageStarts(db, SITEMAP_PAGE_SIZE),
    productIds: [],
  }));
  return JSON.parse(prepared.json) as string[];
}

export async function sitemapIndex(seo: Seo, base: string): Promise<string> {
  const pages = (await productPageStarts(seo)).length;
  const files = ['static.xml', 'categories.xml', ...Array.from({ length: pages }, (_, i) => `products-${i + 1}.xml`)];
  return `${XML_HEAD}<sitemapindex xmlns="${NS}">\n${files.map((f) => `<sitemap><loc>${escapeHtml(`${base}/sitemaps/${f}`)}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`;
}

/** One file of the sitemap index (static.xml, categories.xml, products-N.xml), or null when there is no such file. */
export async function sitemapFile(seo: Seo, base: string, name: string): Promise<string | null> {
  let urls: string[];
  if (name === 'static.xml') {
    urls = [urlEntry(`${base}${paths.home()}`), ...POLICY_SLUGS.map((slug) => urlEntry(`${base}${paths.policy(slug)}`))];
  } else if (name === 'categories.xml') {
    const [categories, subCategories] = await Promise.all([cachedCategories(seo.cache), cachedSubCategories(seo.cache)]);
    const byId = new Map(categories.map((c) => [c._id, c]));
    urls = subCategories.flatMap((s) => s.category.flatMap((ref) => (byId.has(ref._id) ? [urlEntry(`${base}${paths.listing(byId.get(ref._id)!, s)}`)] : [])));
  } else {
    const n = /^products-([1-9]\d{0,6})\.xml$/.exec(name)?.[1];
    if (!n) return null;
    const starts = await productPageStarts(seo);
    const from = starts[Number(n) - 1];
    if (from === undefined) return null;
    // Keyset: this page's first id up to the next page's first id (a product published since then makes it one longer).
    // Uncached, from the read replica when there is one, however far behind: a crawler may read it a moment late (decision 0072).
    const rows = await seo.deps.database.reads.run((db) => publishedProductLinks(db, { from, before: starts[Number(n)] }, SITEMAP_PAGE_SIZE * 2));
    urls = rows.map((p) => urlEntry(`${base}${paths.product({ _id: p.id, name: p.name })}`, p.updatedAt));
  }
  return `${XML_HEAD}<urlset xmlns="${NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

// ---- the Facebook / Instagram catalogue feed ------------------------------------------

export const META_FEED_COLUMNS = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link', 'brand', 'item_group_id', 'size', 'color'] as const;

/**
 * Cells are written as the shop shows them, even one starting with = + - @:
 * Meta's parser reads the file, not a spreadsheet, and a neutralising quote
 * would appear in the shop's ads. Who opens the public feed in a spreadsheet
 * should import it as text (decision 0047; the admin export does neutralise).
 */
function feedRow(config: Config, base: string, p: PublicProductRow): Record<(typeof META_FEED_COLUMNS)[number], string> {
  return {
    id: p.id,
    title: summary(p.name, 200),
    // Meta requires a description: the name stands in when the admin wrote none.
    description: summary(p.description || p.name, 9999),
    availability: inStock(p) ? 'in stock' : 'out of stock',
    condition: 'new',
    price: `${discountedPrice(p.price, p.discount).toFixed(2)} BDT`,
    link: `${base}${paths.product({ _id: p.id, name: p.name })}`,
    image_link: p.images[0] ? absolute(base, p.images[0]) : '',
    brand: config.SHOP_NAME,
    item_group_id: '',
    size: '',
    color: '',
  };
}

/**
 * One feed item per published variant (issue 21): its own id, price,
 * availability and picture, grouped by item_group_id (the product's id), with
 * size and color where the product has those options. A product's default
 * variant is the product's own item, as before it was a row (decision 0111).
 */
function variantFeedRows(config: Config, base: string, p: PublicProductRow, variants: VariantRow[]) {
  const row = feedRow(config, base, p);
  return variants
    .filter((v) => v.publish)
    .map((v) => isDefaultVariant(v) ? row : ({
      ...row,
      id: v.sku || v.id,
      title: summary(`${p.name} (${variantLabel(p.options, v.optionValues)})`, 200),
      availability: inStock(v) ? 'in stock' : 'out of stock',
      price: `${discountedPrice(v.price, v.discount).toFixed(2)} BDT`,
      link: variantUrl(row.link, v.id),
      image_link: v.images[0] ? absolute(base, v.images[0]) : row.image_link,
      item_group_id: p.id,
      size: '',
      color: '',
      ...roles(p.options, v.optionValues),
    }));
}

/**
 * Every published product as Meta's catalogue CSV, streamed: a thousand rows
 * are read at a time (keyset on id), so 100,000 products never sit in memory.
 * Products without a picture are left out (Meta refuses an item without image_link).
 */
export function metaFeed(seo: Seo, base: string): Readable {
  const { config, database } = seo.deps;
  async function* rows() {
    let after = '';
    for (;;) {
      // Like the sitemap's pages: from the read replica when there is one (decision 0072).
      const { batch, variants } = await database.reads.run(async (db) => {
        const rows = await publishedProducts(db, { after }, FEED_BATCH);
        return { batch: rows, variants: await everyVariantOf(db, rows.map((p) => p.id)) };
      });
      for (const p of batch) if (p.images[0]) yield* variantFeedRows(config, base, p, variants.get(p.id) ?? []);
      if (batch.length < FEED_BATCH) return;
      after = batch[batch.length - 1]!.id;
    }
  }
  const csv = stringify({ header: true, columns: [...META_FEED_COLUMNS] });
  const source = Readable.from(rows());
  source.on('error', (err) => csv.destroy(err));
  return source.pipe(csv);
}
