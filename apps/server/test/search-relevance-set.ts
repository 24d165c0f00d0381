/**
 * What a shopper in Bangladesh types into the demo shop's search, and the
 * products a person expects to see for it (issue 19, decision 0049): English,
 * Bangla, Banglish and typos. A query passes when one of the first three
 * products answered is relevant.
 *
 * Relevance is written from what the words mean, never copied from what the
 * engine answers: `expect` is matched against a product's English and Bangla
 * names together, so a product counts whichever language names it (branch
 * work that adds Bangla names keeps the set valid).
 */
export interface RelevanceCase {
  query: string;
  /** Who types it: English, Bangla (বাংলা), Banglish (Bangla in Latin letters) or a typo. */
  kind: 'english' | 'bangla' | 'banglish' | 'typo';
  /** A product is relevant when its "name name_bn" matches. */
  expect: RegExp;
}

const ATTA = /\batta\b|আটা/i;
const SAREE = /\bsaree\b|শাড়ি/i;
const PANJABI = /\bpanjabi\b|পাঞ্জাবি/i;
const LUNGI = /\blungi\b|লুঙ্গি/i;
const MOSQUITO_NET = /mosquito net|মশারি/i;
const UMBRELLA = /umbrella|ছাতা/i;
const WATCH = /\bwatch\b|ঘড়ি/i;
const TEA = /\btea\b(?! cup| set)/i;
const CURD = /\bcurd\b|দই/i;
const LANTERN = /lantern|ফানুস/i;
const KANTHA = /\bkantha\b|কাঁথা/i;
const JAMDANI = /jamdani|জামদানি/i;
const ATTAR = /\battar\b|আতর/i;
const TV = /\btv\b|television|টিভি/i;

