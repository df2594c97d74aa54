import type { ParsedText, Sentence } from '../taxonomy/text-parser.ts';
import { clip } from './brief-writing.ts';
import { Terms } from './terms.ts';

/**
 * Briefs that sell instead of ask — advertising, whatever its title ("The 30-Day Hydration Challenge"). Loud spam (links, capitals, "buy now") is caught by `spamVerdict`; these are the
 * quiet ones:
 *
 * - a sales pitch or an advert: a company describing its own product, service or offer to the reader ("we offer",
 *   "our clients include", "free quote", "order yours today", "now open") while asking contributors for no work and
 *   no ideas — no "we need", "help us", "how can we";
 * - a scam: a promised payout (an inheritance, a lottery win) in return for bank details or a fee, or guaranteed
 *   earnings for money paid in ("invest £250 today and earn £5,000 a week").
 */
const SELF_PROMOTION = new Terms([
  'we offer',
  'we provide',
  'we supply',
  'we specialis*',
  'we specializ*',
  'we are a leading',
  'leading provider',
  'award-winning',
  'our services',
  'our products',
  'our clients',
  'our customers include',
  'our team of',
  'free quote',
  'free consultation',
  'free demo',
  'book a demo',
  'book a call',
  'book a free',
  'get in touch',
  'contact us',
  'call us',
  'visit our',
  'why choose us',
  'trusted by',
  'competitive price*',
  'best price*',
  'beat your',
  'from just',
  'prices from',
  'no hidden fees',
  'fixed price*',
  'are you struggling',
  'are you tired',
  'are you looking',
  'look no further',
  'we can help you',
  'helped over',
  'satisfied customers',
  'happy customers',
  'dedicated account manager',
  'fully insured',
  'proud of our',
  'we guarantee',
  'your current provider',
  'discounted (rates|prices)',
  'our experienced',
  '(has|have) served',
  'served over',
  'years of experience',
  'your business',
  // Shop adverts.
  'free delivery',
  'sale ends',
  'unbeatable price*',
  'shop online',
  'visit one of our',
  'our showroom*',
  '% finance',
  'miss out',
  // Agency pitches.
  'our packages',
  'packages start',
  'we have helped',
  'helped more than',
  '(organisations|organizations|businesses|companies|charities) like yours',
  'at your convenience',
  'book directly',
  'the first # (organisations|organizations|businesses|customers|companies)',
  // Recruitment to a sales scheme.
  '(be|become) your own boss',
  'full-time income',
  'starter kit',
  'the more people you',
  'spaces are limited',
  'life-changing',
  // Consumer offers and announcements, addressed to buyers rather than to contributors.
  '(delighted|excited|proud|pleased|thrilled) to announce',
  'now open',
  'opens its doors',
  'grand opening',
  'opening party',
  'introducing',
  'now available',
  'available in # (colours|colors|sizes|flavours|flavors)',
  'while stocks last',
  'order (yours|now|today|online)',
  'buy (now|today|yours|online)',
  '(for|only|just) (£|$|€)',
  '(usually|was|rrp) (£|$|€)',
  '(with|use) code',
  '(discount|promo|voucher) code',
  '# % off',
  'half price',
  'chance to win',
  'free (gift|trial|sample|samples)',
  'day pass',
  '(members|customers|guests) enjoy',
  '(start|starts|starting) (at|from) (£|$|€)',
  'see it for yourself',
  'thousands of (people|customers|members|users|families)',
  '(sign|signs) up (today|now)',
  'limited (time|offer|edition)',
  '(special|exclusive|introductory|launch) offer',
  'founding members',
]);

/**
 * Greetings and sales lines that use the words of an ask without asking contributors for anything ("I hope this finds
 * you well", "we would love to hear from you", "we are looking for new clients"): what they want is the reader's custom.
 */
