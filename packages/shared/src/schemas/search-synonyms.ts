import { z } from 'zod';
import { searchWords } from '../search-text';

/**
 * The shop's search synonyms (issue 19, decision 0049): groups of words that
 * search treats as one ('shari', 'saree', 'sari', 'শাড়ি'). The owner edits the
 * whole list at once (GET / PUT /api/search/synonyms). Each word is one search
 * word, kept the way search reads words: NFC, lower case, Bengali digits as
 * ASCII, so what the owner types is what a shopper's query is compared with.
 */
export const MAX_SYNONYM_GROUPS = 300;
export const MAX_GROUP_WORDS = 20;

export const SYNONYM_MESSAGES = {
  oneWord: 'Each synonym must be one word of letters or digits, without spaces or punctuation.',
  twoWords: 'A synonym group needs at least two different words.',
  oneGroup: 'A word may be in only one synonym group.',
  tooManyGroups: `There can be at most ${MAX_SYNONYM_GROUPS} synonym groups.`,
  tooManyWords: `A synonym group can hold at most ${MAX_GROUP_WORDS} words.`,
} as const;

/** A typed synonym as search reads it, or null when it is not exactly one word. */
export function synonymWord(raw: string): string | null {
  const words = searchWords(raw);
  // searchWords cuts long words and keeps 8: a synonym must come through whole and alone.
  if (words.length !== 1 || raw.normalize('NFC').trim().length > 40) return null;
  return words[0]!.typed;
}

const group = z
  .array(z.string({ error: SYNONYM_MESSAGES.oneWord }), { error: SYNONYM_MESSAGES.twoWords })
  .max(MAX_GROUP_WORDS, SYNONYM_MESSAGES.tooManyWords)
  .transform((terms, ctx) => {
    const words: string[] = [];
    for (const term of terms) {
      const word = synonymWord(term);
      if (!word) {
        ctx.addIssue({ code: 'custom', message: SYNONYM_MESSAGES.oneWord });
        return z.NEVER;
      }
      if (!words.includes(word)) words.push(word);
    }
    if (words.length < 2) {
      ctx.addIssue({ code: 'custom', message: SYNONYM_MESSAGES.twoWords });
      return z.NEVER;
    }
    return words;
  });

/** PUT /search/synonyms: the whole list; an empty list removes every synonym. */
export const synonymsSchema = z.object({
  groups: z
    .array(group, { error: 'groups must be a list of word lists.' })
    .max(MAX_SYNONYM_GROUPS, SYNONYM_MESSAGES.tooManyGroups)
    .superRefine((groups, ctx) => {
      const seen = new Set<string>();
      for (const words of groups) {
        for (const word of words) {
          if (seen.has(word)) {
            ctx.addIssue({ code: 'custom', message: SYNONYM_MESSAGES.oneGroup });
            return;
          }
          seen.add(word);
        }
      }
    }),
});
export type SynonymsInput = z.infer<typeof synonymsSchema>;

export interface Synonyms {
  /** Each group's words, in the order saved. */
  groups: string[][];
}
