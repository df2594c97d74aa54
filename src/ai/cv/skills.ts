import { findPhrasedSkills } from '../taxonomy/skill-phrasings.ts';
import { type SkillCategory, skillSlug, type Taxonomy, type TaxonomySkill } from '../taxonomy/taxonomy.ts';
import { parseText, type Token } from '../taxonomy/text-parser.ts';
import { clausesOf, withoutLongRuns } from './clauses.ts';
import { findDateRanges, monthsToYears, spanMonths, unionMonths } from './dates.ts';
import { totalYears } from './experience.ts';
import type { CvLine, Section } from './lines.ts';
import { isLabelLine, type ListedItem, listedItems, listLabels } from './listed-skills.ts';
import { namedTools } from './named-tools.ts';
import type { CvSkillResult, Proficiency } from './schema.ts';
import { type MentionStatus, statusReader } from './status.ts';
import {
  INDUSTRY_NAME,
  JUNIOR_TITLE,
  ROLE_AT_END,
  ROLE_WORDS,
  SENIOR_TITLE,
  STUDENT_TITLE,
  TOP_TITLE,
} from './vocabulary.ts';
import {
  type Cue,
  factsOnly,
  factsRightAfter,
  findCues,
  findYearsPhrases,
  LEVEL_RANK,
  linksYearsToSkill,
  type YearsPhrase,
} from './wording.ts';
import { type Job, SELF_EMPLOYED } from './work-history.ts';

/**
 * Skills a CV shows, found through the taxonomy clause by clause, so that each mention is read with the words
 * around it: whether the person claims it at all (status.ts), the rating that governs it ("Expert in Python and
 * Django"; "AWS (advanced)"; a table row "Python | Expert | 8 years"), the years written beside it ("6 years of
 * PostgreSQL"), and the job it appears in (whose dates count as years of use, whose title says how senior the use
 * was, and whose end says how recent). Each skill keeps the CV excerpt that shows it best.
 */
export type SkillEvidence = {
  skill: FoundSkill;
  mentions: number;
  /** Order of first appearance, for stable ranking. */
  firstSeen: number;
  rating: Proficiency | null;
  statedYears: number | null;
  jobs: Set<number>;
  sections: Set<Section>;
  /** Every mention names where the person worked, not what they did (`namesSetting`). */
  settingOnly?: boolean;
  /** Some mention says the person met the skill only in their studies ("… were modules only"; status.ts). */
  studied: boolean;
  /** The CV's words that show the skill best, and how well they show it (see `EXCERPT_STRENGTH`). */
  excerpt: string;
  excerptStrength: number;
};

/**
 * A skill as the evidence holds it: one of the taxonomy's, or one the CV lists in its own words that the taxonomy does
 * not know (listed-skills.ts), which has no category (null: nobody has said what kind of skill it is) and no fields.
 */
export type FoundSkill = Pick<TaxonomySkill, 'name' | 'slug' | 'fields'> & { category: SkillCategory | null };

/** `setting`: the words name where the person worked, not what they did ("8 years in local government"). */
type Mention = { skill: FoundSkill; start: number; end: number; count: number; setting?: boolean };

/** A skill only the CV names, in its words (an item of its lists, a tool it names): no category, no fields. */
function ownWordsMention(item: ListedItem, taxonomy: Taxonomy): Mention {
  if (item.known) return { skill: item.known, start: item.start, end: item.end, count: 1 };
  const skill = { name: item.name, slug: skillSlug(taxonomy, item.name), category: null, fields: [] };
  return { skill, start: item.start, end: item.end, count: 1 };
}

/** What a CV excerpt tells about a skill, best first: the person rates it, counts its years, uses it in a job. */
const EXCERPT_STRENGTH = { rated: 4, years: 3, usedInJob: 2, listed: 1, named: 0 } as const;
const LISTING_SECTIONS: ReadonlySet<Section> = new Set(['skills', 'certifications', 'languages']);
// Where an item of a list is a skill in the CV's own words even when the taxonomy does not know it (listed-skills.ts).
const OWN_WORDS_SECTIONS: ReadonlySet<Section> = new Set(['skills', 'certifications']);
// Where a tool named in running text is a skill in its own words though the taxonomy does not know it (named-tools.ts).
const RUNNING_TEXT_SECTIONS: ReadonlySet<Section> = new Set(['experience', 'summary', 'projects']);
const MAX_EXCERPT = 300;
const SHORT_LINE = 120;

