import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { searchWords } from '@haat/shared/search-text';
import { products } from '../../db/schema';

/**
 * Product search (DESIGN: Postgres full text + pg_trgm, same in PGlite and PG):
 * 1. full text on search_vector ('simple' config, name weight A, description B)
 *    with every typed word as a prefix ('sams' → Samsung), ranked by ts_rank,
 *    so a name hit outranks a description hit;
 * 2. only when that finds nothing, each typed word is matched by trigram word
 *    similarity against the words of product names (search_words, a few
 *    thousand rows, not one per product: decision 0017), and full text looks
 *    for names holding a close word for every typed one ('samsnug' → Samsung,
 *    'tshirt' → T-Shirt). Falling back keeps near-misses out of good results.
 * A word typed in Latin letters is also looked for in its Avro-style Bangla
 * ('panjabi' → পাঞ্জাবি), and Bengali digits as ASCII digits (decision 0038):
 * in the full-text query, and among the close words only when the words as
 * typed have none, so an English typo costs what it did.
 * Input is reduced to letter/digit/mark words before it reaches the query, and
 * both pieces are bound parameters: tsquery or LIKE syntax in the input is just text.
 */

/** Word similarity needed for a typo match; 'samsnug' ~ 'samsung' scores 0.5. */
export const TYPO_THRESHOLD = 0.45;

export type SearchPlan =
  | { kind: 'all' }
  | { kind: 'none' }
  /** Each typed word with its alternatives: as typed, and in Bangla when typed in Banglish. */
  | { kind: 'match'; prefixQuery: string; words: string[][] };

export function planSearch(raw: string): SearchPlan {
  if (!raw.trim()) return { kind: 'all' };
  // Shared with the web: Bengali digits as ASCII, Banglish words with their Bangla (decision 0038).
  const words = searchWords(raw).map((w) => (w.bangla ? [w.typed, w.bangla] : [w.typed]));
  // Only punctuation was typed: nothing can match it.
  if (words.length === 0) return { kind: 'none' };
  // Every typed word must match, as typed or as its Bangla: 'cotton panjabi' finds "সুতি পাঞ্জাবি" named Cotton.
  const prefixQuery = words.map((alts) => (alts.length > 1 ? `(${alts.map((w) => `${w}:*`).join(' | ')})` : `${alts[0]}:*`)).join(' & ');
  return { kind: 'match', prefixQuery, words };
}

export interface SearchSql {
  where: SQL;
  rank: SQL;
}

export function fullTextSql(plan: Extract<SearchPlan, { kind: 'match' }>): SearchSql {
  const query = sql`to_tsquery('simple', ${plan.prefixQuery})`;
  return { where: sql`${products.searchVector} @@ ${query}`, rank: sql`ts_rank(${products.searchVector}, ${query})` };
}

/** Close words per typed word: bounds the query a typo builds. */
const CLOSE_WORDS = 10;

/**
 * The full-text query for a search with typos: for every typed word, the
 * name words within TYPO_THRESHOLD of it (withBangla: of its Bangla, when it has one), all
 * typed words required. Null when a typed word is close to nothing. Needs useTypoThreshold.
 */
export async function typoSql(tx: DbOrTx, plan: Extract<SearchPlan, { kind: 'match' }>, withBangla = false): Promise<SearchSql | null> {
  // As typed, or (the second try) the Bangla of each Banglish word: the words as typed had their try.
  const alternatives = plan.words.map((alts, i) => ({ word: withBangla ? alts[alts.length - 1]! : alts[0]!, i: i + 1 }));
  // `word %> typed` is word_similarity(typed, word) >= the threshold, served by the trigram index.
  const result = await tx.execute<{ query: string | null }>(sql`
    with typed as (select t.word, t.i from unnest(${sql.param(alternatives.map((a) => a.word))}::text[]) with ordinality as t(word, i)),
    close as (
      select typed.i, w.word from typed cross join lateral (
        select word from search_words where word %> typed.word order by word_similarity(typed.word, word) desc, word limit ${CLOSE_WORDS}
      ) w
    ),
    alternatives as (select i, '(' || string_agg(quote_literal(word) || ':A', ' | ') || ')' as any_of from close group by i)
    select case when count(*) = ${plan.words.length} then string_agg(any_of, ' & ' order by i) end as query from alternatives`);
  const text = (result as unknown as { rows: { query: string | null }[] }).rows[0]?.query;
  if (!text) return null;
  const query = sql`${text}::tsquery`;
  return { where: sql`${products.searchVector} @@ ${query}`, rank: sql`ts_rank(${products.searchVector}, ${query})` };
}

/** The typo threshold is a session setting: set it for this transaction only. */
export async function useTypoThreshold(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`);
}
