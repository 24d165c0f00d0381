import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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
 * Input is reduced to letter/digit/mark words before it reaches the query, and
 * both pieces are bound parameters: tsquery or LIKE syntax in the input is just text.
 */

/** Word similarity needed for a typo match; 'samsnug' ~ 'samsung' scores 0.5. */
export const TYPO_THRESHOLD = 0.45;
const MAX_WORDS = 8;
const MAX_WORD_LENGTH = 40;

export type SearchPlan =
  | { kind: 'all' }
  | { kind: 'none' }
  | { kind: 'match'; prefixQuery: string; words: string };

export function planSearch(raw: string): SearchPlan {
  if (!raw.trim()) return { kind: 'all' };
  // \p{M} keeps Bengali vowel signs inside their word.
  const words = raw
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((w) => w.slice(0, MAX_WORD_LENGTH));
  // Only punctuation was typed: nothing can match it.
  if (words.length === 0) return { kind: 'none' };
  return { kind: 'match', prefixQuery: words.map((w) => `${w}:*`).join(' & '), words: words.join(' ') };
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
 * name words within TYPO_THRESHOLD of it (any of them), all typed words
 * required. Null when a typed word is close to nothing. Needs useTypoThreshold.
 */
export async function typoSql(tx: DbOrTx, plan: Extract<SearchPlan, { kind: 'match' }>): Promise<SearchSql | null> {
  const typed = plan.words.split(' ');
  // `word %> typed` is word_similarity(typed, word) >= the threshold, served by the trigram index.
  const result = await tx.execute<{ query: string | null }>(sql`
    with typed as (select t.word, t.i from unnest(${sql.param(typed)}::text[]) with ordinality as t(word, i)),
    close as (
      select typed.i, w.word from typed cross join lateral (
        select word from search_words where word %> typed.word order by word_similarity(typed.word, word) desc, word limit ${CLOSE_WORDS}
      ) w
    ),
    alternatives as (select i, '(' || string_agg(quote_literal(word) || ':A', ' | ') || ')' as any_of from close group by i)
    select case when count(*) = ${typed.length} then string_agg(any_of, ' & ' order by i) end as query from alternatives`);
  const text = (result as unknown as { rows: { query: string | null }[] }).rows[0]?.query;
  if (!text) return null;
  const query = sql`${text}::tsquery`;
  return { where: sql`${products.searchVector} @@ ${query}`, rank: sql`ts_rank(${products.searchVector}, ${query})` };
}

/** The typo threshold is a session setting: set it for this transaction only. */
export async function useTypoThreshold(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`);
}
