import { MAX_DELIVERY_FEE, ORDER_STATUSES } from '@haat/shared/constants';
import { MAX_RETURN_WINDOW_DAYS } from '@haat/shared/returns';
import { formatCount } from '@haat/shared/numerals';
import { AUDIT_MESSAGES } from '@haat/shared/schemas/audit';
import { ALL_FIELDS_REQUIRED, BLANK_DETAIL_NAME, EXPECTED_STOCK_MESSAGE, FILL_REQUIRED_FIELDS } from '@haat/shared/schemas/catalogue';
import { TEXT_LIMITS, tooLong } from '@haat/shared/schemas/limits';
import { MAX_BULK_BOOKING } from '@haat/shared/schemas/courier';
import { MAX_GROUP_WORDS, MAX_SYNONYM_GROUPS, SYNONYM_MESSAGES } from '@haat/shared/schemas/search-synonyms';
import { ADVANCE_MESSAGES, MAX_ADVANCE_FIXED } from '@haat/shared/advance';
import { SHIPS_ON_MESSAGE } from '@haat/shared/schemas/catalogue';
import { COD_MESSAGES, MAX_BLOCK_REASON, MAX_COD_CONFIRM_ABOVE } from '@haat/shared/schemas/cod';
import { DEADLINE_LIMITS, DEADLINE_MESSAGES } from '@haat/shared/schemas/deadlines';
import { MAX_OPTION_VALUES, MAX_OPTIONS, MAX_VARIANTS, OPTION_TEXT_MAX, SKU_MAX, VARIANT_MESSAGES } from '@haat/shared/schemas/variants';
import { JOB_HELD_PAST_LEASE } from '@haat/shared/schemas/jobs';
import { BUSINESS_MESSAGES } from '@haat/shared/schemas/business';
import { COMPLAINT_MESSAGES } from '@haat/shared/complaint-messages';
import { POLICY_LIMITS } from '@haat/shared/policies';
import { SETTLEMENT_MESSAGES } from '@haat/shared/schemas/settlements';
import { registerLocales } from './index';

/**
 * The messages only the admin's requests answer (namespace 'adminMessages'),
 * keyed by their exact English text: the server's replies of the catalogue,
 * order, courier, refund and delivery-settings admin routes, and the shared
 * rules' messages of the admin forms. translateMessage looks a message up here
 * after 'messages'. Only the admin features import this file (each needs
 * it, and a feature never imports another), so it stays in the admin chunks.
 * Errors are not here: they go by code (errors.bn.ts, decision 0052).
 */