export const RELEVANCE_SET: RelevanceCase[] = [
  // English
  { query: 'atta', kind: 'english', expect: ATTA },
  { query: 'flour', kind: 'english', expect: ATTA },
  { query: 'saree', kind: 'english', expect: SAREE },
  { query: 'sari', kind: 'english', expect: SAREE },
  { query: 'panjabi', kind: 'english', expect: PANJABI },
  { query: 'punjabi', kind: 'english', expect: PANJABI },
  { query: 'lungi', kind: 'english', expect: LUNGI },
  { query: 'jamdani saree', kind: 'english', expect: JAMDANI },
  { query: 'tshirt', kind: 'english', expect: /t-shirt/i },
  { query: 'jeans', kind: 'english', expect: /\bjeans\b/i },
  { query: 'sneakers', kind: 'english', expect: /sneaker/i },
  { query: 'diaper', kind: 'english', expect: /diaper/i },
  { query: 'feeding bottle', kind: 'english', expect: /feeding bottle/i },
  { query: 'toothpaste', kind: 'english', expect: /toothpaste/i },
  { query: 'shampoo', kind: 'english', expect: /shampoo/i },
  { query: 'hair oil', kind: 'english', expect: /hair oil/i },
  { query: 'attar', kind: 'english', expect: ATTAR },
  { query: 'perfume', kind: 'english', expect: /parfum|perfume|\battar\b|body spray|cologne|আতর/i },
  { query: 'rice cooker', kind: 'english', expect: /rice cooker/i },
  { query: 'pressure cooker', kind: 'english', expect: /pressure cooker/i },
  { query: 'fridge', kind: 'english', expect: /refrigerator|fridge|ফ্রিজ/i },
  { query: 'tv', kind: 'english', expect: TV },
  { query: 'laptop', kind: 'english', expect: /laptop/i },
  { query: 'samsung phone', kind: 'english', expect: /samsung galaxy/i },
  { query: 'power bank', kind: 'english', expect: /power bank/i },
  { query: 'earbuds', kind: 'english', expect: /earbuds/i },
  { query: 'kettle', kind: 'english', expect: /kettle/i },
  { query: 'air fryer', kind: 'english', expect: /air fryer/i },
  { query: 'gas stove', kind: 'english', expect: /gas stove|burner/i },
  { query: 'bed sheet', kind: 'english', expect: /bed sheet/i },
  { query: 'mosquito net', kind: 'english', expect: MOSQUITO_NET },
  { query: 'tea', kind: 'english', expect: TEA },
  { query: 'umbrella', kind: 'english', expect: UMBRELLA },
  { query: 'washing machine', kind: 'english', expect: /washing machine/i },
  { query: 'ghee', kind: 'english', expect: /\bghee\b|ঘি/i },
  { query: 'honey', kind: 'english', expect: /\bhoney\b|মধু/i },
  { query: 'drill', kind: 'english', expect: /\bdrill\b/i },
  // Banglish: Bangla words in Latin letters
  { query: 'shari', kind: 'banglish', expect: SAREE },
  { query: 'moshari', kind: 'banglish', expect: MOSQUITO_NET },
  { query: 'doi', kind: 'banglish', expect: CURD },
  { query: 'fanush', kind: 'banglish', expect: LANTERN },
  { query: 'chata', kind: 'banglish', expect: UMBRELLA },
  { query: 'ghori', kind: 'banglish', expect: WATCH },
  { query: 'cha pata', kind: 'banglish', expect: TEA },
  { query: 'aata', kind: 'banglish', expect: ATTA },
  { query: 'kantha', kind: 'banglish', expect: KANTHA },
  // Bangla
  { query: 'শাড়ি', kind: 'bangla', expect: SAREE },
  { query: 'আটা', kind: 'bangla', expect: ATTA },
  { query: 'পাঞ্জাবি', kind: 'bangla', expect: PANJABI },
  { query: 'লুঙ্গি', kind: 'bangla', expect: LUNGI },
  { query: 'মশারি', kind: 'bangla', expect: MOSQUITO_NET },
  { query: 'ঘড়ি', kind: 'bangla', expect: WATCH },
  { query: 'ছাতা', kind: 'bangla', expect: UMBRELLA },
  { query: 'চা', kind: 'bangla', expect: TEA },
  { query: 'জামদানি', kind: 'bangla', expect: JAMDANI },
  { query: 'দই', kind: 'bangla', expect: CURD },
  { query: 'আতর', kind: 'bangla', expect: ATTAR },
  // Typos
  { query: 'samsnug', kind: 'typo', expect: /samsung/i },
  { query: 'shampu', kind: 'typo', expect: /shampoo/i },
  { query: 'umbrela', kind: 'typo', expect: UMBRELLA },
  { query: 'pressur cooker', kind: 'typo', expect: /pressure cooker/i },
  { query: 'ata', kind: 'typo', expect: ATTA },
  { query: 'diper', kind: 'typo', expect: /diaper/i },
  { query: 'televison', kind: 'typo', expect: TV },
];

export interface RelevanceResult {
  query: string;
  kind: RelevanceCase['kind'];
  /** 1-based position of the first relevant product among the first three, or null. */
  hit: number | null;
  top: string[];
}

export interface RelevanceReport {
  results: RelevanceResult[];
  inTop3: number;
  total: number;
  /** One line per query whose first three products hold nothing relevant. */
  failures: string[];
}

/** Runs the set through `search` (the first three products' names, English and Bangla). */
export async function measureRelevance(search: (query: string) => Promise<{ name: string; name_bn: string }[]>): Promise<RelevanceReport> {
  const results: RelevanceResult[] = [];
  for (const c of RELEVANCE_SET) {
    const top = (await search(c.query)).slice(0, 3);
    const at = top.findIndex((p) => c.expect.test(`${p.name} ${p.name_bn}`));
    results.push({ query: c.query, kind: c.kind, hit: at < 0 ? null : at + 1, top: top.map((p) => p.name) });
  }
  const failures = results
    .filter((r) => r.hit === null)
    .map((r) => `"${r.query}" (${r.kind}) expected ${RELEVANCE_SET.find((c) => c.query === r.query)!.expect} in the top 3, got: ${r.top.length ? r.top.map((n) => `"${n}"`).join(', ') : 'nothing'}`);
  return { results, inTop3: results.length - failures.length, total: results.length, failures };
}
