import { sql } from 'drizzle-orm';
import { PAYMENT_GATEWAYS, ROLES } from '@haat/shared/constants';
import { REFUND_METHODS, RETURN_RECORD_REASONS } from '@haat/shared/returns';
import type { ChosenOption, ProductOption } from '@haat/shared/schemas/variants';

/** A promotion's terms as a use keeps them (snake_case: written by SQL from the promotions row). */
export interface PromotionTerms {
  kind: 'percent' | 'fixed' | 'free_delivery' | 'bxgy';
  value: number;
  buy_qty: number;
  get_qty: number;
  scope_kind: 'order' | 'categories' | 'sub_categories' | 'products';
  scope_ids: string[];
  min_subtotal: number;
  combines: boolean;
}
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Money is whole taka in integer columns (DESIGN: Money). Ids are opaque text without '-'. */

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A promotion as an order keeps it (the shared OrderPromotion). */
export type OrderPromotionSnapshot = { name: string; name_bn: string; code: string | null; kind: 'percent' | 'fixed' | 'free_delivery' | 'bxgy'; saving: number };

export type AddressSnapshot = { name?: string; address_line: string; city: string; mobile: string };

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Stored lower-cased so lookups are case-insensitive. Null for an account made by signing in with a mobile (decision 0061). */
    email: text('email'),
    /** Null when the account has no password (made by signing in with a mobile). */
    passwordHash: text('password_hash'),
    avatar: text('avatar').notNull().default(''),
    mobile: text('mobile'),
    /** Set when the mobile was confirmed by an SMS code (decision 0061): it then signs this account in. */
    mobileVerifiedAt: timestamp('mobile_verified_at', { withTimezone: true }),
    /** A shopper (USER) or a staff role; what staff may do is @haat/shared/permissions (decision 0064). */
    role: text('role', { enum: ROLES }).notNull().default('USER'),
    status: text('status', { enum: ['Active', 'Inactive', 'Suspended'] }).notNull().default('Active'),
    verified: boolean('verified').notNull().default(false),
    lastLoginAt: timestamp('last_logit_date', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_verified_mobile_key').on(t.mobile).where(sql`${t.mobileVerifiedAt} IS NOT NULL`),
  ],
);

export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the session's current refresh token; replaced on every refresh (decision 0045). */
    tokenHash: text('token_hash').notNull(),
    /** The token the last refresh replaced: presented again it ends the session (reuse), except within a short grace. */
    previousTokenHash: text('previous_token_hash'),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_sessions_token_key').on(t.tokenHash),
    index('refresh_sessions_previous_token_idx').on(t.previousTokenHash),
    index('refresh_sessions_user_idx').on(t.userId),
  ],
);

/**
 * Wrong passwords per e-mail (known or not, so the cap tells nothing about
 * which accounts exist) in a day-long window from the first one (decision 0045).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    email: text('email').primaryKey(),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_window_idx').on(t.windowStartedAt)],
);

/** One-time sign-in codes sent by e-mail (decision 0045); only an HMAC of the code is stored. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('login_codes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One-time codes sent by SMS (issue 26, decision 0061): signing in with a mobile,
 * verifying one on an account, confirming a cash-on-delivery order. Only an HMAC
 * of the code bound to its row is stored; a day of rows makes the daily caps.
 */
export const mobileCodes = pgTable(
  'mobile_codes',
  {
    id: text('id').primaryKey(),
    /** The local form 01XXXXXXXXX (@haat/shared/phone). */
    mobile: text('mobile').notNull(),
    purpose: text('purpose', { enum: ['login', 'verify', 'cod', 'review'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The address that asked for the code, for the per-address cap. */
    ip: text('ip').notNull().default(''),
    /** Who asked (decision 0091): 'device:<id>' for a browser that signed in with the number before, else 'ip:<address>'. */
    asker: text('asker').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('mobile_codes_mobile_idx').on(t.mobile, t.purpose, t.createdAt),
    index('mobile_codes_asker_idx').on(t.mobile, t.asker, t.createdAt),
    index('mobile_codes_ip_idx').on(t.ip, t.createdAt),
    index('mobile_codes_created_idx').on(t.createdAt),
  ],
);

/** Every SMS sent (migration 0037, decision 0092), a day of rows: the per-number cap and the daily budget count them. */
export const smsSends = pgTable(
  'sms_sends',
  {
    id: text('id').primaryKey(),
    mobile: text('mobile').notNull(),
    /** 'code' (sign-in, verify, COD confirmation), 'order', 'owner', 'invite' or 'other'. */
    kind: text('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_sends_mobile_idx').on(t.mobile, t.createdAt), index('sms_sends_created_idx').on(t.createdAt)],
);

/** When the Owners were told the daily SMS budget is nearly spent: at most one alert a day. */
export const smsBudgetAlerts = pgTable('sms_budget_alerts', {
  id: text('id').primaryKey(),
  createdAt: createdAt(),
});

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** SHA-256 of the one-time token verify-otp hands out; update-password must present it. */
    resetTokenHash: text('reset_token_hash'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.userId, t.createdAt)],
);

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Bangla name (issue 14, migration 0012); '' when none. */
  nameBn: text('name_bn').notNull().default(''),
  image: text('image').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subCategories = pgTable('sub_categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Bangla name (issue 14, migration 0012); '' when none. */
  nameBn: text('name_bn').notNull().default(''),
  image: text('image').notNull().default(''),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const subCategoryCategories = pgTable(
  'sub_category_categories',
  {
    subCategoryId: text('sub_category_id').notNull().references(() => subCategories.id, { onDelete: 'cascade' }),
    categoryId: text('category_id').notNull().references(() => categories.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.subCategoryId, t.categoryId] }), index('sub_category_categories_cat_idx').on(t.categoryId)],
);

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Bangla name and description (issue 14); '' when none. */
    nameBn: text('name_bn').notNull().default(''),
    descriptionBn: text('description_bn').notNull().default(''),
    productDetails: text('product_details').notNull().default(''),
    /** The Details bullets in Bangla (issue 42, migration 0040); '' when none. */
    productDetailsBn: text('product_details_bn').notNull().default(''),
    unit: text('unit').notNull().default(''),
    price: integer('price').notNull().default(0),
    discount: integer('discount').notNull().default(0),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    stock: integer('stock').notNull().default(0),
    /** The most a shopper may select at once. */
    quantity: integer('quantity').notNull().default(10),
    moreDetails: jsonb('more_details').$type<Record<string, string>>().notNull().default({}),
    publish: boolean('publish').notNull().default(true),
    /** Not ready to ship (a pre-order, migration 0051, decision 0114): the day it ships; null = ready to ship. */
    shipsOn: date('ships_on', { mode: 'string' }),
    /**
     * Names (English and Bangla) weigh more than descriptions; 'simple' config so
     * Bengali and brand names are kept as typed; Bengali digits are indexed as
     * ASCII digits, as search words are (migration 0010, decision 0038).
     */
    /** Options (issue 21, decision 0069): [] for a product that is its own single variant. */
    options: jsonb('options').$type<ProductOption[]>().notNull().default([]),
    /** True when the published variants' prices after discount differ: cards say "from". */
    priceVaries: boolean('price_varies').notNull().default(false),
    /** The variants' option values, English and Bangla, searched with the name (migration 0026). */
    variantText: text('variant_text').notNull().default(''),
    /** Published reviews per star (migration 0056, decision 0124): kept in each review change's transaction. */
    rating1: integer('rating_1').notNull().default(0),
    rating2: integer('rating_2').notNull().default(0),
    rating3: integer('rating_3').notNull().default(0),
    rating4: integer('rating_4').notNull().default(0),
    rating5: integer('rating_5').notNull().default(0),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('simple', translate(coalesce("name", '') || ' ' || coalesce("name_bn", '') || ' ' || coalesce("variant_text", ''), '০১২৩৪৫৬৭৮৯', '0123456789')), 'A') || setweight(to_tsvector('simple', translate(coalesce("description", '') || ' ' || coalesce("description_bn", ''), '০১২৩৪৫৬৭৮৯', '0123456789')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('products_search_idx').using('gin', t.searchVector),
    // The name's words alone (weight A), for a broad search's name matches (migration 0033, decision 0084).
    index('products_name_search_idx').using('gin', sql`ts_filter(${t.searchVector}, '{a}')`),
    index('products_created_idx').on(t.createdAt, t.id),
    // The dashboard's low-stock list (migration 0011).
    index('products_stock_idx').on(t.stock, t.name),
  ],
);

