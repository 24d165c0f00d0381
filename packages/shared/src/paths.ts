/**
 * Every page of the SPA (storefront, sign-in forms, account and dashboard), in one table (issue 43, decision 0108):
 * each entry builds the page's path, and its `pattern` is the route the web's router declares for it. The router,
 * every link and redirect of the web, and the server's links to the SPA (robots.txt, the sitemap and canonical
 * URLs, bKash's return, the SMS and e-mails that link a page) all come from here, so no path is spelled twice.
 * Lint refuses a string that starts with one of these paths anywhere else (eslint.config.js reads the patterns
 * below); the web's first bundle imports this module: it must stay free of zod and of anything heavy.
 */
import { policyPath } from './policy-text';
import { listingPath, productPath } from './slug';

/** A page's path builder; `pattern` is its route, with `:name` for each parameter. */
export type SpaPath<A extends unknown[] = []> = ((...args: A) => string) & { readonly pattern: string };

function page(pattern: string): SpaPath;
function page<A extends unknown[]>(pattern: string, build: (...args: A) => string): SpaPath<A>;
function page(pattern: string, build?: (...args: unknown[]) => string): SpaPath<unknown[]> {
  return Object.assign(build ?? (() => pattern), { pattern });
}

/** `path?name=value`, the value encoded; just `path` when there is no value. */
const withParam = (path: string, name: string, value: string | undefined) => (value === undefined ? path : `${path}?${name}=${encodeURIComponent(value)}`);
/** Several ids in one segment or parameter, each encoded, comma-separated. */
const idList = (ids: readonly string[]) => ids.map(encodeURIComponent).join(',');

export const paths = {
  home: page('/'),

  // Sign-in forms.
  register: page('/register'),
  login: page('/login'),
  loginCode: page('/login-code'),
  loginMobile: page('/login-mobile'),
  forgotPassword: page('/forgot-password'),
  verifyOtp: page('/verify-otp'),
  passwordReset: page('/password-reset'),

  // The storefront. Listing: /{category-slug}-{id}/{subcategory-slug}-{id} (spec §2); product: /product/{slug}-{id}.
  listing: page('/:categorySegment/:subCategorySegment', listingPath),
  /** A product's page; by its id alone (`/product/{id}`) when only the id is known. */
  product: page('/product/:productSegment', (product: { _id: string; name?: string }) => (product.name === undefined ? `/product/${product._id}` : productPath({ _id: product._id, name: product.name }))),
  /** The search page; with a term, its results (the caller lower-cases what the shopper typed). */
  search: page('/search-page', (term?: string) => withParam('/search-page', 'search', term)),
  cart: page('/cart'),
  checkout: page('/checkout'),
  /** After an order; `text` says what succeeded (bKash's return: 'Payment'). */
  orderSuccess: page('/order-success', (text?: 'Payment') => withParam('/order-success', 'text', text)),
  /** A payment not made; `reason` is what the page explains (bKash's return), `via` the gateway when not bKash (SSLCommerz, Nagad). */
  orderCancel: page('/order-cancel', (reason?: string, via?: 'sslcommerz' | 'nagad') => `${withParam('/order-cancel', 'reason', reason)}${via ? `${reason === undefined ? '?' : '&'}via=${via}` : ''}`),
  /** Tracking an order; with an order id, that order's number filled in. */
  track: page('/track', (orderId?: string) => withParam('/track', 'orderId', orderId)),
  policy: page('/policy/:slug', policyPath),
  complaint: page('/complaint'),
  /** The wishlist (issue 45): a guest's in the browser, a signed-in shopper's on the server. */
  wishlist: page('/wishlist'),
  /** A checkout recovery SMS's link (issue 45): reopens that cart and address; its token is the link's secret. */
  recover: page('/recover/:token', (token: string) => `/recover/${encodeURIComponent(token)}`),
  /** A chat order's checkout link (issue 45): the cart staff built, for the buyer to confirm. */
  chatOrder: page('/chat-order/:token', (token: string) => `/chat-order/${encodeURIComponent(token)}`),
  /** Writing reviews of delivered items (issue 47); with a proof (the asking SMS's link), already verified. */
  review: page('/review', (proof?: string) => withParam('/review', 'proof', proof)),
  myAccount: page('/my-account'),

  // The dashboard: the account's own pages and the staff's.
  dashboard: {
    home: page('/dashboard'),
    profile: page('/dashboard/profile'),
    address: page('/dashboard/address'),
    myOrders: page('/dashboard/orders'),
    category: page('/dashboard/category'),
    subCategory: page('/dashboard/sub-category'),
    /** Products; with a search, the list filtered to it. */
    products: page('/dashboard/products', (search?: string) => withParam('/dashboard/products', 'search', search)),
    uploadProduct: page('/dashboard/upload-product'),
    promotions: page('/dashboard/promotions'),
    searchSynonyms: page('/dashboard/search-synonyms'),
    orders: page('/dashboard/my-order'),
    complaints: page('/dashboard/complaints'),
    returns: page('/dashboard/returns'),
    /** Reviews to moderate (issue 47), new ones first. */
    reviews: page('/dashboard/reviews'),
    newOrder: page('/dashboard/new-order'),
    incompleteOrders: page('/dashboard/incomplete-orders'),
    deliverySetting: page('/dashboard/delivery-setting'),
    codProtection: page('/dashboard/cod-protection'),
    /** Checkout recovery's settings and weekly figures, and the sold-out variants most asked for (issue 45). */
    recovery: page('/dashboard/recovery'),
    failedJobs: page('/dashboard/failed-jobs'),
    /** Courier settlements: what each courier owes, its payouts, the exceptions (issue 44, decision 0112). */
    settlements: page('/dashboard/settlements'),
    business: page('/dashboard/business'),
    policies: page('/dashboard/policies'),
    staff: page('/dashboard/staff'),
    audit: page('/dashboard/audit'),
    // Printed pages (outside the shop's layout): one invoice or several, each on its own page; a sheet of labels.
    invoice: page('/dashboard/invoice/:orderId', (ids: readonly string[]) => `/dashboard/invoice/${idList(ids)}`),
    labels: page('/dashboard/labels', (ids: readonly string[]) => `/dashboard/labels?ids=${idList(ids)}`),
  },
} as const;
