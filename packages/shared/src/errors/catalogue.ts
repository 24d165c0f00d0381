/**
 * Every error the API answers with, by a stable code (decision 0052): its HTTP
 * status and its English text, the spec's wording, with {{name}} for the
 * parts that change. The server throws `appError(code, params)`; the envelope
 * carries { code, params, message }, the message being this text filled in.
 * The web says the code in Bangla from its own typed catalogue
 * (apps/web/src/i18n/errors.bn.ts), which the compiler holds to this list.
 *
 * Keep an English text exactly as it is: the spec and the tests assert it.
 * A new error is a new code; a code is never renamed or reused.
 */
export const ERRORS = {
  // Generic answers (app.ts's error handler, lib/errors.ts's defaults).
  BAD_REQUEST: { status: 400, en: 'Bad request.' },
  /** A zod schema refused the input: {{message}} is the schema's own (spec) text, {{field}} its path. */
  VALIDATION: { status: 400, en: '{{message}}' },
  INVALID_INPUT: { status: 400, en: 'Invalid input.' },
  /** Another 4xx from Fastify or a plugin, its own English in {{message}}. */
  HTTP_ERROR: { status: 400, en: '{{message}}' },
  UNAUTHORIZED: { status: 401, en: 'Please log in to continue.' },
  FORBIDDEN: { status: 403, en: 'You do not have permission to do that.' },
  ADMIN_ONLY: { status: 403, en: 'Only an admin can do that.' },
  /** Staff whose role lacks the route's permission (issue 28); {{permission}} is its name in @haat/shared/permissions. */
  PERMISSION_DENIED: { status: 403, en: 'Your role does not allow this ({{permission}}). The Owner can grant it by changing your role.' },
  // Staff management (issue 28).
  STAFF_EMAIL_TAKEN: { status: 409, en: 'That e-mail already has an account.' },
  STAFF_MOBILE_TAKEN: { status: 409, en: 'That mobile number already signs in to an account.' },
  STAFF_NOT_FOUND: { status: 404, en: 'No staff member with that id.' },
  STAFF_NOT_SELF: { status: 409, en: 'You cannot change your own role or disable yourself.' },
  STAFF_HAS_EMAIL: { status: 409, en: 'This staff member already signs in with an e-mail.' },
  NOT_FOUND: { status: 404, en: 'Not found.' },
  NO_SUCH_ROUTE: { status: 404, en: 'No such API route.' },
  BODY_TOO_LARGE: { status: 413, en: 'The request is too large (at most {{kb}} KB).' },
  UPLOAD_TOO_LARGE: { status: 413, en: 'The upload is too large.' },
  TOO_MANY_REQUESTS: { status: 429, en: 'Too many requests. Please wait and try again.' },
  TOO_MANY_ATTEMPTS: { status: 429, en: 'Too many attempts. Please wait a few minutes and try again.' },
  TOO_MANY_ORDERS: { status: 429, en: 'Too many orders from this connection. Please wait a few minutes and try again.' },
  TOO_MANY_PAYMENT_CONFIRMATIONS: { status: 429, en: 'Too many payment confirmations from this connection. Please wait a few minutes and try again.' },
  TOO_MANY_TRACK_LOOKUPS: { status: 429, en: 'Too many look-ups. Please wait a few minutes and try again.' },
  TOO_MANY_UPLOADS: { status: 429, en: 'Too many pictures uploaded. Please wait a while and try again.' },
  INTERNAL: { status: 500, en: 'Something went wrong. Please try again.' },
  DATABASE_UNAVAILABLE: { status: 503, en: 'The shop is briefly unavailable. Please try again in a moment.' },
  DATABASE_UNREACHABLE: { status: 503, en: 'The database is unreachable.' },

  // Forms and uploads (lib/multipart.ts, lib/nul.ts, lib/images.ts).
  MULTIPART_REQUIRED: { status: 415, en: 'Send the form as multipart/form-data.' },
  MULTIPART_UNREADABLE: { status: 400, en: 'The form could not be read. Please send it again as multipart/form-data.' },
  MULTIPART_TOO_MANY_FIELDS: { status: 413, en: 'The form has too many fields.' },
  MULTIPART_FIELD_TOO_LONG: { status: 413, en: 'The field {{field}} is too long (at most {{kb}} KB).' },
  FILE_TOO_LARGE: { status: 413, en: 'Each file must be at most {{mb}} MB.' },
  TOO_MANY_FILES: { status: 413, en: 'At most {{n}} files can be sent.' },
  NUL_CHARACTER: { status: 400, en: '{{field}} must not contain a NUL character.' },
  ILL_FORMED_TEXT: { status: 400, en: '{{field}} holds a broken character (a lone UTF-16 surrogate).' },
  IMAGE_UNREADABLE: { status: 415, en: 'The file is not an image we can read.' },
  IMAGE_FORMAT: { status: 415, en: 'Images must be {{formats}}.' },
  AVATAR_FORMAT: { status: 415, en: 'The avatar must be a png or jpeg image.' },
  IMAGE_TOO_MANY_PIXELS: { status: 413, en: 'The image has too many pixels. Please upload a smaller picture.' },
  IMAGE_DAMAGED: { status: 415, en: 'The image is damaged or incomplete.' },

  // Accounts (modules/users).
  USER_NOT_FOUND: { status: 404, en: 'User not found.' },
  BAD_CREDENTIALS: { status: 401, en: 'Invalid email or password.' },
  PASSWORD_CAPPED: { status: 403, en: 'Too many wrong passwords for this account today. Please sign in with a code sent to your e-mail.' },
  ACCOUNT_INACTIVE: { status: 403, en: 'This account is not active. Please contact support.' },
  LOGIN_CODE_INVALID: { status: 400, en: 'Invalid or expired code. Please check the code, or ask for a new one.' },
  SESSION_ENDED: { status: 401, en: 'Your session has ended. Please log in again.' },
  CURRENT_PASSWORD_REQUIRED: { status: 400, en: 'Please enter your current password to change your email or password.' },
  CURRENT_PASSWORD_WRONG: { status: 400, en: 'Your current password is not correct.' },
  EMAIL_TAKEN: { status: 409, en: 'This email is already used by another account.' },
  AVATAR_REQUIRED: { status: 400, en: 'Please choose an image for your avatar.' },
  OTP_INVALID: { status: 400, en: 'Invalid or expired OTP. Please check the code, or request a new one.' },
  RESET_NOT_VERIFIED: { status: 400, en: 'Please verify the code sent to your email before choosing a new password.' },

  // One-time codes by SMS (modules/otp, issue 26, decision 0061).
  OTP_MOBILE_INVALID: { status: 400, en: 'Valid mobile number required' },
  OTP_RESEND_TOO_SOON: { status: 429, en: 'A code was just sent. You can ask for a new one in {{seconds}} seconds.', one: { seconds: 'A code was just sent. You can ask for a new one in {{seconds}} second.' } },
  OTP_NUMBER_DAILY_CAP: { status: 429, en: 'Too many codes were sent to this number today. Please try again tomorrow.' },
  OTP_ADDRESS_DAILY_CAP: { status: 429, en: 'Too many codes were asked for from this connection today. Please try again tomorrow.' },
  OTP_ASKER_WINDOW_CAP: { status: 429, en: 'Too many codes were asked for this number from here in the last hour. Please try again later.' },
  OTP_SMS_FAILED: { status: 503, en: 'We could not send the SMS just now. Please try again in a minute.' },
  OTP_CODE_WRONG: { status: 400, en: 'That code is not right. {{left}} tries left.', one: { left: 'That code is not right. {{left}} try left.' } },
  OTP_CODE_LOCKED: { status: 429, en: 'Too many wrong tries for this code. Please ask for a new one.' },
  OTP_CODE_EXPIRED: { status: 400, en: 'This code has expired or was already used. Please ask for a new one.' },
  /** Signing in with a mobile, and a mobile on the profile (modules/users, decision 0061). */
  MOBILE_ONLY_SIGN_IN: { status: 409, en: 'Your mobile number is how you sign in. Add an e-mail and a password before changing it.' },
  MOBILE_TAKEN: { status: 409, en: 'This mobile number is verified on another account that has an e-mail. Sign in to that account, or use another number.' },

  // Addresses, cart, orders.
  ADDRESS_NOT_FOUND: { status: 404, en: 'Address not found.' },
  ORDER_ADDRESS_REQUIRED: { status: 400, en: 'Please add a delivery address.' },
  ORDER_ADDRESS_CHOOSE: { status: 400, en: 'Please choose a delivery address.' },
  ORDER_ADDRESS_UNKNOWN: { status: 404, en: 'That address does not exist. Please choose one of your addresses.' },
  CART_EMPTY: { status: 400, en: 'Your cart is empty.' },
  ORDER_ITEM_UNAVAILABLE: { status: 404, en: 'An item in your cart is no longer available. Please remove it and try again.' },
  ORDER_QUANTITY_OVER_STOCK: { status: 400, en: 'You can order at most {{n}} of {{name}}.' },
  NOT_ENOUGH_STOCK: { status: 409, en: 'Not enough stock for {{name}}.' },
  IDEMPOTENCY_KEY_REUSED: { status: 409, en: 'This Idempotency-Key was already used for a different order.' },
  IDEMPOTENCY_KEY_TOO_LONG: { status: 400, en: 'The Idempotency-Key header is too long.' },
  ORDER_NOT_FOUND: { status: 404, en: 'That order does not exist.' },
  ORDER_NOT_DELETABLE: { status: 409, en: 'Only {{allowed}} orders can be deleted; this one is {{status}}.' },
  ORDER_HAS_MONEY_RECORDS: { status: 409, en: 'This order has return or refund records, which the shop keeps: it cannot be deleted.' },
  ORDERS_NOT_FOUND: { status: 404, en: 'No such orders.' },
  /** The order-status table refused a move (decision 0054); {{who}} is 'The admin', 'A courier update'… */
  ORDER_TRANSITION_REFUSED: { status: 409, en: '{{who}} cannot move a {{from}} order to {{to}}; it may move it to {{allowed}}.' },
  ORDER_TRANSITION_LOCKED: { status: 409, en: '{{who}} cannot move a {{from}} order to {{to}}; it may not move it at all.' },
  /** Bringing back a cancelled or returned order would take a promotion past its limit (issue 41, decision 0095). */
  ORDER_REVIVE_PROMO_USED_UP: { status: 409, en: 'This order cannot come back: other orders used up the promotion {{promotion}} ({{limit}} uses) after it was cancelled. Raise the promotion’s usage limit first, or place a new order.' },
  ORDER_REVIVE_PROMO_ALREADY_USED: { status: 409, en: 'This order cannot come back: its customer used the promotion {{promotion}} again after it was cancelled ({{limit}} per customer). Raise the promotion’s per-customer limit first, or place a new order.' },
  PRODUCT_UNAVAILABLE: { status: 404, en: 'That product does not exist.' },
  OUT_OF_STOCK: { status: 409, en: '{{name}} is out of stock.' },
  CART_QUANTITY_CAP: { status: 400, en: 'You can have at most {{n}} of {{name}} in your cart.' },
  CART_ITEM_NOT_FOUND: { status: 404, en: 'That cart item does not exist.' },
  CART_ITEM_INVALID: { status: 400, en: 'That cart item does not exist.' },
  SITEMAP_NOT_FOUND: { status: 404, en: 'No such sitemap.' },

  // Courier (modules/courier).
  COURIER_NOT_SET_UP: { status: 400, en: '{{courier}} is not set up on this shop.' },
  ORDER_NO_ADDRESS: { status: 400, en: 'This order has no delivery address.' },
  COURIER_ALREADY_BOOKED: { status: 409, en: 'This order is already booked with {{courier}} (consignment {{consignment}}).' },
  COURIER_NOT_BOOKABLE: { status: 409, en: 'Only Pending or Received orders can be booked; this one is {{status}}.' },
  /** A COD order whose partial advance bKash has not confirmed (decision 0114): not confirmed, so not shipped. */
  COURIER_ADVANCE_UNPAID: { status: 409, en: 'This order waits for its advance to be paid by bKash; it can be booked once paid.' },
  COURIER_PAYMENT_HELD: { status: 409, en: 'SSLCommerz flagged this order’s payment as risky: review it and release the hold on the order card before booking a courier.' },
  COURIER_REFUSED: { status: 422, en: '{{courier}} refused the booking: {{detail}}' },
  COURIER_UNAVAILABLE: { status: 502, en: '{{detail}} Nothing was booked.' },
  // Answers a second booking while one is queued, and is a bulk booking's result for an order it queued (decision 0080).
  COURIER_BOOKING_QUEUED: { status: 409, en: 'A booking of this order with {{courier}} is queued: it is tried again by itself and shows here once booked.' },
  COURIER_NEEDS_ZONE: { status: 400, en: '{{courier}} needs a city and a zone: book this order from its card.' },
  // A bulk booking by suggestion (decision 0122): no rule gives this address a courier.
  COURIER_NO_SUGGESTION: { status: 400, en: 'No courier is chosen for this address: set one for its district, or a fallback, in Courier by district.' },
  TRACK_NOT_FOUND: { status: 404, en: 'No order matches that order id and mobile number.' },
  WEBHOOK_STATUS_REQUIRED: { status: 400, en: 'status is required for delivery_status.' },
  WEBHOOK_CONSIGNMENT_REQUIRED: { status: 400, en: 'consignment_id is required.' },

  // bKash (modules/payments).
  BKASH_MAINTENANCE: { status: 503, en: 'bKash is under maintenance right now. Please try again later or choose another payment method.' },
  BKASH_TIMEOUT: { status: 503, en: 'bKash did not answer in time. Nothing was charged; please try again.' },
  BKASH_UNAVAILABLE: { status: 503, en: 'bKash payment is not available right now. Please choose another payment method.' },
  BKASH_DUPLICATE_INVOICE: { status: 409, en: 'bKash already has a payment for this order number. Please place the order again.' },
  BKASH_REFUSED: { status: 502, en: 'bKash could not start the payment ({{detail}}). Please try again.' },
  // SSLCommerz hosted checkout (modules/payments, issue 46, decision 0120).
  GATEWAY_TIMEOUT: { status: 503, en: 'The payment gateway did not answer in time. Nothing was charged; please try again.' },
  GATEWAY_UNAVAILABLE: { status: 503, en: 'Online payment is not available right now. Please choose another payment method.' },
  GATEWAY_REFUSED: { status: 502, en: 'The payment gateway could not start the payment ({{detail}}). Please try again.' },
  GATEWAY_METHOD_OFF: { status: 400, en: 'This shop does not take that payment method. Please choose another one.' },
  PAYMENT_HOLD_NONE: { status: 409, en: 'This order’s payment is not held for review.' },
  REFUND_MAINTENANCE: { status: 503, en: 'bKash is under maintenance right now. Please try the refund again later.' },
  REFUND_TIMEOUT: { status: 503, en: 'bKash did not answer in time. Please try the refund again.' },
  REFUND_OVER_PAID: { status: 409, en: 'bKash refused: the refund would be more than was paid.' },
  REFUND_REFUSED: { status: 502, en: 'bKash refused the refund ({{detail}}).' },
  REFUND_ALREADY: { status: 409, en: 'This order was already refunded (bKash refund {{trxId}}).' },
  REFUND_NOT_BKASH: { status: 409, en: 'Only an order paid through bKash can be refunded.' },
  REFUND_NOT_RELEASED: { status: 409, en: 'Move the order to Cancel or Return before refunding it.' },
  REFUND_NOT_CONFIGURED: { status: 503, en: 'bKash is not configured on this shop, so it cannot refund.' },
  REFUND_OVER_LIMIT: { status: 403, en: 'Orders staff may refund up to ৳{{limit}}; this refund is ৳{{amount}}. Ask the owner or a manager.' },
  REFUND_ORDER_OVER_LIMIT: { status: 403, en: 'Orders staff may refund up to ৳{{limit}} on an order; ৳{{refunded}} was refunded on it already and this refund is ৳{{amount}}. Ask the owner or a manager.' },
  REFUND_DAILY_OVER_LIMIT: { status: 403, en: 'Orders staff may refund up to ৳{{limit}} a day; you refunded ৳{{spent}} in the last 24 hours and this refund is ৳{{amount}}. Ask the owner or a manager.' },
  REFUND_INCOMPLETE: { status: 502, en: 'bKash did not complete the refund ({{status}}). Please try again.' },

  // Returns, exchanges and refunds (modules/returns, issue 27, decision 0075).
  RETURN_NOT_DELIVERED: { status: 409, en: 'Only a delivered order can be returned or exchanged; this one is {{status}}.' },
  RETURN_WINDOW_CLOSED: { status: 409, en: 'Returns for this order closed on {{date}} ({{days}} days after delivery).' },
  RETURN_ITEM_UNKNOWN: { status: 400, en: 'That item is not part of this order.' },
  RETURN_ITEM_TWICE: { status: 400, en: 'List each item once.' },
  RETURN_TOO_MANY: { status: 409, en: 'At most {{max}} of {{name}} can be sent back (what was delivered, less earlier returns).' },
  EXCHANGE_VARIANT_REQUIRED: { status: 400, en: 'Choose the size or colour you want instead of {{name}}.' },
  EXCHANGE_VARIANT_INVALID: { status: 400, en: 'The size or colour chosen for {{name}} is not one of its own.' },
  /** An exchange to a variant with no stock (issue 41, decision 0095): refused when asked; at receipt the owner may refund instead. */
  EXCHANGE_VARIANT_OUT_OF_STOCK: { status: 409, en: 'The size or colour you want instead of {{name}} is out of stock. Ask for a return instead, or try again when it is back.' },
  EXCHANGE_OUT_OF_STOCK_AT_RECEIPT: { status: 409, en: 'The size or colour wanted instead of {{name}} is out of stock now. Receive the items with “refund instead”, or restock it first.' },
  RETURN_NOT_FOUND: { status: 404, en: 'That return does not exist.' },
  RETURN_ALREADY_DECIDED: { status: 409, en: 'This return is already {{state}}.' },
  RETURN_NOT_APPROVED: { status: 409, en: 'Only an approved return can be received; this one is {{state}}.' },
  RETURN_ITEMS_REQUIRED: { status: 400, en: 'Say which items came back.' },
  RETURN_NOT_RECEIVED: { status: 409, en: 'Mark the items received before refunding them.' },
  REFUND_OVER_LINES: { status: 409, en: 'At most ৳{{max}} can be refunded for these items (what was paid for them, promotions included).' },
  REFUND_OVER_ORDER: { status: 409, en: 'At most ৳{{max}} more can be refunded on this order (what was paid, less refunds made).' },
  REFUND_NOTHING_PAID: { status: 409, en: 'Nothing was paid for this order yet, so there is nothing to refund.' },
  REFUND_NOT_FOUND: { status: 404, en: 'That refund does not exist.' },
  REFUND_ALREADY_RECORDED: { status: 409, en: 'This refund was already recorded ({{trxId}}).' },
  REFUND_OVER_DUE: { status: 409, en: 'At most ৳{{max}} is owed on this refund.' },
  REFUND_BKASH_PENDING: { status: 409, en: 'This refund is being made through bKash; record it by hand only if bKash refuses it.' },
  REFUND_VOIDED: { status: 409, en: 'This refund was closed: no payment arrived.' },
  REFUND_NOT_VOIDABLE: { status: 409, en: 'Only a refund still owed for a transaction ID the shopper typed can be closed as no payment arrived.' },

  // Catalogue (modules/catalogue). {{what}} is product, category or sub-category.
  INVALID_ID: { status: 400, en: 'Invalid {{what}} id.' },
  UNKNOWN_REFERENCE: { status: 400, en: 'Unknown {{what}}. Please choose again.' },
  PRODUCT_NOT_FOUND: { status: 404, en: 'Product not found.' },
  CATEGORY_NOT_FOUND: { status: 404, en: 'Category not found.' },
  SUBCATEGORY_NOT_FOUND: { status: 404, en: 'Sub-category not found.' },
  /** {{owner}}: category or sub-category; {{counted}}: product(s), sub-category/ies, as the English says them. */
  CATEGORY_IN_USE: { status: 409, en: 'This {{owner}} is used by {{n}} {{counted}}. Move or delete them first.' },
  STOCK_CHANGED: { status: 409, en: 'The stock changed since you opened this product (now {{n}}). Please reload and try again.' },
  TOO_MANY_IMAGES: { status: 400, en: 'A product can have at most {{n}} images.' },
  EXPECTED_STOCK_REQUIRED: { status: 400, en: 'To change the stock, also send expectedStock: the stock you loaded (now {{n}}).' },
  MORE_DETAILS_NOT_OBJECT: { status: 400, en: 'more_details must be a JSON object of labels and texts.' },
  CSV_FILE_REQUIRED: { status: 400, en: 'Choose one CSV file to import (form field "file").' },
  CSV_TOO_MANY_ROWS: { status: 400, en: 'The file has more than {{max}} rows of products (row {{row}}). Split it into smaller files.' },
  CSV_NUL_BYTE: { status: 400, en: 'Row {{row}}, column {{column}} holds a NUL byte, which a CSV file cannot have. Save the file again as "CSV UTF-8".' },
  CSV_ROWS_INVALID: { status: 400, en: '{{n}} {{rowsHave}} errors; nothing was imported.' },
  // The import's per-row report (data.errors of POST /product/import, decision 0058): each bad row carries one of
  // these with its parameters. {{column}} is the file's column name; {{list}} 'categories' or 'sub-categories'.
  CSV_NOT_CSV: { status: 400, en: 'The file is not valid CSV: {{detail}}' },
  CSV_ROW_LENGTH: { status: 400, en: 'Row {{row}} has {{got}} {{values}}; the header has {{want}}. Every row needs one value per column.' },
  CSV_EMPTY: { status: 400, en: 'The file is empty: the first line must name the columns.' },
  CSV_UNKNOWN_COLUMNS: { status: 400, en: 'Unknown column {{columns}}. The columns are: {{known}}.' },
  CSV_MISSING_COLUMNS: { status: 400, en: 'Missing column {{columns}}.' },
  CSV_CELL_EMPTY: { status: 400, en: '{{column}}: must not be empty' },
  CSV_CELL_WHOLE_NUMBER: { status: 400, en: '{{column}}: must be a whole number' },
  CSV_CELL_MIN: { status: 400, en: '{{column}}: must be {{min}} or more' },
  CSV_CELL_MAX: { status: 400, en: '{{column}}: must be {{max}} or less' },
  CSV_CELL_TOO_LONG: { status: 400, en: '{{column}}: must be at most {{max}} characters' },
  /** A shared schema's own message for the column ({{message}}, spec wording: the web says it by its text, as VALIDATION). */
  CSV_CELL_RULE: { status: 400, en: '{{column}}: {{message}}' },
  CSV_PUBLISH_WORD: { status: 400, en: 'publish: must be true, false, yes, no, 1 or 0' },
  CSV_UNKNOWN_NAME: { status: 400, en: '{{column}}: unknown {{list}} "{{name}}".' },
  CSV_AMBIGUOUS_NAME: { status: 400, en: '{{column}}: {{n}} {{list}} are named "{{name}}"; give its id instead.' },
  CSV_NOT_A_PRODUCT_ID: { status: 400, en: 'id: "{{id}}" is not a product id.' },
  CSV_NO_SUCH_PRODUCT: { status: 400, en: 'id: no product has the id {{id}}. Leave id empty to add a new product.' },
  CSV_AMBIGUOUS_PRODUCT: { status: 400, en: 'name: {{n}} products are named "{{name}}"; give the id of the one to update.' },
  CSV_ROW_ALREADY_ADDS: { status: 400, en: 'Row {{row}} already adds this product.' },
  CSV_ROW_ALREADY_UPDATES: { status: 400, en: 'Row {{row}} already updates this product.' },
  CSV_IMAGE_NOT_UPLOADED: { status: 400, en: 'image: {{url}} is not an uploaded picture. Upload it first or leave image empty.' },
  CSV_STOCK_NEEDS_EXPECTED: { status: 400, en: 'stock: to change the stock, also fill expected_stock with the stock you exported (now {{n}}).' },
  CSV_STOCK_CHANGED: { status: 400, en: 'stock: the stock changed since the export (now {{n}}). Export again, or set expected_stock to {{n}}.' },
  CSV_STOCK_RACED: { status: 409, en: 'stock: orders changed the stock during the import. Export again.' },

  // Promotions (modules/promotions, issue 22, decision 0059). A voucher that does not apply, in the quote's
  // code_error and as the 400 of an order placed with it (nothing is stored); {{code}} is the code as stored.
  PROMO_UNKNOWN: { status: 400, en: 'There is no voucher with the code {{code}}.' },
  PROMO_NOT_STARTED: { status: 400, en: 'The voucher {{code}} is not active yet.' },
  PROMO_ENDED: { status: 400, en: 'The voucher {{code}} has ended.' },
  PROMO_PAUSED: { status: 400, en: 'The voucher {{code}} is paused.' },
  PROMO_USED_UP: { status: 400, en: 'The voucher {{code}} has been used up.' },
  PROMO_ALREADY_USED: { status: 400, en: 'You have already used the voucher {{code}}.' },
  /** {{needed}}: the taka still to add; {{minimum}}: the voucher's minimum subtotal. */
  PROMO_BELOW_MINIMUM: { status: 400, en: 'Add {{needed}} taka more to use the voucher {{code}} (minimum order {{minimum}} taka).' },
  PROMO_NOT_FOR_THESE_PRODUCTS: { status: 400, en: 'The voucher {{code}} does not apply to the products in your cart.' },
  /** A better offer that does not combine with the voucher already applies; {{offer}} is its name. */
  PROMO_NOT_COMBINABLE: { status: 400, en: 'The voucher {{code}} cannot be combined with the offer "{{offer}}", which saves you more.' },
  // The owner's promotions page. {{field}} names the field; {{what}} is product, category or sub-category.
  PROMOTION_NOT_FOUND: { status: 404, en: 'Promotion not found.' },
  PROMO_CODE_TAKEN: { status: 400, en: '{{field}}: another promotion already has the code {{code}}.' },
  PROMO_SCOPE_UNKNOWN: { status: 400, en: '{{field}}: no {{what}} has the id {{id}}.' },

  // Product options and variants (issue 21, decision 0069). {{field}} names the field of the product form.
  VARIANT_JSON: { status: 400, en: '{{field}} must be a JSON list.' },
  VARIANT_TOO_MANY_OPTIONS: { status: 400, en: '{{field}}: a product has at most {{max}} options.' },
  VARIANT_TOO_MANY: { status: 400, en: '{{field}}: a product has at most {{max}} variants.' },
  VARIANT_OPTION_BLANK: { status: 400, en: '{{field}}: an option name or value cannot be blank.' },
  VARIANT_OPTION_DUPLICATE: { status: 400, en: '{{field}}: two options are named {{option}}.' },
  VARIANT_OPTION_NO_VALUES: { status: 400, en: '{{field}}: the option {{option}} needs at least one value.' },
  VARIANT_VALUE_DUPLICATE: { status: 400, en: '{{field}}: {{option}} has the value {{value}} twice.' },
  VARIANT_NONE: { status: 400, en: '{{field}}: a product with options needs at least one variant.' },
  VARIANT_VALUES_MISMATCH: { status: 400, en: '{{field}}: variant {{n}} must have one value of each option ({{options}}).' },
  VARIANT_COMBINATION_DUPLICATE: { status: 400, en: '{{field}}: two variants are {{label}}.' },
  VARIANT_SKU_DUPLICATE: { status: 400, en: '{{field}}: the SKU {{sku}} is used twice.' },
  VARIANT_SKU_TAKEN: { status: 400, en: '{{field}}: the SKU {{sku}} belongs to another product.' },
  VARIANT_NOT_FOUND: { status: 400, en: '{{field}}: this product has no variant {{id}}.' },
  VARIANT_IMAGE_UNKNOWN: { status: 400, en: '{{field}}: a variant’s picture must be one of the product’s pictures.' },
  /** A client that predates variants edited a product that has them: price, discount and stock are the variants'. */
  VARIANT_FIELDS_PER_VARIANT: { status: 400, en: '{{field}}: this product has variants; set its price, discount and stock per variant.' },
  /** Orders took units of a variant while the form was open (the expectedStock rule, per variant). */
  VARIANT_STOCK_CHANGED: { status: 409, en: 'The stock of {{label}} changed since you opened this product (now {{n}}). Please reload and try again.' },
  /** Adding to the cart or ordering a product of several variants without choosing one; {{options}}: what is still to choose. */
  VARIANT_REQUIRED: { status: 400, en: 'Choose {{options}} of {{name}}.' },
  VARIANT_UNKNOWN: { status: 400, en: 'That choice is not one of the variants of {{name}}.' },

  // COD protection (modules/cod-risk, issue 26, decision 0062). Nothing is placed with any of these.
  COD_BLOCKED: { status: 403, en: 'Cash on delivery is not available for this mobile number. Please pay by bKash instead.' },
  /** The owner's rule asks this guest COD order's mobile to be confirmed: the checkout sends the code and places again with cod_otp. */
  COD_CONFIRM_REQUIRED: { status: 409, en: 'Please confirm your mobile number with the code we send by SMS to place this cash-on-delivery order.' },
  /** Caps on open, unconfirmed COD orders (issue 41, decision 0092). */
  COD_OPEN_MOBILE_CAP: { status: 429, en: 'This mobile number already has cash-on-delivery orders waiting for the shop (at most {{orders}} orders or {{units}} items at a time). Please wait until the shop confirms them, or pay by bKash.' },
  COD_OPEN_ADDRESS_CAP: { status: 429, en: 'Too many cash-on-delivery orders from this connection are waiting for the shop (at most {{orders}} orders or {{units}} items at a time). Please wait until the shop confirms them, or pay by bKash.' },
  INCOMPLETE_CHECKOUT_MOBILE_CAP: { status: 429, en: 'This mobile number already has incomplete checkouts from {{n}} browsers. Please place the order, or try again later.' },
  INCOMPLETE_CHECKOUT_ADDRESS_CAP: { status: 429, en: 'Too many incomplete checkouts from this connection ({{n}}). Please place the order, or try again later.' },
  COD_BLOCK_NOT_FOUND: { status: 404, en: 'That mobile number is not blocked.' },
  INCOMPLETE_CHECKOUT_NOT_FOUND: { status: 404, en: 'That incomplete order is gone (an order was placed, or it was dismissed).' },
  JOB_NOT_FAILED: { status: 404, en: 'No failed job has that id (it was retried already, or it did not fail).' },
  // What the shop shows (issue 27, decision 0077).
  CONSENT_REQUIRED: { status: 400, en: 'Please agree to the terms and the use of your data to place the order.' },
  COMPLAINT_NOT_FOUND: { status: 404, en: 'No complaint has that id.' },
  // Courier settlements (issue 44, decision 0112).
  SETTLEMENT_PAYOUT_NOT_FOUND: { status: 404, en: 'No courier payout has that id.' },
  SETTLEMENT_PARCEL_NOT_FOUND: { status: 404, en: 'No delivered or returned parcel, and no payout line, has that consignment id.' },
  SETTLEMENT_NOT_AN_EXCEPTION: { status: 409, en: 'That parcel is paid in full: there is nothing to resolve.' },
  SETTLEMENT_STEADFAST_OFF: { status: 409, en: 'Steadfast is not set up (STEADFAST_API_KEY and STEADFAST_SECRET_KEY), so its payouts cannot be read.' },
  SETTLEMENT_STEADFAST_FAILED: { status: 502, en: 'Steadfast did not answer for its payouts ({{detail}}). The payouts read before it are kept; try again later.' },
  SETTLEMENT_FILE_REQUIRED: { status: 400, en: 'Choose one payout statement file (CSV or XLSX) to upload (form field "file").' },
  SETTLEMENT_FILE_UNREADABLE: { status: 400, en: 'The statement is not a CSV or XLSX file we can read: {{reason}}' },
  SETTLEMENT_COLUMNS_REQUIRED: { status: 400, en: 'For a generic statement, name the file’s column for each of consignment, collected, delivery charge, COD fee and paid.' },
  SETTLEMENT_COLUMNS_MISSING: { status: 400, en: 'The statement has no column {{columns}}.' },
  SETTLEMENT_TOO_MANY_ROWS: { status: 400, en: 'A statement can have at most {{n}} rows. Split it into smaller files.' },
  SETTLEMENT_PAYOUT_EXISTS: { status: 409, en: 'A payout with the reference {{reference}} is recorded already for this courier.' },
  SETTLEMENT_ROWS_INVALID: { status: 400, en: '{{n}} rows of the statement have errors; nothing was recorded.' },
  SETTLEMENT_CELL_AMOUNT: { status: 400, en: '{{column}}: must be an amount in taka' },
  SETTLEMENT_EXPORT_RANGE: { status: 400, en: 'Choose a period from a start to an end date, at most a year of days or ten years of months.' },
  // Back-in-stock alerts and checkout recovery (issue 45, decisions 0116, 0117).
  STOCK_ALERT_UNKNOWN: { status: 404, en: 'That product or size is not in the shop.' },
  STOCK_ALERT_IN_STOCK: { status: 409, en: 'This is in stock now: you can order it.' },
  STOCK_ALERT_MOBILE_REQUIRED: { status: 400, en: 'Enter the mobile number to text when it is back.' },
  RECOVERY_LINK_INVALID: { status: 404, en: 'This link has expired or is not valid. Your cart may be empty: please add the items again.' },
  RECOVERY_SETTINGS_INVALID: { status: 400, en: 'Give one to three delays in hours, each later than the one before and at most 720 hours (30 days).' },
  // The SMS gateway's forwarded replies (decision 0131): only with the shared secret.
  SMS_INBOUND_UNAUTHORIZED: { status: 401, en: 'The SMS gateway’s secret is missing or wrong.' },
  // Checkout links for chat orders (issue 45, decision 0118).
  CHAT_LINK_NOT_FOUND: { status: 404, en: 'This order link is not valid. Please ask the shop for a new one.' },
  CHAT_LINK_EXPIRED: { status: 409, en: 'This order link has expired. Please ask the shop for a new one.' },
  CHAT_LINK_USED: { status: 409, en: 'This order link was already used to place an order.' },
  CHAT_LINK_STALE: { status: 409, en: 'Prices or stock changed since this link was made. Please ask the shop to refresh it.' },
  CHAT_LINK_NO_MOBILE: { status: 400, en: 'Enter the buyer’s mobile number to text the link.' },
  // Reviews (issue 47, decision 0124).
  REVIEW_NOT_A_BUYER: { status: 403, en: 'Only a buyer whose order of this product was delivered can review it.' },
  REVIEW_NOT_DELIVERED: { status: 409, en: 'You can review this once the order is delivered; it is {{status}}.' },
  REVIEW_EXISTS: { status: 409, en: 'You have already reviewed this item of your order. You can edit that review instead.' },
  REVIEW_EDIT_CLOSED: { status: 409, en: 'A review can be edited for {{days}} days; this one can no longer be changed.' },
  REVIEW_NOT_FOUND: { status: 404, en: 'No review has that id.' },
  REVIEW_PROOF_INVALID: { status: 401, en: 'Your review link or code has expired. Ask for a new code.' },
  REVIEW_TOO_MANY_PHOTOS: { status: 400, en: 'A review can have at most {{n}} photos.' },
  REVIEW_OWN_VOTE: { status: 409, en: 'You cannot mark your own review helpful.' },
  REVIEW_PHOTO_UNKNOWN: { status: 400, en: 'An edit can only keep or remove the review’s own photos.' },
} as const satisfies Record<string, ErrorEntry>;

