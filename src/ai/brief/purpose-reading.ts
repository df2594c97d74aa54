import type { ParsedText, Sentence } from '../taxonomy/text-parser.ts';
import { COMPOSED_WRONGS } from './concerns/composed.ts';
import type { Clue, Purpose } from './concerns/purpose.ts';
import { PURPOSES } from './concerns/purposes.ts';
import { STRUCTURAL_WRONGS } from './concerns/structure.ts';
import { guarded, isRequest, meet, negated, type Refusal } from './request-screening.ts';

/**
 * Reads a brief's purpose across neighbouring sentences, where request-screening.ts reads one sentence at a time: an
 * unlawful request written as an ordinary business ask shows what it is for only when the sentence that says whose
 * data or whom the work acts on meets the one that says how, or who must not find out (concerns/purposes.ts). Each
 * clue of a purpose must be found in a sentence of one stretch of at most WINDOW neighbouring sentences (a clue marked
 * `anywhere`, in any sentence of the brief), one of them a request of the author, and no clue's sentence may guard
 * against the wrong ("pseudonymised records only", "check our
 * approval rates for fairness").
 */

/** Three neighbouring sentences: a purpose is stated close to the request it explains, not a paragraph away. */
const WINDOW = 3;

/**
 * The named purposes first, for their narrower reasons, then the wrongs read from a request's structure, then those
 * composed from what the act does to whom.
 */
const READ_ACROSS_SENTENCES = [...PURPOSES, ...STRUCTURAL_WRONGS, ...COMPOSED_WRONGS];

/** The purpose a brief's neighbouring sentences show together, and those sentences; null when none. */
export function unlawfulPurpose(parsed: ParsedText): Refusal | null {
  for (const purpose of READ_ACROSS_SENTENCES) {
    const found = purposeIn(parsed, purpose);
    if (found !== null) return found;
  }
  return null;
}

/** Where one purpose's clues meet in a stretch of neighbouring sentences with a request and no guard; null when not. */
function purposeIn(parsed: ParsedText, purpose: Purpose): Refusal | null {
  const { sentences, tokens } = parsed;
  const found = purpose.clues.map((clue) => sentences.filter((sentence) => clueIn(parsed, sentence, clue)));
  if (found.some((list) => list.length === 0)) return null;
  for (let start = 0; start < sentences.length; start++) {
    const window = (sentence: Sentence) => sentence.index >= start && sentence.index < start + WINDOW;
    const chosen = choose(
      found.map((list, clue) => (purpose.clues[clue].anywhere === true ? list : list.filter(window))),
      purpose.distinct === true,
    );
    if (chosen === null) continue;
    const used = [...new Set(chosen)].sort((a, b) => a.index - b.index);
    const asking = purpose.requestInStretch === true ? sentences.filter(window) : used;
    if (!asking.some((sentence) => isRequest(tokens, sentence))) continue;
    if (used.some((sentence) => guarded(tokens, sentence, purpose.unless))) continue;
    if (purpose.spared && used.some((sentence) => purpose.spared!.has(tokens, sentence.firstToken, sentence.endToken)))
      continue;
    return { reason: purpose.reason, sentences: used.map((sentence) => sentence.text.trim()) };
  }
  return null;
}

/**
 * One sentence for each clue from its candidates in the window, the first that fits; with `distinct`, no sentence
 * serves two clues. Null when some clue has none left. The lists are a window's few sentences, so trying them in order
 * is cheap.
 */
function choose(candidates: Sentence[][], distinct: boolean): Sentence[] | null {
  if (!distinct) {
    const first = candidates.map((list) => list[0]);
    return first.some((sentence) => sentence === undefined) ? null : first;
  }
  const pick = (clue: number, taken: Sentence[]): Sentence[] | null => {
    if (clue === candidates.length) return taken;
    for (const sentence of candidates[clue]) {
      if (taken.includes(sentence)) continue;
      const rest = pick(clue + 1, [...taken, sentence]);
      if (rest !== null) return rest;
    }
    return null;
  };
  return pick(0, []);
}

function clueIn({ tokens }: ParsedText, sentence: Sentence, clue: Clue): boolean {
  const hits = clue.together.map((concept) =>
    concept
      .hits(tokens, sentence.firstToken, sentence.endToken)
      .filter((hit) => !clue.asserted || !negated(tokens, sentence, hit)),
  );
  return meet(hits, clue.within);
}
