import type { ErrorCode, ErrorParams } from '@haat/shared/errors/catalogue';
import { formatCount } from '@haat/shared/numerals';

/**
 * Every error code of the shared catalogue (packages/shared/src/errors/catalogue.ts)
 * in Bangla (decision 0052). The type asks for every code, and a function's
 * parameters are the code's {{slots}}: a new code does not compile until it
 * has its Bangla here. `null`: an answer no person reads in the shop (config
 * checks, courier webhooks, routes only machines call), shown as sent.
 * VALIDATION and HTTP_ERROR carry the English text itself: translateError
 * looks it up by text (the shared schemas' spec wording, messages.locales.ts).
 */
export type BanglaErrors = { [C in ErrorCode]: string | null | ((p: ErrorParams<C>) => string) };

/** A number in Bengali digits, as it came over JSON. */
const n = (v: string | number) => formatCount(Number(v), 'bn');
const WHAT_BN: Record<string, string> = { product: 'পণ্যের', category: 'ক্যাটাগরির', 'sub-category': 'সাব-ক্যাটাগরির' };
const UNKNOWN_BN: Record<string, string> = { category: 'ক্যাটাগরি', 'sub-category': 'সাব-ক্যাটাগরি', product: 'পণ্য' };
const OWNER_BN: Record<string, string> = { category: 'ক্যাটাগরিতে', 'sub-category': 'সাব-ক্যাটাগরিতে' };
const COUNTED_BN: Record<string, string> = { product: 'পণ্য', products: 'পণ্য', 'sub-category': 'সাব-ক্যাটাগরি', 'sub-categories': 'সাব-ক্যাটাগরি' };
const COURIER_BN: Record<string, string> = { Pathao: 'পাঠাও', Steadfast: 'স্টেডফাস্ট' };
const WHO_BN: Record<string, string> = { 'The admin': 'অ্যাডমিন', 'A courier update': 'কুরিয়ারের খবর', 'A bKash payment': 'বিকাশ পেমেন্ট', 'The unpaid-order expiry': 'অপরিশোধিত অর্ডারের মেয়াদ' };
const whoBn = (v: string | number) => WHO_BN[String(v)] ?? String(v);
const courier = (v: string | number) => COURIER_BN[String(v)] ?? String(v);
const LIST_BN: Record<string, string> = { categories: 'ক্যাটাগরি', 'sub-categories': 'সাব-ক্যাটাগরি' };

