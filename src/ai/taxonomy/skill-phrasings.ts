import type { ParsedText, Token } from './text-parser.ts';

/**
 * Skills written as what the person did rather than under the skill's name: "managed budgets" (Budget management),
 * "kept accurate records" (Record keeping), "planned and delivered lessons" (Lesson planning), "management of
 * subcontractors" (Subcontractor management), "assessment of mental capacity" (Mental capacity assessment), "taught
 * skills drills" (Teaching). A verb and its object, or a noun and what it is "of", are turned into the noun phrases a
 * taxonomy names skills with (the object's lemma and a noun of the verb: "budget management", "record keeping"), and
 * only a phrase that is exactly a skill's name or alias counts: that look-up is the precision gate, so the rules can
 * propose freely. A verb on its own counts only when it opens the clause or follows "I"/"we" (the person's own
 * action, as CV bullets are written), is not passive ("was recruited"), and its noun is a skill by itself
 * ("negotiated" → Negotiation, "taught" → Teaching).
 *
 * The caller supplies the look-up (`taxonomy.resolve`), so this reads parsed text and knows no skills itself.
 */
export type PhrasedSkill<T> = { skill: T; start: number; end: number; phrase: string };

/** Nouns of verbs that suffix rules get wrong or miss; the rules below add the regular ones. */
const IRREGULAR_NOUNS: Readonly<Record<string, readonly string[]>> = {
  lead: ['leadership', 'leading'],
  analyse: ['analysis'],
  analyze: ['analysis'],
  sell: ['sales', 'selling'],
  maintain: ['maintenance'],
  deliver: ['delivery'],
  advise: ['advice', 'advising'],
  prescribe: ['prescribing', 'prescription'],
  describe: ['description'],
  solve: ['solving'],
  resolve: ['resolution'],
  pursue: ['pursuit'],
  apply: ['application'],
  comply: ['compliance'],
  supply: ['supply'],
  fit: ['fitting'],
  weld: ['welding'],
};

/** Verbs whose noun alone names no skill of its own however it is spelled: "managed", "worked", "handled". */
const LIGHT_VERBS = new Set(
  (
    'be have do make get take give go come use work handle manage run own lead help support provide ensure keep ' +
    'deliver carry perform undertake complete conduct produce prepare create develop build set put bring hold'
  ).split(' '),
);

/**
 * Verbs whose noun, alone, names another trade than the verb does in a CV: "acted as lead" is not Acting, "directed
 * the lab" not Directing, "enrolled on a course" not Enrolment, "billed clients" not Billing, "React" the verb not
 * React the library.
 */
const OTHER_SENSE_ALONE = new Set(
  'act direct enrol enroll license licence bill react produce present sit stage cast shoot play model'.split(' '),
);

/** Nouns of a verb: irregular ones, then suffix rules ("coordinate" → "coordination", "install" → "installation"). */
export function verbNouns(lemma: string): string[] {
  const nouns = new Set<string>(IRREGULAR_NOUNS[lemma] ?? []);
  nouns.add(lemma); // "design", "repair", "audit", "survey", "triage"
  const stem = lemma.endsWith('e') && !/[eoy]e$/.test(lemma) ? lemma.slice(0, -1) : lemma;
  nouns.add(`${stem}ing`);
  if (/[^aeiou][aeiou][bdgklmnprt]$/.test(lemma) && lemma.length <= 6) nouns.add(`${lemma}${lemma.at(-1)}ing`);
  nouns.add(`${lemma}ment`);
  if (lemma.endsWith('ate')) nouns.add(`${lemma.slice(0, -1)}ion`);
  if (/[iy]s$|[iy]z$/.test(stem)) nouns.add(`${stem}ation`);
  nouns.add(`${stem}ion`);
  nouns.add(`${stem}ation`);
  return [...nouns];
}

const OBJECT_SKIPPED = new Set(['DET', 'PRON', 'NUM']);
const OBJECT_WORDS = new Set(['NOUN', 'PROPN', 'ADJ']);
const REFLEXIVE = new Set(['myself', 'ourselves', 'himself', 'herself', 'themselves', 'yourself']);
const PASSIVE_AUXILIARY = new Set(['be', 'is', 'are', 'was', 'were', 'been', 'being', 'get', 'got']);
const SUBJECTS = new Set(['i', 'we']);
const MAX_OBJECT_WORDS = 4;
/** How many object words, counted from the head back, a phrase may keep: "retaining wall design". */
const MAX_MODIFIERS = 2;
/** A noun of the verb alone must be a word of some length: "audit", not "do". */
const MIN_BARE_NOUN = 5;

const isWord = (token: Token | undefined) => token !== undefined && /^[a-z][a-z-]*$/i.test(token.value);

/** A gerund before a noun modifies it: "retaining walls", "operating theatres". */
function isModifyingGerund(tokens: Token[], k: number): boolean {
  const next = tokens[k + 1];
  return tokens[k].pos === 'VERB' && tokens[k].lower.endsWith('ing') && (next?.pos === 'NOUN' || next?.pos === 'PROPN');
}