const PLEASANTRIES = new Terms([
  'hope this finds you',
  'hope you are well',
  "hope you 're well",
  'hope all is well',
  "(we|i) (would|'d) love to hear from you",
  "(we|i) (would|'d) love to (help|welcome|see|serve) (you|your)",
  "(we|i) (would|'d) love to work with (you|your)",
  "(we|i) (are|'re|am|'m) looking forward to (hearing|working|welcoming|seeing|serving)",
  '(we|i) (want|aim|hope) to help (you|your|businesses|companies|organisations|organizations|families|homeowners)',
  "(we|i) (are|'re|am|'m) looking for (new|more) (clients|customers|partners|members|stockists)",
]);

/** The author wants something: a problem, a goal, a question. */
const ASKS = new Terms([
  '(we|i) (need|want|require|seek|hope|aim|plan)',
  "(we|i) (would|'d) (like|love)",
  "(we|i) (are|am|'re|'m) (looking|seeking|hoping|planning|struggling|trying)",
  'help us',
  'help me',
  '(our|the) (goal|aim|problem)',
  // "The challenge is…", not "take the challenge", which an advert titled "Challenge" invites its buyers to do.
  '(our|the) challenge (is|was|we|for|here|:)',
  'how (might|can|could|should|do) we',
  'what should we',
  'ideas',
  'suggestions',
  'feedback',
  'can (someone|anyone)',
  // Informal notes drop the "we": "need someone to choreograph…", "looking for somebody who can…".
  'need (someone|somebody)',
  'looking for (someone|somebody)',
  'we (must|struggle)',
  'we have to',
]);

/** The sentences in which the author asks for something. */
export function askingSentences(parsed: ParsedText): Sentence[] {
  return parsed.sentences.filter((sentence) => ASKS.has(parsed.tokens, sentence.firstToken, sentence.endToken));
}

/** Distinct self-promotion phrases it takes, with no ask, to call a brief a sales pitch. */
const PITCH_PHRASES = 3;

/**
 * What an advert tells its reader to do, at the start of a sentence: "Sign up online…", "Book your table…", "Pop into
 * reception…". A brief tells contributors what it needs instead ("We need…", "Help us…").
 */
const CALL_TO_BUY = new Terms([
  'join',
  'sign up',
  'book',
  'order',
  'buy',
  'shop',
  'visit',
  'pop (in|into|down|along|by|over)',
  'call',
  'grab',
  'claim',
  'hurry',
  'try',
  'come (in|down|along|and|visit|see)',
  'discover',
  'treat yourself',
  'get yours',
  'subscribe',
  'reserve',
  'enjoy',
  'register',
  'download',
]);
/** The call to buy is quoted whole when it is short, cut at a word when not. */
const CALL_QUOTE_MAX = 80;
/** What the offer costs or gives the buyer. */
const OFFER = new Terms(['free', '% off', 'offer*', 'discount*', 'save', 'saving*', 'terms apply', 'deal*']);

/** The promotion phrases of a brief that asks for nothing; empty when it is not a sales pitch. */
export function salesPitch(parsed: ParsedText): string[] {
  const asks = askingSentences(parsed).filter(
    (sentence) => !PLEASANTRIES.has(parsed.tokens, sentence.firstToken, sentence.endToken),
  );
  if (asks.length > 0) return [];
  const phrases = [...new Set(SELF_PROMOTION.hits(parsed.tokens).map((hit) => hit.phrase))];
  if (phrases.length >= PITCH_PHRASES) return phrases;
  return offerToTheReader(parsed);
}

/**
 * An advert's structure, whatever its words: the reader is told to buy, join or book (a sentence that opens with the
 * call) and is told the price or the offer. Returns the call and the offer as written; empty when either is missing.
 */
function offerToTheReader({ text, tokens, sentences }: ParsedText): string[] {
  const call = sentences.find((sentence) =>
    CALL_TO_BUY.hits(tokens, sentence.firstToken, sentence.endToken).some((hit) => hit.first === sentence.firstToken),
  );
  // The offer as written, prices first: "£19.99", "free", "Offer ends".
  const prices = tokens.flatMap((token, i) =>
    token.type === 'currency' ? [{ first: i, end: tokens[i + 1]?.type === 'number' ? i + 2 : i + 1 }] : [],
  );
  const offers = [
    ...new Set(
      [...prices, ...OFFER.hits(tokens)].map((hit) => text.slice(tokens[hit.first].start, tokens[hit.end - 1].end)),
    ),
  ];
  if (call === undefined || offers.length === 0) return [];
  return [clip(call.text.trim(), CALL_QUOTE_MAX), ...offers];
}

