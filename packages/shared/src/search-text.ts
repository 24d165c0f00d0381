import { toAsciiDigits } from './phone';

/**
 * What a shopper types into search, reduced to the words the server looks for
 * (issue 14, decision 0038): Bengali digits become ASCII digits (the search
 * index holds product text the same way, so '০১২' and '012' find each other),
 * and a word typed in Latin letters also carries its Avro-style Bangla
 * transliteration, so 'panjabi' finds পাঞ্জাবি as well as 'Panjabi'.
 */

export const MAX_SEARCH_WORDS = 8;
export const MAX_SEARCH_WORD_LENGTH = 40;

export interface SearchWord {
  /** The word as typed: NFC, lower case, Bengali digits as ASCII. */
  typed: string;
  /** Its Bangla transliteration when it holds Latin letters (Banglish), else null. */
  bangla: string | null;
}

/**
 * The words of a search: runs of letters, digits and combining marks
 * (\p{M} keeps Bengali vowel signs and the hasanta inside their word), at
 * most 8 of at most 40 characters. Punctuation alone gives no words.
 */
export function searchWords(raw: string): SearchWord[] {
  return toAsciiDigits(raw.normalize('NFC'))
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS)
    .map((word) => word.slice(0, MAX_SEARCH_WORD_LENGTH))
    .map((word) => {
      const typed = word.toLowerCase();
      const bangla = /[a-z]/i.test(word) ? banglishToBangla(word) : null;
      return { typed, bangla: bangla && bangla !== typed ? bangla : null };
    });
}

// ---- Avro-style phonetic transliteration ------------------------------------------

/**
 * Vowels: the independent letter (at the start of a word or after a vowel) and
 * the sign written after a consonant. 'o' after a consonant is its inherent vowel.
 */
const VOWELS: Record<string, [string, string]> = {
  rri: ['ঋ', 'ৃ'],
  OI: ['ঐ', 'ৈ'],
  OU: ['ঔ', 'ৌ'],
  ou: ['ঔ', 'ৌ'],
  ee: ['ঈ', 'ী'],
  oo: ['উ', 'ু'],
  a: ['আ', 'া'],
  o: ['অ', ''],
  O: ['ও', 'ো'],
  i: ['ই', 'ি'],
  I: ['ঈ', 'ী'],
  u: ['উ', 'ু'],
  U: ['ঊ', 'ূ'],
  e: ['এ', 'ে'],
};

/** Consonants, longest spelling first when read. Upper case letters are Avro's retroflex and other variants. */
const CONSONANTS: Record<string, string> = {
  kkh: 'ক্ষ',
  kh: 'খ',
  gh: 'ঘ',
  Ng: 'ঙ',
  ch: 'ছ',
  jh: 'ঝ',
  NG: 'ঞ',
  Th: 'ঠ',
  Dh: 'ঢ',
  th: 'থ',
  dh: 'ধ',
  ph: 'ফ',
  bh: 'ভ',
  sh: 'শ',
  Sh: 'ষ',
  Rh: 'ঢ়',
  k: 'ক',
  q: 'ক',
  g: 'গ',
  c: 'চ',
  j: 'জ',
  J: 'জ',
  T: 'ট',
  D: 'ড',
  N: 'ণ',
  t: 'ত',
  d: 'দ',
  n: 'ন',
  p: 'প',
  f: 'ফ',
  b: 'ব',
  v: 'ভ',
  m: 'ম',
  z: 'য',
  Z: 'য',
  r: 'র',
  l: 'ল',
  s: 'স',
  S: 'ষ',
  h: 'হ',
  R: 'ড়',
  Y: 'য়',
  x: 'ক্স',
};

const HASANTA = '্';

/**
 * Consonant pairs written as one conjunct (joined by a hasanta); other
 * consonants typed side by side keep their inherent vowel ('jamdani' → জামদানি).
 * A doubled consonant, anything before a র-ফলা ('pr' → প্র), and র before a
 * consonant (reph, 'dorji' → দর্জি) always join.
 */