const pairs: [en: string, bn: string][] = [
  // Product options and variants (issue 21): the shapes' messages of the product form (schemas/variants.ts).
  [VARIANT_MESSAGES.optionText, `অপশনের নাম বা মান সর্বোচ্চ ${formatCount(OPTION_TEXT_MAX, 'bn')} অক্ষরের হতে পারে`],
  [VARIANT_MESSAGES.sku, `পণ্য কোড সর্বোচ্চ ${formatCount(SKU_MAX, 'bn')} অক্ষরের হতে পারে`],
  [VARIANT_MESSAGES.price, 'ভ্যারিয়েন্টের দাম ১ থেকে ১০,০০,০০,০০০ টাকার মধ্যে পূর্ণ সংখ্যা হতে হবে।'],
  [VARIANT_MESSAGES.stock, 'ভ্যারিয়েন্টের স্টক ০ থেকে ১০,০০,০০০-এর মধ্যে পূর্ণ সংখ্যা হতে হবে।'],
  [VARIANT_MESSAGES.swatch, 'রঙের নমুনা #b22222-এর মতো একটি রং হবে।'],
  [VARIANT_MESSAGES.values, `একটি অপশনে সর্বোচ্চ ${formatCount(MAX_OPTION_VALUES, 'bn')}টি মান থাকতে পারে।`],
  [VARIANT_MESSAGES.options, `একটি পণ্যে সর্বোচ্চ ${formatCount(MAX_OPTIONS, 'bn')}টি অপশন থাকতে পারে।`],
  [VARIANT_MESSAGES.variants, `একটি পণ্যে সর্বোচ্চ ${formatCount(MAX_VARIANTS, 'bn')}টি ভ্যারিয়েন্ট থাকতে পারে।`],
  // Deadlines (issue 27): the server's reply and the shared rules of the form (schemas/deadlines.ts).
  ['Deadlines saved.', 'সময়সীমা সংরক্ষণ হয়েছে।'],
  [DEADLINE_MESSAGES.handoverHours, `কুরিয়ারে দেওয়ার সময় ${formatCount(DEADLINE_LIMITS.handoverHours.min, 'bn')} থেকে ${formatCount(DEADLINE_LIMITS.handoverHours.max, 'bn')} ঘণ্টার মধ্যে পূর্ণ সংখ্যা হবে।`],
  [DEADLINE_MESSAGES.deliveryDays, `ডেলিভারির সময় ${formatCount(DEADLINE_LIMITS.deliveryDays.min, 'bn')} থেকে ${formatCount(DEADLINE_LIMITS.deliveryDays.max, 'bn')} দিনের মধ্যে পূর্ণ সংখ্যা হবে।`],
  [DEADLINE_MESSAGES.insideLonger, 'ঢাকার ভেতরে ডেলিভারির সময় ঢাকার বাইরের চেয়ে বেশি হতে পারে না।'],
  // COD protection (issue 26): server replies and the shared rules of its forms (schemas/cod.ts).
  ['Cash-on-delivery settings saved.', 'ক্যাশ অন ডেলিভারির সেটিংস সংরক্ষণ হয়েছে।'],
  // The partial advance (issue 44, decision 0114).
  [SHIPS_ON_MESSAGE, 'পাঠানোর তারিখ হবে একটি তারিখ (বছর-মাস-দিন), অথবা পণ্য পাঠানোর জন্য তৈরি হলে খালি।'],
  ['Advance settings saved.', 'অগ্রিমের সেটিংস সংরক্ষণ হয়েছে।'],
  [ADVANCE_MESSAGES.kind, 'অগ্রিম হবে কোনোটি নয়, ডেলিভারি চার্জ, শতাংশ বা নির্দিষ্ট পরিমাণ।'],
  [ADVANCE_MESSAGES.who, 'যাঁদের কাছ থেকে: সবার, প্রথমবারের, ঝুঁকিপূর্ণ ক্রেতা বা নির্দিষ্ট দামের বেশি অর্ডার।'],
  [ADVANCE_MESSAGES.percent, 'শতাংশ হবে ১ থেকে ১০০-এর মধ্যে পূর্ণ সংখ্যা।'],
  [ADVANCE_MESSAGES.fixed, `নির্দিষ্ট অগ্রিম হবে ১ থেকে ${formatCount(MAX_ADVANCE_FIXED, 'bn')} টাকার মধ্যে পূর্ণ সংখ্যা।`],
  [ADVANCE_MESSAGES.above, `মোট দামের সীমা ০ থেকে ${formatCount(MAX_ADVANCE_FIXED, 'bn')} টাকার মধ্যে পূর্ণ সংখ্যা হবে।`],
  ['Mobile blocked from cash on delivery.', 'মোবাইল নম্বরটি ক্যাশ অন ডেলিভারি থেকে ব্লক করা হয়েছে।'],
  ['Mobile allowed cash on delivery again.', 'মোবাইল নম্বরটি আবার ক্যাশ অন ডেলিভারি নিতে পারবে।'],
  ['Incomplete order dismissed.', 'অসম্পূর্ণ অর্ডারটি সরানো হয়েছে।'],
  [COD_MESSAGES.mode, 'পদ্ধতি হবে সবসময়, কখনো না, অথবা নিয়ম অনুযায়ী।'],
  [COD_MESSAGES.risk, 'ঝুঁকির মাত্রা হবে বন্ধ, সতর্কতা বা উচ্চ ঝুঁকি।'],
  [COD_MESSAGES.above, `মোট দামের সীমা ০ থেকে ${formatCount(MAX_COD_CONFIRM_ABOVE, 'bn')} টাকার মধ্যে পূর্ণ সংখ্যা হবে, অথবা খালি।`],
  [COD_MESSAGES.reason, 'ব্লক করার একটি কারণ লিখুন।'],
  [COD_MESSAGES.reasonLong, `কারণটি খুব বড় (সর্বোচ্চ ${formatCount(MAX_BLOCK_REASON, 'bn')} অক্ষর)।`],
  // Search synonyms (issue 19): server replies and the shared rules.
  ['Search synonyms saved.', 'সার্চের সমার্থক শব্দ সংরক্ষণ হয়েছে।'],
  ['groups must be a list of word lists.', 'দলগুলো শব্দের তালিকা আকারে দিতে হবে।'],
  [SYNONYM_MESSAGES.oneWord, 'প্রতিটি সমার্থক শব্দ হবে অক্ষর বা সংখ্যার একটি শব্দ, ফাঁকা জায়গা বা যতিচিহ্ন ছাড়া।'],
  [SYNONYM_MESSAGES.twoWords, 'সমার্থক শব্দের প্রতিটি দলে অন্তত দুটি আলাদা শব্দ থাকতে হবে।'],
  [SYNONYM_MESSAGES.oneGroup, 'একটি শব্দ কেবল একটি দলেই থাকতে পারে।'],
  [SYNONYM_MESSAGES.tooManyGroups, `সর্বোচ্চ ${formatCount(MAX_SYNONYM_GROUPS, 'bn')}টি দল রাখা যায়।`],
  [SYNONYM_MESSAGES.tooManyWords, `একটি দলে সর্বোচ্চ ${formatCount(MAX_GROUP_WORDS, 'bn')}টি শব্দ রাখা যায়।`],
  // Promotions (issue 22): server replies and the shared rules of the promotion form (schemas/promotion.ts).
  ['Promotion created.', 'প্রমোশন তৈরি হয়েছে।'],
  ['Promotion saved.', 'প্রমোশন সংরক্ষণ হয়েছে।'],
  ['Promotion paused.', 'প্রমোশন বন্ধ রাখা হয়েছে।'],
  ['Promotion resumed.', 'প্রমোশন আবার চালু হয়েছে।'],
  ['Give the promotion a name.', 'প্রমোশনের একটি নাম দিন।'],
  ['The name is too long.', 'নামটি খুব বড়।'],
  ['The Bangla name is too long.', 'বাংলা নামটি খুব বড়।'],
  ['The code must be 3 to 32 letters, digits, - or _.', 'কোড হবে ৩ থেকে ৩২টি অক্ষর, সংখ্যা, - বা _।'],
  ['value must be a whole number of taka from 0 to 10000000.', 'মান ০ থেকে ১,০০,০০,০০০ টাকার মধ্যে পূর্ণ সংখ্যা হতে হবে।'],
  ['min_subtotal must be a whole number of taka from 0 to 10000000.', 'সর্বনিম্ন সাবটোটাল ০ থেকে ১,০০,০০,০০০ টাকার মধ্যে পূর্ণ সংখ্যা হতে হবে।'],
  ['buy_qty must be a whole number of at least 0.', 'কেনার সংখ্যা শূন্য বা তার বেশি পূর্ণ সংখ্যা হতে হবে।'],
  ['get_qty must be a whole number of at least 0.', 'পাওয়ার সংখ্যা শূন্য বা তার বেশি পূর্ণ সংখ্যা হতে হবে।'],
  ['usage_limit must be a whole number of at least 1.', 'মোট ব্যবহারের সীমা অন্তত ১ হতে হবে।'],
  ['per_customer_limit must be a whole number of at least 1.', 'প্রতি ক্রেতার সীমা অন্তত ১ হতে হবে।'],
  ['starts_at must be a date and time (ISO 8601 with its offset, e.g. 2026-03-30T00:00:00+06:00).', 'শুরুর তারিখ ও সময় দিন।'],
  ['ends_at must be a date and time (ISO 8601 with its offset, e.g. 2026-03-30T00:00:00+06:00).', 'শেষের তারিখ ও সময় দিন।'],
  ['kind must be one of percent, fixed, free_delivery, bxgy.', 'ধরন হবে শতাংশ ছাড়, নির্দিষ্ট টাকা ছাড়, ফ্রি ডেলিভারি বা X কিনলে Y।'],
  ['scope.kind must be one of order, categories, sub_categories, products.', 'প্রযোজ্য ক্ষেত্র হবে পুরো অর্ডার, ক্যাটাগরি, সাব-ক্যাটাগরি বা পণ্য।'],
  ['Each id in the scope must be an id.', 'প্রযোজ্য ক্ষেত্রের প্রতিটি আইডি সঠিক হতে হবে।'],
  ['At most 200 ids in a scope.', 'প্রযোজ্য ক্ষেত্রে সর্বোচ্চ ২০০টি আইডি রাখা যায়।'],
  ['combines must be true or false.', 'অন্য অফারের সাথে চলবে কি না তা বেছে নিন।'],
  ['active must be true or false.', 'চালু কি না তা বেছে নিন।'],
  ['ends_at must be after starts_at.', 'শেষের সময় শুরুর সময়ের পরে হতে হবে।'],
  ['A percent off must be from 1 to 100.', 'শতাংশ ছাড় ১ থেকে ১০০ এর মধ্যে হতে হবে।'],
  ['A buy X get Y takes 1 to 100 percent off the "get" units (100 = free).', 'X কিনলে Y অফারে "পাওয়া" পণ্যে ১ থেকে ১০০ শতাংশ ছাড় হয় (১০০ = ফ্রি)।'],
  ['A fixed amount off must be at least 1 taka.', 'নির্দিষ্ট ছাড় অন্তত ১ টাকা হতে হবে।'],
  ['A fixed amount off cannot be more than the minimum subtotal.', 'নির্দিষ্ট ছাড় সর্বনিম্ন সাবটোটালের বেশি হতে পারে না।'],
  ['A free delivery promotion has value 0.', 'ফ্রি ডেলিভারি প্রমোশনের মান ০।'],
  ['buy_qty must be at least 1.', 'কেনার সংখ্যা অন্তত ১ হতে হবে।'],
  ['get_qty must be at least 1.', 'পাওয়ার সংখ্যা অন্তত ১ হতে হবে।'],
  ['buy_qty and get_qty are for buy X get Y only.', 'কেনার ও পাওয়ার সংখ্যা শুধু X কিনলে Y অফারের জন্য।'],
  ['A whole-order scope lists no ids.', 'পুরো অর্ডারে প্রযোজ্য হলে কোনো আইডি দিতে হয় না।'],
  ['List at least one id in the scope.', 'প্রযোজ্য ক্ষেত্রে অন্তত একটি আইডি দিন।'],
  ['Free delivery applies to the whole order.', 'ফ্রি ডেলিভারি পুরো অর্ডারে প্রযোজ্য।'],
  ['days must be a whole number from 1 to 365.', 'দিন ১ থেকে ৩৬৫ এর মধ্যে পূর্ণ সংখ্যা হতে হবে।'],
  // Catalogue: server replies.
  ['Page must be a number.', 'পাতা অবশ্যই একটি সংখ্যা হতে হবে।'],
  ['Category added.', 'ক্যাটাগরি যোগ হয়েছে।'],
  ['Category updated.', 'ক্যাটাগরি হালনাগাদ হয়েছে।'],
  ['Category deleted.', 'ক্যাটাগরি মুছে ফেলা হয়েছে।'],
  ['Sub-category added.', 'সাব-ক্যাটাগরি যোগ হয়েছে।'],
  ['Sub-category updated.', 'সাব-ক্যাটাগরি হালনাগাদ হয়েছে।'],
  ['Sub-category deleted.', 'সাব-ক্যাটাগরি মুছে ফেলা হয়েছে।'],
  ['Product added.', 'পণ্য যোগ হয়েছে।'],
  ['Product updated.', 'পণ্য হালনাগাদ হয়েছে।'],
  ['Product deleted.', 'পণ্য মুছে ফেলা হয়েছে।'],
  // Catalogue: the shared form rules.
  [ALL_FIELDS_REQUIRED, 'সব ঘর পূরণ করা আবশ্যক'],
  [FILL_REQUIRED_FIELDS, 'অনুগ্রহ করে সব আবশ্যক ঘর পূরণ করুন'],
  [BLANK_DETAIL_NAME, 'ঘরের নাম ফাঁকা রাখা যাবে না'],
  [EXPECTED_STOCK_MESSAGE, 'ফর্ম খোলার সময়ের স্টক অবশ্যই পূর্ণ সংখ্যা হতে হবে।'],
  ['The price is too large.', 'দাম অনেক বেশি।'],
  ['The stock is too large.', 'স্টক অনেক বেশি।'],
  ['Stock cannot be negative.', 'স্টক ঋণাত্মক হতে পারে না।'],
  ['Discount must be a whole percent from 0 to 100.', 'ছাড় অবশ্যই ০ থেকে ১০০-এর মধ্যে পূর্ণ শতাংশ হতে হবে।'],
  ['Provide a categoryId.', 'একটি ক্যাটাগরির আইডি দিন।'],
  ['Provide a subcategoryId.', 'একটি সাব-ক্যাটাগরির আইডি দিন।'],
  ['Provide a productId.', 'একটি পণ্যের আইডি দিন।'],
  [`Choose at most ${TEXT_LIMITS.idList}.`, `সর্বোচ্চ ${formatCount(TEXT_LIMITS.idList, 'bn')}টি বাছাই করুন।`],
  [`At most ${TEXT_LIMITS.detailCount} more details.`, `সর্বোচ্চ ${formatCount(TEXT_LIMITS.detailCount, 'bn')}টি অতিরিক্ত তথ্য।`],
  [tooLong('Name', TEXT_LIMITS.productName), `নাম সর্বোচ্চ ${formatCount(TEXT_LIMITS.productName, 'bn')} অক্ষরের হতে পারে`],
  [tooLong('Name', TEXT_LIMITS.categoryName), `নাম সর্বোচ্চ ${formatCount(TEXT_LIMITS.categoryName, 'bn')} অক্ষরের হতে পারে`],
  [tooLong('Description', TEXT_LIMITS.description), `বিবরণ সর্বোচ্চ ${formatCount(TEXT_LIMITS.description, 'bn')} অক্ষরের হতে পারে`],
  [tooLong('Bangla name', TEXT_LIMITS.productName), `বাংলা নাম সর্বোচ্চ ${formatCount(TEXT_LIMITS.productName, 'bn')} অক্ষরের হতে পারে`],
  [tooLong('Bangla description', TEXT_LIMITS.description), `বাংলা বিবরণ সর্বোচ্চ ${formatCount(TEXT_LIMITS.description, 'bn')} অক্ষরের হতে পারে`],
  [tooLong('Product details', TEXT_LIMITS.productDetails), `পণ্যের বিস্তারিত সর্বোচ্চ ${formatCount(TEXT_LIMITS.productDetails, 'bn')} অক্ষরের হতে পারে`],
  [tooLong('Bangla product details', TEXT_LIMITS.productDetails), `বাংলায় পণ্যের বিস্তারিত সর্বোচ্চ ${formatCount(TEXT_LIMITS.productDetails, 'bn')} অক্ষরের হতে পারে`],
  [tooLong('Unit', TEXT_LIMITS.unit), `একক সর্বোচ্চ ${formatCount(TEXT_LIMITS.unit, 'bn')} অক্ষরের হতে পারে`],
  [tooLong('A field name', TEXT_LIMITS.detailName), `ঘরের নাম সর্বোচ্চ ${formatCount(TEXT_LIMITS.detailName, 'bn')} অক্ষরের হতে পারে`],
  [tooLong('A field value', TEXT_LIMITS.detailValue), `ঘরের লেখা সর্বোচ্চ ${formatCount(TEXT_LIMITS.detailValue, 'bn')} অক্ষরের হতে পারে`],

  // Orders: server replies of the admin routes.
  ['Status updated successfully', 'অবস্থা সফলভাবে হালনাগাদ হয়েছে'],
  // Returns and refunds (issue 27): the owner's steps and their rules.
  ['Return updated.', 'ফেরত হালনাগাদ হয়েছে।'],
  ['Items received.', 'পণ্য গ্রহণ করা হয়েছে।'],
  ['Refund recorded.', 'রিফান্ড লেখা হয়েছে।'],
  ['Closed: nothing is owed.', 'বন্ধ করা হয়েছে: কিছু পাওনা নেই।'],
  ['Say why nothing is owed.', 'কেন কিছু পাওনা নেই তা লিখুন।'],
  ['The note is too long (at most 255 characters).', 'নোটটি খুব বড় (সর্বোচ্চ ২৫৫ অক্ষর)।'],
  ['Return window saved.', 'ফেরতের সময় সংরক্ষিত।'],
  ['Give the reason for rejecting.', 'প্রত্যাখ্যানের কারণ লিখুন।'],
  ['Choose how the parcel is picked up.', 'পণ্য কীভাবে সংগ্রহ হবে, বাছুন।'],
  ['Choose how the money goes back.', 'টাকা কীভাবে ফেরত যাবে, বাছুন।'],
  ['Enter the transaction ID of the money sent back.', 'ফেরত পাঠানো টাকার ট্রানজেকশন আইডি দিন।'],
  ['The amount must be whole taka.', 'পরিমাণ পূর্ণ টাকায় হতে হবে।'],
  ['The amount must be at least ৳1.', 'পরিমাণ অন্তত ৳১ হতে হবে।'],
  ['A cancel reason goes only with Cancel.', 'বাতিলের কারণ শুধু বাতিলের সাথেই দেওয়া যায়।'],
  [`The return window must be a whole number of days from 0 to ${MAX_RETURN_WINDOW_DAYS}.`, `ফেরতের সময় ০ থেকে ${formatCount(MAX_RETURN_WINDOW_DAYS, 'bn')}-এর মধ্যে পূর্ণ দিন হতে হবে।`],
  ['Order deleted', 'অর্ডার মুছে ফেলা হয়েছে'],
  [`Status must be one of ${ORDER_STATUSES.join(', ')}.`, 'অবস্থা অবশ্যই অপেক্ষমাণ, ডেলিভারি হয়েছে, বাতিল, গৃহীত বা ফেরতের একটি হতে হবে।'],
  // Orders: the phone order and print rules.
  ["Enter the buyer's name", 'ক্রেতার নাম লিখুন'],
  ['Name is too long', 'নাম অনেক লম্বা'],
  ['Add at least one product.', 'অন্তত একটি পণ্য যোগ করুন।'],
  ['Too many items in one order.', 'এক অর্ডারে অনেক বেশি পণ্য।'],
  ['Select a method', 'একটি পদ্ধতি বাছাই করুন'],
  ['Transaction ID is too long', 'ট্রানজ্যাকশন আইডি অনেক লম্বা'],
  ['Note is too long', 'নোট অনেক লম্বা'],
  ['Choose at least one order.', 'অন্তত একটি অর্ডার বাছাই করুন।'],
  ['Unknown order id.', 'অজানা অর্ডার আইডি।'],
  ['Print at most 100 orders at once.', 'একবারে সর্বোচ্চ ১০০টি অর্ডার প্রিন্ট করুন।'],
  // Refunds (bKash).
  ['Refund completed', 'রিফান্ড সম্পন্ন হয়েছে'],
  ['Refund owed: send it from the shop’s wallet and record it on the order.', 'রিফান্ড বাকি: দোকানের ওয়ালেট থেকে টাকা পাঠিয়ে অর্ডারে লিখে রাখুন।'],
  ['Please give a reason for the refund.', 'অনুগ্রহ করে রিফান্ডের কারণ লিখুন।'],
  ['The refund limit must be a whole number of taka from 0 to 10,000,000.', 'রিফান্ড সীমা ০ থেকে ১,০০,০০,০০০ টাকার মধ্যে একটি পূর্ণ সংখ্যা হতে হবে।'],
  ['Give an e-mail or a mobile number, not both.', 'একটি ই-মেইল অথবা একটি মোবাইল নম্বর দিন, দুটো একসাথে নয়।'],
  ['Refund limit saved.', 'রিফান্ড সীমা সংরক্ষণ হয়েছে।'],
  ['The reason is too long (at most 255 characters).', 'কারণটি অনেক লম্বা (সর্বোচ্চ ২৫৫ অক্ষর)।'],
  ['The reason cannot contain <, > or &.', 'কারণে <, > বা & থাকতে পারবে না।'],
  // Courier booking.
  ['Courier booked.', 'কুরিয়ার বুক হয়েছে।'],
  ['Pathao needs a city and a zone.', 'পাঠাওয়ের জন্য শহর ও জোন দরকার।'],
  ['Choose a courier: steadfast, pathao or redx.', 'একটি কুরিয়ার বাছাই করুন: Steadfast, Pathao বা RedX।'],
  ['Choose the orders to book.', 'বুক করার অর্ডারগুলো বাছাই করুন।'],
  ['Couriers by district saved.', 'জেলা অনুযায়ী কুরিয়ার সংরক্ষণ হয়েছে।'],
  ['Choose a district or a zone.', 'একটি জেলা বা জোন বাছাই করুন।'],
  ['At most one rule per district and zone.', 'প্রতিটি জেলা ও জোনের জন্য সর্বোচ্চ একটি নিয়ম।'],
  ['Each district or zone may have one courier only.', 'প্রতিটি জেলা বা জোনের জন্য কেবল একটি কুরিয়ার।'],
  [`At most ${MAX_BULK_BOOKING} orders at a time.`, `একবারে সর্বোচ্চ ${formatCount(MAX_BULK_BOOKING, 'bn')}টি অর্ডার।`],
  // Delivery settings.
  ['Shipping Cost Updated Successfully.', 'ডেলিভারি খরচ সফলভাবে হালনাগাদ হয়েছে।'],
  ['Nothing was updated.', 'কিছুই হালনাগাদ হয়নি।'],
  ...feeMessages('Inside Dhaka amount', 'ঢাকার ভেতরের খরচ'),
  ...feeMessages('Outside Dhaka amount', 'ঢাকার বাইরের খরচ'),
  ['Free delivery must be on or off', 'ফ্রি ডেলিভারি চালু বা বন্ধ থাকতে হবে'],
  // Staff management (issue 28).
  ['Invitation sent.', 'আমন্ত্রণ পাঠানো হয়েছে।'],
  ['Job queued again.', 'কাজটি আবার সারিতে দেওয়া হয়েছে।'],
  ['Staff member updated.', 'কর্মীর তথ্য হালনাগাদ হয়েছে।'],
  ['Sign-in code e-mailed.', 'সাইন-ইন কোড ই-মেইলে পাঠানো হয়েছে।'],
  ['Send a role or a status.', 'একটি ভূমিকা বা অবস্থা পাঠান।'],
  // What the shop shows (issue 27, decision 0077): business details, policy pages, complaints.
  ['Business details saved.', 'ব্যবসার তথ্য সংরক্ষিত হয়েছে।'],
  [BUSINESS_MESSAGES.tradeLicence, 'ট্রেড লাইসেন্স নম্বরে শুধু অক্ষর, অঙ্ক, "-" ও "/" থাকতে পারে (সর্বোচ্চ ৪০)।'],
  [BUSINESS_MESSAGES.dbid, 'ডিবিআইডিতে শুধু অক্ষর, অঙ্ক ও "-" থাকতে পারে (সর্বোচ্চ ৩০)।'],
  [BUSINESS_MESSAGES.bin, 'বিআইএন ১৩ অঙ্কের হতে হবে।'],
  [BUSINESS_MESSAGES.address, 'ব্যবসার ঠিকানা খুব বড় (সর্বোচ্চ ৩০০ অক্ষর)।'],
  [BUSINESS_MESSAGES.addressBn, 'ব্যবসার বাংলা ঠিকানা খুব বড় (সর্বোচ্চ ৩০০ অক্ষর)।'],
  [BUSINESS_MESSAGES.vatRate, 'ভ্যাটের হার ০ থেকে ১০০ শতাংশ, সর্বোচ্চ এক দশমিক ঘর (যেমন ১৫ বা ৭.৫)।'],
  ['Page saved.', 'পাতাটি সংরক্ষিত হয়েছে।'],
  ...policyMessages('English', 'ইংরেজি'),
  ...policyMessages('Bangla', 'বাংলা'),
  ['Marked as acted on.', 'ব্যবস্থা নেওয়া হয়েছে বলে চিহ্নিত।'],
  [COMPLAINT_MESSAGES.note, 'নোটটি খুব বড় (সর্বোচ্চ ৫০০ অক্ষর)।'],
  // The audit log's filters (issue 28, decision 0065; schemas/audit.ts).
  [AUDIT_MESSAGES.person, 'ব্যক্তি হতে হবে একজন কর্মীর আইডি।'],
  [AUDIT_MESSAGES.kind, 'ধরনটি তালিকা থেকে বেছে নিন।'],
  [AUDIT_MESSAGES.from, 'শুরুর তারিখ দিন (বছর-মাস-দিন)।'],
  [AUDIT_MESSAGES.to, 'শেষের তারিখ দিন (বছর-মাস-দিন)।'],
  [AUDIT_MESSAGES.order, 'শেষের তারিখ শুরুর তারিখের আগে হতে পারে না।'],
  [AUDIT_MESSAGES.page, 'পৃষ্ঠা হতে হবে ১ বা তার বেশি পূর্ণ সংখ্যা।'],
  // A failed job's last error the shop itself wrote (decision 0106); a provider's own error stays as it sent it.
  [JOB_HELD_PAST_LEASE, 'চালানো হয়নি: আগের কাজগুলোর পেছনে অপেক্ষায় থেকে সময়সীমার অর্ধেক পেরিয়ে গেছে'],
  // Courier settlements (issue 44): the server's replies and the shared rules (schemas/settlements.ts).
  ['Exception resolved.', 'গরমিলের মীমাংসা রাখা হয়েছে।'],
  ['Rate card saved.', 'রেট কার্ড সংরক্ষণ হয়েছে।'],
  ['Steadfast payouts read.', 'স্টেডফাস্টের পেআউট পড়া হয়েছে।'],
  ['Payout statement recorded.', 'পেআউট স্টেটমেন্ট রাখা হয়েছে।'],
  ['Statement checked: nothing recorded yet.', 'স্টেটমেন্ট যাচাই হয়েছে: এখনো কিছু রাখা হয়নি।'],
  [SETTLEMENT_MESSAGES.courier, 'কুরিয়ার হবে স্টেডফাস্ট, পাঠাও বা স্যান্ডবক্স।'],
  [SETTLEMENT_MESSAGES.zone, 'এলাকা হবে ঢাকার ভেতরে বা বাইরে।'],
  [SETTLEMENT_MESSAGES.charge, 'চার্জ ০ থেকে ৫,০০০ টাকার মধ্যে পূর্ণ সংখ্যা হবে।'],
  [SETTLEMENT_MESSAGES.codFee, 'সিওডি ফি শতাংশের দশমাংশে ০ থেকে ১০০ (০–১০ %) হবে।'],
  [SETTLEMENT_MESSAGES.note, '১ থেকে ৫০০ অক্ষরের একটি নোট লিখুন।'],
  [SETTLEMENT_MESSAGES.consignment, 'কনসাইনমেন্ট হবে কুরিয়ারের কনসাইনমেন্ট আইডি।'],
  [SETTLEMENT_MESSAGES.format, 'স্টেটমেন্ট হবে পাঠাওয়ের এক্সপোর্ট বা সাধারণ সিএসভি।'],
  [SETTLEMENT_MESSAGES.reference, 'স্টেটমেন্টের রেফারেন্স ১ থেকে ১০০ অক্ষরের হবে।'],
  [SETTLEMENT_MESSAGES.column, 'কনসাইনমেন্ট, আদায়, ডেলিভারি চার্জ, সিওডি ফি ও পরিশোধ — প্রতিটির জন্য ফাইলের কলামের নাম দিন।'],
  [SETTLEMENT_MESSAGES.date, 'পেআউটের তারিখ হবে বছর-মাস-দিন।'],
  ['period must be daily or monthly.', 'সময় হবে দৈনিক বা মাসিক।'],
];