/**
 * A product's variants (issue 21, decision 0069): only for products with
 * options. The product row carries their summary (cheapest price, summed
 * stock), written in the same transaction as they are.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: text('id').primaryKey(),
    productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** Unique in the shop, case-insensitively; null when none. */
    sku: text('sku'),
    /** English option values in the product's option order. */
    optionValues: text('option_values').array().notNull(),
    price: integer('price').notNull(),
    discount: integer('discount').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    publish: boolean('publish').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('product_variants_sku_key').on(sql`lower(${t.sku})`).where(sql`${t.sku} IS NOT NULL`),
    uniqueIndex('product_variants_values_key').on(t.productId, t.optionValues),
    index('product_variants_product_idx').on(t.productId, t.position),
    index('product_variants_stock_idx').on(t.stock),
  ],
);

/**
 * A link's copy of its product's created_at and publish, kept by triggers
 * (migration 0018): a listing page walks one index of the link table (issue 23).
 * Whatever an insert sends, the trigger takes the product's values.
 */
const listingColumns = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  publish: boolean('publish').notNull().default(true),
});

export const productCategories = pgTable(
  'product_categories',
  {
    productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    categoryId: text('category_id').notNull().references(() => categories.id, { onDelete: 'restrict' }),
    ...listingColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.categoryId] }),
    index('product_categories_cat_idx').on(t.categoryId, t.productId),
    index('product_categories_listing_idx').on(t.categoryId, t.createdAt.desc(), t.productId.desc()).where(sql`${t.publish}`),
  ],
);

export const productSubCategories = pgTable(
  'product_sub_categories',
  {
    productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    subCategoryId: text('sub_category_id').notNull().references(() => subCategories.id, { onDelete: 'restrict' }),
    ...listingColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.subCategoryId] }),
    index('product_sub_categories_sub_idx').on(t.subCategoryId, t.productId),
    index('product_sub_categories_listing_idx').on(t.subCategoryId, t.createdAt.desc(), t.productId.desc()).where(sql`${t.publish}`),
  ],
);

/**
 * A listing's counts, kept by the link tables' triggers (migration 0046, decision 0103): '' stands for "any".
 * (category, '') the category's published products, ('', sub-category) the sub-category's, and
 * (category, sub-category) the published products linked to both.
 */
export const listingCounts = pgTable(
  'listing_counts',
  {
    categoryId: text('category_id').notNull(),
    subCategoryId: text('sub_category_id').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ name: 'listing_counts_pkey', columns: [t.categoryId, t.subCategoryId] })],
);

export const cartItems = pgTable(
  'cart_items',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    /** The chosen variant (issue 21); '' for a product without options. */
    variantId: text('variant_id').notNull().default(''),
    quantity: integer('quantity').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('cart_items_user_product_key').on(t.userId, t.productId, t.variantId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** Who receives the parcel at this address ('' for addresses saved before it was asked). */
    name: text('name').notNull().default(''),
    addressLine: text('address_line').notNull(),
    city: text('city').notNull(),
    mobile: text('mobile').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.createdAt)],
);

