import { PhraseMatcher } from '../taxonomy/phrase-matcher.ts';
import type { ParsedText, Token } from '../taxonomy/text-parser.ts';

/**
 * What an idea's wording says about it: how concrete (steps, numbers, resources), how fresh, how much it promises
 * to change and for whom — and how much of the challenge it takes up. Cue phrases are matched on wink's tokens.
 */
const phrases = (list: string) => list.split('|');

const CUES = {
  /** A plan someone could start on: steps, partners, resources, a trial. */
  concrete: phrases(
    'first|then|start with|pilot|trial|phase|step|week|month|within|budget|cost|partner|partner with|existing|' +
      'already|volunteers|simple|low-cost|free|spreadsheet|schedule|rota|sign-up|run by|led by|we could ask|local|' +
      'library|school|supermarket',
  ),
  /** Promises no one could keep, or a technology named instead of a plan. */
  grand: phrases(
    'revolutionise|revolutionize|revolution|change everything|solve everything|the whole world|whole country|' +
      'everyone will|millions|blockchain|completely|perfect|never again|guarantee|disrupt',
  ),
  /** A fresh angle on the problem. */
  fresh: phrases(
    'new|novel|instead of|rather than|unlike|combine|reuse|repurpose|gamify|game|swap|sharing|share|peer|buddy|' +
      'crowd|pop-up|map|app|open source|automate|sensor|competition|reward|badge',
  ),
  /** A change for people: fewer, more, saved, reached. */
  benefit: phrases(
    'reduce|increase|save|cut|fewer|more|help|people|families|households|community|every|per week|per month|' +
      'per year|long-term|lasting|scale|across|residents|children|older|return|stay',
  ),
};

let matcher: PhraseMatcher<keyof typeof CUES> | undefined;

/** The distinct cue phrases of each kind the text uses, as it words them (lemmas), in order of appearance. */
export function findCues(parsed: ParsedText): Record<keyof typeof CUES, string[]> {
  matcher ??= new PhraseMatcher(
    (Object.keys(CUES) as (keyof typeof CUES)[]).flatMap((kind) =>
      CUES[kind].map((phrase) => ({ phrase, target: kind, mode: 'any-case' as const })),
    ),
  );
  const found: Record<keyof typeof CUES, string[]> = { concrete: [], grand: [], fresh: [], benefit: [] };
  const seen = new Set<string>();
  for (const match of matcher.match(parsed)) {
    const phrase = parsed.tokens
      .slice(match.firstToken, match.endToken)
      .map((token) => token.lemma)
      .join(' ');
    if (seen.has(phrase)) continue;
    seen.add(phrase);
    found[match.target].push(phrase);
  }
  return found;
}

/** Words too common in proposals to say anything about what a text is about. */
const GENERIC = new Set(
  (
    'idea ideas think thing things way ways lot lots make get use good great better best really also maybe ' +
    'could would should might need want like people time help new work able'
  ).split(' '),
);

/** The words that carry a text's meaning: lemmas of content words, without stop words and generic words. */
export function contentTerms(parsed: ParsedText): Set<string> {
  return new Set(parsed.tokens.filter(isContentWord).map((token) => token.lemma));
}

export function isContentWord(token: Token): boolean {
  return (
    token.type === 'word' &&
    !token.stop &&
    token.lemma.length >= 3 &&
    /^[a-z][a-z-]*$/.test(token.lemma) &&
    !GENERIC.has(token.lemma)
  );
}

export function hasNumbers(parsed: ParsedText): boolean {
  return parsed.tokens.some((token) => token.type === 'number') || parsed.entities.some((e) => e.type === 'PERCENT');
}
