/**
 * Slug rule of spec §2: spaces become hyphens, slashes are removed, commas and
 * ampersands become hyphens. Runs of hyphens collapse; case is lowered so URLs
 * stay stable.
 */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\//g, '')
    .replace(/[\s,&]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The id is the last dash-separated piece of a route segment. */
export function idFromSegment(segment: string | undefined): string {
  if (!segment) return '';
  const pieces = segment.split('-');
  return pieces[pieces.length - 1] ?? '';
}

/** The readable part of a segment: every piece but the last. */
export function headingFromSegment(segment: string | undefined): string {
  if (!segment) return '';
  return segment.split('-').slice(0, -1).join(' ');
}

/** The product page's path: the route table's `paths.product` (./paths.ts), which the apps call. */
export function productPath(product: { _id: string; name: string }): string {
  return `/product/${slugify(product.name)}-${product._id}`;
}

/** A listing's path: the route table's `paths.listing` (./paths.ts), which the apps call. */
export function listingPath(
  category: { _id: string; name: string },
  subCategory: { _id: string; name: string },
): string {
  return `/${slugify(category.name)}-${category._id}/${slugify(subCategory.name)}-${subCategory._id}`;
}

/** Server ids: lower-case letters and digits, no '-' (apps/server/src/lib/ids.ts). */
const ROUTE_ID = /^[0-9a-z]{1,32}$/;
export function isRouteId(value: string): boolean {
  return ROUTE_ID.test(value);
}

/** /product/{slug}-{id} or /product/{id}: the id, or null when the piece is not an id. */
export function parseProductSegment(segment: string | undefined): string | null {
  const id = idFromSegment(segment);
  return isRouteId(id) ? id : null;
}

export interface ListingRoute {
  categoryId: string;
  subCategoryId: string;
  /** The sub-category's readable name from the URL, shown until the data arrives. */
  heading: string;
}

/** /{category-slug}-{id}/{subcategory-slug}-{id} (spec §2), or null when either id is malformed. */
export function parseListingSegments(categorySegment: string | undefined, subCategorySegment: string | undefined): ListingRoute | null {
  const categoryId = idFromSegment(categorySegment);
  const subCategoryId = idFromSegment(subCategorySegment);
  if (!isRouteId(categoryId) || !isRouteId(subCategoryId)) return null;
  return { categoryId, subCategoryId, heading: headingFromSegment(subCategorySegment) };
}
