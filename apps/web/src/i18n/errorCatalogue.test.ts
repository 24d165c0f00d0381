import { afterEach, describe, expect, it } from 'vitest';
import { ERRORS, errorText, type ErrorCode } from '@haat/shared/errors/catalogue';
import { changeLanguage, type Lang } from './index';
import { ERRORS_BN } from './errors.bn';
import { messagesReady, translateError } from './messages';
import './adminMessages.locales';

/**
 * Issue 42: the WHOLE error catalogue, every code in English and in Bangla, said the way a page says
 * it (translateError, as errorMessage does) with a sample value for each of its {{slots}}: no text may
 * keep a `{{`, nor say `undefined` or `NaN` where a value belonged. (Bangla strings with `{{limit}}`
 * and `{{amount}}` were shown as written: a plain string is never filled.)
 */
const SAMPLES: Record<string, string | number> = {
  reason: 'Invalid Opening Quote: a quote is found on field 2 at line 3',
  reference: 'PA-2026-11',
  field: 'name',
  n: 7,
  name: 'Cotton Panjabi',
  code: 'EID500',
  column: 'price',
  max: 1500,
  min: 1,
  message: 'Name is required',
  what: 'product',
  row: 12,
  limit: 1000,
  amount: 2500,
  spent: 800,
  refunded: 300,
  detail: '2001: Invalid App Key',
  courier: 'Pathao',
  status: 'Delivered',
  state: 'approved',
  id: '64f0c2a1b2c3d4e5f6a7b8c9',
  who: 'The admin',
  from: 'Delivered',
  to: 'Pending',
  allowed: 'Return',
  option: 'Size',
  options: 'Size, Colour',
  value: 'XL',
  list: 'categories',
  units: 10,
  orders: 3,
  trxId: 'TRX0000042',
  sku: 'PJ-XL-RED',
  promotion: 'Eid sale',
  permission: 'orders.manage',
  owner: 'category',
  counted: 'products',
  offer: 'Buy 1 get 1',
  needed: 200,
  minimum: 1000,
  label: 'XL / Red',
  kb: 64,
  mb: 5,
  columns: 'colour',
  known: 'name, price, stock',
  want: 9,
  got: 8,
  values: 'values',
  rowsHave: 'rows have',
  url: 'https://example.com/a.png',
  seconds: 47,
  left: 2,
  formats: 'png, jpeg or webp',
  days: 7,
  date: '2026-12-06',
  consignment: 'DT1234',
};

/** A slot that means something else in one code: CSV_NUL_BYTE's column is the position in the row, not its name. */
const OWN_SAMPLES: Partial<Record<ErrorCode, Record<string, string | number>>> = { CSV_NUL_BYTE: { column: 3 } };

const CODES = Object.keys(ERRORS) as ErrorCode[];
const slotsOf = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!);
const paramsOf = (code: ErrorCode) => Object.fromEntries(slotsOf(ERRORS[code].en).map((slot) => [slot, OWN_SAMPLES[code]?.[slot] ?? SAMPLES[slot]!]));
/** What a page says for the code: the server's envelope carries the English filled in, and the parameters. */
const said = (code: ErrorCode) => {
  const params = paramsOf(code);
  return translateError(code, params, errorText(code as 'INTERNAL', params as Record<string, never>));
};
const UNFILLED = /\{\{|\}\}|undefined|NaN|\[object /;

describe('the whole error catalogue, filled in (issue 42)', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  it('has a sample for every {{slot}} of every code', () => {
    const slots = new Set(CODES.flatMap((code) => slotsOf(ERRORS[code].en)));
    expect([...slots].filter((slot) => !(slot in SAMPLES))).toEqual([]);
    expect(slots.size).toBeGreaterThan(40);
  });

  for (const lang of ['en', 'bn'] as const satisfies readonly Lang[]) {
    it(`says every code in ${lang === 'en' ? 'English' : 'Bangla'} with nothing left to fill`, async () => {
      await changeLanguage(lang);
      await messagesReady();
      const texts = CODES.map((code) => [code, said(code)] as const);
      expect(texts.filter(([, text]) => !text.trim() || UNFILLED.test(text))).toEqual([]);
      if (lang === 'bn') {
        // And each one a person reads is Bangla, not the English sent beside it.
        expect(texts.filter(([code, text]) => ERRORS_BN[code] !== null && text === errorText(code as 'INTERNAL', paramsOf(code) as Record<string, never>))).toEqual([]);
      }
    });
  }

  it('names the refund limit and the amounts in Bangla digits, and the missing permission in Bangla words', async () => {
    await changeLanguage('bn');
    await messagesReady();
    expect(said('REFUND_OVER_LIMIT')).toBe('অর্ডার কর্মীরা ৳১,০০০ পর্যন্ত রিফান্ড করতে পারেন; এই রিফান্ড ৳২,৫০০। মালিক বা ম্যানেজারকে বলুন।');
    expect(said('REFUND_DAILY_OVER_LIMIT')).toContain('৳৮০০ রিফান্ড করেছেন');
    expect(said('REFUND_ORDER_OVER_LIMIT')).toContain('আগেই ৳৩০০ রিফান্ড হয়েছে');
    expect(said('PERMISSION_DENIED')).toBe('আপনার ভূমিকায় এটি করার অনুমতি নেই (অর্ডার পরিচালনা)। মালিক আপনার ভূমিকা বদলে অনুমতি দিতে পারেন।');
    await changeLanguage('en');
    expect(said('PERMISSION_DENIED')).toBe('Your role does not allow this (orders.manage). The Owner can grant it by changing your role.');
  });
});
