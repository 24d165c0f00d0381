import { registerLocales } from '@/i18n';

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
    export: 'সিএসভি এক্সপোর্ট',
    exporting: 'এক্সপোর্ট হচ্ছে…',
    import: 'সিএসভি ইমপোর্ট',
    hint: 'কলামগুলো এক্সপোর্টের মতোই। আইডি থাকা সারি সেই পণ্যটি হালনাগাদ করে; আইডি ছাড়া সারি একই নামের পণ্যটি হালনাগাদ করে, না থাকলে নতুন পণ্য যোগ করে।',
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
