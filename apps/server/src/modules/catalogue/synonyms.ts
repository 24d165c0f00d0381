import { asc, sql } from 'drizzle-orm';
import type { Synonyms, SynonymsInput } from '@haat/shared/schemas/search-synonyms';
import type { Db, DbOrTx } from '../../db/client';
import { searchSynonyms } from '../../db/schema';
import type { SynonymMap } from './search';

/**
 * The shop's search synonyms (issue 19, decision 0049): read for every search
 * (the API keeps the map in its catalogue cache, which a save empties) and
 * replaced whole by the owner.
 */

export async function readSynonyms(db: DbOrTx): Promise<Synonyms> {
  const rows = await db.select({ words: searchSynonyms.words }).from(searchSynonyms).orderBy(asc(searchSynonyms.position));
  return { groups: rows.map((r) => r.words) };
}

/** Each word → the other words of its group. */
export function synonymMap({ groups }: Synonyms): SynonymMap {
  const map = new Map<string, string[]>();
  for (const words of groups) for (const word of words) map.set(word, words.filter((w) => w !== word));
  return map;
}

export async function readSynonymMap(db: DbOrTx): Promise<SynonymMap> {
  return synonymMap(await readSynonyms(db));
}

/**
 * Replaces every group. Their words join search_words, the typo fallback's
 * vocabulary, so a typo of a synonym no product name holds still finds its
 * group ('televison' ~ television → TV).
 */
export async function saveSynonyms(db: Db, input: SynonymsInput): Promise<Synonyms> {
  return db.transaction(async (tx) => {
    await tx.delete(searchSynonyms);
    if (input.groups.length) {
      await tx.insert(searchSynonyms).values(input.groups.map((words, position) => ({ position, words })));
      await tx.execute(sql`insert into search_words select distinct unnest(${sql.param(input.groups.flat())}::text[]) on conflict do nothing`);
    }
    return readSynonyms(tx);
  });
}
