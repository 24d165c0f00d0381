import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema';

/**
 * Product search (DESIGN: Postgres full text + pg_trgm, same in PGlite and PG):
 * 1. full text on search_vector ('simple' config, name weight A, description B)
 *    with every typed word as a prefix ('sams' → Samsung), ranked by ts_rank,
 *    so a name hit outranks a description hit;
 * 2. only when that finds nothing, trigram word similarity on lower(name)
 *    tolerates a typo ('samsnug' → Samsung, 'tshirt' → T-Shirt), ranked by
 *    similarity. Falling back keeps near-misses out of good results.
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

export function typoSql(plan: Extract<SearchPlan, { kind: 'match' }>): SearchSql {
  return {
    // `%>` is the operator form the trigram GIN index on lower(name) serves.
    where: sql`lower(${products.name}) %> ${plan.words}`,
    rank: sql`word_similarity(${plan.words}, lower(${products.name}))`,
  };
}

/** The typo threshold is a session setting: set it for this transaction only. */
export async function useTypoThreshold(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`);
}
