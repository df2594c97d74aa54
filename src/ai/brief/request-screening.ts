import type { ParsedText, Sentence, Token } from '../taxonomy/text-parser.ts';
import { CONCERNS, type Pattern } from './concerns/index.ts';
import type { TermHit, Terms } from './terms.ts';

/**
 * Unlawful or unethical requests, read from what a sentence asks for rather than from single words: a concern fires
 * only when its concepts meet in one sentence that is a request of the author (it says "we", "I", "us" or "me", or
 * gives an instruction), and no word in that sentence turns it round ("detect fake reviews", "audit the
 * personal data we hold", "a fairer shortlisting process"). So a privacy audit, a fraud-prevention project or a
 * knife-crime campaign passes, while "scrape the email addresses of people who have not signed up" does not.
 *
 * The concerns themselves are data (concerns/); each one's `reason` completes "It asks …" and is what the company
 * reads.
 */

/** A guarding word right after one of these is negated: "so they are not flagged", "get past the filters". */
const NEGATORS = new Set(['not', "n't", 'never', 'no', 'without', 'avoid', 'avoiding', 'past', 'evade', 'escape']);
const NEGATION_REACH = 3;

/** The author, or the contributor the author addresses: "we would like", "you will build". */
const PEOPLE_OF_THE_REQUEST = new Set(['we', 'i', 'us', 'me', 'you', 'your']);
/** What a requirement says, whoever its subject: "the extension should quietly read…", "the writer will post…". */
const DIRECTIVES = new Set([
  'should',
  'must',
  'will',
  'would',
  'need',
  'needs',
  'needed',
  'shall',
  'required',
  'wanted',
]);

export type Refusal = {
  /** Completes "It asks …". */
  reason: string;
  /** The sentences that ask it, as written: one, or the neighbouring sentences whose purpose it is read across. */
  sentences: string[];
};

/** Why an unlawful or unethical request is refused, and the sentence that makes it; null when none does. */
export function unlawfulRequest(parsed: ParsedText): Refusal | null {
  const requests = parsed.sentences.filter((sentence) => isRequest(parsed.tokens, sentence));
  for (const concern of CONCERNS) {
    for (const pattern of concern.patterns) {
      if (pattern.elsewhere && !pattern.elsewhere.every((concept) => concept.has(parsed.tokens))) continue;
      for (const sentence of requests) {
        if (matchesIn(parsed.tokens, sentence, pattern) && !guarded(parsed.tokens, sentence, concern.unless)) {
          return { reason: concern.reason, sentences: [sentence.text.trim()] };
        }
      }
    }
  }
  return null;
}

/**
 * The author asks for it: the author or the contributor is in the sentence, it states a requirement ("the app
 * should…"), or it is an instruction ("Build us…", "Please prepare…"). A title that is none of these only names a topic ("Phishing"),
 * which a training brief shares with a scam; a sentence about what others do ("Scammers send…") describes a wrong.
 */
export function isRequest(tokens: Token[], sentence: Sentence): boolean {
  const words = tokens.slice(sentence.firstToken, sentence.endToken).filter((token) => token.type === 'word');
  if (words.some((token) => PEOPLE_OF_THE_REQUEST.has(token.lower) || DIRECTIVES.has(token.lower))) return true;
  if (words[0]?.lower === 'please') return true;
  return opensWithInstruction(words) || opensWithAPlan(words);
}

/** What the author's plan, idea or intention is: "The plan is to put the prices up…", "Our idea is to give…". */
const PLAN_OPENING = /^(the|our|my) (plan|idea|intention) is to$/;

function opensWithAPlan(words: readonly Token[]): boolean {
  return PLAN_OPENING.test(
    words
      .slice(0, 4)
      .map((token) => token.lower)
      .join(' '),
  );
}

/**
 * The sentence opens with a verb in the imperative ("Build us…", "Download all…"). The tagger often reads an
 * instruction's capitalised first word as a name or a noun ("Design an email…", "Book a venue…", "Plan the
 * launch…"), so such a word counts as the verb when it is in its base form and a determiner or pronoun comes straight
 * after it, as an object does; a noun opening a sentence is followed by its verb instead ("Research shows…",
 * "Design is…", "Staff rotas are…").
 */
function opensWithInstruction(words: readonly Token[]): boolean {
  const [first, second] = words;
  if (first === undefined || !/^[A-Z]/.test(first.value)) return false;
  if (first.pos === 'VERB') return true;
  // Not a gerund ("Phishing the easy way") nor a plural or a name in -s ("Barclays the bank").
  const baseForm =
    (first.pos === 'PROPN' || first.pos === 'NOUN') && first.lemma === first.lower && !/ing$|[^s]s$/.test(first.lower);
  return baseForm && /^[A-Z][a-z]+$/.test(first.value) && (second?.pos === 'DET' || second?.pos === 'PRON');
}

function matchesIn(tokens: Token[], sentence: Sentence, pattern: Pattern): boolean {
  return meet(
    pattern.together.map((concept) => concept.hits(tokens, sentence.firstToken, sentence.endToken)),
    pattern.within,
  );
}

/** Every concept has a hit, and when a reach is given, a hit of the first is that close to a hit of the second. */
export function meet(hits: TermHit[][], reach: number | undefined): boolean {
  if (hits.some((found) => found.length === 0)) return false;
  if (reach === undefined) return true;
  return hits[0].some((a) => hits[1].some((b) => Math.abs(b.first - a.first) <= reach));
}

export function guarded(tokens: Token[], sentence: Sentence, unless: Terms): boolean {
  return unless.hits(tokens, sentence.firstToken, sentence.endToken).some((hit) => !negated(tokens, sentence, hit));
}

/** "so they are not flagged", "it must not read personal messages": a negator just before the hit. */
export function negated(tokens: Token[], sentence: Sentence, hit: TermHit): boolean {
  const before = tokens.slice(Math.max(sentence.firstToken, hit.first - NEGATION_REACH), hit.first);
  return before.some((token) => NEGATORS.has(token.lower));
}