// Charities write of inheritances, prizes and beneficiaries' bank details too: only the scam's own turns of phrase
// count, a payout promised to the reader and a fee or the reader's bank details asked for.
const PAYOUT = new Terms([
  'inheritance',
  'next of kin',
  'lottery',
  'unclaimed (funds|money|inheritance)',
  'you have been (chosen|selected)',
  'you have won',
  '# million (dollars|pounds|euros|usd)',
]);
const HANDOVER = new Terms([
  'your (bank|account|card) details',
  '(processing|transfer|release|handling|clearance) fee',
  'release the funds',
  'gift card*',
  'western union',
  'wire transfer',
]);

/** Promised earnings for money paid in ("invest £250 today and earn £5,000 a week"). */
const QUICK_MONEY = new Terms([
  'earn (£|$|€) # (a|per) (day|week|month)',
  'earn # (a|per) (day|week|month)',
  'guaranteed (return|returns|profit|profits|income)',
  'invest (£|$|€) # (today|now)',
  'invest now',
  'double your money',
  'risk-free (return|returns|investment)',
  'passive income',
]);
/** What pushes the reader to act at once or off the record; with promised earnings, a scam. */
const PRESSURE = new Terms(['guaranteed', 'whatsapp', 'telegram', 'today', 'now', 'act fast', 'limited places']);

/** A promised payout in return for bank details or a fee, or promised earnings with pressure to pay in. */
export function moneyScam(parsed: ParsedText): boolean {
  if (PAYOUT.has(parsed.tokens) && HANDOVER.has(parsed.tokens)) return true;
  return QUICK_MONEY.has(parsed.tokens) && PRESSURE.has(parsed.tokens);
}

/**
 * A job advert to the reader: employment offered on easy terms ("no experience needed", "start tomorrow", "weekly
 * pay"), the wording of recruitment posts, not of a company that wants work done (which says what the work is).
 */
const JOB_OFFER = new Terms([
  "we (are|'re) hiring",
  'now hiring',
  'hiring now',
  'no (experience|qualifications) (needed|necessary|required)',
  'no (cv|cvs|interview)',
  'start (today|tomorrow|immediately)',
  '(weekly|daily) pay',
  'paid (weekly|daily)',
  'work from (home|anywhere)',
  'work from your phone',
  'apply now',
  '(places|positions|vacancies) fill',
]);
/** The reader sent off the platform to answer: a messaging app, or "do not reply here". */
const ELSEWHERE = new Terms([
  'do not reply (here|on|to)',
  "do n't reply (here|on|to)",
  '(on|via|through) (whatsapp|telegram|wechat|viber|signal)',
]);
/** A job advert needs two of its offers: one ("work from home") turns up in an honest brief. */
const JOB_OFFER_PHRASES = 2;

/**
 * Recruitment that takes the reader off Guild: a job offered to the reader on easy terms, to be answered on a
 * messaging app or anywhere but here. Returns the sentences that offer and that send away, as written; empty when it
 * is not one. A brief that needs work says what the work is and takes its answers on Guild.
 */
export function offPlatformRecruitment(parsed: ParsedText): string[] {
  const offers = JOB_OFFER.hits(parsed.tokens);
  const away = ELSEWHERE.hits(parsed.tokens)[0];
  if (away === undefined || new Set(offers.map((hit) => hit.phrase)).size < JOB_OFFER_PHRASES) return [];
  const sentenceOf = (token: number) => parsed.sentences[parsed.tokens[token].sentence].text.trim();
  return [...new Set([sentenceOf(offers[0].first), sentenceOf(away.first)])];
}
