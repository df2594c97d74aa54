import { isPeopleLemma } from '../brief/stakeholders.ts';
import type { Taxonomy } from '../taxonomy/taxonomy.ts';
import { type ParsedText, parseText, type Token } from '../taxonomy/text-parser.ts';

/**
 * Practices a piece of a brief names that the taxonomy does not know, kept in the brief's own words: "a desk-based
 * assessment", "shielding calculations", "a road safety audit", "a geophysical survey". What a recruiter writes on
 * such a job is the practice's name, and a brief in a field the taxonomy covers thinly names most of its work this
 * way (docs/quality.md, "Task skills in the brief's own words").
 *
 * A practice is a noun phrase whose last word is a kind of examining, calculating or certifying work (`PRACTICES`)
 * and whose words before it say what of: one to three lower-case nouns or adjectives, none of them a word that says
 * nothing of the subject ("a new survey", "the final inspection"). A name (an organisation, an acronym: "UKAS
 * assessment", "the CQC inspection"), someone's own ("our customer's audit"), a verb ("survey the site"), words
 * shared with another ("health and safety risk assessments") or a phrase that is part of a name ("the Noise
 * Assessment Panel") is none. A phrase the taxonomy resolves is
 * the taxonomy's skill, found by its own reading.
 */
const PRACTICES = new Set(
  `
  assessment appraisal audit survey inspection investigation evaluation analysis calculation measurement validation
  verification modelling modeling testing sampling monitoring mapping optimisation optimization certification
  licensing permitting commissioning profiling forecasting screening
`
    .trim()
    .split(/\s+/),
);

/**
 * Kinds of work that name a trade by what they are of ("weed control", "print management", "picture research",
 * "planting design", "concert planning"), as a practice does. Such a word is also often part of a longer name ("the
 * payroll control accounts", "a design manual"): it heads a practice only at the end of its noun phrase, or before
 * the document the work produces ("a nutrient management plan").
 */
const WORK_KINDS = new Set(['research', 'design', 'control', 'management', 'planning']);
const DOCUMENTS = new Set(['plan', 'plans', 'programme', 'program', 'strategy', 'policy', 'report', 'schedule']);

/** "assessment", "assessments", "analyses". */
function isPractice(word: string): boolean {
  return PRACTICES.has(word) || PRACTICES.has(word.replace(/s$/, '')) || word === 'analyses' || WORK_KINDS.has(word);
}

/** A kind of work followed by a noun it names ("payroll control accounts") is part of that noun's name. */
function modifiesNext(tokens: readonly Token[], index: number): boolean {
  const next = tokens[index + 1];
  return (
    WORK_KINDS.has(tokens[index].lower) &&
    next !== undefined &&
    next.sentence === tokens[index].sentence &&
    next.type === 'word' &&
    (next.pos === 'NOUN' || next.pos === 'PROPN') &&
    !DOCUMENTS.has(next.lower)
  );
}

/** Words before a practice that say how much, when or how of it, not of what: no skill's name. */
const SAYS_NOTHING = new Set(
  `
  new full detailed existing final initial short brief annual monthly weekly daily yearly independent whole simple
  clear formal informal small large local national current expected further additional first second third last
  next quick thorough regular proper basic online onsite on-site overall general specific separate joint single
  own same other similar possible required necessary relevant appropriate suitable comprehensive robust expert
  professional
`
    .trim()
    .split(/\s+/),
);
const MODIFIER_POS = new Set(['NOUN', 'ADJ', 'PROPN', 'VERB']);
const JOINERS = new Set(['and', 'or', '&', '/']);
const MAX_MODIFIERS = 3;

export type OwnWordsSkill = { name: string; words: string };

/** The practices a text names in words the taxonomy lacks, each once, in the order the text names them. */
export function practicesInOwnWords(text: string | ParsedText, taxonomy: Taxonomy): OwnWordsSkill[] {
  const parsed = typeof text === 'string' ? parseText(text) : text;
  const { tokens } = parsed;
  const found = new Map<string, OwnWordsSkill>();
  tokens.forEach((token, index) => {
    if (!isPractice(token.lower) || token.pos === 'VERB' || modifiesNext(tokens, index)) return;
    const words = modifiersBefore(tokens, index);
    if (words === null) return;
    const phrase = [...words, token]
      .map((word) => word.value)
      .join(' ')
      .replace(/ - /g, '-');
    const name = singular(phrase.charAt(0).toUpperCase() + phrase.slice(1).toLowerCase());
    const key = name.toLowerCase();
    if (found.has(key) || forms(name).some((form) => taxonomy.resolve(form))) return;
    found.set(key, { name, words: parsed.text.slice(words[0].start, token.end) });
  });
  return [...found.values()];
}

