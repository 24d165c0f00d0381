import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { searchWords } from '@haat/shared/search-text';
import { products } from '../../db/schema';

/**
 * Product search (DESIGN: Postgres full text + pg_trgm, same in PGlite and PG):
 * 1. full text on search_vector ('simple' config, name weight A, description B)
 *    with every typed word as a prefix ('sams' → Samsung) or one of the shop's
 *    synonyms of it as a whole word ('shari' → saree, শাড়ি; decision 0049);
 *    products whose name holds the typed words (or their synonyms) whole come
 *    first ('atta' → Atta before Attar), then ts_rank, so a name hit outranks
 *    a description hit;
 * 2. only when that finds nothing, each typed word no product holds (nor any
 *    of its synonyms) is matched by trigram word similarity
 *    against the words of product names (search_words, a few thousand rows,
 *    not one per product: decision 0017), and full text looks for names
 *    holding a close word for every such word ('samsnug' → Samsung, 'tshirt'
 *    → T-Shirt). A word that does match stays as typed: a typo never replaces
 *    a real match ('samsung galaxi' looks for Samsung, not for close words of it).
 * A word typed in Latin letters is also looked for in its Avro-style Bangla
 * ('panjabi' → পাঞ্জাবি), and Bengali digits as ASCII digits (decision 0038):
 * in the full-text query, and among the close words only when the words as
 * typed have none, so an English typo costs what it did.
 * Input is reduced to letter/digit/mark words before it reaches the query, and
 * both pieces are bound parameters: tsquery or LIKE syntax in the input is just
 * text. Synonyms are words of the same kind (checked when the owner saves them).
 */

/** Word similarity needed for a typo match; 'samsnug' ~ 'samsung' scores 0.5. */
export const TYPO_THRESHOLD = 0.45;

/** Each synonym term → the other terms of its group (NFC, lower case, ASCII digits). */
export type SynonymMap = ReadonlyMap<string, readonly string[]>;
export const NO_SYNONYMS: SynonymMap = new Map();

export interface PlannedWord {
  /** Looked for as prefixes: the word as typed, and its Bangla when typed in Banglish. */
  prefixes: string[];
  /** Looked for as whole words: the shop's synonyms of the word (or of its Bangla). */
  synonyms: string[];
}

export type SearchPlan =
  | { kind: 'all' }
  | { kind: 'none' }
  | {
      kind: 'match';
      /** What a product must match: every word, as a prefix or one of its synonyms whole. */
      prefixQuery: string;
      /** The typed words (and their Bangla) alone as prefixes: the second sort key, cheaper without the synonyms. */
      typedQuery: string;
      /** Any word or synonym, whole: the first sort key, over names only. */
      wholeQuery: string;
      words: PlannedWord[];
    };

export function planSearch(raw: string, synonyms: SynonymMap = NO_SYNONYMS): SearchPlan {
  if (!raw.trim()) return { kind: 'all' };
  // Shared with the web: Bengali digits as ASCII, Banglish words with their Bangla (decision 0038).
  const words = searchWords(raw).map((w): PlannedWord => {
    const prefixes = w.bangla ? [w.typed, w.bangla] : [w.typed];
    const same = new Set(prefixes.flatMap((p) => synonyms.get(p) ?? []));
    for (const p of prefixes) same.delete(p);
    return { prefixes, synonyms: [...same] };
  });
  // Only punctuation was typed: nothing can match it.
  if (words.length === 0) return { kind: 'none' };
  // Every typed word must match, as typed, as its Bangla or as a synonym: 'cotton panjabi' finds "সুতি পাঞ্জাবি" named Cotton.
  const prefixQuery = words.map(wordQuery).join(' & ');
  const typedQuery = words.map((w) => anyOf(w.prefixes.map((p) => `${p}:*`))).join(' & ');
  // Any of them whole, in a name: what ranks a product first.
  const wholeQuery = words.flatMap((w) => [...w.prefixes, ...w.synonyms]).join(' | ');
  return { kind: 'match', prefixQuery, typedQuery, wholeQuery, words };
}

