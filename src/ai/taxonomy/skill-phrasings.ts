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
 * React the library, "interpreted NWP models" not Interpreting, "translated requirements into stories" not
 * Translation.
 */
const OTHER_SENSE_ALONE = new Set(
  (
    'act direct enrol enroll license licence bill react produce present sit stage cast shoot play model interpret ' +
    'translate'
  ).split(' '),
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

/**
 * Verbs of bringing other people on, and the skill each names when its object is people at work ("trained new
 * technicians", "induct and mentor new officers", "train and supervise the dental nurses"): the object's noun with the
 * verb's ("technician training") names no skill, and the verb's bare noun ("teaching") is another trade. Learners of a
 * trade (apprentices, trainees) are tried first with their own noun ("apprentice training"), where the taxonomy has it.
 * Managing and leading people name the running of a team ("Manage 45 pickers, loaders and MHE drivers", "I lead
 * field crews"), whose object's noun with the verb's ("picker management") names no skill either.
 */
const PEOPLE_VERBS: Readonly<Record<string, string>> = {
  train: 'staff training',
  teach: 'staff training',
  induct: 'staff training',
  instruct: 'staff training',
  onboard: 'staff training',
  mentor: 'mentoring',
  coach: 'coaching',
  supervise: 'staff supervision',
  manage: 'team management',
  lead: 'team leadership',
};
/**
 * The nouns of those verbs, which name the same skill when people at work are what they are for or of ("classroom
 * training for teaching assistants", "supervision of two junior staff"). The mention is the noun alone, as for the
 * verb.
 */
const PEOPLE_NOUNS: Readonly<Record<string, string>> = {
  training: 'staff training',
  induction: 'staff training',
  mentoring: 'mentoring',
  coaching: 'coaching',
  supervision: 'staff supervision',
};
/** Verbs of `PEOPLE_VERBS` that also qualify a job title. */
const TITLE_VERBS = new Set(['manage', 'lead']);
const PERSON_PRONOUNS = new Set(['him', 'her', 'them']);

/**
 * The verb of `PEOPLE_VERBS` a token is, also when the tagger reads its past participle as an adjective ("… and
 * supervised the night drivers") or its gerund as a noun ("Training two apprentices on the bench"), whose lemma it
 * then leaves as written.
 */
function peopleVerb(token: Token): string | undefined {
  if (token.lemma in PEOPLE_VERBS) return token.lemma;
  if (token.lower === 'taught') return 'teach';
  if (token.lower.endsWith('ing')) {
    const stem = token.lower.slice(0, -3);
    return [stem, `${stem}e`].find((base) => base in PEOPLE_VERBS);
  }
  if (!token.lower.endsWith('ed')) return undefined;
  return [token.lower.slice(0, -1), token.lower.slice(0, -2)].find((base) => base in PEOPLE_VERBS);
}

/** Whether an object's words name people at work; the caller knows the roles ("officers", "the dental nurses"). */
export type PeopleTest = (head: Token) => boolean;

/**
 * A verb of `PEOPLE_VERBS` that the tagger reads as a noun, as it often does a bullet's first word ("Train and assess
 * our lifeguards", "Mentor three trainees") or one joined to a verb ("Induct and mentor new officers"): it is the verb
 * when it is joined by "and"/"or" to a verb, comes before "him"/"her"/"them", or opens its clause (or joins one
 * opened by the person's action: "Oversaw the depot and supervised the night drivers") before a determiner, a
 * possessive, a number or an adjective in small letters (`isModifier`: "Train new starters", "Mentor new
 * estimators"). The object must still name people at work (`peoplePhrases`), so "Train new timetables" says nothing.
 */
function readsAsPeopleVerb(tokens: Token[], i: number): boolean {
  const token = tokens[i];
  if (!['NOUN', 'PROPN', 'ADJ'].includes(token.pos) || peopleVerb(token) === undefined || !isWord(token)) return false;
  const next = tokens[i + 1];
  const previous = tokens[i - 1];
  const sameSentence = (k: number) => tokens[k] !== undefined && tokens[k].sentence === token.sentence;
  if (sameSentence(i + 2) && (next.lower === 'and' || next.lower === 'or') && readsAsJoinedVerb(tokens[i + 2])) {
    return true;
  }
  if (sameSentence(i - 2) && (previous.lower === 'and' || previous.lower === 'or') && tokens[i - 2].pos === 'VERB') {
    return true;
  }
  // An object pronoun follows a verb, never a noun: "… and mentor him".
  if (sameSentence(i + 1) && PERSON_PRONOUNS.has(next.lower)) return true;
  if (!sameSentence(i + 1) || !(['DET', 'PRON', 'NUM'].includes(next.pos) || isModifier(next))) return false;
  return opensClause(tokens, i) || joinsOwnAction(tokens, i);
}

/**
 * A verb joined to the verb of people by "and": the tagger reads a bullet's verbs as nouns now and then ("Train and
 * support two junior credit controllers"), so another verb of people or a verb of helping counts too.
 */
const JOINED_VERBS = new Set(['support', 'assess', 'sign', 'develop']);
const readsAsJoinedVerb = (token: Token) =>
  token.pos === 'VERB' || peopleVerb(token) !== undefined || JOINED_VERBS.has(token.lower);

/**
 * An adjective in small letters before the object ("Train new starters"), which the tagger, after a capitalised first
 * word, often reads as a proper noun.
 */
const isModifier = (token: Token) => ['ADJ', 'PROPN'].includes(token.pos) && /^\p{Ll}+$/u.test(token.value);

/** "… and mentor him": a verb of people joined by "and" to a sentence whose own action came earlier ("I teach …"). */
function joinsOwnAction(tokens: Token[], at: number): boolean {
  if (tokens[at - 1]?.lower !== 'and') return false;
  for (let k = at - 2; k >= 0 && tokens[k].sentence === tokens[at].sentence; k--) {
    if (tokens[k].pos === 'VERB' && opensClause(tokens, k)) return true;
  }
  return false;
}

/**
 * The skill a verb of `PEOPLE_VERBS` names when its object is people at work: a plural role, a role after a
 * determiner, number, possessive or adjective ("the apprentice", "two apprentices"), or "him"/"her"/"them". A bare
 * singular role right after the verb is not its object but what the verb describes ("Trained nurse with …").
 */
function peoplePhrases(tokens: Token[], verb: number, isPeople: PeopleTest): string[] {
  const skill = PEOPLE_VERBS[peopleVerb(tokens[verb]) ?? ''];
  if (skill === undefined) return [];
  const start = sharedObjectStart(tokens, verb);
  if (PERSON_PRONOUNS.has(tokens[start]?.lower ?? '') && tokens[start].sentence === tokens[verb].sentence) {
    return [skill];
  }
  const object = objectAt(tokens, start, tokens[verb].sentence);
  const head = object.at(-1);
  if (head === undefined || head.pos !== 'NOUN' || !isPeople(head)) return [];
  const plural = head.lower !== head.lemma;
  if (!plural && object.length === 1 && tokens.indexOf(head) === start) return [];
  // "Lead" and "manage" qualify a title far more often than they take people as object ("Lead BIM coordinator",
  // "Managing Editor"): people in the plural, or after a determiner, number or possessive ("a team of six", "two
  // estimators", "our lifeguards"), are their object.
  if (TITLE_VERBS.has(peopleVerb(tokens[verb]) ?? '') && !plural && start === tokens.indexOf(object[0])) return [];
  return skill === 'staff training' ? [`${head.lemma} training`, skill] : [skill];
}

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

/**
 * The verbs coordinated after this one share its object: "planned and delivered lessons". After a verb of people, a
 * verb of helping that the tagger reads as a noun counts too, as `readsAsPeopleVerb` reads it ("Train and support two
 * junior credit controllers").
 */
function sharedObjectStart(tokens: Token[], verb: number): number {
  const ofPeople = peopleVerb(tokens[verb]) !== undefined;
  let k = verb + 1;
  while (
    k + 1 < tokens.length &&
    tokens[k].sentence === tokens[verb].sentence &&
    (tokens[k].lower === 'and' || tokens[k].lower === 'or' || tokens[k].value === ',') &&
    (tokens[k + 1].pos === 'VERB' ||
      readsAsPeopleVerb(tokens, k + 1) ||
      (ofPeople && JOINED_VERBS.has(tokens[k + 1].lower)))
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
  isPeople: PeopleTest = () => false,
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
    if ((token.pos === 'VERB' && isWord(token)) || readsAsPeopleVerb(tokens, i)) {
      // Someone else's action ("counsel drafted the bill") or a passive one ("was recruited") names no skill of theirs.
      if (PASSIVE_AUXILIARY.has(tokens[i - 1]?.lower ?? '')) continue;
      const people = peopleVerb(token) !== undefined ? peoplePhrases(tokens, i, isPeople) : [];
      if (!ownAction(tokens, i) && !(people.length > 0 && joinsOwnAction(tokens, i))) continue;
      const nouns = verbNouns(token.lemma);
      const object = objectAt(tokens, sharedObjectStart(tokens, i), token.sentence);
      let named = false;
      // The mention ends on the object, unless the object is people: see below.
      const end = people.length > 0 ? token : object.at(-1)!;
      // Longest object phrase first: "retaining wall design" before "wall design".
      for (const form of objectForms(object).reverse()) {
        if (nouns.some((noun) => look(`${form.words} ${noun}`, token, end))) {
          named = true;
          break;
        }
      }
      // People as the object: the skill of bringing them on, and no other reading of the verb ("teaching"). The
      // mention is the verb alone: its object names other people, which would read as their work, not the person's.
      if (!named && people.length > 0) {
        people.some((phrase) => look(phrase, token, token));
        continue;
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
      let named = false;
      for (const form of objectForms(object).reverse()) {
        named = look(`${form.words} ${token.lower}`, token, object.at(-1)!);
        if (named) break;
      }
      if (named) continue;
    }
    // "in-service training for new lifeguards", "supervision of two junior staff": the noun of bringing people on.
    const ofPeople = PEOPLE_NOUNS[token.lower];
    if (
      ofPeople &&
      (token.pos === 'NOUN' || token.pos === 'PROPN') &&
      ['for', 'of'].includes(tokens[i + 1]?.lower ?? '')
    ) {
      const object = objectAt(tokens, i + 2, token.sentence);
      const head = object.at(-1);
      if (
        head?.pos === 'NOUN' &&
        isPeople(head) &&
        (head.lower !== head.lemma || object.length > 1 || OBJECT_SKIPPED.has(tokens[i + 2].pos))
      ) {
        look(ofPeople, token, token);
      }
    }
  }
  return found;
}
