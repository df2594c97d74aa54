import { PhraseMatcher } from '../taxonomy/phrase-matcher.ts';
import type { ParsedText, Token } from '../taxonomy/text-parser.ts';
import { Terms } from './terms.ts';

/**
 * Signals of spam and of unreadable text, read from wink's tokens. Shared by the brief and the idea analyzers: both
 * receive free text from strangers and must tell a real proposal from advertising or keyboard mashing.
 */
export type QualitySignals = {
  words: number;
  /** Words that carry meaning: alphabetic, not stop words. */
  contentWords: number;
  links: number;
  emails: number;
  money: number;
  exclamations: number;
  /** Share of long words (5+ letters) written in capitals: "URGENT AMAZING OFFER". */
  shouting: number;
  /** Words with a letter held down: "sooooo", "heeelp". */
  stretchedWords: number;
  /** Share of the content words taken by the most repeated one. */
  topWordShare: number;
  /** Share of words that look like keyboard mashing: no vowel, or six consonants in a row. */
  oddWordShare: number;
  /** Share of stop words ("the", "and", "we"): real English prose has plenty. */
  stopShare: number;
  /**
   * Search keywords strung together instead of sentences: "emergency plumber leeds, cheap plumber leeds, 24 hour
   * plumber leeds…". A text of some length with hardly any stop words (real briefs have a third or more, a bare list
   * of jobs too) is written for search engines, not for people.
   */
  keywordList: boolean;
  /** Promotional phrases found, with their weight. */
  promotions: Promotion[];
};

/** Wording of advertising, scams and link farms; the weak ones also turn up in honest text, so they count less. */
const PROMOTIONS: [string, number][] = [
  ...[
    'buy now',
    'click here',
    'order now',
    'act now',
    'limited time',
    'limited offer',
    'special offer',
    'promo code',
    'discount code',
    'risk-free',
    'risk free',
    '100% free',
    '100% guaranteed',
    'money back',
    'make money',
    'earn money',
    'extra income',
    'get rich',
    'work from home',
    'double your',
    'claim your',
    'you have been selected',
    'congratulations you',
    'casino',
    'betting tips',
    'viagra',
    'weight loss',
    'miracle',
    'buy followers',
    'backlinks',
    'cheap seo',
    'seo services',
    'forex',
    'crypto giveaway',
    'investment opportunity',
    'no credit check',
    'payday loan',
  ].map((phrase): [string, number] => [phrase, 1.5]),
  ...[
    'discount',
    'cheap',
    'free trial',
    'best price',
    'lowest price',
    'guaranteed',
    'whatsapp',
    'telegram',
    'dm me',
    'visit our website',
    'visit my website',
    'check out my',
    'subscribe now',
    'sign up today',
    'our services',
    'hire us',
    'contact us today',
    'bitcoin',
  ].map((phrase): [string, number] => [phrase, 0.75]),
];

type Promotion = { phrase: string; weight: number };

let promotionMatcher: PhraseMatcher<Promotion> | undefined;

function findPromotions(parsed: ParsedText): Promotion[] {
  promotionMatcher ??= new PhraseMatcher(
    PROMOTIONS.map(([phrase, weight]) => ({ phrase, target: { phrase, weight }, mode: 'any-case' as const })),
  );
  return [...new Set(promotionMatcher.match(parsed).map((match) => match.target))];
}

