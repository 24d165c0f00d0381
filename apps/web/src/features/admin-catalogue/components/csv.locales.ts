import { formatCount } from '@/i18n/format';
import { PRODUCT_CSV_COLUMNS } from '@haat/shared/schemas/catalogue-csv';
import { i18n, registerLocales } from '@/i18n';
import { translateMessage } from '@/i18n/messages';

/** Texts of the catalogue CSV export and import on the products admin page (issue 14). */
const en = {
  export: 'Export CSV',
  exporting: 'Exporting…',
  import: 'Import CSV',
  hint: 'Columns as in the export. Rows with an id update that product, rows without one update the product of that name or add a new one.',
  checking: 'Checking {{file}}…',
  result: 'Import check',
  summary: 'Dry run of {{file}}: {{created}} to create, {{updated}} to update, {{unchanged}} unchanged.',
  errors: 'Rows with errors: {{count}}. Fix them in the file and choose it again; nothing is imported while any row is bad.',
  noErrors: 'No errors. Apply the import to write these changes.',
  row: 'Row',
  problem: 'Problem',
  apply: 'Apply import',
  applying: 'Importing…',
  cancel: 'Cancel',
  done: 'Imported: {{created}} created, {{updated}} updated, {{unchanged}} unchanged.',
};

export const CATALOGUE_CSV_NS = registerLocales('catalogueCsv', {
  en,
  bn: {
    export: 'CSV এক্সপোর্ট',
    exporting: 'এক্সপোর্ট হচ্ছে…',
    import: 'CSV ইমপোর্ট',
    hint: 'কলামগুলো এক্সপোর্টের মতোই। id থাকা সারি সেই পণ্যটি হালনাগাদ করে; id ছাড়া সারি একই নামের পণ্যটি হালনাগাদ করে, না থাকলে নতুন পণ্য যোগ করে।',
    checking: '{{file}} যাচাই করা হচ্ছে…',
    result: 'ইমপোর্ট যাচাই',
    summary: '{{file}}-এর পরীক্ষামূলক যাচাই: {{created}}টি নতুন তৈরি হবে, {{updated}}টি হালনাগাদ হবে, {{unchanged}}টি অপরিবর্তিত।',
    errors: 'ভুল থাকা সারি: {{count}}টি। ফাইলে সেগুলো ঠিক করে আবার বেছে নিন; কোনো সারিতে ভুল থাকলে কিছুই ইমপোর্ট হয় না।',
    noErrors: 'কোনো ভুল নেই। এই পরিবর্তনগুলো সংরক্ষণ করতে ইমপোর্ট প্রয়োগ করুন।',
    row: 'সারি',
    problem: 'সমস্যা',
    apply: 'ইমপোর্ট প্রয়োগ করুন',
    applying: 'ইমপোর্ট হচ্ছে…',
    cancel: 'বাতিল',
    done: 'ইমপোর্ট সম্পন্ন: {{created}}টি তৈরি, {{updated}}টি হালনাগাদ, {{unchanged}}টি অপরিবর্তিত।',
  },
});

/**
 * The import's own messages in Bangla (decision 0047): the file-level refusals
 * (400) and each bad row's "column: rule". They carry a row, a count or a name,
 * so they are patterns; they travel with this admin screen.
 */