/** The object run after `from`: determiners and numbers skipped, then nouns and adjectives ending on a noun. */
function objectAt(tokens: Token[], from: number, sentence: number): Token[] {
  let k = from;
  while (k < tokens.length && tokens[k].sentence === sentence && OBJECT_SKIPPED.has(tokens[k].pos)) {
    if (REFLEXIVE.has(tokens[k].lower)) return [];
    k++;
  }
  const run: Token[] = [];
  while (
    k < tokens.length &&
    tokens[k].sentence === sentence &&
    run.length < MAX_OBJECT_WORDS &&
    (OBJECT_WORDS.has(tokens[k].pos) || isModifyingGerund(tokens, k)) &&
    isWord(tokens[k]) &&
    !tokens[k].glued
  ) {
    run.push(tokens[k]);
    k++;
  }
  while (run.length > 0 && run.at(-1)!.pos === 'ADJ') run.pop();
  return run;
}

/** Object phrases, the head last in its lemma (singular): "new staff" → "staff", "new staff". */
function objectForms(run: Token[]): { words: string; first: Token }[] {
  const forms: { words: string; first: Token }[] = [];
  for (let size = 1; size <= Math.min(run.length, MAX_MODIFIERS + 1); size++) {
    const words = run.slice(run.length - size);
    const head = words.at(-1)!;
    const text = [...words.slice(0, -1).map((token) => token.lower), head.lemma].join(' ');
    forms.push({ words: text, first: words[0] });
  }
  return forms;
}

/** The verbs coordinated after this one share its object: "planned and delivered lessons". */
function sharedObjectStart(tokens: Token[], verb: number): number {
  let k = verb + 1;
  while (
    k + 1 < tokens.length &&
    tokens[k].sentence === tokens[verb].sentence &&
    (tokens[k].lower === 'and' || tokens[k].lower === 'or' || tokens[k].value === ',') &&
    tokens[k + 1].pos === 'VERB'
  ) {
    k += 2;
  }
  return k;
}

/** Words after which a verb is still the person's own: "responsible for managing budgets", "experience in …". */
const OWN_ACTION_BEFORE = new Set(['for', 'in', 'of', 'including', 'by', 'to', 'with']);

/** The person's own action, or one in a phrase about their work ("responsible for managing budgets"). */
function ownAction(tokens: Token[], at: number): boolean {
  return opensClause(tokens, at) || OWN_ACTION_BEFORE.has(tokens[at - 1]?.lower ?? '');
}

/** The verb is the person's own action: it opens its sentence or clause, follows "I"/"we", or joins such a verb. */
function opensClause(tokens: Token[], at: number): boolean {
  let k = at - 1;
  while (k >= 0 && tokens[k].sentence === tokens[at].sentence && tokens[k].pos === 'ADV') k--;
  const previous = tokens[k];
  if (!previous || previous.sentence !== tokens[at].sentence) return true;
  // A hyphen written against the verb makes it part of a compound word ("consultant-led team", "self-taught"), not
  // a clause opened by a dash.
  if ((previous.value === '-' || previous.value === '–') && tokens[at].glued) return false;
  if (SUBJECTS.has(previous.lower) || [';', ':', '(', '-', '•', '–'].includes(previous.value)) return true;
  if ((previous.lower === 'and' || previous.value === ',') && tokens[k - 1]?.pos === 'VERB') {
    return opensClause(tokens, k - 1);
  }
  return false;
}

export function findPhrasedSkills<T>(
  parsed: ParsedText,
  resolve: (term: string) => T | undefined,
  accept: (skill: T) => boolean = () => true,
): PhrasedSkill<T>[] {
  const { tokens } = parsed;
  const found: PhrasedSkill<T>[] = [];
  const look = (phrase: string, start: Token, end: Token) => {
    const skill = resolve(phrase);
    if (skill === undefined || !accept(skill)) return false;
    found.push({ skill, start: start.start, end: end.end, phrase });
    return true;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.pos === 'VERB' && isWord(token)) {
      // Someone else's action ("counsel drafted the bill") or a passive one ("was recruited") names no skill of theirs.
      if (PASSIVE_AUXILIARY.has(tokens[i - 1]?.lower ?? '') || !ownAction(tokens, i)) continue;
      const nouns = verbNouns(token.lemma);
      const object = objectAt(tokens, sharedObjectStart(tokens, i), token.sentence);
      let named = false;
      // Longest object phrase first: "retaining wall design" before "wall design".
      for (const form of objectForms(object).reverse()) {
        if (nouns.some((noun) => look(`${form.words} ${noun}`, token, object.at(-1)!))) {
          named = true;
          break;
        }
      }
      if (named || LIGHT_VERBS.has(token.lemma) || OTHER_SENSE_ALONE.has(token.lemma) || !opensClause(tokens, i)) {
        continue;
      }
      if (object.length === 0 && REFLEXIVE.has(tokens[i + 1]?.lower ?? '')) continue;
      // Only a derived noun ("teaching", "negotiation"): the verb as written is a noun of some other thing too often.
      for (const noun of nouns) {
        if (noun !== token.lemma && noun.length >= MIN_BARE_NOUN && look(noun, token, token)) break;
      }
      continue;
    }
    // "management of subcontractors", "assessment of mental capacity": the noun and what it is of, turned round.
    if ((token.pos === 'NOUN' || token.pos === 'PROPN') && tokens[i + 1]?.lower === 'of' && isWord(token)) {
      const object = objectAt(tokens, i + 2, token.sentence);
      for (const form of objectForms(object).reverse()) {
        if (look(`${form.words} ${token.lower}`, token, object.at(-1)!)) break;
      }
    }
  }
  return found;
}
