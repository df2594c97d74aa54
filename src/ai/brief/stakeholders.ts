import type { ParsedText, Token } from '../taxonomy/text-parser.ts';

/** Nouns (lemmas) that name people or groups a piece of work affects or involves. */
const PEOPLE = new Set(
  (
    'user customer client staff employee volunteer member patient student pupil learner teacher parent family ' +
    'child resident citizen visitor donor funder sponsor partner supplier vendor driver farmer shopper buyer seller ' +
    'tenant landlord carer caregiver nurse doctor clinician researcher manager board trustee coordinator ' +
    'organiser organizer attendee participant employer refugee senior community school business retailer ' +
    'restaurant council authority government regulator investor owner subscriber audience administrator ' +
    'operator technician dispatcher recipient beneficiary household commuter cyclist tourist fan alumnus alumni ' +
    'youth people passenger guest traveller traveler diner reader listener viewer worker colleague applicant ' +
    'pensioner'
  ).split(' '),
);

/** Whether a word's lemma names people or a group of them ("pupil", "customer", "residents"). */
export function isPeopleLemma(lemma: string): boolean {
  return PEOPLE.has(lemma);
}

/** Words before a group name that belong to it: "warehouse staff", "small business owners", "young people". */
const MODIFIER_POS = new Set(['ADJ', 'NOUN', 'PROPN']);
const MAX_MODIFIERS = 2;

/**
 * The groups of people a text names, as short phrases ("Delivery drivers", "Donors"), in order of first mention,
 * one per group.
 */
export function findStakeholders(parsed: ParsedText): string[] {
  const byGroup = new Map<string, string>();
  const tokens = parsed.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.type !== 'word' || !PEOPLE.has(token.lemma) || !isNoun(token) || byGroup.has(token.lemma)) continue;
    // "community pantries", "donor records", "our tenants' association": a modifier here, not the group meant.
    if (modifiesNext(tokens, i)) continue;
    // "people" alone says nothing; "young people", "older people" do.
    const modifiers = token.lemma === 'people' ? adjectivesBefore(tokens, i) : modifiersBefore(tokens, i);
    if (token.lemma === 'people' && modifiers.length === 0) continue;
    const phrase = [...modifiers, token].map((t) => (t.pos === 'PROPN' ? t.value : t.lower)).join(' ');
    byGroup.set(token.lemma, phrase.charAt(0).toUpperCase() + phrase.slice(1));
  }
  return [...byGroup.values()];
}

function adjectivesBefore(tokens: Token[], at: number): Token[] {
  const modifiers = modifiersBefore(tokens, at);
  const firstNonAdjective = modifiers.findLastIndex((modifier) => modifier.pos !== 'ADJ');
  return modifiers.slice(firstNonAdjective + 1);
}

function modifiesNext(tokens: Token[], at: number): boolean {
  const next = tokens[at + 1];
  if (!next || next.sentence !== tokens[at].sentence) return false;
  if (next.value === "'" || next.lower === "'s") return true;
  return next.type === 'word' && !next.stop && (next.pos === 'NOUN' || next.pos === 'PROPN');
}

function isNoun(token: Token): boolean {
  return token.pos === 'NOUN' || token.pos === 'PROPN';
}

function modifiersBefore(tokens: Token[], at: number): Token[] {
  const modifiers: Token[] = [];
  for (let k = at - 1; k >= 0 && modifiers.length < MAX_MODIFIERS; k--) {
    const token = tokens[k];
    if (token.sentence !== tokens[at].sentence || token.stop || token.type !== 'word') break;
    if (!MODIFIER_POS.has(token.pos) || !/^[a-z][a-z-]*$/i.test(token.value) || token.lemma === 'people') break;
    modifiers.unshift(token);
  }
  return modifiers;
}
