import { afterEach, describe, expect, it } from 'vitest';
import { ERRORS, errorText, type ErrorCode } from '@haat/shared/errors/catalogue';
import { ApiError, errorMessage, failureOf } from '@/lib/api';
import { changeLanguage } from './index';
import { ERRORS_BN } from './errors.bn';
import { translateError, translateMessage } from './messages';
import './adminMessages.locales';

afterEach(async () => {
  await changeLanguage('en');
});

/** An error envelope as the server sends it (decision 0052). */
const envelope = (code: ErrorCode, params: Record<string, string | number> = {}) => ({
  success: false,
  error: true,
  code,
  params,
  message: errorText(code as 'INTERNAL', params as Record<string, never>),
  data: null,
});
const said = (code: ErrorCode, params: Record<string, string | number> = {}) => errorMessage(failureOf(ERRORS[code].status, envelope(code, params)));

describe('errors by code', () => {
  it('says the errors with a count or a name in Bangla, with Bengali digits (they were regular expressions)', async () => {
    await changeLanguage('bn');
    expect(said('CATEGORY_IN_USE', { owner: 'category', n: 3, counted: 'products' })).toBe('এই ক্যাটাগরিতে ৩টি পণ্য আছে। আগে সেগুলো সরান বা মুছে ফেলুন।');
    expect(said('CATEGORY_IN_USE', { owner: 'category', n: 1, counted: 'sub-category' })).toBe('এই ক্যাটাগরিতে ১টি সাব-ক্যাটাগরি আছে। আগে সেগুলো সরান বা মুছে ফেলুন।');
    expect(said('CATEGORY_IN_USE', { owner: 'sub-category', n: 12, counted: 'products' })).toBe('এই সাব-ক্যাটাগরিতে ১২টি পণ্য আছে। আগে সেগুলো সরান বা মুছে ফেলুন।');
    expect(said('FILE_TOO_LARGE', { mb: 5 })).toBe('প্রতিটি ফাইল সর্বোচ্চ ৫ MB হতে পারে।');
    expect(said('TOO_MANY_FILES', { n: 10 })).toBe('সর্বোচ্চ ১০টি ফাইল পাঠানো যায়।');
    expect(said('BKASH_REFUSED', { detail: '2001: Invalid App Key' })).toBe('বিকাশ পেমেন্ট শুরু করা যায়নি (2001: Invalid App Key)। আবার চেষ্টা করুন।');
    expect(said('TOO_MANY_IMAGES', { n: 10 })).toBe('একটি পণ্যের সর্বোচ্চ ১০টি ছবি থাকতে পারে।');
    expect(said('STOCK_CHANGED', { n: 7 })).toBe('পণ্যটি খোলার পর স্টক বদলেছে (এখন ৭)। পাতাটি আবার লোড করে চেষ্টা করুন।');
    expect(said('CART_QUANTITY_CAP', { n: 5, name: 'Rice' })).toBe('কার্টে Rice সর্বোচ্চ ৫টি রাখা যায়।');
    expect(said('ORDER_QUANTITY_OVER_STOCK', { n: 20, name: 'Rice' })).toBe('Rice সর্বোচ্চ ২০টি অর্ডার করা যায়।');
    expect(said('NOT_ENOUGH_STOCK', { name: 'Rice' })).toBe('Rice যথেষ্ট মজুত নেই।');
    expect(said('OUT_OF_STOCK', { name: 'Rice' })).toBe('Rice স্টকে নেই।');
    expect(said('CSV_TOO_MANY_ROWS', { max: 10000, row: 10002 })).toBe('ফাইলে ১০,০০০টির বেশি পণ্যের সারি আছে (সারি ১০,০০২)। ফাইলটি কয়েকটি ছোট ফাইলে ভাগ করুন।');
    expect(errorMessage(failureOf(502, null))).toBe('অনুরোধটি ব্যর্থ হয়েছে (৫০২)।');
  });

  it("names a product in the page's language: its Bangla twin (name_bn) in Bangla, the English name in English (issue 42)", async () => {
    const kurta = { name: 'Cotton Kurta (Size: L, Colour: Red)', name_bn: 'সুতি কুর্তা (সাইজ: এল, রং: লাল)' };
    expect(said('CART_QUANTITY_CAP', { n: 2, ...kurta })).toBe('You can have at most 2 of Cotton Kurta (Size: L, Colour: Red) in your cart.');
    expect(said('VARIANT_REQUIRED', { options: 'Size and Colour', options_bn: 'সাইজ ও রং', name: 'Cotton Kurta', name_bn: 'সুতি কুর্তা' })).toBe('Choose Size and Colour of Cotton Kurta.');
    await changeLanguage('bn');
    expect(said('CART_QUANTITY_CAP', { n: 2, ...kurta })).toBe('কার্টে সুতি কুর্তা (সাইজ: এল, রং: লাল) সর্বোচ্চ ২টি রাখা যায়।');
    expect(said('NOT_ENOUGH_STOCK', kurta)).toBe('সুতি কুর্তা (সাইজ: এল, রং: লাল) যথেষ্ট মজুত নেই।');
    expect(said('VARIANT_REQUIRED', { options: 'Size and Colour', options_bn: 'সাইজ ও রং', name: 'Cotton Kurta', name_bn: 'সুতি কুর্তা' })).toBe('সুতি কুর্তা-এর সাইজ ও রং বেছে নিন।');
    // No Bangla name (''): the English one, as everywhere on the page.
    expect(said('OUT_OF_STOCK', { name: 'Steel Mug', name_bn: '' })).toBe('Steel Mug স্টকে নেই।');
  });

  it('says a fixed error in Bangla, and leaves every error as sent in English', async () => {
    expect(said('STOCK_CHANGED', { n: 7 })).toBe('The stock changed since you opened this product (now 7). Please reload and try again.');
    expect(errorMessage(failureOf(502, null))).toBe('Request failed (502).');
    await changeLanguage('bn');
    expect(said('SESSION_ENDED')).toBe('আপনার সেশন শেষ হয়েছে। আবার লগইন করুন।');
    // A machine-only answer stays as sent.
    expect(said('NO_SUCH_ROUTE')).toBe('No such API route.');
  });

  it("translates a schema's refusal (VALIDATION) by the spec's text, and a plugin's 4xx likewise", async () => {
    await changeLanguage('bn');
    const v = { success: false, error: true, code: 'VALIDATION', params: { message: 'Mobile number must be exactly 11 digits', field: 'mobile' }, message: 'Mobile number must be exactly 11 digits', data: null };
    expect(errorMessage(failureOf(400, v))).toBe('মোবাইল নম্বর ঠিক ১১ সংখ্যার হতে হবে');
    expect(translateError('HTTP_ERROR', { message: 'Something new from a plugin.' }, 'Something new from a plugin.')).toBe('Something new from a plugin.');
  });

  it('exposes the code and its parameters on ApiError', () => {
    const err = failureOf(409, envelope('STOCK_CHANGED', { n: 7 }));
    expect(err).toBeInstanceOf(ApiError);
    expect({ code: err.code, params: err.params, message: err.message, fromServer: err.fromServer }).toEqual({
      code: 'STOCK_CHANGED',
      params: { n: 7 },
      message: 'The stock changed since you opened this product (now 7). Please reload and try again.',
      fromServer: true,
    });
  });

  it('a server without codes: a fixed English error is still found by its text; one with a number stays English', async () => {
    await changeLanguage('bn');
    expect(errorMessage(failureOf(401, { success: false, error: true, message: 'Your session has ended. Please log in again.' }))).toBe('আপনার সেশন শেষ হয়েছে। আবার লগইন করুন।');
    expect(translateMessage('Something new from the server.')).toBe('Something new from the server.');
  });

  it('has Bangla for every code a person reads (the type demands an entry; null only for machine answers)', () => {
    const shownAsSent = (Object.keys(ERRORS_BN) as ErrorCode[]).filter((code) => ERRORS_BN[code] === null);
    expect(shownAsSent.sort()).toEqual(['HTTP_ERROR', 'MULTIPART_REQUIRED', 'NO_SUCH_ROUTE', 'SITEMAP_NOT_FOUND', 'SMS_INBOUND_UNAUTHORIZED', 'VALIDATION', 'WEBHOOK_CONSIGNMENT_REQUIRED', 'WEBHOOK_STATUS_REQUIRED']);
    expect(Object.keys(ERRORS_BN).sort()).toEqual(Object.keys(ERRORS).sort());
  });
});