export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    /** Human-readable and unique, e.g. HT-20261122-7Q4K9. */
    orderId: text('order_id').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['Pending', 'Delivered', 'Cancel', 'Received', 'Return'] }).notNull().default('Pending'),
    /** The payment method, shown as "Payment Method" on the admin card. */
    paymentStatus: text('payment_status').notNull(),
    transactionId: text('transaction_id').notNull().default(''),
    mobile: text('mobile').notNull(),
    note: text('note').notNull().default(''),
    subTotalAmount: integer('sub_total_amount').notNull(),
    deliveryFee: integer('delivery_fee').notNull(),
    totalAmount: integer('total_amount').notNull(),
    /** Snapshot of the signed-in user's chosen address. */
    deliveryAddress: jsonb('delivery_address').$type<AddressSnapshot>(),
    /** Snapshot of a guest's address, used when delivery_address is empty. */
    guestDeliveryAddress: jsonb('guest_user_delivery_address').$type<AddressSnapshot>(),
    /** True while the order holds stock; false after Cancel or Return gave it back. */
    stockReserved: boolean('stock_reserved').notNull().default(true),
    /** The shopper agreed to ad measurement (the consent bar's cookie) when placing it (migration 0053, decision 0119). */
    adConsent: boolean('ad_consent').notNull().default(false),
    /** What the ad platforms match the buyer by, kept only with that consent; null without. */
    adContext: jsonb('ad_context').$type<AdContext>(),
    idempotencyKey: text('idempotency_key'),
    /** sha256 of the canonical order request: a guest's repeat of a key answers the first order only for the same request. */
    requestHash: text('request_hash'),
    /**
     * A gateway payment (bKash tokenized checkout): null for cash on delivery and typed transaction ids;
     * 'awaiting' until bKash confirms, then 'paid', 'failed' (cancelled, refused or expired) or 'refunded'.
     */
    paymentState: text('payment_state', { enum: ['awaiting', 'paid', 'failed', 'refunded'] }),
    /**
     * Which gateway the online payment went through (migration 0057, decision 0127): the sweep, the callbacks and
     * the order's answer dispatch on it; null for cash on delivery without an advance and for a typed transaction id.
     */
    gateway: text('gateway', { enum: PAYMENT_GATEWAYS }),
    /** The gateway's payment id (bKash's paymentID, SSLCommerz's tran_id, Nagad's paymentReferenceId) and the page the shopper pays on. */
    gatewayPaymentId: text('gateway_payment_id'),
    paymentUrl: text('payment_url'),
    /** bKash's trxID and the amount it says moved, once executed. */
    trxId: text('trx_id'),
    paidAmount: integer('paid_amount'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundTrxId: text('refund_trx_id'),
    /**
     * A gateway payment held for the owner's review (migration 0054, decision 0120): SSLCommerz's risk_title when
     * its validation answered risk_level 1; null when nothing holds it (or the owner released it).
     */
    paymentHold: text('payment_hold'),
    refundedAmount: integer('refunded_amount'),
    refundReason: text('refund_reason'),
    /** 'web' (the shop), 'admin' (keyed in from a phone call or Messenger) or 'exchange' (an exchange's replacement order, issue 42). */
    source: text('source', { enum: ['web', 'admin', 'exchange'] }).notNull().default('web'),
    /** An exchange's replacement order: the number of the order whose items it replaces (migration 0041); null for any other order. */
    exchangeFor: text('exchange_for'),
    /** The buyer's name as given for a phone order, or the signed-in shopper's name; '' for a web guest. */
    customerName: text('customer_name').notNull().default(''),
    /** The promotions' saving on the items (migration 0019, issue 22); total = sub_total − discount_total + delivery_fee. */
    discountTotal: integer('discount_total').notNull().default(0),
    /** The promotions the order carries, as they were when it was placed. */
    promotions: jsonb('promotions').$type<OrderPromotionSnapshot[]>().notNull().default([]),
    /** The shopper ticked the terms and data-use box (migration 0031, decision 0077), and the pages' versions then; null = not asked. */
    consentAt: timestamp('consent_at', { withTimezone: true }),
    consentTermsVersion: integer('consent_terms_version'),
    consentPrivacyVersion: integer('consent_privacy_version'),
    /** The delivery address inside Dhaka by the shared rule, as the fee was (migration 0030): the overdue count reads it. */
    insideDhaka: boolean('inside_dhaka'),
    /** When the order was first delivered (migration 0029): the return window counts from it. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** The address a web COD order came from (migration 0037, decision 0092): the per-address cap of open COD orders. */
    clientIp: text('client_ip'),
    /** The COD order's mobile was confirmed (a code, or the account's verified mobile): the open-order caps skip it. */
    codConfirmed: boolean('cod_confirmed').notNull().default(false),
    /**
     * The partial advance (migration 0051, decision 0114): taka asked before a COD order is confirmed, paid through
     * bKash as the order's gateway payment (payment_state, gateway_payment_id, trx_id, paid_amount); null = none.
     */
    advanceAmount: integer('advance_amount'),
    /** Which part of the owner's rule asked it: 'everyone', 'first-time', 'risky', 'above'; null = none. */
    advanceFor: text('advance_for', { enum: ['everyone', 'first-time', 'risky', 'above'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_order_id_key').on(t.orderId),
    uniqueIndex('orders_gateway_payment_id_key').on(t.gatewayPaymentId),
    index('orders_awaiting_payment_idx').on(t.createdAt).where(sql`${t.paymentState} = 'awaiting'`),
    uniqueIndex('orders_idempotency_key').on(t.idempotencyKey),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    // By date, and for the dashboard (migration 0011) the columns of a period's sales, statuses and payments
    // (and the id its top products join on), so those figures are read from the index alone.
    index('orders_created_idx').on(t.createdAt, t.status, t.paymentState, t.paymentStatus, t.totalAmount, t.id),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // The buyer's phone, for the COD check's own delivery history (decision 0031).
    index('orders_delivery_mobile_idx').on(sql`(coalesce(${t.deliveryAddress} ->> 'mobile', ${t.guestDeliveryAddress} ->> 'mobile'))`),
    // The overdue count (migration 0030, decision 0076): open orders by placement, read from the index alone.
    // (It INCLUDEs id, payment_status, payment_state, paid_at and inside_dhaka: the migration says so, drizzle cannot.)
    index('orders_open_due_idx').on(t.createdAt).where(sql`${t.status} = 'Pending'`),
    index('orders_inside_dhaka_unknown_idx').on(t.id).where(sql`${t.insideDhaka} IS NULL`),
    index('orders_open_cod_ip_idx').on(t.clientIp).where(sql`${t.status} = 'Pending' AND ${t.codConfirmed} = false`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The product's Bangla name when ordered (migration 0013), '' when it had none. */
    nameBn: text('name_bn').notNull().default(''),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    unit: text('unit').notNull().default(''),
    price: integer('price').notNull(),
    discount: integer('discount').notNull(),
    /** Price after discount, as the server computed it when the order was placed. */
    unitPrice: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    /** This line's share of the order's promotion discount (migration 0019), whole taka. */
    promotionDiscount: integer('promotion_discount').notNull().default(0),
    /** The variant ordered (issue 21), null for a product without options; its SKU and options as they were. */
    variantId: text('variant_id'),
    sku: text('sku').notNull().default(''),
    options: jsonb('options').$type<ChosenOption[]>().notNull().default([]),
    /** How many came back into stock through a return (migration 0029); the order holds stock only for the rest. */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
  },
  (t) => [
    // Covers the dashboard's top products (migration 0011): the lines of the period's orders without reading the table.
    index('order_items_order_idx').on(t.orderId, t.productId, t.quantity, t.unitPrice),
    index('order_items_product_idx').on(t.productId),
  ],
);

/** What happened to an order besides its status: each SMS sent or failed (kind 'sms'), each step of a return or refund (kinds 'return', 'refund'). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** For SMS: 'sent' or 'failed'. */
    status: text('status').notNull(),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

/**
 * The owner's courier per district or zone, with a fallback (migration 0055, decision 0122): area is a district
 * key, 'inside_dhaka' / 'outside_dhaka', or '*' for every other address.
 */
export const courierRules = pgTable('courier_rules', {
  area: text('area').primaryKey(),
  provider: text('provider', { enum: ['steadfast', 'pathao', 'redx', 'paperfly', 'sandbox'] }).notNull(),
  updatedAt: updatedAt(),
});

/** An order's courier booking (migration 0008): at most one per order. */
export const shipments = pgTable(
  'shipments',
  {
    orderId: text('order_id').primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: ['steadfast', 'pathao', 'redx', 'paperfly', 'sandbox'] }).notNull(),
    consignmentId: text('consignment_id').notNull(),
    trackingCode: text('tracking_code').notNull().default(''),
    /** The courier's latest word, e.g. 'in_review' or 'order.in-transit'. */
    status: text('status').notNull(),
    /** Where that puts the parcel (CourierStage). */
    stage: text('stage').notNull(),
    /** Delivered, returned or cancelled: the poll stops asking. */
    final: boolean('final').notNull().default(false),
    polledAt: timestamp('polled_at', { withTimezone: true }),
    /** The courier's time of the last status applied: an older event changes nothing (migration 0016). */
    eventAt: timestamp('event_at', { withTimezone: true }),
    /** The district key of its address at booking (migration 0055): the delivered rate per courier and district. */
    district: text('district'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_consignment_key').on(t.provider, t.consignmentId),
    index('shipments_district_idx').on(t.district, t.provider).where(sql`${t.final}`),
    index('shipments_open_idx').on(t.polledAt).where(sql`NOT ${t.final}`),
    // The dashboard's returned share of a period (migration 0011).
    index('shipments_created_idx').on(t.createdAt, t.stage),
  ],
);

/** Every courier update of an order, in the courier's time: the timeline of the admin card and /track. */
export const courierEvents = pgTable(
  'courier_events',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    status: text('status').notNull(),
    stage: text('stage').notNull(),
    message: text('message').notNull().default(''),
    /** The event's identity with `at` (migration 0016): the courier's word, normalised (stages.ts eventWord), or 'note:' + the text. */
    event: text('event').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  // A replayed webhook, or the poll reading what a webhook told, is the same event: one row.
  (t) => [uniqueIndex('courier_events_once').on(t.orderId, t.event, t.at)],
);

export const deliverySettings = pgTable('delivery_settings', {
  /** A single row, id 1. */
  id: integer('id').primaryKey(),
  freeDelivery: boolean('free_delivery').notNull().default(false),
  insideDhaka: integer('inside_dhaka').notNull().default(50),
  outsideDhaka: integer('outside_dhaka').notNull().default(100),
  updatedAt: updatedAt(),
});

/** The shop's own settings besides delivery (migration 0011): a single row, id 1; the defaults until an admin saves it. */
export const shopSettings = pgTable('shop_settings', {
  id: integer('id').primaryKey(),
  /** Stock at or below this shows on the dashboard's low-stock list. */
  lowStockThreshold: integer('low_stock_threshold').notNull().default(5),
  /** When a guest's COD order needs its mobile confirmed by code (migration 0022, decision 0062): 'always', 'never' or 'rules'. */
  codConfirmMode: text('cod_confirm_mode', { enum: ['always', 'never', 'rules'] }).notNull().default('rules'),
  /** In 'rules': from this risk level of the COD risk check ('off', 'caution', 'high'). */
  codConfirmRisk: text('cod_confirm_risk', { enum: ['off', 'caution', 'high'] }).notNull().default('high'),
  /** In 'rules': above this total in taka; null = not by total. */
  codConfirmAbove: integer('cod_confirm_above').default(5000),
  /** The partial advance rule (migration 0051, decision 0114): what is asked ('none', 'delivery', 'percent', 'fixed') and of whom. */
  advanceKind: text('advance_kind', { enum: ['none', 'delivery', 'percent', 'fixed'] }).notNull().default('none'),
  /** A percentage (1–100) or a fixed amount in taka; unused for 'none' and 'delivery'. */
  advanceValue: integer('advance_value').notNull().default(0),
  /** Of whom: 'everyone', 'first-time' buyers, 'risky' buyers (the COD risk check), or orders 'above' a total. */
  advanceWho: text('advance_who', { enum: ['everyone', 'first-time', 'risky', 'above'] }).notNull().default('everyone'),
  /** With 'above': the total in taka above which the advance is asked. */
  advanceAbove: integer('advance_above'),
  /** The most, in taka, a refund by the Orders role may be (migration 0025, decision 0066); 0 = they cannot refund. */
  ordersRefundLimit: integer('orders_refund_limit').notNull().default(0),
  /** The business details shown in the footer and on invoices (migration 0031, decision 0077); '' = not set. */
  tradeLicence: text('trade_licence').notNull().default(''),
  dbid: text('dbid').notNull().default(''),
  /** The VAT Business Identification Number: set, the invoice is a Mushak-6.3 VAT invoice. */
  bin: text('bin').notNull().default(''),
  businessAddress: text('business_address').notNull().default(''),
  businessAddressBn: text('business_address_bn').notNull().default(''),
  /** The VAT rate prices include, in tenths of a percent (150 = 15%). */
  vatRateTenths: integer('vat_rate_tenths').notNull().default(150),
  /** The deadlines (migration 0030, decision 0076): hours to hand an order to the courier, days to deliver it. */
  handoverHours: integer('handover_hours').notNull().default(48),
  deliveryDaysInsideDhaka: integer('delivery_days_inside_dhaka').notNull().default(5),
  deliveryDaysOutsideDhaka: integer('delivery_days_outside_dhaka').notNull().default(10),
  /** The Dhaka day whose overdue notice to the owner was decided: one a day. */
  overdueNoticeDay: date('overdue_notice_day', { mode: 'string' }),
  /** Days after delivery a shopper may ask for a return or exchange (migration 0029, decision 0075). */
  returnWindowDays: integer('return_window_days').notNull().default(7),
  /** Checkout recovery (migration 0052, decision 0117): off until the owner turns it on; up to three SMS, hours after the checkout. */
  recoveryOn: boolean('recovery_on').notNull().default(false),
  recoveryDelaysHours: integer('recovery_delays_hours').array().notNull().default(sql`'{1,24,72}'::integer[]`),
  /** The last SMS's voucher: a single-use code for this many taka off (0 = none), from this subtotal. */
  recoveryVoucherTaka: integer('recovery_voucher_taka').notNull().default(0),
  recoveryVoucherMinSubtotal: integer('recovery_voucher_min_subtotal').notNull().default(0),
  /** How many hours a chat order's link lasts (migration 0053, decision 0118). */
  chatLinkHours: integer('chat_link_hours').notNull().default(48),
  /** Ad and analytics events (migration 0053, decision 0119): '' = off. The tokens never leave the server. */
  metaPixelId: text('meta_pixel_id').notNull().default(''),
  metaCapiToken: text('meta_capi_token').notNull().default(''),
  /** When a cash-on-delivery order's Purchase is told: 'order' (when placed) or 'delivery'. */
  metaPurchaseAt: text('meta_purchase_at', { enum: ['order', 'delivery'] }).notNull().default('order'),
  gaMeasurementId: text('ga_measurement_id').notNull().default(''),
  gaApiSecret: text('ga_api_secret').notNull().default(''),
  /** Reviews (migration 0056, decision 0124): published at once from this many stars, null = every review held. */
  reviewAutoPublishFrom: integer('review_auto_publish_from').default(4),
  /** Words (one a line or comma-separated) that hold a review for the owner, whatever its stars. */
  reviewBlockedWords: text('review_blocked_words').notNull().default(''),
  /** Days after delivery the asking SMS goes; null = off (the default). */
  reviewRequestDays: integer('review_request_days'),
  updatedAt: updatedAt(),
});

/** The owner's policy pages (migration 0031): no row = the default text; version counts the owner's saves. */
export const shopPages = pgTable('shop_pages', {
  slug: text('slug', { enum: ['terms', 'returns', 'delivery', 'privacy'] }).primaryKey(),
  titleEn: text('title_en').notNull(),
  titleBn: text('title_bn').notNull(),
  bodyEn: text('body_en').notNull(),
  bodyBn: text('body_bn').notNull(),
  version: integer('version').notNull(),
  updatedBy: text('updated_by'),
  updatedAt: updatedAt(),
});

/** A shopper's complaint (migration 0031): acted on by due_at (the guidelines' 72 hours). */
export const complaints = pgTable(
  'complaints',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    mobile: text('mobile').notNull(),
    /** The order number the shopper gave, as typed ('' = none). */
    orderRef: text('order_ref').notNull().default(''),
    body: text('body').notNull(),
    createdAt: createdAt(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    actedAt: timestamp('acted_at', { withTimezone: true }),
    actedBy: text('acted_by'),
    actionNote: text('action_note').notNull().default(''),
  },
  (t) => [index('complaints_open_due_idx').on(t.dueAt).where(sql`${t.actedAt} IS NULL`), index('complaints_created_idx').on(t.createdAt)],
);

/** Mobiles (01XXXXXXXXX) the owner blocked from cash on delivery, with the reason (migration 0022). */
export const codBlocks = pgTable('cod_blocks', {
  phone: text('phone').primaryKey(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/**
 * A checkout left after the mobile was typed (migration 0022, issue 26): one
 * row per mobile and browser (migration 0038), its cart lines and the shopper's
 * language. The order placed for the mobile removes its rows; the hourly sweep
 * deletes rows untouched for 30 days.
 */
export const incompleteCheckouts = pgTable(
  'incomplete_checkouts',
  {
    id: text('id').primaryKey(),
    phone: text('phone').notNull(),
    lines: jsonb('lines').$type<{ product_id: string; variant_id?: string; quantity: number }[]>().notNull(),
    lang: text('lang', { enum: ['en', 'bn'] }).notNull().default('en'),
    /** The checkout's own random id for its browser (decision 0092); '' for a client that sends none. */
    browserId: text('browser_id').notNull().default(''),
    /** The address it came from: the per-address cap. */
    clientIp: text('client_ip'),
    /** The recipient's name and address as typed at checkout (migration 0041, issue 42): "Make phone order" opens with them; '' when not given. */
    name: text('name').notNull().default(''),
    addressLine: text('address_line').notNull().default(''),
    city: text('city').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('incomplete_checkouts_phone_browser_key').on(t.phone, t.browserId),
    index('incomplete_checkouts_updated_idx').on(t.updatedAt),
    index('incomplete_checkouts_ip_idx').on(t.clientIp),
  ],
);

/**
 * The shop's search synonyms (issue 19, migration 0017, decision 0049): one
 * row per group, in the owner's order; the words are search words (NFC, lower
 * case). Replaced whole when the owner saves; a change NOTIFYs the catalogue
 * cache, so cached search answers go.
 */
export const searchSynonyms = pgTable('search_synonyms', {
  position: integer('position').primaryKey(),
  words: text('words').array().notNull(),
});

/**
 * The courier fraud check's answer per phone (01XXXXXXXXX), shared by every
 * process (decision 0031): a good answer is kept 24 h, a failed lookup
 * ('unknown') a few minutes so a provider that is down is not asked on every
 * page of the admin's order list.
 */
export const deliveryRecordCache = pgTable('delivery_record_cache', {
  phone: text('phone').primaryKey(),
  /** 'steadfast' or 'unknown' (own history is read live, never cached). */
  source: text('source').notNull(),
  delivered: integer('delivered'),
  returned: integer('returned'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Promotions (migration 0019, issue 22, decision 0059). `code` upper case or
 * null (automatic). Its uses are its promotion_uses rows not given back; an
 * order counts them under this row's lock (FOR UPDATE) when it has a limit.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    nameBn: text('name_bn').notNull().default(''),
    code: text('code'),
    kind: text('kind', { enum: ['percent', 'fixed', 'free_delivery', 'bxgy'] }).notNull(),
    value: integer('value').notNull().default(0),
    buyQty: integer('buy_qty').notNull().default(0),
    getQty: integer('get_qty').notNull().default(0),
    scopeKind: text('scope_kind', { enum: ['order', 'categories', 'sub_categories', 'products'] }).notNull().default('order'),
    scopeIds: text('scope_ids').array().notNull().default(sql`'{}'::text[]`),
    minSubtotal: integer('min_subtotal').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    usageLimit: integer('usage_limit'),
    perCustomerLimit: integer('per_customer_limit'),
    combines: boolean('combines').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('promotions_code_key').on(t.code).where(sql`${t.code} IS NOT NULL`),
    index('promotions_running_idx').on(t.endsAt).where(sql`${t.active} AND ${t.code} IS NULL`),
  ],
);

/** One row per order and promotion it carries; released_at is set once when the use is given back. */
export const promotionUses = pgTable(
  'promotion_uses',
  {
    /** No foreign key (decision 0067): promotions are never deleted, and its check share-locked the promotion's row from every order. */
    promotionId: text('promotion_id').notNull(),
    orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    /** The buyer's phone, normalised (01XXXXXXXXX), or null when none could be read. */
    phone: text('phone'),
    userId: text('user_id'),
    saving: integer('saving').notNull().default(0),
    /** The promotion's terms when the order was placed (migration 0039, decision 0095): what a return re-prices with. Null before. */
    terms: jsonb('terms').$type<PromotionTerms>(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Keyed by the pair (migration 0027): one index write less per use than a random id beside a unique pair.
    primaryKey({ name: 'promotion_uses_pkey', columns: [t.orderId, t.promotionId] }),
    index('promotion_uses_open_idx').on(t.promotionId, t.phone, t.userId).where(sql`${t.releasedAt} IS NULL`),
  ],
);

/**
 * The audit log (issue 28, decision 0065): who changed what, when and from
 * where; only the changed fields before and after. Append-only: migration 0020's
 * trigger refuses UPDATE, and DELETE of entries younger than 400 days.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull().default(''),
    actorEmail: text('actor_email').notNull().default(''),
    actorRole: text('actor_role').notNull(),
    ip: text('ip').notNull().default(''),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    targetId: text('target_id').notNull().default(''),
    /** What a person reads for the target: a product's or category's name, an order's number, an e-mail. */
    targetLabel: text('target_label').notNull().default(''),
    /** The target's Bangla name (migration 0045, issue 42): '' when it has none, or the entry is older. */
    targetLabelBn: text('target_label_bn').notNull().default(''),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc()),
    index('audit_log_kind_idx').on(t.kind, t.at.desc()),
  ],
);

/**
 * The durable jobs of the queue before pg-boss (migration 0028, decision 0073). Since decision 0085 jobs live in
 * pg-boss's `pgboss` schema; lib/jobs.ts moves any job left waiting here to pg-boss at start. Read-only otherwise.
 */
export const legacyJobs = pgTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    /** The shop's queue (JOBS_QUEUE): workers take only their own queue's jobs. */
    queue: text('queue').notNull(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] }).notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    /** At most one queued or running job per key (the periodic ones). */
    singletonKey: text('singleton_key'),
    /** A running job's lease: past it, another worker takes the job again (its worker died). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.queue, t.runAt).where(sql`${t.state} IN ('queued', 'running')`),
    index('jobs_failed_idx').on(t.queue, t.finishedAt).where(sql`${t.state} = 'failed'`),
    uniqueIndex('jobs_singleton_idx').on(t.queue, t.singletonKey).where(sql`${t.state} IN ('queued', 'running')`),
  ],
);

/**
 * A return or exchange (migration 0029, issue 27, decision 0075): asked by a
 * shopper, or a courier's partial delivery or return; approved or rejected by
 * the owner, then received (the stock back, once).
 */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['return', 'exchange'] }).notNull(),
    source: text('source', { enum: ['shopper', 'courier'] }).notNull(),
    state: text('state', { enum: ['requested', 'approved', 'rejected', 'received'] }).notNull().default('requested'),
    reason: text('reason', { enum: RETURN_RECORD_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    /** The shopper's language when they asked: their SMS about it are in it. */
    lang: text('lang', { enum: ['bn', 'en'] }).notNull().default('bn'),
    /** The owner's words with the decision (a rejection's reason, the pick-up's arrangement). */
    decisionNote: text('decision_note').notNull().default(''),
    pickup: text('pickup', { enum: ['courier', 'manual'] }),
    /** An exchange's replacement order, once made. */
    replacementOrderId: text('replacement_order_id').references((): AnyPgColumn => orders.id, { onDelete: 'set null' }),
    decidedBy: text('decided_by').notNull().default(''),
    receivedBy: text('received_by').notNull().default(''),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [index('order_returns_order_idx').on(t.orderId, t.createdAt), index('order_returns_state_idx').on(t.state, t.createdAt), index('order_returns_created_idx').on(t.createdAt)],
);

export const orderReturnItems = pgTable(
  'order_return_items',
  {
    returnId: text('return_id').notNull().references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderItemId: text('order_item_id').notNull().references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** An exchange: the variant of the same product wanted instead. */
    wantedVariantId: text('wanted_variant_id'),
  },
  (t) => [primaryKey({ name: 'order_return_items_pkey', columns: [t.returnId, t.orderItemId] }), index('order_return_items_item_idx').on(t.orderItemId)],
);

/**
 * Every refund (migration 0029): through bKash's refund API, or recorded by
 * hand (cash, a wallet). `due_at` is when it must be done by: the deadlines
 * count overdue refunds (state 'due', due_at past) from it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    returnId: text('return_id').references(() => orderReturns.id, { onDelete: 'set null' }),
    method: text('method', { enum: REFUND_METHODS }).notNull(),
    amount: integer('amount').notNull(),
    state: text('state', { enum: ['due', 'done', 'failed', 'void'] }).notNull().default('due'),
    reason: text('reason').notNull().default(''),
    /** bKash's refundTrxID, or the transaction id the owner typed for a wallet. */
    trxId: text('trx_id').notNull().default(''),
    byId: text('by_id').notNull().default(''),
    byName: text('by_name').notNull().default(''),
    lastError: text('last_error').notNull().default(''),
    /** The owner's reason for closing a refund owed that no payment came for (state void; migration 0034). */
    note: text('note').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.createdAt),
    index('refunds_due_idx').on(t.dueAt).where(sql`${t.state} = 'due'`),
    index('refunds_done_idx').on(t.doneAt).where(sql`${t.state} = 'done'`),
  ],
);

