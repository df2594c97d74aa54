import { isPeopleLemma } from '../brief/stakeholders.ts';
import type { SkillMention } from '../taxonomy/taxonomy.ts';
import type { ParsedText, Token } from '../taxonomy/text-parser.ts';
import { workVerbBase } from './work-verbs.ts';

/**
 * A skill named only as who people are — "training for our taproom staff", "four healthcare assistants", "with the
 * district nurses", "care worker and senior carer roles", "our sales team", "a trainee or paralegal helping" — names
 * whom the work is for or is done with, not work it asks for: training "our sales team" needs a trainer, not a
 * salesperson. The words are people when the mention ends in a word for a person or a group ("assistants",
 * "leaders", "paralegal") or one follows it ("staff", "team", "roles").
 *
 * Not when the brief asks for that person to do the work ("We need a chartered structural engineer to…", "We are
 * looking for an auditor"): the trade it asks for is the work's.
 */
const ROLE_HEADS = new Set(
  `
  assistant worker leader lead team crew staff role engineer officer presenter scientist lawyer solicitor therapist
  adviser advisor consultant specialist analyst practitioner surveyor inspector statistician keeper trainer assessor
  auditor paralegal trainee apprentice professional expert agent representative rep
`
    .trim()
    .split(/\s+/),
);

/** "We need a …", "looking for an experienced …", "would like a data scientist": the person is asked for. */
const ASKED_FOR =
  /\b(?:need|needs|want|wants|like|looking\s{1,4}for|seeking|seek|hire|hiring|appoint|engage|commission|require|requires)\s{1,4}(?:an?|one|two|three)\s{1,4}(?:[\p{L}-]{1,30}\s{1,4}){0,3}$/iu;

/**
 * A sentence or list item that opens with the person ("- a stage manager for the get-in and the six performances"
 * under "We need help with:"): a role the brief asks for, the way a list of work names it.
 */
const OPENS_WITH_ROLE = /^(?:[-*•]\s{0,4})?(?:an?|one)\s{1,4}(?:[\p{L}-]{1,30}\s{1,4}){0,3}$/iu;

/** "A radiation protection adviser to carry out…", "an auditor to run…": the person named does the work. */
const DOES_WORK = /^\s{1,4}to\s{1,4}\p{L}/u;

function isPersonWord(token: Token | undefined): boolean {
  return (
    token !== undefined && token.type === 'word' && (isPersonLemma(token.lemma) || isPersonLemma(singular(token.lower)))
  );
}
function isPersonLemma(lemma: string): boolean {
  return isPeopleLemma(lemma) || ROLE_HEADS.has(lemma);
}
function singular(word: string): string {
  return word.replace(/s$/, '');
}

/**
 * Whether a skill found in other words in `text` is named as people: the words end in a person the skill's own name
 * does not name ("four healthcare assistants" is no Healthcare assistance asked for), they do not open with the work
 * done to them ("train our team" is Staff training), and the text does not ask for that person.
 */
export function wordsNamePeople(text: string, words: string, skillName: string): boolean {
  const wordsOf = (phrase: string) =>
    phrase
      .toLowerCase()
      .split(/[^\p{L}'-]+/u)
      .filter(Boolean);
  const found = wordsOf(words);
  const last = found.at(-1) ?? '';
  if (!isPersonLemma(last) && !isPersonLemma(singular(last))) return false;
  // Work done to people ("train our team", "recruit participants") is work: its object is people.
  if (workVerbBase(found[0] ?? '')) return false;
  if (wordsOf(skillName).some((word) => singular(word) === singular(last))) return false;
  const at = text.indexOf(words);
  if (at < 0) return true;
  const before =
    text
      .slice(0, at)
      .split(/[.;:!?\n]/)
      .at(-1) ?? '';
  return !ASKED_FOR.test(before) && !DOES_WORK.test(text.slice(at + words.length));
}

function isNoun(token: Token | undefined): boolean {
  return token !== undefined && (token.pos === 'NOUN' || token.pos === 'PROPN');
}

/** Whether every place `mention` is named in `parsed` names people whom the work is for or with, not asked for. */
export function namesPeopleOnly(parsed: ParsedText, mention: SkillMention): boolean {
  const { tokens, text, sentences } = parsed;
  return mention.spans.every(({ firstToken, endToken }) => {
    const last = tokens[endToken - 1];
    const next = tokens[endToken];
    // The word after it heads the phrase: "our sales team", not "our Google Business profile".
    const headAfter = next?.sentence === last.sentence && !isNoun(tokens[endToken + 1]) ? next : undefined;
    const person = isPersonWord(last) ? last : isPersonWord(headAfter) ? headAfter : undefined;
    if (!person) return false;
    const sentenceStart = tokens[sentences[last.sentence].firstToken].start;
    const before = text.slice(sentenceStart, tokens[firstToken].start);
    // A list of work may run on in one sentence: its item starts after the last line break, semicolon or colon.
    const item = before.slice(Math.max(...[...'\n;:'].map((mark) => before.lastIndexOf(mark))) + 1).trimStart();
    return !ASKED_FOR.test(before) && !OPENS_WITH_ROLE.test(item) && !DOES_WORK.test(text.slice(person.end));
  });
}
