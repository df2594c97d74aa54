import type { Terms } from '../terms.ts';
import type { Clue, Purpose } from './purpose.ts';

/**
 * Wrongs composed from what the requested act does to whom, rather than from a named scheme. The actor is always the
 * author (purpose-reading.ts needs a request among the sentences read); each wrong names three parts, each with the
 * phrases that say it in a brief and the words the company reads:
 *
 * - the *act* the request sets up (a document declared, money moved, a prize given, a price shown);
 * - *who is wronged* by it: the people acted on or their families, buyers, a court or creditors, the owner of what is
 *   used — or, where no one is named, what is theirs (their passports, their say);
 * - the *concealment* that makes the act a wrong rather than a business decision: their say left out on purpose, what
 *   the author knows set against what others are told, something timed before the reckoning that would count it.
 *
 * No part alone is a wrong ("we would rather keep it simple", "a survey found knotweed", "a prize draw", "a new
 * company"); the parts meeting in neighbouring sentences of a request are. The reason the company reads is put
 * together from the parts, so it says what the act does and to whom, whatever the trade.
 */

/** One part of a wrong: the phrases that say it, and what it is in the words of the reason. */
type Part = {
  /** Completes the reason at this part's place. */
  says: string;
  /** The phrases; none when the part is only said (the others imply it). */
  terms?: Terms;
  /** A hit right after "not", "never", "without" does not count. */
  asserted?: boolean;
};

type Composition = {
  kind: string;
  act: Part;
  wronged: Part;
  concealment: Part;
  /** Parts that must be said in one sentence, within this many tokens of each other (the first two listed). */
  together?: { parts: ('act' | 'wronged' | 'concealment')[]; within?: number };
  distinct?: boolean;
  /** Parts that may be said in any sentence of the brief (who the people are, said once where the scene is set). */
  anywhere?: ('act' | 'wronged' | 'concealment')[];
  unless: Terms;
  /** What people are spared or only made to wait for, read even after a negation ("should not find out until…"). */
  spared?: Terms;
  /**
   * The request must be a sentence that holds a part, not any sentence of the stretch: where the act alone is the
   * wrong, a sentence that describes it ("drivers skip the safety check when busy") sets out the problem to fix.
   */
  askedInAPart?: boolean;
};

const PART_NAMES = ['act', 'wronged', 'concealment'] as const;

/** A purpose (read as purpose-reading.ts reads them) whose clues are the parts and whose reason says them in order. */
export function composedWrong(composition: Composition): Purpose {
  const grouped = composition.together?.parts ?? [];
  const clueOf = (names: readonly (typeof PART_NAMES)[number][], within?: number): Clue | null => {
    const parts = names.map((name) => composition[name]).filter((part) => part.terms !== undefined);
    if (parts.length === 0) return null;
    return {
      together: parts.map((part) => part.terms!),
      asserted: parts.some((part) => part.asserted === true),
      within,
      anywhere: names.length > 0 && names.every((name) => composition.anywhere?.includes(name) === true),
    };
  };
  const clues = [
    clueOf(grouped, composition.together?.within),
    ...PART_NAMES.filter((name) => !grouped.includes(name)).map((name) => clueOf([name])),
  ].filter((clue): clue is Clue => clue !== null);
  return {
    kind: composition.kind,
    reason: `to ${composition.act.says} ${composition.wronged.says}, ${composition.concealment.says}`,
    clues,
    unless: composition.unless,
    spared: composition.spared,
    distinct: composition.distinct,
    requestInStretch: composition.askedInAPart !== true,
  };
}
