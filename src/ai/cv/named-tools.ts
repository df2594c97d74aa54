import type { Taxonomy } from '../taxonomy/taxonomy.ts';
import { parseText } from '../taxonomy/text-parser.ts';

/**
 * Tools a CV names in running text that the taxonomy does not know: a product name written in the maker's camel case
 * right after a word of use ("Use RxWorks for clinical records", "track progress in TrueCoach"). Camel case (a
 * capital inside the word, after small letters) is how software and devices are named and how words, places and
 * people almost never are; the word of use before it says the person works with it. Capitalised words in general
 * (employers, towns, acronyms of bodies such as "NHS" or "GP") were measured as mostly wrong on the development CVs
 * (docs/quality.md, 2026-11-26) and are left out.
 */
export type NamedTool = { name: string; start: number; end: number };

// The words that put a tool to use: "in X", "using X", "on X", "with X", "via X", "use X".
const USE_WORDS = new Set('in into using with on via over through use used uses'.split(' '));
// A capital, small letters, and a capital again: "RxWorks", "TrueCoach", "QuickBooks" (not "Excel", "NHS", "eMAR").
const CAMEL_CASE = /^\p{Lu}\p{Ll}+\p{Lu}[\p{L}\p{N}]*$/u;
// Surnames and companies named after them ("McAllister", "MacLeod"): camel case that names a person.
const SURNAME_PREFIX = /^(?:Mc|Mac)\p{Lu}/u;

/** The camel-case tools a clause names after a word of use, outside `named` (where the taxonomy found a skill). */
export function namedTools(
  clause: string,
  named: ReadonlyArray<{ start: number; end: number }>,
  taxonomy: Taxonomy,
): NamedTool[] {
  if (!/\p{Ll}\p{Lu}/u.test(clause)) return [];
  const tokens = parseText(clause).tokens;
  const tools: NamedTool[] = [];
  for (const [at, word] of tokens.entries()) {
    if (at === 0 || !USE_WORDS.has(tokens[at - 1]!.lower)) continue;
    if (!CAMEL_CASE.test(word.value) || SURNAME_PREFIX.test(word.value)) continue;
    if (named.some((mention) => mention.start < word.end && mention.end > word.start)) continue;
    if (taxonomy.resolve(word.value) !== undefined) continue;
    tools.push({ name: word.value, start: word.start, end: word.end });
  }
  return tools;
}