/** One word as a product must match it: as a prefix as typed (or in Bangla), or one of its synonyms whole. */
const wordQuery = (w: PlannedWord) => anyOf([...w.prefixes.map((p) => `${p}:*`), ...w.synonyms]);

const anyOf = (alternatives: string[]) => (alternatives.length > 1 ? `(${alternatives.join(' | ')})` : alternatives[0]!);

export interface SearchSql {
  where: SQL;
  /**
   * The products whose name holds a typed word (or a synonym) whole, through the name index alone
   * (migration 0033): with `where`, what ranks first, looked for among all matches of a broad search.
   */
  nameWhere?: SQL;
  /** Each typed word's own condition (with `where` all of them): a dense one need not be asked of the index (decision 0084). */
  terms?: SQL[];
  /** Sort keys, most important first. */
  rank: SQL[];
}

/**
 * How many of the words (whole, not as a prefix) a product's name holds:
 * ts_rank over the name's weight alone ({D,C,B,A} = {0,0,0,1}).
 */
const wholeInName = (plan: Extract<SearchPlan, { kind: 'match' }>) =>
  sql`ts_rank('{0,0,0,1}'::float4[], ${products.searchVector}, to_tsquery('simple', ${plan.wholeQuery}))`;

export function fullTextSql(plan: Extract<SearchPlan, { kind: 'match' }>): SearchSql {
  const query = sql`to_tsquery('simple', ${plan.prefixQuery})`;
  // Ranking every match is the cost of a search: the second key leaves the synonyms out (~30 % less at 16,000 matches).
  const typed = sql`to_tsquery('simple', ${plan.typedQuery})`;
  // The same words whole in the name's words (the vector's weight A: the same products as `word:A`), a few products
  // even when the prefixes match thousands. Through the name index they need no recheck: `word:A` on the search
  // index read every product holding the word anywhere (80,000 rows for "7 k" at a million products, decision 0084).
  return {
    where: sql`${products.searchVector} @@ ${query}`,
    terms: plan.words.map((w) => sql`${products.searchVector} @@ to_tsquery('simple', ${wordQuery(w)})`),
    nameWhere: sql`ts_filter(${products.searchVector}, '{a}') @@ to_tsquery('simple', ${plan.wholeQuery})`,
    rank: [wholeInName(plan), sql`ts_rank(${products.searchVector}, ${typed})`],
  };
}

/** Close words per typed word: bounds the query a typo builds. */
const CLOSE_WORDS = 10;

/**
 * The full-text query for a search with typos: a word some product holds (as
 * a prefix, as typed or in Bangla, or one of its synonyms whole) stays as it is; every
 * other word is replaced by the name words within TYPO_THRESHOLD of it
 * (withBangla: of its Bangla, when it has one), each with its synonyms, the
 * closest first (word similarity, then similarity of the whole word). All
 * words required; names with the closest words rank first. Null when such a word is close to nothing. Needs useTypoThreshold.
 */
