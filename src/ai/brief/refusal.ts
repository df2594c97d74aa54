import { type ParsedText, parseText } from '../taxonomy/text-parser.ts';
import { moneyScam, offPlatformRecruitment, salesPitch } from './advertising.ts';
import { clip, joinWords } from './brief-writing.ts';
import { unlawfulPurpose } from './purpose-reading.ts';
import { unlawfulRequest } from './request-screening.ts';
import type { BriefAnalysis, BriefInput } from './schema.ts';
import { type QualitySignals, qualitySignals, spamVerdict } from './text-quality.ts';

/** The longest quotation of the brief a rejection reason makes (the reason itself has at most 500 characters). */
const QUOTE_MAX = 150;
/** A purpose read across sentences is shown by the first and the last of them, each quoted shorter so both fit. */
const PURPOSE_QUOTE_MAX = 80;
const LAWFUL_ONLY = 'Only lawful and honest work is posted to contributors.';

/**
 * Why Guild refuses a brief whatever else it says, in words for the company, or null: a request that is unlawful,
 * unethical or deceptive, said in one sentence (request-screening.ts) or shown by neighbouring sentences read together
 * (purpose-reading.ts), a scam, a job advert that sends applicants elsewhere, loud spam, or a sales pitch or advert
 * that asks contributors for nothing (advertising.ts). The offline analyzer rejects on it, and the brief stage's verifier holds a model's
 * answer to it, so no provider accepts what the rules refuse.
 */
export function refusalReason(whole: ParsedText, signals: QualitySignals = qualitySignals(whole)): string | null {
  const refusal = unlawfulRequest(whole);
  if (refusal !== null) {
    return `Guild cannot take this brief on: it asks ${refusal.reason} ("${clip(refusal.sentences[0], QUOTE_MAX)}"). ${LAWFUL_ONLY}`;
  }
  const purpose = unlawfulPurpose(whole);
  if (purpose !== null) {
    const ends = purpose.sentences.length > 1 ? [purpose.sentences[0], purpose.sentences.at(-1)!] : purpose.sentences;
    const quoted = ends.map((sentence) => `"${clip(sentence, PURPOSE_QUOTE_MAX)}"`);
    return `Guild cannot take this brief on: read together, its sentences ask ${purpose.reason} (${joinWords(quoted)}). ${LAWFUL_ONLY}`;
  }
  if (moneyScam(whole)) {
    return 'The brief reads as a scam: it promises money (a payout or guaranteed earnings) in return for a payment or bank details.';
  }
  const recruitment = offPlatformRecruitment(whole);
  if (recruitment.length > 0) {
    const quoted = recruitment.map((sentence) => `"${clip(sentence, PURPOSE_QUOTE_MAX)}"`);
    return `The brief is a job advert, not a challenge: it offers the reader a job and sends them elsewhere to apply (${joinWords(quoted)}). Guild posts work and questions for contributors to answer here.`;
  }
  const spam = spamVerdict(signals);
  if (spam.spam) {
    return `The brief reads as advertising rather than a challenge: it ${joinWords(spam.reasons.slice(0, 3))}.`;
  }
  const pitch = salesPitch(whole);
  if (pitch.length > 0) {
    const quoted = pitch.slice(0, 3).map((phrase) => `"${phrase}"`);
    return `The brief is a sales pitch or an advert, not a challenge: it promotes the company's own products or services (${joinWords(quoted)}) and asks contributors for no work and no ideas. Describe a problem you want solved instead.`;
  }
  return null;
}

/** The title and the brief read as one text, as the analysis reads them. */
export function wholeBrief(input: BriefInput): ParsedText {
  return parseText(`${input.title.trim()}\n\n${input.description.trim()}`);
}

/**
 * The brief stage's verifier: an answer that accepts a brief the refusal rules refuse is asked for again, naming the
 * reason, so a model routes unlawful requests, scams and adverts the way the offline analyzer does.
 */
export function verifyBriefAnalysis(output: BriefAnalysis, input: BriefInput): string[] {
  if (!output.workable) return [];
  const reason = refusalReason(wholeBrief(input));
  if (reason === null) return [];
  return [
    `/workable must be false: Guild's rules refuse this brief. ${reason} Set workable to false and give that reason in rejection_reason.`,
  ];
}