/** The messages of the shared policy-page rule for one language (@haat/shared/policies). */
function policyMessages(label: string, bn: string): [string, string][] {
  const { title, body } = POLICY_LIMITS;
  return [
    [`Enter the ${label} title.`, `${bn} শিরোনাম লিখুন।`],
    [`The ${label} title is too long (at most ${title} characters).`, `${bn} শিরোনামটি খুব বড় (সর্বোচ্চ ${formatCount(title, 'bn')} অক্ষর)।`],
    [`Enter the ${label} text.`, `${bn} লেখা দিন।`],
    [`The ${label} text is too long (at most ${body} characters).`, `${bn} লেখাটি খুব বড় (সর্বোচ্চ ${formatCount(body, 'bn')} অক্ষর)।`],
  ];
}

/** The messages of the shared delivery-fee rule for one fee. */
function feeMessages(label: string, bn: string): [string, string][] {
  return [
    [`${label} is required`, `${bn} দেওয়া আবশ্যক`],
    [`${label} must be a whole number of taka`, `${bn} অবশ্যই টাকার পূর্ণ সংখ্যা হতে হবে`],
    [`${label} cannot be negative`, `${bn} ঋণাত্মক হতে পারে না`],
    [`${label} is too large (at most ${MAX_DELIVERY_FEE})`, `${bn} অনেক বেশি (সর্বোচ্চ ${formatCount(MAX_DELIVERY_FEE, 'bn')})`],
  ];
}

const en: Record<string, string> = Object.fromEntries(pairs.map(([text]) => [text, text]));

export const ADMIN_MESSAGES_NS = registerLocales('adminMessages', { en, bn: Object.fromEntries(pairs) });
