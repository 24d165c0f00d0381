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
  /** The owner's dashboard, per period (issue 14); saving its settings invalidates `dashboard.all`. */
  dashboard: {
    all: ['dashboard'] as const,
    of: (days: number) => ['dashboard', days] as const,
  },
  deliverySettings: ['delivery-settings'] as const,
  /** The shop's search synonyms (admin, issue 19). */
  searchSynonyms: ['search-synonyms'] as const,
  /** The shop's staff (Owner, issue 28). */
  staff: ['staff'] as const,
  /** The Orders role's refund limit (issue 28, decision 0066). */
  refundLimit: ['refund-limit'] as const,
  /** The Owner's audit log, per filter and page (issue 28, decision 0065). */
  audit: (filters: { person: string; kind: string; from: string; to: string; page: number }) => ['audit', filters] as const,
  /** Background jobs that failed for good (issue 24, decision 0073). */
  failedJobs: ['jobs', 'failed'] as const,
  /** Courier settlements (issue 44): the overview, one payout's parcels, the dashboard's cash with couriers. */
  settlements: {
    all: ['settlements'] as const,
    payout: (id: string) => ['settlements', 'payout', id] as const,
    cash: ['settlements', 'cash'] as const,
  },
  shopInfo: ['shop-info'] as const,
  /** What the shop shows (issue 27): its policy pages (one, or all for the owner), the business details' form, complaints. */
  shopPages: {
    all: ['shop-pages'] as const,
    one: (slug: string) => ['shop-pages', slug] as const,
  },
  business: ['business'] as const,
  complaints: {
    all: ['complaints'] as const,
    of: (show: string, page: number) => ['complaints', show, page] as const,
  },
  /** Returns and exchanges (issue 27): a shopper's returnable order, the owner's lists, the return window. */
  returns: {
    all: ['returns'] as const,
    returnable: (orderId: string) => ['returns', 'returnable', orderId] as const,
    guest: (orderId: string, mobile: string) => ['returns', 'guest', orderId, mobile] as const,
    ofOrder: (orderId: string) => ['returns', 'order', orderId] as const,
    list: (state: string) => ['returns', 'list', state] as const,
    window: ['returns', 'window'] as const,
  },
  orders: {
    all: ['orders'] as const,
    mine: ['orders', 'mine'] as const,
    admin: ['orders', 'admin'] as const,
    /** One order's SMS log (the admin's order card). */
    events: (id: string) => ['orders', 'events', id] as const,
    /** The orders an invoice or a label sheet prints. */
    print: (ids: string[]) => ['orders', 'print', ids] as const,
  },
  /** The admin's courier booking: providers, Pathao's places, a suggested place for an order. */
  courier: {
    providers: ['courier', 'providers'] as const,
    places: (level: { city_id?: number; zone_id?: number }) => ['courier', 'places', level] as const,
    suggest: (orderId: string) => ['courier', 'suggest', orderId] as const,
    /** Every order's suggestion: read again when the rules change. */
    suggestions: ['courier', 'suggest'] as const,
    /** The owner's courier per district or zone (decision 0122). */
    rules: ['courier', 'rules'] as const,
  },
  /** The shopper's /track answer for an order id and mobile. */
  track: (asked: { orderId: string; mobile: string } | null) => ['track', asked] as const,
  /**
   * Promotions (issue 22): the shop's automatic offers, a quote for a cart (its
   * lines, code, phone and delivery fee), and the admin's list with each one's
   * figures over a period. Saving a promotion invalidates `promotions.all`.
   */
  promotions: {
    all: ['promotions'] as const,
    offers: ['promotions', 'offers'] as const,
    quote: (input: { items: { product_id: string; quantity: number }[]; code: string; mobile: string; fee: number }) => ['promotions', 'quote', input] as const,
    admin: (days: number) => ['promotions', 'admin', days] as const,
  },
  /** COD protection (issue 26): the owner's confirmation rule, blocked mobiles, incomplete checkouts. */
  cod: {
    settings: ['cod', 'settings'] as const,
    advance: ['cod', 'advance'] as const,
    blocks: ['cod', 'blocks'] as const,
    incomplete: ['cod', 'incomplete'] as const,
  },
  /** The wishlist (issue 45): the guest's browser list or the account's. */
  wishlist: { all: ['wishlist'] as const, of: (owner: string) => ['wishlist', owner] as const },
  /** Bringing shoppers back (issue 45): recovery's settings and weeks, the sold-out variants most asked for. */
  recovery: {
    settings: ['recovery', 'settings'] as const,
    weeks: ['recovery', 'weeks'] as const,
    mostAsked: ['recovery', 'most-asked'] as const,
  },
  /** The deadlines (issue 27): the owner's hours and days. */
  deadlines: { settings: ['deadlines', 'settings'] as const },
  /** Admin catalogue writes invalidate `catalogue.all`. */
  catalogue: {
    all: ['catalogue'] as const,
    categories: ['catalogue', 'categories'] as const,
    subCategories: ['catalogue', 'sub-categories'] as const,
    products: ['catalogue', 'products'] as const,
    /** A product's published reviews, per sort and page (issue 47): a `catalogue` key, so the server renders the first page. */
    reviews: (productId: string, sort: string, page: number) => ['catalogue', 'reviews', productId, sort, page] as const,
    /** Every page of a product's reviews (a vote renews them). */
    reviewsOf: (productId: string) => ['catalogue', 'reviews', productId] as const,
  },
  /** The buyer's reviewable lines and the owner's moderation (issue 47). */
  reviews: {
    all: ['reviews'] as const,
    mine: (proof: string) => ['reviews', 'mine', proof] as const,
    admin: (status: string, page: number) => ['reviews', 'admin', status, page] as const,
    settings: ['reviews', 'settings'] as const,
    attention: ['reviews', 'attention'] as const,
  },
};