/**
 * A checkout link for a chat order (issue 45, migration 0053, decision 0118): the cart staff built, opened by the
 * buyer through its token. `fingerprint` is the lines' prices when made or refreshed; `orderId` is set once, in the
 * order's transaction.
 */
export const chatLinks = pgTable(
  'chat_links',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique('chat_links_token_key'),
    lines: jsonb('lines').$type<{ product_id: string; variant_id?: string; quantity: number }[]>().notNull(),
    voucherCode: text('voucher_code').notNull().default(''),
    customerName: text('customer_name').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    note: text('note').notNull().default(''),
    fingerprint: text('fingerprint').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    orderId: text('order_id').references(() => orders.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('chat_links_created_idx').on(t.createdAt)],
);

/** The request's facts an ad platform matches a buyer by (decision 0119). */
export interface AdContext {
  ip: string;
  userAgent: string;
  /** Meta's browser id cookie (_fbp) and click id cookie (_fbc), when the Pixel set them. */
  fbp?: string;
  fbc?: string;
  /** GA's client id (the _ga cookie's last two parts), when gtag set it. */
  gaClientId?: string;
  /** The page the order was placed from. */
  url?: string;
}

/**
 * Courier settlements (migration 0050, issue 44, decision 0112): each payout a courier made (a Steadfast payment
 * pulled by the settlements.pull job, or a statement the owner uploaded) and its lines, in paisa as the courier
 * sent them; the shop's rate card per courier and zone; the owner's word on a parcel's exception.
 */