const n = (digits: string) => formatCount(Number(digits));
const LIST_BN: Record<string, string> = { categories: 'ক্যাটাগরি', 'sub-categories': 'সাব-ক্যাটাগরি' };
const RULES: [RegExp, (m: string[]) => string][] = [
  [/^must not be empty$/, () => 'খালি রাখা যাবে না'],
  [/^must be a whole number$/, () => 'একটি পূর্ণ সংখ্যা হতে হবে'],
  [/^must be (\d+) or more$/, ([v]) => `${n(v!)} বা তার বেশি হতে হবে`],
  [/^must be (\d+) or less$/, ([v]) => `${n(v!)} বা তার কম হতে হবে`],
  [/^must be at most (\d+) characters$/, ([v]) => `সর্বোচ্চ ${n(v!)} অক্ষর হতে পারে`],
  [/^must be true, false, yes, no, 1 or 0$/, () => 'true, false, yes, no, 1 বা 0 হতে হবে'],
  [/^unknown (categories|sub-categories) "(.+)"\.$/, ([list, name]) => `"${name}" নামে কোনো ${LIST_BN[list!]} নেই।`],
  [/^(\d+) (categories|sub-categories) are named "(.+)"; give its id instead\.$/, ([v, list, name]) => `"${name}" নামে ${n(v!)}টি ${LIST_BN[list!]} আছে; নামের বদলে আইডি দিন।`],
  [/^"(.+)" is not a product id\.$/, ([id]) => `"${id}" কোনো পণ্যের আইডি নয়।`],
  [/^no product has the id (.+)\. Leave id empty to add a new product\.$/, ([id]) => `${id} আইডির কোনো পণ্য নেই। নতুন পণ্য যোগ করতে id খালি রাখুন।`],
  [/^(\d+) products are named "(.+)"; give the id of the one to update\.$/, ([v, name]) => `"${name}" নামে ${n(v!)}টি পণ্য আছে; যেটি হালনাগাদ করবেন তার আইডি দিন।`],
  [/^(\/\S+) is not an uploaded picture\. Upload it first or leave image empty\.$/, ([url]) => `${url} আপলোড করা কোনো ছবি নয়। আগে ছবিটি আপলোড করুন বা image খালি রাখুন।`],
  [/^to change the stock, also fill expected_stock with the stock you exported \(now (\d+)\)\.$/, ([v]) => `স্টক বদলাতে expected_stock-এ এক্সপোর্ট করা স্টকটিও দিন (এখন ${n(v!)})।`],
  [/^the stock changed since the export \(now (\d+)\)\. Export again, or set expected_stock to (\d+)\.$/, ([v, w]) => `এক্সপোর্টের পর স্টক বদলেছে (এখন ${n(v!)})। আবার এক্সপোর্ট করুন, অথবা expected_stock ${n(w!)} দিন।`],
];
function ruleInBangla(rule: string): string {
  for (const [pattern, bangla] of RULES) {
    const m = pattern.exec(rule);
    if (m) return bangla(m.slice(1));
  }
  return translateMessage(rule); // a shared schema's own message (image paths, at most 10 images…)
}

/** A bad row's message in the page's language (the file-level refusals come as error codes, decision 0052). */
const ROW_MESSAGES: [RegExp, (m: string[]) => string][] = [
  [/^Row (\d+) has (\d+) values?; the header has (\d+)\. Every row needs one value per column\.$/, ([row, got, want]) => `সারি ${n(row!)}-এ ${n(got!)}টি মান আছে, শিরোনামে ${n(want!)}টি কলাম। প্রতিটি সারিতে প্রতিটি কলামের একটি করে মান লাগবে।`],
  [/^Row (\d+) already (adds|updates) this product\.$/, ([row, verb]) => `সারি ${n(row!)} এই পণ্যটি আগেই ${verb === 'adds' ? 'যোগ করে' : 'হালনাগাদ করে'}।`],
  [new RegExp(`^(${PRODUCT_CSV_COLUMNS.join('|')}): (.+)$`), ([column, rule]) => `${column}: ${ruleInBangla(rule!)}`],
];
export function translateCsvRowMessage(message: string): string {
  if (i18n.resolvedLanguage !== 'bn') return message;
  for (const [pattern, bangla] of ROW_MESSAGES) {
    const m = pattern.exec(message);
    if (m) return bangla(m.slice(1));
  }
  return translateMessage(message);
}

/** The English texts' shape, for i18next's typed keys (src/i18next.d.ts). */
export type Texts = typeof en;
