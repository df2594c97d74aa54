import type { Taxonomy, TaxonomySkill } from '../taxonomy/taxonomy.ts';
import { parseText } from '../taxonomy/text-parser.ts';
import { normalizeText } from '../text/normalize.ts';
import { findDateRanges, findYears } from './dates.ts';
import { type CvLine, cvLines, headingSection, type Section } from './lines.ts';
import { SCHOOL_WORDS } from './vocabulary.ts';
import { findCues, findYearsPhrases } from './wording.ts';

/**
 * Skills a CV lists that the taxonomy does not know. A recruiter reads every item of a CV's skills or certifications
 * list as a skill ("Realtime captioning, CAT software, Steno theory"), whatever vocabulary a skills list has; the
 * taxonomy only ever finds the ones it names. So the items of those lists that it finds nothing in are kept under
 * the CV's own words — only there: items of experience bullets, a summary or a degree are sentences about work
 * (measured on the development and check sets: about four wrong for every right one), not names of skills.
 *
 * An item is what a list separates with commas, semicolons, bars (a table's cells), bullets and middle dots, after a
 * leading "Label:"; its name is the item without what it says about the skill (a bracket, a rating, years, dates),
 * which the analyzer reads as it reads them for any skill. A line of a certifications list names one credential and
 * then its details ("Advanced Life Support, Resuscitation Council UK, renewed 2024"; "Full driving licence, own
 * car"), so there only its first item counts, unless the line is a labelled list ("Other tickets: …").
 *
 * What is no skill is left out by general rules: ratings, years and dates alone; a number among the words ("Class 2",
 * "Level 1"); an item that opens with a rating ("basic scripts": the rating of the skill its label names); headings,
 * the labels of groups and the heads of table columns ("Technical", "Other", "Level"); a word alone on a line above a
 * list (the label of that list, a table's first column as a DOCX gives it); schools and companies; first-person,
 * negating and sentence words ("I", "not", "only", "is"); a verb's past form at the end ("renewed 2024", "fully
 * booked"); a bracket left open or closed alone (a sentence cut in two); anything of more than five words.
 */
export type ListedItem = {
  /** The CV's words for the skill, cleaned and capitalised as a profile shows them ("Realtime captioning"). */
  name: string;
  /** Where the name is written in the clause (its first and one past its last character). */
  start: number;
  end: number;
  /** The taxonomy's skill the item names once it is read with the head it shares ("cadastral" … "surveys"). */
  known?: TaxonomySkill;
};

const MAX_WORDS = 5;
const MAX_NAME = 60;