export function qualitySignals(parsed: ParsedText): QualitySignals {
  const tokens = parsed.tokens;
  const words = tokens.filter((token) => token.type === 'word');
  const alphabetic = words.filter((token) => /^[a-z][a-z'-]*$/i.test(token.value));
  const content = alphabetic.filter((token) => !token.stop && token.value.length > 1);
  const long = alphabetic.filter((token) => token.value.length >= 5);

  const counts = new Map<string, number>();
  for (const token of content) counts.set(token.lemma, (counts.get(token.lemma) ?? 0) + 1);
  const top = Math.max(0, ...counts.values());

  const linkTokens = tokens.filter((token) => token.type === 'url' || /^(www\.|https?:)/i.test(token.value)).length;
  const stopShare = share(words.filter((token) => token.stop).length, words.length);
  return {
    words: words.length,
    contentWords: content.length,
    links: Math.max(linkTokens, webAddresses(parsed.text)),
    emails: tokens.filter((token) => token.type === 'email').length,
    money: parsed.entities.filter((entity) => entity.type === 'MONEY').length,
    exclamations: tokens.filter((token) => token.value === '!').length,
    shouting: share(long.filter((token) => token.value === token.value.toUpperCase()).length, long.length),
    stretchedWords: alphabetic.filter((token) => /([a-z])\1{3,}/i.test(token.value)).length,
    topWordShare: content.length >= 8 ? share(top, content.length) : 0,
    oddWordShare: share(alphabetic.filter(isOddWord).length, alphabetic.length),
    stopShare,
    keywordList: words.length >= KEYWORD_LIST_MIN_WORDS && stopShare < KEYWORD_LIST_STOP_SHARE,
    promotions: findPromotions(parsed),
  };
}

const KEYWORD_LIST_MIN_WORDS = 20;
const KEYWORD_LIST_STOP_SHARE = 0.2;

/**
 * A web address as written, with or without its scheme: "https://…", "www.…", "shop.example.co.uk/offer". The tokenizer
 * cuts a bare address at its dots, so it is read from the text's words, each tried once from its start (a pattern
 * searched through the whole text would try every position of a long run of labels again).
 */
const WEB_ADDRESS =
  /^(?:https?:\/\/|www\.)|^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|io|uk|me|ly)(?:[/:?#.,;!)]|$)/i;

function webAddresses(text: string): number {
  return new Set(text.split(/\s+/).filter((word) => WEB_ADDRESS.test(word))).size;
}

export type SpamVerdict = { spam: boolean; score: number; reasons: string[] };

const SPAM_THRESHOLD = 3;

/** Weighs the signals; each reason is a phrase that completes "The text …". */
export function spamVerdict(signals: QualitySignals): SpamVerdict {
  let score = 0;
  const reasons: string[] = [];
  const add = (points: number, reason: string) => {
    score += points;
    reasons.push(reason);
  };
  if (signals.keywordList) add(2, 'strings search keywords together instead of sentences');
  if (signals.links > 0) add(signals.links > 1 ? 2.5 : 1, 'links to outside websites');
  if (signals.emails > 0) add(0.5, 'asks to be contacted by e-mail');
  const promotion = signals.promotions.reduce((sum, found) => sum + found.weight, 0);
  if (promotion > 0) add(promotion, `uses promotional wording ("${signals.promotions[0].phrase}")`);
  if (signals.money > 0 && promotion > 0) add(1, 'offers money or prices');
  if (signals.shouting > 0.3 && signals.words >= 5) add(2, 'is written largely in capitals');
  if (signals.exclamations >= 3) add(signals.exclamations >= 6 ? 2 : 1, 'is full of exclamation marks');
  if (signals.stretchedWords >= 2) add(1, 'stretches words ("sooooo")');
  if (signals.topWordShare > 0.25) add(1.5, 'repeats the same word over and over');
  return { spam: score >= SPAM_THRESHOLD, score, reasons };
}

/** Keyboard mashing or random characters rather than language. */
export function isGibberish(signals: QualitySignals): boolean {
  if (signals.words < 3) return false;
  if (signals.oddWordShare > 0.4) return true;
  return signals.words >= 6 && signals.stopShare < 0.1 && signals.oddWordShare > 0.2;
}

/** What people type when they try out a form, not a brief: "test post, please ignore", "lorem ipsum". */
const PLACEHOLDERS = new Terms([
  'lorem ipsum',
  'please ignore (this|me)',
  'ignore this (post|one|message)',
  'test (post|submission)',
  'just testing',
  'testing testing',
  'this is a test',
  'this is (only|just) a test',
]);

/** The placeholder or test wording a text uses, as written, or null when it has none. */
export function placeholderText(parsed: ParsedText): string | null {
  const hit = PLACEHOLDERS.hits(parsed.tokens)[0];
  return hit === undefined ? null : parsed.text.slice(parsed.tokens[hit.first].start, parsed.tokens[hit.end - 1].end);
}

function isOddWord(token: Token): boolean {
  const word = token.lower;
  if (word.length < 4) return false;
  return !/[aeiouy]/.test(word) || /[^aeiouy'-]{6,}/.test(word) || /(.)\1\1/.test(word);
}

function share(part: number, whole: number): number {
  return whole === 0 ? 0 : part / whole;
}