const paisa = (name: string) => bigint(name, { mode: 'number' }).notNull();
export const courierPayouts = pgTable(
  'courier_payouts',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    /** The courier's id of the payout (Steadfast's payment id), or the uploaded file's reference. */
    reference: text('reference').notNull(),
    source: text('source', { enum: ['api', 'file'] }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    amountPaisa: paisa('amount_paisa'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('courier_payouts_reference_key').on(t.provider, t.reference), index('courier_payouts_paid_idx').on(t.paidAt)],
);

export const courierPayoutLines = pgTable(
  'courier_payout_lines',
  {
    id: text('id').primaryKey(),
    payoutId: text('payout_id').notNull().references(() => courierPayouts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    consignmentId: text('consignment_id').notNull(),
    invoice: text('invoice').notNull().default(''),
    codCollectedPaisa: paisa('cod_collected_paisa'),
    deliveryChargePaisa: paisa('delivery_charge_paisa'),
    codFeePaisa: paisa('cod_fee_paisa'),
    paidPaisa: paisa('paid_paisa'),
  },
  (t) => [index('courier_payout_lines_payout_idx').on(t.payoutId), index('courier_payout_lines_consignment_idx').on(t.provider, t.consignmentId)],
);

/** What the shop agreed to pay each courier per zone: taka per parcel, the COD fee in tenths of a percent, taka per return. */
export const courierRates = pgTable(
  'courier_rates',
  {
    provider: text('provider').notNull(),
    zone: text('zone', { enum: ['inside', 'outside'] }).notNull(),
    deliveryCharge: integer('delivery_charge').notNull(),
    codFeePermille: integer('cod_fee_permille').notNull(),
    returnCharge: integer('return_charge').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.zone], name: 'courier_rates_pkey' })],
);