// What separates the items of a list (outside brackets); "/" and "&" join the parts of one item ("Hair & beauty").
const SEPARATORS = new Set([',', ';', '|', '•', '·']);
// "Clinical skills: …", "CAT software: Eclipse, Case CATalyst": the label of the list, not one of its items. A colon
// inside a bracket ("Excel (advanced: pivot tables, …)") opens no list: what follows are details of the skill.
const LABEL = /^[^:]{1,40}:\s/;
// Connecting words at either end once the dates, years and ratings are gone ("since 2015", "and Sage").
const LOOSE_WORDS = new Set('and or & with in of since from to until till at for by e.g eg etc including'.split(' '));
const MARK = /[\p{P}\p{S}]/u;
const PLUS_OR_HASH_END = /[+#]$/;

// Whole words that make an item no skill: who is speaking, or saying that something is not so ("I", "our",
// "no", "not"), verbs that make it a sentence, and the names of organisations (legal forms, schools).
const NOT_SKILL_WORD = new RegExp(
  '(?<![\\p{L}])(?:i|me|my|we|our|us|you|your|he|she|his|her|they|their|no|not|none|n/a|' +
    'am|is|are|was|were|been|being|have|has|had|will|would|can|could|should|may|might|must|' +
    'only|also|just|very|etc|ltd|limited|llp|plc|inc|gmbh|llc|corp)(?![\\p{L}])',
  'iu',
);
// A word that is a number ("Class 2", "Level 1", "4110/4120"): a grade, a class or a code, not a skill's name.
const NUMBER_WORD = /(?:^|\s)[\p{N}/.:-]*\p{N}(?:\s|$)/u;
const HAS_WORD = /\p{L}{2,}/u;
// Heads of a table's columns and labels of groups of skills, which a list or table puts among its items.
const GROUP_WORDS = new Set(
  (
    'skill area category technique level proficiency rating years experience competency competence details notes ' +
    'description ' +
    'other others personal general additional miscellaneous core key technical professional soft transferable ' +
    'various ' +
    // A credential's dates once the dates are gone, as a table's second cell gives them ("valid to 2028", "held
    // since 2019"; past forms in -ed are read as such below).
    'valid current expires expiry renewed issued due held ' +
    // Heads of the columns of a table of jobs, seasons or credentials ("Period | Project and role", "Scheme | Role |
    // Since", "Licence | Details").
    'period dates date year from since until role position project scheme issuer provider type status'
  ).split(' '),
);
// A column head in the plural ("Techniques", "Skills") is one all the same.
const isGroupWord = (word: string) => {
  const lower = word.toLowerCase();
  return GROUP_WORDS.has(lower) || (lower.endsWith('s') && GROUP_WORDS.has(lower.slice(0, -1)));
};
const PAST_FORM = /\p{L}{2}ed$/u;

/** Whether every bracket the text opens it closes, and it closes none it did not open. */
function bracketsBalance(text: string): boolean {
  let depth = 0;
  for (const char of text) {
    if (char === '(') depth++;
    else if (char === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** The items of a listing clause, split at separators outside brackets, as [start, end) spans of the clause. */
function itemSpans(clause: string, label: RegExpExecArray | null): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let depth = 0;
  let start = label ? label[0].length : 0;
  for (let at = start; at <= clause.length; at++) {
    const char = clause[at];
    if (char === '(' || char === '[') depth++;
    else if ((char === ')' || char === ']') && depth > 0) depth--;
    else if (at === clause.length || (depth === 0 && SEPARATORS.has(char!))) {
      spans.push([start, at]);
      start = at + 1;
    }
  }
  return spans;
}

/** The item with brackets, ratings, years and dates blanked (same length, so offsets stay those of the clause). */
function blankFacts(item: string): string {
  const chars = [...item];
  const blank = (from: number, to: number) => {
    for (let k = from; k < to && k < chars.length; k++) chars[k] = ' ';
  };
  let open = -1;
  for (let k = 0; k < item.length; k++) {
    if (item[k] === '(' || item[k] === '[') open = open < 0 ? k : open;
    else if ((item[k] === ')' || item[k] === ']') && open >= 0) {
      blank(open, k + 1);
      open = -1;
    }
  }
  if (open >= 0) blank(open, item.length);
  // A rating that opens the item ("proficient in …") or stands at its end ("… – expert"); one inside a name
  // ("Advanced life support") stays.
  for (const cue of findCues(item)) {
    if (!cue.standalone && item.slice(0, cue.index).trim() === '') blank(cue.index, cue.end);
    if (cue.standalone && !/[\p{L}\p{N}]/u.test(item.slice(cue.end))) blank(cue.index, cue.end);
  }
  for (const phrase of findYearsPhrases(item)) blank(phrase.index, phrase.end);
  for (const range of findDateRanges(item, Number.MAX_SAFE_INTEGER)) blank(range.index, range.index + range.length);
  if (findYears(item).length > 0) {
    for (const match of item.matchAll(/(?<![\p{N}])(?:19|20)\d\d(?![\p{N}])/gu)) {
      blank(match.index, match.index + 4);
    }
  }
  return chars.join('');
}

/** How many punctuation marks and symbols a word starts or ends with (counted, not matched: no backtracking). */
function marksAt(word: string, side: 'start' | 'end'): number {
  const chars = side === 'start' ? [...word] : [...word].reverse();
  const count = chars.findIndex((char) => !MARK.test(char));
  return count < 0 ? word.length : chars.slice(0, count).join('').length;
}

/** [start, end) of the name inside the blanked item: punctuation and connecting words cut from both ends. */
function nameSpan(blanked: string): [number, number] | null {
  const words = [...blanked.matchAll(/\S+/g)].map((match) => ({
    start: match.index,
    end: match.index + match[0].length,
    text: match[0],
  }));
  const bare = (word: { text: string }) =>
    word.text.slice(marksAt(word.text, 'start'), word.text.length - marksAt(word.text, 'end')).toLowerCase();
  while (words.length > 0 && (bare(words[0]!) === '' || LOOSE_WORDS.has(bare(words[0]!)))) words.shift();
  while (words.length > 0 && (bare(words.at(-1)!) === '' || LOOSE_WORDS.has(bare(words.at(-1)!)))) words.pop();
  if (words.length === 0) return null;
  const first = words[0]!;
  const last = words.at(-1)!;
  const leading = marksAt(first.text, 'start');
  const lastText = last.text;
  // A closing mark stays when it closes something the name opened; "C++" and "F#" keep theirs.
  const trailing = PLUS_OR_HASH_END.test(lastText) ? 0 : marksAt(lastText, 'end');
  return [first.start + leading, last.end - trailing];
}

/**
 * The name as a profile shows it: one space between words, and a capital first letter where the first word is in
 * lower case ("realtime captioning" → "Realtime captioning"; "memoQ" and "iOS" stay as the maker writes them).
 */
function displayName(text: string): string {
  const name = text.replace(/\s+/g, ' ').trim();
  const words = name.split(' ');
  // A list written in capitals ("REALTIME CAPTIONING") is shouted, not a string of acronyms.
  const shouted = words.length > 1 && words.every((word) => word === word.toUpperCase()) && /\p{L}{4}/u.test(name);
  const cased = shouted ? name.toLowerCase() : name;
  const first = cased.split(' ')[0]!;
  return first === first.toLowerCase() ? cased.charAt(0).toUpperCase() + cased.slice(1) : cased;
}

/** Whether the last word is a verb's past form ("renewed", "booked"), which wink-nlp's lemma tells from "speed". */
function endsOnPastForm(name: string): boolean {
  if (!PAST_FORM.test(name)) return false;
  const last = parseText(name).tokens.at(-1);
  return last !== undefined && last.lemma !== last.lower;
}

function isSkillName(name: string, taxonomy: Taxonomy): boolean {
  const words = name.split(' ');
  return (
    words.length <= MAX_WORDS &&
    name.length <= MAX_NAME &&
    HAS_WORD.test(name) &&
    !NUMBER_WORD.test(name) &&
    !NOT_SKILL_WORD.test(name) &&
    !SCHOOL_WORDS.test(name) &&
    !words.filter((word) => !/^(?:and|or|&|\/)$/iu.test(word)).every(isGroupWord) &&
    findCues(name).every((cue) => cue.index > 0 || !cue.standalone) &&
    headingSection(name) === null &&
    !endsOnPastForm(name) &&
    taxonomy.resolve(name) === undefined
  );
}

// A label of a table's first column: one to three words, no list in it ("Design", "Year end", "Health and safety").
export const isLabelLine = (text: string) =>
  /^[\p{L}&-]+(?: [\p{L}&-]+){0,2}$/u.test(text) && !/^[\p{L}&-]+ and$/u.test(text);

/**
 * Lines that label the list below them: a word alone, not a bullet, above a line of several items ("Design" above
 * "Highway design, drainage design, earthworks"), as a two-column skills table reads once a DOCX gives its cells a line
 * each. Their indexes.
 */
export function listLabels(lines: readonly CvLine[]): Set<number> {
  const labels = new Set<number>();
  for (const [k, line] of lines.entries()) {
    const next = lines[k + 1];
    if (line.bullet || !isLabelLine(line.text) || next === undefined || next.section !== line.section) continue;
    if (itemSpans(next.text, null).length >= 2) labels.add(line.index);
  }
  return labels;
}

// A sentence in a skills list ("Plain film imaging of trauma, orthopaedic and chest patients, including ED lists"):
// its first part ends on a phrase after a preposition, whose object the commas go on listing.
// Two names joined by "and" are two items, each a skill of its own: two acronyms ("PACS and RIS", "ISO and BRC"), or
// two names of two words or more ("Visitor talks and animal encounters", "Premium cabin service and wine service").
// It stays one item where the parts may share words: a part of one word ("Food and wine pairing", "Accounts payable
// and receivable", "Moving and handling"), a phrase after a preposition that may belong to both ("Safe handling and
// restraint of small mammals"), a part opening on "the" (the rest of a sentence), and a course or credential named
// after both ("Ride-on mower and brush cutter training").
const PREPOSITIONS = new Set('of for on in with under to from at across'.split(' '));
const JOINING_WORD = /\s(?:and|&)\s/gu;
const ACRONYM = /^\p{Lu}[\p{Lu}\d]{1,5}$/u;
const SHARED_HEAD = /\s(?:training|course|competency|certificate|certification|awareness|qualification)s?$/iu;
function joinedParts(name: string): Array<[number, number]> | null {
  const joins = [...name.matchAll(JOINING_WORD)];
  if (joins.length !== 1) return null;
  const join = joins[0]!;
  const first = name.slice(0, join.index).trimEnd();
  const secondStart = join.index + join[0].length;
  const second = name.slice(secondStart).trimStart();
  const acronyms = ACRONYM.test(first) && ACRONYM.test(second);
  const words = (part: string) =>
    part
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => /\p{L}/u.test(word));
  const standsAlone = (part: string) =>
    words(part).length >= 2 && words(part)[0] !== 'the' && !words(part).some((word) => PREPOSITIONS.has(word));
  if (!acronyms && (!standsAlone(first) || !standsAlone(second) || SHARED_HEAD.test(name))) return null;
  return [
    [0, first.length],
    [name.length - second.length, name.length],
  ];
}
// A product's version or model after its name ("Xactimate 28", "Smaart v9", "Oticon Genie 2"): the name is the
// product, whatever the version, as a recruiter lists it. Only after a name in capitalised words with small letters
// (an acronym and a number is a code or a standard: "ISO 9001", "PA 6") and not after a word that a number grades or
// numbers ("Level 3", "Class 2", "Key Stage 2", "Part 66"), where the number is what the item says.
const VERSION_END = /\s(?:v|V|ver\.?\s?)?\d+(?:\.\d+)*[a-z]?$/u;
// A capital first and a small letter somewhere (two patterns: one would backtrack on a long word).
const PRODUCT_WORD = /^\p{Lu}[\p{L}\p{N}-]*$/u;
const isProductWord = (word: string) => PRODUCT_WORD.test(word) && /\p{Ll}/u.test(word);
const NUMBERED_WORDS = new Set(
  (
    'level class stage grade band part year type category module unit tier phase section step form schedule ' +
    'article regulation chapter volume book page zone group division league standard series mark cat'
  ).split(' '),
);
function withoutVersion(blanked: string, span: [number, number]): [number, number] {
  const text = blanked.slice(span[0], span[1]);
  const version = VERSION_END.exec(text);
  if (!version) return span;
  const words = text.slice(0, version.index).trim().split(/\s+/);
  if (words.length > 3 || !words.every(isProductWord)) return span;
  if (NUMBERED_WORDS.has(words.at(-1)!.toLowerCase())) return span;
  return [span[0], span[0] + version.index];
}

// A list of kinds that share the head of a later item ("cadastral, topographical, as-built, volume surveys"): an item
// of one word in small letters that qualifies a noun (an adjective, or a hyphenated compound ending on a participle:
// "as-built", "hand-tied") names that head's kind. The head is the last word of the next item of two words or more, when it is a
// noun in the plural ("surveys", "claims"); the shared name is read as any item is.
function sharedHead(
  clause: string,
  spans: ReadonlyArray<[number, number]>,
  span: readonly [number, number],
  written: string,
): string | null {
  const word = written.trim();
  if (!/^\p{Ll}+(?:-\p{Ll}+)*$/u.test(word)) return null;
  const tokens = parseText(word).tokens;
  const last = tokens.at(-1);
  const qualifies = tokens.length === 1 ? last?.pos === 'ADJ' : last?.pos === 'VERB';
  if (!qualifies) return null;
  const later = spans.filter(([from]) => from > span[0]);
  for (const [from, to] of later) {
    const words = parseText(clause.slice(from, to).trim()).tokens.filter((token) => /\p{L}/u.test(token.value));
    const end = words.at(-1);
    if (words.length >= 2 && end?.pos === 'NOUN' && end.lemma !== end.lower && /^\p{Ll}+$/u.test(end.value)) {
      return end.value;
    }
  }
  return null;
}

// The label of a labelled list in a skills list names a skill of its own when it is the work the items detail
// ("Brewing: recipe formulation, wort production, fermentation"; "Bird control: netting, spikes, post-and-wire"), not
// a group of skills ("Clinical skills:", "CAT software:", "Other tickets:"): a name of two words or more, or one word
// of work in -ing, with no group or generic word, where the taxonomy found nothing.
function skillLabel(
  clause: string,
  written: string,
  section: Section,
  named: ReadonlyArray<{ start: number; end: number }>,
  taxonomy: Taxonomy,
): ListedItem | null {
  if (section !== 'skills') return null;
  const end = written.indexOf(':');
  const text = written.slice(0, end).trim();
  const start = written.indexOf(text);
  if (named.some((mention) => mention.start < start + text.length && mention.end > start)) return null;
  const words = text.split(/\s+/);
  if (words.some((word) => isGroupWord(word) || isGenericWord(word) || !/^\p{L}+(?:-\p{L}+)*$/u.test(word))) {
    return null;
  }
  if (words.length === 1) return null;
  const name = displayName(text);
  return isSkillName(name, taxonomy) && clause.startsWith(written) ? { name, start, end: start + text.length } : null;
}

function opensOnPhrase(item: string): boolean {
  const words = item.trim().toLowerCase().split(/\s+/);
  return words.length >= 4 && words.slice(1, -1).some((word) => PREPOSITIONS.has(word));
}

/**
 * The items of a clause of a skills or certifications list that name a skill the taxonomy does not: none of
 * `named` (the spans where it found a skill) falls inside them, and their name passes the rules above.
 */
export function listedItems(
  clause: string,
  section: Section,
  named: ReadonlyArray<{ start: number; end: number }>,
  taxonomy: Taxonomy,
): ListedItem[] {
  const found = LABEL.exec(clause);
  const label = found && bracketsBalance(found[0]) ? found : null;
  const spans = itemSpans(clause, label);
  const items: ListedItem[] = [];
  if (label === null && spans.length >= 2 && opensOnPhrase(clause.slice(spans[0]![0], spans[0]![1]))) return items;
  const labelItem = label ? skillLabel(clause, label[0], section, named, taxonomy) : null;
  if (labelItem) items.push(labelItem);
  const unnamed = (start: number, end: number) => !named.some((mention) => mention.start < end && mention.end > start);
  // A table row of three cells or more whose later cells hold numbers is a skill and its details (material,
  // position, standard; level, years): only its first cell names a skill in the CV's own words ("TIG (141) | Carbon
  // steel | 6G | BS EN ISO 9606-1"); a pipe-separated list has no numbers after its first item. A row of one-word
  // cells that names nothing the taxonomy knows is the table's head ("Process | Material | Position | Standard").
  const cells = clause.split('|');
  const detailsRow = cells.length >= 3 && cells.slice(1).some((cell) => /\p{N}/u.test(cell));
  const firstCellEnd = detailsRow ? cells[0]!.length : clause.length;
  if (cells.length >= 3 && named.length === 0 && cells.every((cell) => /^\s*[\p{L}-]+\s*$/u.test(cell))) return items;
  const rowSpans = spans.filter(([from]) => from < firstCellEnd);
  for (const [from, to] of section === 'certifications' && label === null ? rowSpans.slice(0, 1) : rowSpans) {
    const item = clause.slice(from, to);
    if (!bracketsBalance(item)) continue;
    const whole = nameSpan(blankFacts(item));
    if (whole === null) continue;
    const span = withoutVersion(blankFacts(item), whole);
    const written = blankFacts(item).slice(span[0], span[1]);
    const parts = joinedParts(written);
    if (parts) {
      // Each part found where it is written and kept unless the taxonomy found it there.
      for (const [partStart, partEnd] of parts) {
        const start = from + span[0] + partStart;
        const end = from + span[0] + partEnd;
        const name = displayName(written.slice(partStart, partEnd));
        if (unnamed(start, end) && isSkillName(name, taxonomy)) items.push({ name, start, end });
      }
      continue;
    }
    const name = displayName(written);
    const start = from + span[0];
    const end = from + span[1];
    const inside = named.filter((mention) => mention.start < to && mention.end > from);
    if (section === 'skills' && inside.length === 1 && isSkillName(name, taxonomy)) {
      if (narrowsFound(clause, start, end, inside[0]!)) items.push({ name, start, end });
      continue;
    }
    if (inside.length > 0) continue;
    const head = sharedHead(clause, rowSpans, [from, to], written);
    if (head !== null) {
      const shared = `${name} ${head}`;
      const known = taxonomy.resolve(shared);
      if (known) items.push({ name: known.name, start, end, known });
      else if (isSkillName(shared, taxonomy)) items.push({ name: shared, start, end });
      continue;
    }
    if (!isSkillName(name, taxonomy)) continue;
    items.push({ name, start, end });
  }
  return items;
}

// Words that say how a skill is held or what it is, not which narrower skill it is ("Excel skills", "Basic
// welding", "Sage software"): an item that adds only these names the skill found in it.
const GENERIC_WORDS = new Set(
  (
    'skill knowledge experience expertise awareness understanding basics fundamentals proficiency ability work duty ' +
    'task practice principle technique method procedure process software tool system application platform package ' +
    'certificate certification licence license card qualification training course ticket level holder user ' +
    'general good strong excellent sound solid proven working practical hands-on applied'
  ).split(' '),
);
const DEGREE_WORD = /^(?:[BMD](?:Sc|Eng|Ed|Phil|Res|Pharm|Mus|Tech)|PhD|DPhil)$/u;
const isGenericWord = (word: string) => {
  const lower = word.toLowerCase();
  return (
    GENERIC_WORDS.has(lower) || isGroupWord(lower) || (lower.endsWith('s') && GENERIC_WORDS.has(lower.slice(0, -1)))
  );
};

/**
 * Whether a skills-list item that holds one skill the taxonomy found, after words of its own, names a narrower skill
 * ("Freight rate negotiation", "Onboard sales", "Pure tone audiometry"): a recruiter lists it under those words, and
 * the skill found at its end is its parent. The parent stays found beside it: whoever holds the narrower skill can do
 * work that needs the broader one, and matching reaches a skill only through the taxonomy's names (a profile keeps no
 * link from the CV's own words to a parent), so without it a contributor would lose the tasks that need the parent
 * (measured: 16 fitting pairs of the development set lost when the item replaced it). Only when the found skill is
 * the item's head (its last words) and the
 * words before it are plain words that qualify it: not a code or model ("CS41", "TS16"), an acronym ("EYFS"), a
 * rating, a word that says only how it is held ("Strong communication", "Practical welding"), nor a joining or
 * linking word (two skills, or a sentence).
 */
function narrowsFound(clause: string, start: number, end: number, found: { start: number; end: number }): boolean {
  if (found.start <= start || found.end > end || clause.slice(found.end, end).trim() !== '') return false;
  const before = clause.slice(start, found.start).trim();
  const words = before.split(/\s+/);
  // A word of the found skill's own before it is a table's area label run into its cell ("Modelling Financial
  // modelling", as a PDF gives a row); a degree names a course ("MSc Audiology").
  const foundWords = new Set(wordsOf(clause.slice(found.start, found.end)));
  return (
    words.length <= 3 &&
    !words.some((word) => foundWords.has(word.toLowerCase()) || DEGREE_WORD.test(word)) &&
    findCues(before).length === 0 &&
    words.every((word) => /^\p{L}+(?:-\p{L}+)*$/u.test(word) && word !== word.toUpperCase()) &&
    words.some((word) => !isGenericWord(word)) &&
    !words.some((word) => LOOSE_WORDS.has(word.toLowerCase()) || PREPOSITIONS.has(word.toLowerCase()))
  );
}

const WORD_OF_NAME = /[\p{L}\p{N}+#]+/gu;
const wordsOf = (text: string) => (text.toLowerCase().match(WORD_OF_NAME) ?? []) as string[];

/**
 * The rule for a skill any provider answers that the taxonomy does not know (the offline analyzer's, and a model's):
 * it is kept, as a profile shows it, only when it passes the rules of a listed item above and the CV writes it (every
 * word of the name on one line of the CV, as the analyzer reads its lines); otherwise null. A model that names a
 * skill in words of its own, or one the CV does not show, adds nothing the taxonomy does not know.
 */
export function ownWordsReader(cvText: string, taxonomy: Taxonomy): (name: string) => string | null {
  let lineWords: Array<Set<string>> | undefined;
  return (answered) => {
    const name = displayName(answered);
    if (!isSkillName(name, taxonomy)) return null;
    lineWords ??= cvLines(normalizeText(cvText)).map((line) => new Set(wordsOf(line.text)));
    const words = wordsOf(name);
    return words.length > 0 && lineWords.some((line) => words.every((word) => line.has(word))) ? name : null;
  };
}
