/**
 * The catalogue's public door (docs/ARCHITECTURE.md): the read cache the API and the server-rendered page heads
 * share, the cached public reads (reads.ts), and the published products in id order (queries.ts).
 */
export { cachedCategories, cachedProduct, cachedSubCategories, catalogueCache } from './reads';
export type { CatalogueCache } from './cache';
export { publishedProductLinks, publishedProducts, publishedProductPageStarts, type PublicProductRow } from './queries';
export { everyVariantOf, isDefaultVariant, type VariantRow } from './variants';