export const ERRORS_BN: BanglaErrors = {
  BAD_REQUEST: 'অনুরোধটি সঠিক নয়।',
  VALIDATION: null,
  INVALID_INPUT: 'দেওয়া তথ্য সঠিক নয়।',
  HTTP_ERROR: null,
  UNAUTHORIZED: 'চালিয়ে যেতে লগইন করুন।',
  FORBIDDEN: 'এটি করার অনুমতি আপনার নেই।',
  ADMIN_ONLY: 'এটি শুধু অ্যাডমিন করতে পারেন।',
  PERMISSION_DENIED: 'আপনার ভূমিকায় এটি করার অনুমতি নেই ({{permission}})।',
  STAFF_EMAIL_TAKEN: 'এই ই-মেইলে আগে থেকেই একটি অ্যাকাউন্ট আছে।',
  STAFF_MOBILE_TAKEN: 'এই মোবাইল নম্বর দিয়ে আগে থেকেই একটি অ্যাকাউন্টে লগইন করা হয়।',
  STAFF_NOT_FOUND: 'এই আইডির কোনো কর্মী নেই।',
  STAFF_NOT_SELF: 'নিজের ভূমিকা বদলানো বা নিজেকে নিষ্ক্রিয় করা যায় না।',
  NOT_FOUND: 'পাওয়া যায়নি।',
  NO_SUCH_ROUTE: null,
  BODY_TOO_LARGE: ({ kb }) => `অনুরোধটি খুব বড় (সর্বোচ্চ ${n(kb)} KB)।`,
  UPLOAD_TOO_LARGE: 'আপলোডটি খুব বড়।',
  TOO_MANY_REQUESTS: 'অনেক বেশি অনুরোধ এসেছে। একটু অপেক্ষা করে আবার চেষ্টা করুন।',
  TOO_MANY_ATTEMPTS: 'অনেকবার চেষ্টা করা হয়েছে। কয়েক মিনিট পরে আবার চেষ্টা করুন।',
  TOO_MANY_ORDERS: 'এই সংযোগ থেকে অনেক অর্ডার এসেছে। কয়েক মিনিট পরে আবার চেষ্টা করুন।',
  TOO_MANY_PAYMENT_CONFIRMATIONS: 'এই সংযোগ থেকে অনেকবার পেমেন্ট নিশ্চিত করা হয়েছে। কয়েক মিনিট পরে আবার চেষ্টা করুন।',
  TOO_MANY_TRACK_LOOKUPS: 'অনেকবার খোঁজা হয়েছে। কয়েক মিনিট পরে আবার চেষ্টা করুন।',
  INTERNAL: 'কিছু একটা ভুল হয়েছে। আবার চেষ্টা করুন।',
  DATABASE_UNAVAILABLE: 'দোকানটি কিছুক্ষণের জন্য বন্ধ আছে। একটু পরে আবার চেষ্টা করুন।',
  DATABASE_UNREACHABLE: 'ডাটাবেসে পৌঁছানো যাচ্ছে না।',

  MULTIPART_REQUIRED: null,
  MULTIPART_UNREADABLE: 'ফর্মটি পড়া যায়নি। আবার পাঠান।',
  MULTIPART_TOO_MANY_FIELDS: 'ফর্মে খুব বেশি ঘর আছে।',
  MULTIPART_FIELD_TOO_LONG: ({ field, kb }) => `${field} ঘরটি খুব বড় (সর্বোচ্চ ${n(kb)} KB)।`,
  FILE_TOO_LARGE: ({ mb }) => `প্রতিটি ফাইল সর্বোচ্চ ${n(mb)} MB হতে পারে।`,
  TOO_MANY_FILES: ({ n: count }) => `সর্বোচ্চ ${n(count)}টি ফাইল পাঠানো যায়।`,
  NUL_CHARACTER: ({ field }) => `${field}-এ NUL অক্ষর থাকতে পারবে না।`,
  IMAGE_UNREADABLE: 'ফাইলটি পড়া যায় এমন ছবি নয়।',
  IMAGE_FORMAT: ({ formats }) => `ছবি ${String(formats).replaceAll(' or ', ' বা ')} হতে হবে।`,
  AVATAR_FORMAT: 'ছবিটি png বা jpeg হতে হবে।',
  IMAGE_TOO_MANY_PIXELS: 'ছবিটিতে অনেক বেশি পিক্সেল। আরও ছোট একটি ছবি দিন।',
  IMAGE_DAMAGED: 'ছবিটি নষ্ট বা অসম্পূর্ণ।',

  USER_NOT_FOUND: 'ব্যবহারকারী পাওয়া যায়নি।',
  BAD_CREDENTIALS: 'ইমেইল বা পাসওয়ার্ড সঠিক নয়।',
  PASSWORD_CAPPED: 'আজ এই অ্যাকাউন্টে অনেকবার ভুল পাসওয়ার্ড দেওয়া হয়েছে। ই-মেইলে পাঠানো কোড দিয়ে সাইন ইন করুন।',
  ACCOUNT_INACTIVE: 'এই অ্যাকাউন্টটি সক্রিয় নয়। সহায়তার জন্য যোগাযোগ করুন।',
  LOGIN_CODE_INVALID: 'কোডটি ভুল বা মেয়াদোত্তীর্ণ। কোডটি দেখে নিন, অথবা নতুন কোড চান।',
  SESSION_ENDED: 'আপনার সেশন শেষ হয়েছে। আবার লগইন করুন।',
  CURRENT_PASSWORD_REQUIRED: 'ইমেইল বা পাসওয়ার্ড বদলাতে বর্তমান পাসওয়ার্ডটি দিন।',
  CURRENT_PASSWORD_WRONG: 'আপনার বর্তমান পাসওয়ার্ডটি সঠিক নয়।',
  EMAIL_TAKEN: 'এই ইমেইল দিয়ে আরেকটি অ্যাকাউন্ট আছে।',
  AVATAR_REQUIRED: 'প্রোফাইলের জন্য একটি ছবি বেছে নিন।',
  OTP_INVALID: 'OTP ভুল বা মেয়াদোত্তীর্ণ। কোডটি দেখে নিন, অথবা নতুন কোড চান।',
  RESET_NOT_VERIFIED: 'নতুন পাসওয়ার্ড দেওয়ার আগে ইমেইলে পাঠানো কোডটি যাচাই করুন।',
  OTP_MOBILE_INVALID: 'সঠিক মোবাইল নম্বর দিন',
  OTP_RESEND_TOO_SOON: (p) => `এইমাত্র একটি কোড পাঠানো হয়েছে। ${n(p.seconds)} সেকেন্ড পরে নতুন কোড চাইতে পারবেন।`,
  OTP_NUMBER_DAILY_CAP: 'আজ এই নম্বরে অনেকগুলো কোড পাঠানো হয়েছে। আগামীকাল আবার চেষ্টা করুন।',
  OTP_ADDRESS_DAILY_CAP: 'আজ এই সংযোগ থেকে অনেকগুলো কোড চাওয়া হয়েছে। আগামীকাল আবার চেষ্টা করুন।',
  OTP_SMS_FAILED: 'এই মুহূর্তে SMS পাঠানো গেল না। এক মিনিট পরে আবার চেষ্টা করুন।',
  OTP_CODE_WRONG: (p) => `কোডটি সঠিক নয়। আর ${n(p.left)} বার চেষ্টা করতে পারবেন।`,
  OTP_CODE_LOCKED: 'এই কোডে অনেকবার ভুল চেষ্টা হয়েছে। নতুন কোড চান।',
  OTP_CODE_EXPIRED: 'কোডটির মেয়াদ শেষ অথবা আগেই ব্যবহার হয়েছে। নতুন কোড চান।',
  MOBILE_ONLY_SIGN_IN: 'এই মোবাইল নম্বর দিয়েই আপনি লগইন করেন। নম্বর বদলানোর আগে একটি ইমেইল ও পাসওয়ার্ড যোগ করুন।',
  MOBILE_TAKEN: 'এই মোবাইল নম্বরটি ইমেইলসহ অন্য একটি অ্যাকাউন্টে যাচাই করা আছে। সেই অ্যাকাউন্টে লগইন করুন, অথবা অন্য নম্বর দিন।',

  ADDRESS_NOT_FOUND: 'ঠিকানা পাওয়া যায়নি।',
  ORDER_ADDRESS_REQUIRED: 'একটি ডেলিভারি ঠিকানা যোগ করুন।',
  ORDER_ADDRESS_CHOOSE: 'একটি ডেলিভারি ঠিকানা বেছে নিন।',
  ORDER_ADDRESS_UNKNOWN: 'ঠিকানাটি নেই। আপনার ঠিকানাগুলোর একটি বেছে নিন।',
  CART_EMPTY: 'আপনার কার্ট খালি।',
  ORDER_ITEM_UNAVAILABLE: 'কার্টের একটি পণ্য আর পাওয়া যাচ্ছে না। সেটি সরিয়ে আবার চেষ্টা করুন।',
  ORDER_QUANTITY_OVER_STOCK: ({ n: count, name }) => `${name} সর্বোচ্চ ${n(count)}টি অর্ডার করা যায়।`,
  NOT_ENOUGH_STOCK: ({ name }) => `${name} যথেষ্ট মজুত নেই।`,
  IDEMPOTENCY_KEY_REUSED: 'এই অনুরোধটি আগে অন্য একটি অর্ডারের জন্য ব্যবহার হয়েছে।',
  IDEMPOTENCY_KEY_TOO_LONG: 'Idempotency-Key হেডারটি অনেক লম্বা।',
  ORDER_NOT_FOUND: 'এই অর্ডারটি নেই।',
  ORDER_NOT_DELETABLE: ({ allowed, status }) => `শুধু ${allowed} অর্ডার মোছা যায়; এটি ${status}।`,
  ORDERS_NOT_FOUND: 'এমন কোনো অর্ডার নেই।',
  ORDER_TRANSITION_REFUSED: ({ who, from, to, allowed }) => `${whoBn(who)} ${from} অর্ডারকে ${to}-এ নিতে পারে না; নিতে পারে ${allowed}-এ।`,
  ORDER_TRANSITION_LOCKED: ({ who, from, to }) => `${whoBn(who)} ${from} অর্ডারকে ${to}-এ নিতে পারে না; এটি অবস্থা বদলাতে পারে না।`,
  PRODUCT_UNAVAILABLE: 'এই পণ্যটি নেই।',
  OUT_OF_STOCK: ({ name }) => `${name} স্টকে নেই।`,
  CART_QUANTITY_CAP: ({ n: count, name }) => `কার্টে ${name} সর্বোচ্চ ${n(count)}টি রাখা যায়।`,
  CART_ITEM_NOT_FOUND: 'কার্টে এই পণ্যটি নেই।',
  CART_ITEM_INVALID: 'কার্টে এই পণ্যটি নেই।',
  SITEMAP_NOT_FOUND: null,

  COURIER_NOT_SET_UP: ({ courier: c }) => `এই দোকানে ${courier(c)} চালু করা নেই।`,
  ORDER_NO_ADDRESS: 'এই অর্ডারে কোনো ডেলিভারি ঠিকানা নেই।',
  COURIER_ALREADY_BOOKED: ({ courier: c, consignment }) => `এই অর্ডারটি আগেই ${courier(c)}-এ বুক করা আছে (কনসাইনমেন্ট ${consignment})।`,
  COURIER_NOT_BOOKABLE: ({ status }) => `শুধু Pending বা Received অর্ডার বুক করা যায়; এটি ${status}।`,
  // The courier's own words stay as sent: they are what its support asks for.
  COURIER_REFUSED: ({ courier: c, detail }) => `${courier(c)} বুকিং নেয়নি: ${detail}`,
  COURIER_UNAVAILABLE: ({ detail }) => `${detail} কিছুই বুক হয়নি।`,
  COURIER_NEEDS_ZONE: ({ courier: c }) => `${courier(c)}-এর জন্য শহর ও জোন দরকার: অর্ডারটি তার কার্ড থেকে বুক করুন।`,
  TRACK_NOT_FOUND: 'এই অর্ডার আইডি ও মোবাইল নম্বরে কোনো অর্ডার নেই।',
  WEBHOOK_STATUS_REQUIRED: null,
  WEBHOOK_CONSIGNMENT_REQUIRED: null,

  BKASH_MAINTENANCE: 'বিকাশে এখন রক্ষণাবেক্ষণ চলছে। পরে আবার চেষ্টা করুন, অথবা অন্য পেমেন্ট পদ্ধতি বেছে নিন।',
  BKASH_TIMEOUT: 'বিকাশ সময়মতো সাড়া দেয়নি। কোনো টাকা কাটা হয়নি; আবার চেষ্টা করুন।',
  BKASH_UNAVAILABLE: 'এখন বিকাশে পেমেন্ট করা যাচ্ছে না। অন্য পেমেন্ট পদ্ধতি বেছে নিন।',
  BKASH_DUPLICATE_INVOICE: 'এই অর্ডার নম্বরে বিকাশে আগেই একটি পেমেন্ট আছে। অর্ডারটি আবার দিন।',
  // bKash's own code and words stay as sent: they are what its support asks for.
  BKASH_REFUSED: ({ detail }) => `বিকাশ পেমেন্ট শুরু করা যায়নি (${detail})। আবার চেষ্টা করুন।`,
  REFUND_MAINTENANCE: 'বিকাশ এখন রক্ষণাবেক্ষণে আছে। অনুগ্রহ করে পরে আবার রিফান্ড করুন।',
  REFUND_TIMEOUT: 'বিকাশ সময়মতো সাড়া দেয়নি। অনুগ্রহ করে আবার রিফান্ড করুন।',
  REFUND_OVER_PAID: 'বিকাশ প্রত্যাখ্যান করেছে: রিফান্ডের পরিমাণ পরিশোধিত টাকার চেয়ে বেশি হয়ে যাবে।',
  REFUND_REFUSED: ({ detail }) => `বিকাশ রিফান্ড প্রত্যাখ্যান করেছে (${detail})।`,
  REFUND_ALREADY: ({ trxId }) => `এই অর্ডারটি আগেই রিফান্ড হয়েছে (বিকাশ রিফান্ড ${trxId})।`,
  REFUND_NOT_BKASH: 'শুধু বিকাশে পরিশোধিত অর্ডারই রিফান্ড করা যায়।',
  REFUND_NOT_RELEASED: 'রিফান্ডের আগে অর্ডারটি Cancel বা Return অবস্থায় নিন।',
  REFUND_NOT_CONFIGURED: 'এই দোকানে বিকাশ চালু করা নেই, তাই রিফান্ড করা যাচ্ছে না।',
  REFUND_OVER_LIMIT: 'অর্ডার কর্মীরা ৳{{limit}} পর্যন্ত রিফান্ড করতে পারেন; এই রিফান্ড ৳{{amount}}। মালিক বা ম্যানেজারকে বলুন।',
  REFUND_INCOMPLETE: ({ status }) => `বিকাশ রিফান্ড সম্পন্ন করেনি (${status})। আবার চেষ্টা করুন।`,

  INVALID_ID: ({ what }) => `${WHAT_BN[String(what)] ?? what} আইডি সঠিক নয়।`,
  UNKNOWN_REFERENCE: ({ what }) => `অজানা ${UNKNOWN_BN[String(what)] ?? what}। অনুগ্রহ করে আবার বাছাই করুন।`,
  PRODUCT_NOT_FOUND: 'পণ্য পাওয়া যায়নি।',
  CATEGORY_NOT_FOUND: 'ক্যাটাগরিটি পাওয়া যায়নি।',
  SUBCATEGORY_NOT_FOUND: 'সাব-ক্যাটাগরিটি পাওয়া যায়নি।',
  CATEGORY_IN_USE: ({ owner, n: count, counted }) => `এই ${OWNER_BN[String(owner)]} ${n(count)}টি ${COUNTED_BN[String(counted)]} আছে। আগে সেগুলো সরান বা মুছে ফেলুন।`,
  STOCK_CHANGED: ({ n: now }) => `পণ্যটি খোলার পর স্টক বদলেছে (এখন ${n(now)})। পাতাটি আবার লোড করে চেষ্টা করুন।`,
  TOO_MANY_IMAGES: ({ n: count }) => `একটি পণ্যের সর্বোচ্চ ${n(count)}টি ছবি থাকতে পারে।`,
  EXPECTED_STOCK_REQUIRED: ({ n: now }) => `স্টক বদলাতে expectedStock-এ ফর্ম খোলার সময়ের স্টকটিও দিন (এখন ${n(now)})।`,
  MORE_DETAILS_NOT_OBJECT: 'more_details অবশ্যই নাম ও লেখার একটি JSON অবজেক্ট হতে হবে।',
  CSV_FILE_REQUIRED: 'ইমপোর্টের জন্য একটি CSV ফাইল বেছে নিন।',
  CSV_TOO_MANY_ROWS: ({ max, row }) => `ফাইলে ${n(max)}টির বেশি পণ্যের সারি আছে (সারি ${n(row)})। ফাইলটি কয়েকটি ছোট ফাইলে ভাগ করুন।`,
  CSV_NUL_BYTE: ({ row, column }) => `সারি ${n(row)}, কলাম ${n(column)}-এ একটি NUL বাইট আছে, যা CSV ফাইলে থাকতে পারে না। ফাইলটি আবার "CSV UTF-8" হিসেবে সংরক্ষণ করুন।`,
  CSV_ROWS_INVALID: ({ n: count }) => `${n(count)}টি সারিতে ভুল আছে; কিছুই ইমপোর্ট হয়নি।`,
  // The import report's rows (decision 0058). Column names stay as the file writes them.
  // csv-parse's own English detail stays as sent.
  CSV_NOT_CSV: ({ detail }) => `ফাইলটি সঠিক CSV নয়: ${detail}`,
  CSV_ROW_LENGTH: ({ row, got, want }) => `সারি ${n(row)}-এ ${n(got)}টি মান আছে, শিরোনামে ${n(want)}টি কলাম। প্রতিটি সারিতে প্রতিটি কলামের একটি করে মান লাগবে।`,
  CSV_EMPTY: 'ফাইলটি খালি: প্রথম লাইনে কলামগুলোর নাম থাকতে হবে।',
  CSV_UNKNOWN_COLUMNS: ({ columns, known }) => `অজানা কলাম ${columns}। কলামগুলো হলো: ${known}।`,
  CSV_MISSING_COLUMNS: ({ columns }) => `কলাম নেই: ${columns}।`,
  CSV_CELL_EMPTY: ({ column }) => `${column}: খালি রাখা যাবে না`,
  CSV_CELL_WHOLE_NUMBER: ({ column }) => `${column}: একটি পূর্ণ সংখ্যা হতে হবে`,
  CSV_CELL_MIN: ({ column, min }) => `${column}: ${n(min)} বা তার বেশি হতে হবে`,
  CSV_CELL_MAX: ({ column, max }) => `${column}: ${n(max)} বা তার কম হতে হবে`,
  CSV_CELL_TOO_LONG: ({ column, max }) => `${column}: সর্বোচ্চ ${n(max)} অক্ষর হতে পারে`,
  // The schema's own message: translateError says it by its text (as VALIDATION) before reaching this.
  CSV_CELL_RULE: ({ column, message }) => `${column}: ${message}`,
  CSV_PUBLISH_WORD: 'publish: true, false, yes, no, 1 বা 0 হতে হবে',
  CSV_UNKNOWN_NAME: ({ column, list, name }) => `${column}: "${name}" নামে কোনো ${LIST_BN[String(list)] ?? list} নেই।`,
  CSV_AMBIGUOUS_NAME: ({ column, n: count, list, name }) => `${column}: "${name}" নামে ${n(count)}টি ${LIST_BN[String(list)] ?? list} আছে; নামের বদলে আইডি দিন।`,
  CSV_NOT_A_PRODUCT_ID: ({ id }) => `id: "${id}" কোনো পণ্যের আইডি নয়।`,
  CSV_NO_SUCH_PRODUCT: ({ id }) => `id: ${id} আইডির কোনো পণ্য নেই। নতুন পণ্য যোগ করতে id খালি রাখুন।`,
  CSV_AMBIGUOUS_PRODUCT: ({ n: count, name }) => `name: "${name}" নামে ${n(count)}টি পণ্য আছে; যেটি হালনাগাদ করবেন তার আইডি দিন।`,
  CSV_ROW_ALREADY_ADDS: ({ row }) => `সারি ${n(row)} এই পণ্যটি আগেই যোগ করে।`,
  CSV_ROW_ALREADY_UPDATES: ({ row }) => `সারি ${n(row)} এই পণ্যটি আগেই হালনাগাদ করে।`,
  CSV_IMAGE_NOT_UPLOADED: ({ url }) => `image: ${url} আপলোড করা কোনো ছবি নয়। আগে ছবিটি আপলোড করুন বা image খালি রাখুন।`,
  CSV_STOCK_NEEDS_EXPECTED: ({ n: now }) => `stock: স্টক বদলাতে expected_stock-এ এক্সপোর্ট করা স্টকটিও দিন (এখন ${n(now)})।`,
  CSV_STOCK_CHANGED: ({ n: now }) => `stock: এক্সপোর্টের পর স্টক বদলেছে (এখন ${n(now)})। আবার এক্সপোর্ট করুন, অথবা expected_stock ${n(now)} দিন।`,
  CSV_STOCK_RACED: 'stock: ইমপোর্টের সময় অর্ডারে স্টক বদলেছে। আবার এক্সপোর্ট করুন।',
  PROMO_UNKNOWN: ({ code }) => `${code} কোডের কোনো ভাউচার নেই।`,
  PROMO_NOT_STARTED: ({ code }) => `${code} ভাউচারটি এখনো চালু হয়নি।`,
  PROMO_ENDED: ({ code }) => `${code} ভাউচারটির মেয়াদ শেষ।`,
  PROMO_PAUSED: ({ code }) => `${code} ভাউচারটি এখন বন্ধ আছে।`,
  PROMO_USED_UP: ({ code }) => `${code} ভাউচারটি আর ব্যবহার করা যাবে না; সবগুলো ব্যবহার হয়ে গেছে।`,
  PROMO_ALREADY_USED: ({ code }) => `আপনি ${code} ভাউচারটি আগেই ব্যবহার করেছেন।`,
  PROMO_BELOW_MINIMUM: ({ code, needed, minimum }) => `${code} ভাউচারটি ব্যবহার করতে আরও ৳${n(needed)} এর পণ্য যোগ করুন (সর্বনিম্ন অর্ডার ৳${n(minimum)})।`,
  PROMO_NOT_FOR_THESE_PRODUCTS: ({ code }) => `${code} ভাউচারটি আপনার কার্টের পণ্যগুলোর জন্য নয়।`,
  PROMO_NOT_COMBINABLE: ({ code, offer }) => `${code} ভাউচারটি "${offer}" অফারের সাথে একসাথে চলে না, আর ওই অফারে আপনার সাশ্রয় বেশি।`,
  PROMOTION_NOT_FOUND: 'প্রমোশনটি পাওয়া যায়নি।',
  PROMO_CODE_TAKEN: ({ field, code }) => `${field}: ${code} কোডটি অন্য একটি প্রমোশনে আছে।`,
  PROMO_SCOPE_UNKNOWN: ({ field, what, id }) => `${field}: ${id} আইডির কোনো ${UNKNOWN_BN[String(what)] ?? what} নেই।`,
  COD_BLOCKED: 'এই মোবাইল নম্বরে ক্যাশ অন ডেলিভারি নেওয়া হয় না। অনুগ্রহ করে বিকাশে পেমেন্ট করুন।',
  COD_CONFIRM_REQUIRED: 'এই ক্যাশ অন ডেলিভারি অর্ডারটি দিতে এসএমএসে পাঠানো কোড দিয়ে আপনার মোবাইল নম্বর নিশ্চিত করুন।',
  COD_BLOCK_NOT_FOUND: 'এই মোবাইল নম্বরটি ব্লক করা নেই।',
  INCOMPLETE_CHECKOUT_NOT_FOUND: 'অসম্পূর্ণ অর্ডারটি আর নেই (অর্ডার দেওয়া হয়েছে, বা সরিয়ে ফেলা হয়েছে)।',
};
