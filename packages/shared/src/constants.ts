/** Business constants of spec §9. */
export const DEFAULT_DELIVERY = { freeDelivery: false, insideDhaka: 50, outsideDhaka: 100 } as const;
/** The largest delivery fee an admin may set, in taka (keeps input far inside the integer column). */
export const MAX_DELIVERY_FEE = 100_000;
/** The most of one product a cart line or order line may ask for (a product's own limit is at most this too). */
export const MAX_LINE_QUANTITY = 1000;

export const BREAKPOINT_LARGE = 1024;

export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_SCROLL_TRIGGER = 0.8;
export const SEARCH_SCROLL_THROTTLE_MS = 150;
export const SEARCH_PLACEHOLDERS_FIRST = 20;
export const SEARCH_PLACEHOLDERS_PAGING = 5;

export const LISTING_PAGE_SIZE = 10;
export const ADMIN_PRODUCT_PAGE_SIZE = 12;
export const ADMIN_PRODUCT_SEARCH_DELAY_MS = 3000;
export const ORDER_PAGE_SIZE = 10;
export const MAX_PAGE_LIMIT = 100;
/** Listing orders: newest, price ascending, price descending, biggest discount. */
export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'discount'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

export const PLACEHOLDER_CATEGORIES = [
  'fashion and lifestyle',
  'baby and kids',
  'beauty and personal care',
  'electronics and gadgets',
  'home and kitchen essentials',
  'seasonal and festive items',
  'DIY and home improvement',
] as const;
export const PLACEHOLDER_STEP_MS = 1000;
export const PLACEHOLDER_SPEED = 50;

export const SKELETON_CATEGORY_TILES = 20;
export const SKELETON_PRODUCT_CARDS = 6;
export const SKELETON_SUBCATEGORY_ROWS = 10;

export const HOME_ROW_SCROLL_PX = 200;
export const THUMBNAIL_SCROLL_PX = 50;

export const PASSWORD_MIN = 6;
export const OTP_LENGTH = 6;
/**
 * The e-mailed sign-in code (decision 0045) is longer than the reset OTP: it has
 * no per-account cap a stranger could use up, so its length is what keeps
 * guessing hopeless.
 */
export const LOGIN_CODE_LENGTH = 8;
export const MOBILE_LENGTH = 11;

export const TOAST_MAX = 20;

export const TABLE_PAGE_SIZES = [10, 20, 30] as const;

export const GUEST_CART_KEY = 'guestCart';
export const GUEST_ADDRESS_KEY = 'guestAddress';
export const ACCESS_TOKEN_KEY = 'access_token';
export const REFRESH_TOKEN_KEY = 'refresh_token';

export const FOOTER_YEAR = 2025;

/**
 * A shopper (USER) and the five staff roles (issue 28, decision 0064). ADMIN is
 * the spec's admin and the Owner; what each staff role may do is the one table
 * in permissions.ts.
 */
export const ROLES = ['USER', 'ADMIN', 'MANAGER', 'ORDERS', 'CATALOGUE', 'PACKER'] as const;
export type Role = (typeof ROLES)[number];

export const ORDER_STATUSES = ['Pending', 'Delivered', 'Cancel', 'Received', 'Return'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/** Orders in these states hold no stock. */
export const STOCK_RELEASED_STATUSES: readonly OrderStatus[] = ['Cancel', 'Return'];
/** Only these may be deleted. */
export const DELETABLE_ORDER_STATUSES: readonly OrderStatus[] = ['Received', 'Cancel', 'Return'];

export const PAYMENT_METHODS = ['CASH-ON-DELIVERY', 'bkash', 'rocket', 'nagad'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const WALLETS = ['bkash', 'rocket', 'nagad'] as const;

/**
 * The hosted payment gateways a shopper can be sent to (issue 46, decision 0120): offered at checkout only when
 * the owner configured them; never a method of a phone order (the buyer is not at a browser).
 */
export const GATEWAY_METHODS = ['sslcommerz'] as const;
/**
 * The gateway an order's online payment went through (orders.gateway, migration 0057, decision 0127): written
 * when the payment starts; null for cash on delivery without an advance and for a typed transaction id.
 */
export const PAYMENT_GATEWAYS = ['bkash', 'sslcommerz', 'nagad'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];
/** What the shop's own checkout may send: the payment methods and the gateways. */
export const CHECKOUT_METHODS = [...PAYMENT_METHODS, ...GATEWAY_METHODS] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];

const PAYMENT_LABELS: Record<CheckoutMethod, string> = { 'CASH-ON-DELIVERY': 'Cash On Delivery', bkash: 'Bkash', rocket: 'Rocket', nagad: 'Nagad', sslcommerz: 'SSLCommerz' };
/** The one label of a payment method, for the shopper and the admin alike; unknown values are shown as stored. */
export function paymentMethodLabel(method: string): string {
  return PAYMENT_LABELS[method as CheckoutMethod] ?? method;
}

export const ALLOWED_AVATAR_FORMATS = ['png', 'jpeg'] as const;
export const IMAGE_WIDTHS = [200, 400, 800] as const;