export async function typoSql(
  tx: DbOrTx,
  plan: Extract<SearchPlan, { kind: 'match' }>,
  synonyms: SynonymMap = NO_SYNONYMS,
  withBangla = false,
): Promise<SearchSql | null> {
  const probes = plan.words.flatMap((w, i) => [
    ...w.prefixes.map((word) => ({ i: i + 1, word, prefix: true })),
    ...w.synonyms.map((word) => ({ i: i + 1, word, prefix: false })),
  ]);
  // As typed, or (the second try) the Bangla of each Banglish word: the words as typed had their try.
  const fuzzy = plan.words.map((w) => (withBangla ? w.prefixes[w.prefixes.length - 1]! : w.prefixes[0]!));
  // A word is real when a published product holds it (not search_words: a stale word stays there,
  // and a synonym's word is there without a product). Typed words are letters, digits and marks only.
  // `word %> typed` is word_similarity(typed, word) >= the threshold, served by the trigram index.
  const result = await tx.execute<{ i: number; real: boolean; words: string[] | null }>(sql`
    with probe as (
      select p.i, p.word, p.prefix from unnest(${sql.param(probes.map((p) => p.i))}::int[], ${sql.param(probes.map((p) => p.word))}::text[], ${sql.param(probes.map((p) => p.prefix))}::bool[]) as p(i, word, prefix)
    ),
    real as (
      select distinct probe.i from probe
      where exists (
        select 1 from products
        where products.publish and products.search_vector @@ (case when probe.prefix then to_tsquery('simple', probe.word || ':*') else to_tsquery('simple', probe.word) end)
      )
    ),
    typed as (select t.word, t.i::int as i from unnest(${sql.param(fuzzy)}::text[]) with ordinality as t(word, i) where t.i not in (select i from real))
    select typed.i, false as real, array(
      select word from search_words where word %> typed.word order by word_similarity(typed.word, word) desc, similarity(typed.word, word) desc, word limit ${CLOSE_WORDS}
    ) as words from typed
    union all
    select i, true, null from real`);
  const rows = (result as unknown as { rows: { i: number; real: boolean; words: string[] | null }[] }).rows;
  const parts: string[] = [];
  // The closest word of each replaced word (with its synonyms): products holding it rank first ('ata' → Atta before Atlas).
  const closest: string[] = [];
  for (let i = 1; i <= plan.words.length; i++) {
    const row = rows.find((r) => Number(r.i) === i);
    const word = plan.words[i - 1]!;
    if (!row) return null;
    if (row.real) {
      parts.push(anyOf([...word.prefixes.map((p) => `${quote(p)}:*`), ...word.synonyms.map(quote)]));
      continue;
    }
    const close = row.words ?? [];
    if (close.length === 0) return null;
    // A close word brings its synonyms: 'televison' ~ television (a synonym) → TV.
    const withSynonyms = (c: string) => [c, ...(synonyms.get(c) ?? [])];
    parts.push(anyOf([...new Set(close.flatMap(withSynonyms))].map((a) => `${quote(a)}:A`)));
    closest.push(...withSynonyms(close[0]!).map((a) => `${quote(a)}:A`));
  }
  const query = sql`${parts.join(' & ')}::tsquery`;
  const rank = [wholeInName(plan)];
  if (closest.length) rank.push(sql`ts_rank('{0,0,0,1}'::float4[], ${products.searchVector}, ${closest.join(' | ')}::tsquery)`);
  rank.push(sql`ts_rank(${products.searchVector}, ${query})`);
  return { where: sql`${products.searchVector} @@ ${query}`, rank };
}

/** A tsquery literal: the words are letters, digits and marks, but a quote costs nothing. */
const quote = (word: string) => `'${word.replaceAll("'", "''")}'`;

/**
 * No sequential scan (below), and no JIT: a search over a million products is priced past
 * jit_above_cost, and compiling its expressions took 33 ms of a 126 ms search (decision 0084).
 */
const searchSettings = sql`set_config('enable_seqscan', 'off', true), set_config('jit', 'off', true)`;

/**
 * For this transaction only: the full-text index for matching, never a scan of
 * every product. A word with synonyms ORs several terms, and PostgreSQL then
 * estimates enough matches to read all 100,000 products and test each vector
 * (680 ms for "পাঞ্জাবি" with its three synonyms at 100,000, against 74 ms
 * through the index): it prices a vector test like a comparison.
 */
export async function useSearchIndex(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select ${searchSettings}`);
}


/** The typo threshold is a session setting: set it (and useSearchIndex's) for this transaction only. */
export async function useTypoThreshold(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true), ${searchSettings}`);
}