export const settlementResolutions = pgTable(
  'settlement_resolutions',
  {
    provider: text('provider').notNull(),
    consignmentId: text('consignment_id').notNull(),
    /** The exception resolved: short, overcharged, unpaid or foreign. */
    outcome: text('outcome').notNull(),
    note: text('note').notNull(),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.consignmentId], name: 'settlement_resolutions_pkey' })],
);

/**
 * A shopper's "tell me when it is back" on a sold-out variant (migration 0052, decision 0116): waiting → due (the
 * stock trigger, the oldest first, as many as the units back) → queued (the periodic job) → sent or failed.
 */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: text('id').primaryKey(),
    productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
    mobile: text('mobile').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    lang: text('lang', { enum: ['en', 'bn'] }).notNull().default('bn'),
    /** 'stopped': the mobile replied STOP before it went (decision 0131); a text column, so no migration. */
    status: text('status', { enum: ['waiting', 'due', 'queued', 'sent', 'failed', 'stopped'] }).notNull().default('waiting'),
    createdAt: createdAt(),
    dueAt: timestamp('due_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    outcome: text('outcome').notNull().default(''),
  },
  (t) => [
    uniqueIndex('stock_alerts_waiting_key').on(t.variantId, t.mobile).where(sql`${t.status} = 'waiting'`),
    index('stock_alerts_variant_idx').on(t.variantId, t.status, t.createdAt, t.id),
    index('stock_alerts_due_idx').on(t.status, t.dueAt).where(sql`${t.status} = 'due'`),
  ],
);