const CONJUNCTS = new Set(
  [
    'n:t n:th n:d n:dh n:T n:Th n:D n:m n:j n:jh n:c n:ch',
    'm:b m:bh m:p m:ph m:n m:l',
    's:k s:kh s:t s:th s:p s:ph s:n s:m s:l s:T',
    'sh:c sh:ch sh:n sh:m sh:l S:k S:T S:Th S:N S:p S:m',
    'k:t k:s k:S k:l k:m g:n g:l g:dh g:m p:t p:l p:n b:d b:j b:l f:l',
    'd:dh d:b d:m d:bh l:p l:k l:d l:t l:m l:g t:n t:m t:b j:NG h:m h:n N:T N:D',
  ].flatMap((line) => line.split(' ')),
);

const joins = (before: string, after: string) =>
  before === after || after === 'r' || (before === 'r' && after !== 'r') || CONJUNCTS.has(`${before}:${after}`);

/** Longest spelling at `i` found in `table`; case-sensitive first, then as lower case. */
function readAt<T>(word: string, i: number, table: Record<string, T>): [string, T] | null {
  for (const length of [3, 2, 1]) {
    const piece = word.slice(i, i + length);
    if (piece.length < length) continue;
    if (piece in table) return [piece, table[piece]!];
    const lower = piece.toLowerCase();
    if (lower in table) return [lower, table[lower]!];
  }
  return null;
}

/**
 * One word of Banglish to Bangla, after the Avro phonetic layout: vowels,
 * consonants with Avro's upper-case variants, conjuncts, 'ng' as ং (ঙ before
 * a vowel: 'rongin' → রঙিন), 'y' and 'w' as য-ফলা and ব-ফলা after a consonant.
 * A word in one case, or only capitalised (as phone keyboards do), is read in
 * lower case; other mixed case is read as Avro's case-sensitive letters
 * ('Dhaka' → ধাকা, 'DhAka' → ঢাকা). Characters it does not know stay as they are.
 */
export function banglishToBangla(input: string): string {
  const lower = input.toLowerCase();
  const plainCase = input === lower || input === input.toUpperCase() || input.slice(1) === lower.slice(1);
  const word = plainCase ? lower : input;
  let out = '';
  // What was written last: a consonant (and its Latin spelling), a vowel, or the start.
  let last: { kind: 'consonant'; spelling: string } | { kind: 'vowel' } | { kind: 'start' } = { kind: 'start' };
  let i = 0;
  while (i < word.length) {
    const ch = word[i]!;
    const afterConsonant = last.kind === 'consonant';
    // 'ng': ঙ before a vowel, ং otherwise.
    if (word.startsWith('ng', i) && !word.startsWith('ngh', i)) {
      const next = readAt(word, i + 2, VOWELS);
      out += next ? 'ঙ' : 'ং';
      last = next ? { kind: 'consonant', spelling: 'Ng' } : { kind: 'vowel' };
      i += 2;
      continue;
    }
    if ((ch === 'y' || ch === 'w') && afterConsonant) {
      out += HASANTA + (ch === 'y' ? 'য' : 'ব');
      i += 1;
      continue;
    }
    if (ch === 'y' || ch === 'w') {
      out += ch === 'y' ? 'য়' : 'ও';
      last = { kind: 'vowel' };
      i += 1;
      continue;
    }
    const vowel = readAt(word, i, VOWELS);
    if (vowel) {
      const [spelling, [letter, sign]] = vowel;
      out += afterConsonant ? sign : letter;
      last = { kind: 'vowel' };
      i += spelling.length;
      continue;
    }
    const consonant = readAt(word, i, CONSONANTS);
    if (consonant) {
      const [spelling, letter] = consonant;
      if (last.kind === 'consonant' && joins(last.spelling, spelling)) {
        // ন before চ/ছ/জ/ঝ is written ঞ.
        if (last.spelling === 'n' && /^(c|ch|j|jh)$/.test(spelling)) out = out.slice(0, -1) + 'ঞ';
        out += HASANTA;
      }
      out += letter;
      last = { kind: 'consonant', spelling };
      i += spelling.length;
      continue;
    }
    out += ch;
    last = { kind: 'start' };
    i += 1;
  }
  return out.normalize('NFC');
}
