/**
 * Every TanStack Query key the web uses, named once. A key is an array whose
 * prefix groups: invalidating `queryKeys.cart.all` reaches every owner's cart,
 * `queryKeys.orders.all` both My Orders and the admin's list.
 */
export const queryKeys = {
  user: ['user'] as const,
  cart: {
    all: ['cart'] as const,
    /** One cart per owner: a user id, or 'guest'. */
    of: (owner: string) => ['cart', owner] as const,
  },
  addresses: ['addresses'] as const,
  /** The owner's dashboard, per period (issue 14). */
  dashboard: (days: number) => ['dashboard', days] as const,
  deliverySettings: ['delivery-settings'] as const,
  /** The shop's search synonyms (admin, issue 19). */
  searchSynonyms: ['search-synonyms'] as const,
  shopInfo: ['shop-info'] as const,
  orders: {
    all: ['orders'] as const,
    mine: ['orders', 'mine'] as const,
    admin: ['orders', 'admin'] as const,
  },
  /** Admin catalogue writes invalidate `catalogue.all`. */
  catalogue: {
    all: ['catalogue'] as const,
    categories: ['catalogue', 'categories'] as const,
    subCategories: ['catalogue', 'sub-categories'] as const,
    products: ['catalogue', 'products'] as const,
  },
};