/** One SMS of an incomplete checkout's recovery (migration 0052, decision 0117); its link's token kept as a SHA-256. */
export const recoverySends = pgTable(
  'recovery_sends',
  {
    id: text('id').primaryKey(),
    checkoutId: text('checkout_id').notNull(),
    phone: text('phone').notNull(),
    /** 0, 1, 2: the owner's delays in order. */
    step: integer('step').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed', 'stopped'] }).notNull().default('queued'),
    tokenHash: text('token_hash'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    recoveredOrderId: text('recovered_order_id'),
    recoveredTotal: integer('recovered_total'),
    /** The last SMS's single-use voucher code (a promotion), when the owner set one. */
    voucherCode: text('voucher_code'),
    /** Why it stopped, or the gateway's receipt. */
    outcome: text('outcome').notNull().default(''),
  },
  (t) => [
    uniqueIndex('recovery_sends_step_key').on(t.checkoutId, t.step),
    uniqueIndex('recovery_sends_token_key').on(t.tokenHash),
    index('recovery_sends_phone_idx').on(t.phone, t.sentAt),
  ],
);

/** Mobiles that asked for no more recovery SMS (the link in every one). */
export const recoveryOptOuts = pgTable('recovery_opt_outs', { phone: text('phone').primaryKey(), createdAt: createdAt() });

/** A signed-in shopper's wishlist (migration 0052); a guest's is the browser's, merged at sign-in. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    userId: text('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    variantId: text('variant_id').notNull().references(() => productVariants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.variantId] })],
);

/** Table names, children first, for emptying the database between tests. */
export const ALL_TABLES = [
  'wishlist_items',
  'stock_alerts',
  'recovery_sends',
  'recovery_opt_outs',
  'settlement_resolutions',
  'courier_rates',
  'courier_payout_lines',
  'courier_payouts',
  'jobs',
  'chat_links',
  'audit_log',
  'review_votes',
  'review_requests',
  'reviews',
  'promotion_uses',
  'promotions',
  'refunds',
  'order_return_items',
  'order_returns',
  'order_events',
  'courier_events',
  'shipments',
  'order_items',
  'orders',
  'cart_items',
  'addresses',
  'listing_counts',
  'product_sub_categories',
  'product_categories',
  'product_variants',
  'products',
  'sub_category_categories',
  'sub_categories',
  'categories',
  'password_reset_codes',
  'login_codes',
  'mobile_codes',
  'sms_sends',
  'sms_budget_alerts',
  'login_failures',
  'refresh_sessions',
  'users',
  'delivery_settings',
  'shop_settings',
  'shop_pages',
  'complaints',
  'cod_blocks',
  'incomplete_checkouts',
  'delivery_record_cache',
  'search_synonyms',
] as const;

/** A review of a delivered order line (migration 0056, issue 47, decision 0124): one per line. */
export const reviews = pgTable(
  'reviews',
  {
    id: text('id').primaryKey(),
    productId: text('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    orderId: text('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: text('order_item_id').notNull().unique('reviews_order_item_unique').references(() => orderItems.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The name shown: the order's recipient's first name, '' = "A buyer". */
    author: text('author').notNull().default(''),
    rating: integer('rating').notNull(),
    /** As typed; escaped on output. */
    body: text('body').notNull().default(''),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    /** The variant bought, as the line recorded it ("Size: L, Colour: Red"). */
    variant: text('variant').notNull().default(''),
    variantBn: text('variant_bn').notNull().default(''),
    status: text('status', { enum: ['pending', 'published', 'hidden'] }).notNull().default('pending'),
    /** Why it waits for the owner: 'rule' (below the stars or hold all), 'words' (a blocked word); '' = published by the rule. */
    heldFor: text('held_for').notNull().default(''),
    hideReason: text('hide_reason').notNull().default(''),
    reply: text('reply').notNull().default(''),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    helpful: integer('helpful').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('reviews_product_idx').on(t.productId, t.status, t.createdAt), index('reviews_status_idx').on(t.status, t.createdAt)],
);

/** One "helpful" per shopper per review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: text('review_id').notNull().references(() => reviews.id, { onDelete: 'cascade' }),
    voter: text('voter').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'review_votes_pkey', columns: [t.reviewId, t.voter] })],
);

/** The asking SMS of an order, once: the row is its mark. */
export const reviewRequests = pgTable('review_requests', {
  orderId: text('order_id').primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