// Contact details name no skills, however their addresses are spelled ("github.com/react-dev", "jane.design").
// Read word by word, each from its start, so a long word costs one pass; domains in lower case only, so "ASP.NET"
// stays a skill. Two patterns rather than one alternation: recheck proves each linear, but not the two joined (too
// large for its automaton check).
const ADDRESS_WORD = /^[(<[]?(?:[^@\s]*@|https?:\/\/|www\.)/;
const DOMAIN_WORD = /^[(<[]?(?:[a-z0-9-]+\.[a-z0-9.-]*\/|[a-z0-9-]+\.(?:com|org|design|dev|me)(?:[^a-z0-9]|$))/;
const WORD = /\S+/g;

function withoutContacts(text: string): string {
  if (!/[@./]/.test(text)) return text;
  return text.replace(WORD, (word) => (ADDRESS_WORD.test(word) || DOMAIN_WORD.test(word) ? ' ' : word));
}

/** The line without contact details, nor the employer's name on a job's header line ("Lumen Software SAS"). */
function withoutNames(line: CvLine, job: Job | undefined): string {
  const text = withoutContacts(line.text);
  const employer = job?.headerLines.includes(line.index) ? job.company : '';
  return employer && employer !== SELF_EMPLOYED ? text.replace(employer, ' ') : text;
}

// A line under a skills or languages heading is an item of that list, which is the context an ambiguous name needs
// ("Java" the language, not the island; "Polish" the language, not the verb): the matcher reads it after the heading.
const LIST_CONTEXT: Partial<Record<Section, string>> = {
  skills: 'Skills: ',
  certifications: 'Skills: ',
  languages: 'Languages: ',
};

function mentionsIn(clause: string, section: Section, taxonomy: Taxonomy): Mention[] {
  const context = LIST_CONTEXT[section] ?? '';
  const parsed = parseText(context + withoutLongRuns(clause));
  const named = taxonomy
    .findInText(parsed)
    .map((found) => ({ found, start: found.firstIndex - context.length }))
    .filter(({ start }) => start >= 0)
    .map(({ found, start }) => ({
      skill: found.skill,
      start,
      end: start + matchedLength(clause, start, found.skill),
      count: found.mentions,
    }));
  // A trade named as the kind of organisation, place or job ("two manufacturing sites", "logistics platforms", "a
  // major trauma centre", "sales roles", "visits to two nursing homes") is where the person worked or whom they hired, not a skill they hold.
  // A name in the possessive is whose or what's the thing is ("under the dentist's prescription"), not a skill.
  const own = named
    .filter(
      (mention) =>
        !namesOrigin(parsed.tokens, mention.start + context.length, mention.end + context.length, mention.skill) &&
        !namesSector(clause, mention) &&
        !POSSESSIVE.test(clause.slice(mention.end)) &&
        !namesColleague(clause, mention),
    )
    .map((mention) => (namesSetting(clause, mention) ? { ...mention, setting: true } : mention));
  // Skills written as what the person did ("managed budgets", "management of subcontractors"), where no skill is
  // named at the same words.
  const phrased = findPhrasedSkills(parsed, taxonomy.resolve, isPhrasable, isPeopleAtWork)
    .map((found) => ({
      skill: found.skill,
      start: found.start - context.length,
      end: found.end - context.length,
      count: 1,
    }))
    .filter(
      (mention) =>
        mention.start >= 0 &&
        !own.some(
          (other) =>
            other.skill === mention.skill ||
            (other.start < mention.end &&
              other.end > mention.start &&
              other.end - other.start >= mention.end - mention.start),
        ),
    );
  return [...own, ...phrased].sort((a, b) => a.start - b.start);
}

// A language's name that says where a thing comes from or whose style it is, not what the person speaks: before a
// noun in small letters ("French drains", "Welsh slate", "Portuguese community"), or in brackets after one with only
// other such names ("natural slate (Welsh and Spanish)"). Not before or after a word about the language itself
// ("French lessons", "Spanish speakers", "translation (French and Arabic)").
const LANGUAGE_NOUNS = new Set(
  (
    'language languages speaker speakers speaking speech tongue translation translations translator translators ' +
    'translating interpreter interpreters interpreting teacher teachers teaching tutor tutoring tuition lessons ' +
    'classes class course courses literature exam exams level levels skills proficiency fluency conversation ' +
    'version versions sign signing support service services'
  ).split(' '),
);
// The tagger reads a plural noun after an adjective as a verb now and then ("French/ADJ drains/VERB"): after a name
// it tags as an adjective, a verb's form stands for the noun.
const isPlainNoun = (token: Token | undefined, afterAdjective = false) =>
  token !== undefined &&
  (token.pos === 'NOUN' || (afterAdjective && token.pos === 'VERB')) &&
  /^\p{Ll}+$/u.test(token.value) &&
  !LANGUAGE_NOUNS.has(token.lower);
function namesOrigin(tokens: readonly Token[], start: number, end: number, skill: FoundSkill): boolean {
  if (skill.category !== 'language') return false;
  const first = tokens.findIndex((token) => token.start >= start);
  const after = tokens.findIndex((token) => token.start >= end);
  if (first < 0) return false;
  const adjective = tokens[after - 1]?.pos === 'ADJ';
  if (after >= 0 && !tokens[after]!.glued && isPlainNoun(tokens[after], adjective)) return true;
  // In brackets: "(" right after a plain noun, and nothing but names, "and", "/" and "," up to ")".
  let open = first - 1;
  while (open >= 0 && tokens[open]!.value !== '(') {
    if (!/^(?:and|or|,|\/|\p{Lu}\p{Ll}+)$/u.test(tokens[open]!.value)) return false;
    open--;
  }
  return open > 0 && isPlainNoun(tokens[open - 1]);
}

const SECTOR_NOUN =
  /^\s(?:sites?|roles|sectors?|industry|industries|companies|businesses|firms|platforms|organisations|organizations|centres?|centers?|units?|wards?|homes?)(?![\p{L}])/iu;

// Working with another professional ("menus with the head chef", "alongside our dietitian") names their trade, not
// the person's: a person noun (its last word ends as one) right after "with the", "alongside our"…
const WITH_SOMEONE = /\b(?:with|alongside|to|for|from|by)\s(?:the|our|a|an|my|their|each|every)\s(?:[\p{L}-]+\s)?$/iu;
const PERSON_NOUN = /(?:er|or|ist|ian|chef|nurse|surgeon|physio|doctor|GP|manager|lead|team)$/i;

// A job title the person supervises, trains or hires ("supervise two trainees and a paralegal", "mentored a junior
// welder") is someone else's job: a person (the mention ends the noun phrase on a role word of vocabulary.ts) after
// such a verb and a determiner, and maybe one word ("trained two junior welders"). "Led the DevOps migration" and
// "managed a sales team" name work, not a person. The optional word is cut off in code (`withoutLastWord`): written in
// the pattern, it makes the pattern too large for recheck to prove linear.
const LEADS_SOMEONE =
  /\b(?:supervis\w*|manag\w*|train\w*|mentor\w*|coach\w*|hir\w*|recruit\w*|led|lead\w*|and)\s(?:a|an|the|our|two|three|four|five|six|several|other)\s$/iu;
const LAST_WORD = /(\s)[\p{L}-]+\s$/u;
const withoutLastWord = (text: string) => text.replace(LAST_WORD, '$1');
const NOT_A_PERSON = /^(?:sales|devops|sre|lead|head|host|freelance|partner)$/i;
const NOUN_PHRASE_ENDS = /^(?:$|\s?[.,;:)]|\s(?:and|or|to|on|in|with|for|who|from|at)(?![\p{L}]))/u;

function namesPersonLed(clause: string, mention: Mention, before: string): boolean {
  const written = clause.slice(mention.start, mention.end);
  const last = written.slice(written.lastIndexOf(' ') + 1);
  if (!ROLE_WORDS.test(last) || NOT_A_PERSON.test(last)) return false;
  return (
    NOUN_PHRASE_ENDS.test(clause.slice(mention.end, mention.end + 6)) &&
    (LEADS_SOMEONE.test(before) || LEADS_SOMEONE.test(withoutLastWord(before)))
  );
}

function namesColleague(clause: string, mention: Mention): boolean {
  const written = clause.slice(mention.start, mention.end);
  const before = clause.slice(Math.max(0, mention.start - 40), mention.start);
  if (namesPersonLed(clause, mention, before)) return true;
  return PERSON_NOUN.test(written) && WITH_SOMEONE.test(before);
}

const POSSESSIVE = /^['’]s(?![\p{L}])/u;

// An industry in a list that ends on such a noun ("hiring engineering, manufacturing and commercial roles", "the
// underwriting guide for food manufacturing risks"), after years spent in it ("4 years in insurance and e-commerce"),
// or in brackets or after a colon after the clients, sectors or insured risks served ("employer clients
// (manufacturing, healthcare, retail)", "a book of property risks: manufacturing, warehousing, hotels"). Words of at
// most 24 letters (an industry's name is shorter), so that recheck proves the patterns linear.
const LIST_THEN_SECTOR_NOUN =
  /^(?:,? (?:and |& |or )?[\p{L}-]{1,24}){1,3} (?:sites?|roles|sectors?|industry|industries|companies|businesses|firms|clients|customers|brands|employers|risks|accounts|portfolios)(?:[^\p{L}]|$)/iu;
// An industry right before the risks, accounts or portfolios of it that the person insures or serves ("food
// manufacturing risks"): not "fire risks" or "safeguarding risks", which only an industry's name is exempt from.
const INSURED_NOUN = /^\s(?:risks|accounts|portfolios)(?![\p{L}])/iu;
const YEARS_IN_LIST =
  /\byears?['’]?s? (?:of )?(?:experience )?(?:in|across|within) (?:the )?(?:[\p{L}-]{1,24}(?:,| and| &)? ){0,4}$/iu;
const SERVED_IN_BRACKETS =
  /\b(?:clients|customers|sectors|industries|employers|risks|accounts|portfolios)(?: \(|: )(?:[\p{L}-]{1,24}(?:,| and| &)? ){0,4}$/iu;

/**
 * A field of knowledge named as where the person's years were spent ("Compliance professional with 8 years in retail
 * banking and payments", "3 years' experience in public health and housing"): the setting of their work. It still
 * counts the years of a skill the CV shows otherwise ("pharmacist with 10 years in community pharmacy"), but on its
 * own it is no skill (`rankSkills`).
 */
function namesSetting(clause: string, mention: { skill: TaxonomySkill; start: number }): boolean {
  return (
    mention.skill.category === 'domain' &&
    YEARS_IN_LIST.test(clause.slice(Math.max(0, mention.start - 80), mention.start))
  );
}

// What follows a job title on its header line, after a comma, a dash or a bracket: the department, sector or employer
// ("Territory Sales Manager, Orthopaedics", "Shift Supervisor - Midshires Distribution Centre (third-party logistics
// for grocery retail)", "Interior Designer (Commercial & Hospitality)").
const AFTER_TITLE = /,\s|\s[-–—]\s|\(/u;

/**
 * A field of knowledge named on a job's header line after its title is where the job was, as a field named as where
 * the years were spent (`namesSetting`): the title itself ("Public Health Information Officer", "Farm Manager") is
 * the person's work and stays a skill.
 */
function qualifiesTitle(clause: string, mention: Mention): boolean {
  return mention.skill.category === 'domain' && AFTER_TITLE.test(clause.slice(0, mention.start));
}

function namesSector(clause: string, mention: { skill: TaxonomySkill; start: number; end: number }): boolean {
  if (mention.skill.category === 'tool') return false;
  if (SECTOR_NOUN.test(clause.slice(mention.end, mention.end + 16))) return true;
  if (!INDUSTRY_NAME.test(clause.slice(mention.start, mention.end))) return false;
  const before = clause.slice(Math.max(0, mention.start - 80), mention.start);
  return (
    INSURED_NOUN.test(clause.slice(mention.end, mention.end + 16)) ||
    LIST_THEN_SECTOR_NOUN.test(clause.slice(mention.end, mention.end + 60)) ||
    YEARS_IN_LIST.test(before) ||
    SERVED_IN_BRACKETS.test(before)
  );
}

/** Spoken languages and products are only ever written by name. */
const isPhrasable = (skill: TaxonomySkill) => skill.category !== 'language' && skill.category !== 'tool';

// People at work, as the object of a verb of bringing them on ("trained new technicians"): a role's name, or a word for
// colleagues. Pupils, students and patients are not: teaching them is the work itself, read by the other rules.
const COLLEAGUES = new Set([
  'staff',
  'colleague',
  'starter',
  'recruit',
  'mentee',
  'team',
  'crew',
  'member',
  'improver',
]);
const isPeopleAtWork = (head: Token) => COLLEAGUES.has(head.lemma) || ROLE_AT_END.test(head.lemma);

/** How long the name or alias found at `index` is; the taxonomy reports where a skill starts, not where it ends. */
function matchedLength(clause: string, index: number, skill: TaxonomySkill): number {
  const here = clause.slice(index).toLowerCase();
  const lengths = [skill.name, ...skill.aliases]
    .filter((form) => here.startsWith(form.toLowerCase()))
    .map((form) => form.length);
  return lengths.length ? Math.max(...lengths) : skill.name.length;
}

// A date as an item of its own: a year, or a period, after at most one word ("since 2019", "renewed 2025").
const DATED_ITEM = /^(?:\p{L}+ )?(?:19|20)\d\d(?: ?[–-] ?(?:(?:19|20)\d\d|present))?$/u;

/** A line's clauses; a table row ("Python | Expert | 8 years") stays one, so its cells rate the skill they name. */
function clausesOfLine(text: string): string[] {
  const cells = text.split('|');
  // An area | skills row ("Suppliers | Supplier negotiation, florists, caterers"), with or without a level after the
  // list ("Measurement | Smaart v9, Rational Acoustics | advanced"): the first cell labels the list in the second, as
  // a word alone above a list does; it names no skill of its own, and the numbers of the list's items are versions,
  // not a skill's details (the row rule below). Not when a later cell holds a year: that is a credential or skill and
  // its details ("Basic Life Support | Resuscitation Council UK, renewed 2025"; "… | Second Engineer | 2022 – 2025"),
  // as in a longer row below; a year inside a name ("CDM 2015 designer duties") or a code ("Unvented cylinders (G3)")
  // is none.
  const later = cells.slice(1);
  if (
    cells.length >= 2 &&
    isLabelLine(cells[0]!.trim()) &&
    cells[1]!.split(',').length >= 2 &&
    !later.some((cell) => cell.split(',').some((item) => DATED_ITEM.test(item.trim())))
  ) {
    return clausesOf(later.join('|'));
  }
  // A row whose later cells hold numbers is a skill and its details, however long its first cell (listed-skills.ts).
  const isRow =
    (cells.length >= 2 && cells.length <= 6 && cells.every((cell) => cell.trim().split(' ').length <= 6)) ||
    (cells.length >= 3 && cells.slice(1).some((cell) => /\p{N}/u.test(cell)));
  return isRow ? [text] : clausesOf(text);
}

/** The clause's text from `from` to `to`, the other skills named there cut out. */
function textBetween(clause: string, from: number, to: number, mentions: Mention[]): string {
  let between = clause.slice(from, to);
  for (const other of mentions) {
    if (other.start >= from && other.end <= to) between = between.replace(clause.slice(other.start, other.end), ' ');
  }
  return between;
}

// A rating governs the list it opens ("Expert in IFRS reporting and month-end close", "Expert in building APIs with
// Python"), not a skill the sentence names later about something else ("…, and the person colleagues ask when SAP
// does something unexpected").
const LIST_WORDS = new Set('and or & with in of using including such as e.g. like plus'.split(' '));
const MAX_WORDS_BETWEEN_RATING_AND_SKILL = 4;

function ratesAcross(between: string): boolean {
  const words = between.split(/[\s,;/()]+/).filter((word) => word !== '' && !LIST_WORDS.has(word.toLowerCase()));
  return words.length <= MAX_WORDS_BETWEEN_RATING_AND_SKILL;
}

/** The years of a phrase that ends before the skill and that only connecting words separate from it. */
function yearsBefore(clause: string, mention: Mention, mentions: Mention[], phrases: YearsPhrase[]): number | null {
  const phrase = phrases.filter((found) => found.end <= mention.start).at(-1);
  if (!phrase) return null;
  return linksYearsToSkill(textBetween(clause, phrase.end, mention.start, mentions)) ? phrase.years : null;
}

type ClauseReading = { level: Proficiency | null; years: number | null };

/**
 * The rating and years of one mention: written right after it ("AWS (advanced)", "Java (17 years)"), in a table
 * row's other cells when the row names no other skill, or governing it from before ("Expert in Python and Django",
 * "6 years of PostgreSQL") unless that rating is a parenthesised one of an earlier skill.
 */
function readMention(clause: string, mention: Mention, mentions: Mention[], cues: Cue[], asOf: number): ClauseReading {
  const phrases = findYearsPhrases(clause);
  const next = mentions.find((other) => other.start >= mention.end);
  const after = factsRightAfter(clause, mention.end, cues, phrases, next?.start ?? null);
  after.years ??= datedUseRightAfter(clause, mention.end, asOf);
  const row = clause.includes('|') && mentions.length === 1;
  const rowCue = row ? cues.find((cue) => cue.standalone) : undefined;
  const before = cues.filter((cue) => cue.end <= mention.start && !cue.inParentheses).at(-1);
  const governed = before && ratesAcross(textBetween(clause, before.end, mention.start, mentions));
  return {
    level: after.level ?? rowCue?.level ?? (governed ? before.level : null),
    years: after.years ?? (row ? phrases[0]?.years : undefined) ?? yearsBefore(clause, mention, mentions, phrases),
  };
}

// "Python (2016 – present)", "Kubernetes: since 2019", "COBOL 1998–2004": the span a skill was used, right after it.
const DATE_GAP = /^\s?[(:–—-]?\s?/;

function datedUseRightAfter(clause: string, end: number, asOf: number): number | null {
  const from = end + DATE_GAP.exec(clause.slice(end))![0].length;
  const span = findDateRanges(clause, asOf).find((range) => range.index === from);
  return span ? monthsToYears(spanMonths(span)) : null;
}

/**
 * The excerpt a recruiter would quote: a short line whole (a bullet, a table row, "Expert in Python; basic Go"),
 * else the clause of a paragraph that names the skill, else the words around the skill, at most 300 characters.
 */
function excerptOf(line: CvLine, clause: string, mention: Mention): string {
  if (line.text.length <= SHORT_LINE && withoutContacts(line.text) === line.text) return line.text;
  if (clause.length <= MAX_EXCERPT) return clause.replace(/\s+/g, ' ').trim();
  const from = Math.max(0, clause.lastIndexOf(' ', Math.max(0, mention.start - 100)));
  const window = clause.slice(from, from + MAX_EXCERPT - 2);
  const cut = window.length === MAX_EXCERPT - 2 ? window.slice(0, window.lastIndexOf(' ')) : window;
  return `${from > 0 ? '…' : ''}${cut.trim()}${from + cut.length < clause.length ? '…' : ''}`;
}

function strengthOf(reading: ClauseReading, line: CvLine, usedInJob: boolean): number {
  if (reading.level !== null) return EXCERPT_STRENGTH.rated;
  if (reading.years !== null) return EXCERPT_STRENGTH.years;
  if (usedInJob) return EXCERPT_STRENGTH.usedInJob;
  return LISTING_SECTIONS.has(line.section) ? EXCERPT_STRENGTH.listed : EXCERPT_STRENGTH.named;
}

function addReading(entry: SkillEvidence, reading: ClauseReading): void {
  const { level, years } = reading;
  if (level && (!entry.rating || LEVEL_RANK[level] > LEVEL_RANK[entry.rating])) entry.rating = level;
  if (years !== null) entry.statedYears = Math.max(entry.statedYears ?? 0, years);
}

export function collectSkillEvidence(
  lines: CvLine[],
  jobs: Job[],
  taxonomy: Taxonomy,
  asOf: number,
): Map<string, SkillEvidence> {
  const evidence = new Map<string, SkillEvidence>();
  let order = 0;
  // The one skill the previous line of a list named, which a line holding only a rating or years goes with.
  let soleSkillAbove: SkillEvidence | null = null;
  const labels = listLabels(lines);
  for (const line of lines) {
    const job = jobs.findIndex((candidate) => line.index >= candidate.firstLine && line.index <= candidate.lastLine);
    const usedInJob = job >= 0 && !jobs[job].headerLines.includes(line.index);
    const cleaned = withoutNames(line, jobs[job]);
    const found = new Set<SkillEvidence>();
    for (const clause of clausesOfLine(cleaned)) {
      const named = labels.has(line.index) ? [] : mentionsIn(clause, line.section, taxonomy);
      const listed = (
        OWN_WORDS_SECTIONS.has(line.section) && !labels.has(line.index)
          ? listedItems(clause, line.section, named, taxonomy)
          : RUNNING_TEXT_SECTIONS.has(line.section)
            ? namedTools(clause, named, taxonomy)
            : []
      ).map((item) => ownWordsMention(item, taxonomy));
      if (named.length + listed.length === 0) continue;
      const mentions = listed.length === 0 ? named : [...named, ...listed].sort((a, b) => a.start - b.start);
      const statusOf = statusReader(clause);
      // A rating word inside a skill's own name ("Advanced Cardiac Life Support") rates nothing.
      const cues = findCues(clause).filter(
        (cue) => !mentions.some((mention) => cue.index < mention.end && cue.end > mention.start),
      );
      for (const mention of mentions) {
        const status = statusIn(line, statusOf(statusAt(clause, mention), mention.end));
        if (status !== 'asserted' && status !== 'studied') continue;
        // Known from studies only ("… were modules only"): met in education, wherever the CV says so.
        const section = status === 'studied' ? 'education' : line.section;
        const reading = readMention(clause, mention, mentions, cues, asOf);
        const strength = strengthOf(reading, line, usedInJob && status !== 'studied');
        let entry = evidence.get(mention.skill.slug);
        if (!entry) {
          entry = {
            skill: mention.skill,
            mentions: 0,
            firstSeen: order++,
            rating: null,
            statedYears: null,
            jobs: new Set<number>(),
            sections: new Set<Section>(),
            studied: false,
            settingOnly: true,
            excerpt: excerptOf(line, clause, mention),
            excerptStrength: strength,
          };
          evidence.set(mention.skill.slug, entry);
        } else if (strength > entry.excerptStrength) {
          entry.excerpt = excerptOf(line, clause, mention);
          entry.excerptStrength = strength;
        }
        entry.mentions += mention.count;
        entry.sections.add(isPastime(clause, mention, section) ? 'interests' : section);
        const setting = mention.setting || (job >= 0 && !usedInJob && qualifiesTitle(clause, mention));
        if (!setting) entry.settingOnly = false;
        if (status === 'studied') entry.studied = true;
        else if (job >= 0) entry.jobs.add(job);
        addReading(entry, reading);
        found.add(entry);
      }
    }
    const facts =
      found.size === 0 && soleSkillAbove && LISTING_SECTIONS.has(line.section) ? factsOnly(line.text) : null;
    if (facts && soleSkillAbove) addReading(soleSkillAbove, facts);
    if (facts) continue; // "Python", "Expert", "8 years" on three lines: both go with Python.
    soleSkillAbove = found.size === 1 && LISTING_SECTIONS.has(line.section) ? [...found][0] : null;
  }
  return evidence;
}

// A pastime written as one outside a hobbies heading ("In my spare time I bake"; under "Other" or "Personal",
// "Enjoys trail running and cooking" — in a profile or a job, "I enjoy mentoring" is a claim of the work).
const PASTIME_CUE =
  /\b(?:(?:in )?my (?:spare|free) time|spare time:|outside (?:of )?work|hobbies include|my hobbies|for fun)(?![a-z])/gi;
const ENJOY_CUE = /\b(?:enjoys?|enjoying)\b/gi;
// A clause that a label of pastimes opens, on a line of another section ("Spanish — conversational (B1). Hobbies: fell
// running and baking."; "Lay preacher at my local chapel; interests: rugby, choir singing"). Only the bare label:
// "Research interests: protein folding" and "Clinical interests:" name the person's work.
const PASTIME_LABEL =
  /^\s?(?:[-•*]\s?)?(?:(?:personal|other|outside work|leisure)\s)?(?:hobbies|interests|pastimes)(?:\s(?:and|&)\s(?:hobbies|interests|pastimes))?\s?[:–—-]/iu;
const CLAIMING_SECTIONS: ReadonlySet<Section> = new Set(['summary', 'experience', 'skills', 'certifications']);

// A clause that ends on when the person does it outside work ("Allotment and beekeeping at weekends", "plays
// football at the weekend"): what it names before is a pastime.
const PASTIME_AFTER = /\s(?:at|on)\s(?:the\s)?weekends?[\s.!]*$/iu;
// A sentence that ended between the skill and "at weekends" (one the sentence splitter kept whole, since "category
// C." reads as an initial: "Full UK driving licence with category C. Coaching my son's team at weekends.").
const SENTENCE_END = /[.!?]\s\p{Lu}/u;

function isPastime(clause: string, mention: Mention, section: Section): boolean {
  if (!/enjoy|spare|free|outside|hobbies|interests|pastimes|for fun|weekend/i.test(clause)) return false;
  if (PASTIME_LABEL.test(clause)) return true;
  const after = PASTIME_AFTER.exec(clause);
  if (after && !SENTENCE_END.test(clause.slice(mention.end, after.index))) return true;
  const cues = [...clause.matchAll(PASTIME_CUE), ...(CLAIMING_SECTIONS.has(section) ? [] : clause.matchAll(ENJOY_CUE))];
  return cues.some((cue) => cue.index < mention.start);
}

/**
 * Where a mention's status is read: its start, or for a skill in the CV's own words its last word, since the words
 * that say it is not held may be part of the item ("currently learning sign language").
 */
function statusAt(clause: string, mention: Mention): number {
  if (mention.skill.category !== null) return mention.start;
  return mention.start + clause.slice(mention.start, mention.end).lastIndexOf(' ') + 1;
}

/** A line under a "Currently learning" heading claims nothing, whatever its words. */
function statusIn(line: CvLine, status: MentionStatus): MentionStatus {
  return line.section === 'learning' ? 'aspirational' : status;
}

/** Years of use: stated, or the jobs that mention the skill (overlaps once), whichever is more. */
function yearsOfUse(entry: SkillEvidence, jobs: Job[]): number | null {
  const spans = [...entry.jobs].map((index) => jobs[index].span);
  const fromJobs = spans.length ? monthsToYears(unionMonths(spans)) : null;
  if (entry.statedYears === null) return fromJobs;
  return Math.min(60, Math.max(entry.statedYears, fromJobs ?? 0));
}

const LEVELS: Proficiency[] = ['beginner', 'intermediate', 'advanced', 'expert'];
// Where a skill is met rather than claimed: studies, side projects, pastimes ("Interests: photography, chess").
const UNCLAIMED_SECTIONS: ReadonlySet<Section> = new Set(['education', 'projects', 'interests']);
const STALE_AFTER_MONTHS = 120;
// A credential named by the licence it is (the taxonomy's domain skills whose name ends on the word: "Driving
// licence", "CSCS card", "Gas Safe registration", "180 Excavator ticket"; not "Card sorting" or "Mail Registration").
const LICENCE_NAME = /(?:^|[^\p{L}])(?:licen[cs]e|card|registration|permit|ticket)$/iu;
const isLicence = (skill: FoundSkill) => skill.category === 'domain' && LICENCE_NAME.test(skill.name);

/**
 * A skill whose only use was in jobs that ended ten or more years ago, and that the CV does not list among the
 * person's skills today: it ranks lower and loses a level.
 */
function isStale(entry: SkillEvidence, jobs: Job[], asOf: number): boolean {
  if (entry.jobs.size === 0 || [...entry.sections].some((section) => section !== 'experience')) return false;
  const lastUse = Math.max(...[...entry.jobs].map((index) => (jobs[index].span.ongoing ? asOf : jobs[index].span.end)));
  return asOf - lastUse >= STALE_AFTER_MONTHS;
}

/**
 * The person's own rating first; otherwise the years of use once they reach one, raised to advanced when the skill
 * was used in a senior, lead or principal job, and held to intermediate when it was only used in junior, trainee or
 * student jobs; otherwise intermediate for a skill the CV claims (in its skills, summary or jobs) and beginner for
 * one only met in studies, projects or pastimes, or in under a year of use. Ten years without use take a level off.
 */
function proficiency(entry: SkillEvidence, years: number | null, jobs: Job[], stale: boolean): Proficiency {
  if (entry.rating) return entry.rating;
  let level: Proficiency;
  if (years !== null && years >= 1) {
    level = years >= 8 ? 'expert' : years >= 3 ? 'advanced' : 'intermediate';
    const titles = [...entry.jobs].map((index) => jobs[index].title);
    if (titles.some((title) => SENIOR_TITLE.test(title) || TOP_TITLE.test(title)) && level === 'intermediate') {
      level = 'advanced';
    } else if (titles.length > 0 && titles.every((title) => JUNIOR_TITLE.test(title) || STUDENT_TITLE.test(title))) {
      level = LEVEL_RANK[level] > LEVEL_RANK.intermediate ? 'intermediate' : level;
    }
  } else {
    // A licence held (its name says so: "Driving licence", "EASA Part-66 licence", "CSCS card") is a grant of
    // competence, wherever the CV lists it: a licence studied for and not held is not asserted (status.ts).
    const claimed = isLicence(entry.skill) || [...entry.sections].some((section) => !UNCLAIMED_SECTIONS.has(section));
    const briefUse = years !== null && !entry.sections.has('skills');
    level = claimed && !briefUse ? 'intermediate' : 'beginner';
  }
  return stale ? LEVELS[Math.max(0, LEVELS.indexOf(level) - 1)] : level;
}

// Where a CV lists what the person is qualified in: its credentials, and the qualifications it lists with its degrees
// ("Qualifications: IPAF 3a/3b and PASMA", "Forklift licence (counterbalance), 2019").
const QUALIFICATION_SECTIONS: ReadonlySet<Section> = new Set(['certifications', 'education']);
// What a qualification certifies: a practice or a body of knowledge (a product or a spoken language is no credential,
// and a soft skill belongs to every field).
const QUALIFICATION_KINDS: ReadonlySet<SkillCategory | null> = new Set<SkillCategory | null>(['technical', 'domain']);
// Kinds of skill that place a job in a field of work.
const FIELD_KINDS: ReadonlySet<SkillCategory | null> = new Set<SkillCategory | null>(['technical', 'tool', 'domain']);
// The most a qualification is worth from the years in its field alone: the person's own rating or the years written
// beside it say more, and a certificate is no evidence of expert practice.
const QUALIFICATION_LEVEL_CAP: Proficiency = 'advanced';

/** The fields of work each job shows: the fields of the trade's skills found in its lines. */
function fieldsOfJobs(evidence: Map<string, SkillEvidence>): Map<number, Set<string>> {
  const fields = new Map<number, Set<string>>();
  for (const entry of evidence.values()) {
    if (!FIELD_KINDS.has(entry.skill.category)) continue;
    for (const job of entry.jobs) {
      const own = fields.get(job) ?? new Set<string>();
      for (const field of entry.skill.fields) own.add(field);
      fields.set(job, own);
    }
  }
  return fields;
}

/**
 * A qualification the person holds (a credential, licence, registration or certificate listed with the others; an
 * expired or pending one is no asserted mention and never gets here), with no rating or years of its own, read as a
 * recruiter reads it: the competence it certifies, practised for as long as the person has worked in jobs of its
 * field ("IPAF and PASMA" of an electrician of twelve years; "SMSTS" of a civil engineer on sites), at most
 * `QUALIFICATION_LEVEL_CAP`. Only in the field the CV mainly places the person in (`workField`, its leading
 * professional domain): a nursery practitioner's food hygiene certificate or a hairdresser's teaching award keeps the
 * level the CV reading gives it, whatever else their CV touches. The profile's other levels, and its order, are
 * unchanged.
 */
export function withQualificationLevels(
  skills: CvSkillResult[],
  evidence: Map<string, SkillEvidence>,
  jobs: Job[],
  workField: string | undefined,
): CvSkillResult[] {
  if (workField === undefined) return skills;
  const jobFields = fieldsOfJobs(evidence);
  const yearsInField = totalYears(jobs.filter((_, index) => jobFields.get(index)?.has(workField)));
  const byName = new Map([...evidence.values()].map((entry) => [entry.skill.name, entry]));
  return skills.map((skill) => {
    const entry = byName.get(skill.name);
    if (!entry || entry.rating || (skill.years_of_experience ?? 0) >= 1) return skill;
    if (!QUALIFICATION_KINDS.has(entry.skill.category)) return skill;
    if (![...entry.sections].some((section) => QUALIFICATION_SECTIONS.has(section))) return skill;
    // A subject the CV says was only studied ("… were modules only") is no qualification held.
    if (entry.studied && !entry.sections.has('certifications')) return skill;
    if (!entry.skill.fields.includes(workField)) return skill;
    if (yearsInField < 1) return skill;
    const fromYears: Proficiency = yearsInField >= 3 ? QUALIFICATION_LEVEL_CAP : 'intermediate';
    return LEVEL_RANK[fromYears] > LEVEL_RANK[skill.proficiency_level]
      ? { ...skill, proficiency_level: fromYears }
      : skill;
  });
}

const MAX_SKILLS = 40;
const MAX_LANGUAGES = 8;

/**
 * A skill met only among the person's pastimes ("Hobbies: baking, netball") is not one a recruiter puts on their
 * profile: a task that needs it should not invite them for a hobby. Spoken languages are the exception: one spoken at
 * home is a language the person speaks, wherever the CV says so.
 */
function isOnlyPastime(entry: SkillEvidence): boolean {
  return entry.skill.category !== 'language' && [...entry.sections].every((section) => section === 'interests');
}

export function rankSkills(evidence: Map<string, SkillEvidence>, jobs: Job[], asOf: number): CvSkillResult[] {
  const skills = [...evidence.values()]
    .filter((entry) => !isOnlyPastime(entry) && !entry.settingOnly)
    .map((entry) => {
      const years = yearsOfUse(entry, jobs);
      const stale = isStale(entry, jobs, asOf);
      const level = proficiency(entry, years, jobs, stale);
      // Prominence: how well and how long the person knows it, whether they list it as a skill, how often the CV
      // names it; skills last used long ago after current ones.
      const listed = entry.sections.has('skills') ? 3 : 0;
      const weight =
        (LEVEL_RANK[level] * 2 + listed + Math.min(entry.mentions, 5) + Math.min(years ?? 0, 10) / 2) *
        (stale ? 0.5 : 1);
      return {
        entry,
        weight,
        result: {
          name: entry.skill.name,
          proficiency_level: level,
          category: entry.skill.category,
          years_of_experience: years,
          evidence: entry.excerpt,
        },
      };
    });
  skills.sort((a, b) => b.weight - a.weight || a.entry.firstSeen - b.entry.firstSeen);
  // Spoken languages go after the skills of the trade, as on a CV, and keep their place when the list is cut.
  const languages = skills.filter((skill) => skill.entry.skill.category === 'language').slice(0, MAX_LANGUAGES);
  const trade = skills.filter((skill) => skill.entry.skill.category !== 'language');
  // A skill only a list names in its own words takes a place no taxonomy skill needs: nothing else corroborates it.
  const room = MAX_SKILLS - languages.length;
  const known = trade.filter((skill) => skill.entry.skill.category !== null).slice(0, room);
  const ownWords = trade.filter((skill) => skill.entry.skill.category === null).slice(0, room - known.length);
  const kept = new Set([...known, ...ownWords]);
  return [...trade.filter((skill) => kept.has(skill)), ...languages].map((skill) => skill.result);
}