/**
 * A code's HTTP status and English text. `one` holds the text for a count of one, by the parameter that counts
 * (`one: { left: '… {{left}} try left.' }` beside `en: '… {{left}} tries left.'`), as the web's `t` keeps
 * `key_one` beside `key_other` (decision 0089); errorText chooses by English's plural rules.
 */
interface ErrorEntry {
  status: number;
  en: string;
  one?: Readonly<Record<string, string>>;
}

export type ErrorCode = keyof typeof ERRORS;

/** The {{names}} in a text, as a union of their names. */
type Slots<S extends string> = S extends `${string}{{${infer P}}}${infer Rest}` ? P | Slots<Rest> : never;

/**
 * The parameters a code's text asks for: `ErrorParams<'STOCK_CHANGED'>` is `{ n: string | number }`.
 * A slot may also have a Bangla twin, `name_bn` beside `name` (issue 42): a product's or an option's
 * Bangla as the owner wrote it, which the web says on a Bangla page instead ('' or absent: the slot's own).
 */
export type ErrorParams<C extends ErrorCode> = { [K in Slots<(typeof ERRORS)[C]['en']>]: string | number } & { [K in Slots<(typeof ERRORS)[C]['en']> as `${K}_bn`]?: string };

/** What follows a code in a call: nothing when its text has no {{slot}}, else its parameters. */
export type ErrorArgs<C extends ErrorCode> = [Slots<(typeof ERRORS)[C]['en']>] extends [never] ? [params?: Record<string, never>] : [params: ErrorParams<C>];

/** The English text of a code with its parameters put in: its `one` text where the count it names is one ('1 try left'). */
export function errorText<C extends ErrorCode>(code: C, ...[params]: ErrorArgs<C>): string {
  return englishErrorText(code, params as Record<string, string | number> | undefined);
}

const englishPlurals = new Intl.PluralRules('en');

/** errorText for parameters the code does not type: the server's error envelope and AppError, the CSV rows. */
export function englishErrorText(code: ErrorCode, params: Record<string, string | number> | undefined): string {
  const entry: ErrorEntry = ERRORS[code];
  const counted = entry.one && params ? Object.keys(entry.one).find((name) => Object.hasOwn(params, name) && englishPlurals.select(Number(params[name])) === 'one') : undefined;
  return fill(counted ? entry.one![counted]! : entry.en, params);
}

/** Puts {{name}} parameters into a text; a missing one stays as written. */
export function fill(text: string, params: Record<string, string | number> | undefined): string {
  if (!params) return text;
  return text.replace(/\{\{(\w+)\}\}/g, (slot, name: string) => (name in params ? String(params[name]) : slot));
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}