/**
 * Whether every word of the text that `head` matches heads a practice named by what it is of ("a road safety audit",
 * "a fire door survey", "an energy audit"), whether the taxonomy knows the practice or not; not by whom it asks ("a
 * customer survey", "a pupil survey") and not alone ("a short survey", "audit the website"). Such a practice is work
 * of its own trade, not the generic kind its last word names (Auditing, Survey design).
 */
export function headsNamedPractices(text: string | ParsedText, head: RegExp): boolean {
  const { tokens } = typeof text === 'string' ? parseText(text) : text;
  const heads = tokens.flatMap((token, index) => (head.test(token.lower) ? [index] : []));
  return (
    heads.length > 0 &&
    heads.every((index) => {
      const words = modifiersBefore(tokens, index);
      return words !== null && !words.some((word) => isPeopleLemma(word.lemma));
    })
  );
}

/**
 * The words naming what a practice is of, in order (a hyphen between two words kept as a word of its own), or null
 * when there are none or they are not a subject's name.
 */
function modifiersBefore(tokens: readonly Token[], head: number): Token[] | null {
  const words: Token[] = [];
  let content = 0;
  for (let k = head - 1; k >= 0 && tokens[k].sentence === tokens[head].sentence; k--) {
    const token = tokens[k];
    const hyphen = token.value === '-' && token.glued && tokens[k + 1]?.glued;
    if (hyphen) {
      words.unshift(token);
      continue;
    }
    // Words shared with another ("health and safety risk assessments") leave the phrase unsure: none. Someone's own
    // ("our customer's audit", "the residents' survey") ends at the "'s" or "'", which is no word.
    if (JOINERS.has(token.lower) && content > 0) return null;
    if (token.type !== 'word' || !MODIFIER_POS.has(token.pos) || token.stop || SAYS_NOTHING.has(token.lower)) break;
    words.unshift(token);
    content++;
  }
  // wink tags a noun inside a compound as a verb often ("bat roost assessment", "desk-based"), but a verb that opens
  // the words is the work's verb, not its subject ("complete safety inspections", "including finds processing").
  // A hyphenated word cut at its hyphen ("in-house inspections") is not the subject's name.
  if (words[0]?.value === '-') return null;
  while (words.length > 0 && (words[0].pos === 'VERB' || words[0].value === '-')) words.shift();
  if (words.length === 0 || words.filter((word) => word.value !== '-').length > MAX_MODIFIERS) return null;
  // A capital inside the sentence is a name ("UKAS", "CQC").
  const named = words.some((word, k) => /\p{Lu}/u.test(word.value) && !(k === 0 && startsSentence(tokens, word)));
  return named ? null : words;
}

function startsSentence(tokens: readonly Token[], token: Token): boolean {
  const index = tokens.indexOf(token);
  const before = tokens[index - 1];
  return before === undefined || before.sentence !== token.sentence || /^(?:\d+[.)]?|[-*•–—:.)])$/.test(before.value);
}

/** A practice named in the singular, as a recruiter writes a skill: "Principal inspections" is Principal inspection. */
function singular(name: string): string {
  if (name.endsWith('analyses')) return name.replace(/analyses$/, 'analysis');
  const last = name.split(' ').at(-1)?.toLowerCase() ?? '';
  return !PRACTICES.has(last) && PRACTICES.has(last.replace(/s$/, '')) ? name.slice(0, -1) : name;
}

/** The name and its other number ("Shielding calculations", "Shielding calculation"), for asking the taxonomy. */
function forms(name: string): string[] {
  if (name.endsWith('analyses')) return [name, name.replace(/analyses$/, 'analysis')];
  if (name.endsWith('analysis')) return [name, name.replace(/analysis$/, 'analyses')];
  return name.endsWith('s') ? [name, name.slice(0, -1)] : [name, `${name}s`];
}
