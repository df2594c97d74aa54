import { composedWrong } from './composition.ts';
import { guardedBy, t } from './vocabulary.ts';

/**
 * Two composed wrongs (composition.ts) read from what the brief itself says, whatever the trade:
 *
 * - people are *told, shown or claimed against* what the brief itself says is so: a buyer told of a rival offer "even
 *   when there is no other offer", a proposal filled in with one driver "though in practice" others drive, figures
 *   shown to customers "not from real availability", funding kept claimed for children who "have left";
 * - a *protection people are owed is taken away*: a parental consent screen removed, sign-ups "should not check them
 *   against the exclusion list", an age check skipped.
 *
 * Neither part alone is a wrong: telling buyers of offers, filling in a proposal, claiming funding, a countdown, a
 * consent screen, an exclusion list are all ordinary business. The wrong is the act meeting, in neighbouring sentences
 * of a request, the brief's own words that it is not so, or that the protection goes.
 */

/** A statement or claim made to someone else: told, shown, listed, declared, filled in, claimed or billed. */
const STATED_TO_OTHERS = t(
  '~tell (them|him|her|buyers|customers|clients|guests|members|parents|tenants|staff|the|our|each|every|anyone)',
  '~(say|state|claim|declare|confirm|pretend|suggest|imply) (that|to|they|it|we)',
  'as if',
  'as though',
  // "shown as the mother", "list the director as the main driver": the thing said, up to two words, then what it is.
  ...[0, 1, 2].map(
    (gap) => `~(show|list|name|describe|present|record|enter|put) ${'? '.repeat(gap)}as (the|a|an|our|their|his|her)`,
  ),
  '~fill in',
  // A claim kept up or made in full, not a claim described ("we claim the funded hours each term").
  '(keep|keeps|kept|keeping|still) (claiming|billing|invoicing|charging)',
  '~(continue|carry) (claiming|billing|invoicing|charging)',
  '~(claim|bill|invoice|charge) (the|their|its|his|her) full',
  '~(claim|bill|invoice|charge) (for|them) (all|every|each|full)',
  'only # (room|rooms|seat|seats|place|places|ticket|tickets|item|items|left)',
  '# people are (looking|viewing|watching)',
);

/** The brief's own words that what is said is not so. */
const NOT_SO = t(
  // Not "even when there is no school" (when a service runs): what is told is itself said not to exist.
  'even (when|if|though) there (is|are|was|were|has|have) no (other|such|real|actual|genuine|higher|better|rival)',
  'even (when|if|though) there (is|are|was|were|has|have) (none|not)',
  "even (when|if|though) (it|they|this|that|he|she) (is|are|was|were|has|have|do|does|did) (not|n't|no|never)",
  "even (when|if|though) (it|they|this|that|he|she) (isn't|aren't|wasn't|weren't|hasn't|haven't|doesn't|don't|didn't)",
  '(though|although|while|whereas|when|but) in (practice|fact|reality)',
  'when in fact',
  'when (actually|really)',
  'whether or not (it|they|this|that|there) (is|are|was|were|has|have)',
  'not from (real|actual|live)',
  'not from (the|our) (real|actual|live)',
  '(generated|invented|picked|chosen) at random',
  'made up at random',
  '(have|has) (left|died)',
  '(have|has) (moved|gone) away',
  '(have|has) stopped (coming|attending)',
  'no longer (come|comes|attend|attends|live|lives|work|works|use|uses|need|needs)',
  'only (come|comes|attend|attends) (#|one|two|three|four|once|twice)',
  "(did|do|does|will) (not|n't) (happen|attend|come)",
  "(did|do|does|will) (not|n't) (take|turn) (place|up)",
  '(never|not) (happened|attended|came|delivered|done)',
  '(never|not) (took|carried) (place|out)',
);

/** Told, shown or claimed to others against what the brief itself says is so. */
export const STATED_AGAINST_WHAT_IS_SO = composedWrong({
  kind: 'a statement, claim or figure given to buyers, customers, insurers or funders that the brief itself says is not so',
  act: { says: 'tell, show or claim to others', terms: STATED_TO_OTHERS, asserted: true },
  wronged: { says: 'something that those who rely on it (buyers, customers, insurers, funders) take as true' },
  concealment: { says: 'while the brief itself says it is not so, which deceives them', terms: NOT_SO },
  // The honest version corrects or discloses: "tell them honestly when there is no other offer".
  unless: guardedBy(
    'honest*',
    'truthful*',
    'accurate*',
    'correct*',
    'disclos*',
    'explain (why|that)',
    'make clear',
    'make it clear',
    'clearly',
    'refund*',
    'credit note*',
    'stop (the|claiming|billing|charging|invoicing)',
    '(say|says|state|states) so',
    // Asking whether what is so changes the answer is handling it honestly.
    'advice (on|about) whether',
    'whether (that|this|it) (changes|affects|matters)',
    '~reconcile',
  ),
});

/** What protects people from a harm and is theirs to have: their consent, an age check, an exclusion, a cooling-off. */
const A_PROTECTION = t(
  '(parental|parent|parents|guardian|their|family) consent',
  '(parental|parent|parents|guardian|their|family) ? consent',
  'consent (screen|screens|step|steps|form|forms|box|boxes|check|checks|request|requests|page|pages|flow|question|questions)',
  'age (check|checks|checking|verification|gate|gates)',
  'age-(check|checks|checking|verification|gate|gates)',
  '(exclusion|exclusions|self-exclusion|blocked|barred|banned) (list|lists|register|registers|database|check|checks)',
  '(exclusion|exclusions|self-exclusion|blocked|barred|banned) ? (list|lists|register|registers|database|check|checks)',
  'self-exclu*',
  'self - exclu*',
  'affordability (check|checks|assessment|assessments)',
  'cooling-off ?',
  'cooling - off',
  'right to cancel',
  'safety (check|checks|interlock|interlocks)',
);
/** Taken away or not applied: "should remove it", "should not check them against". */
const TAKEN_AWAY = t(
  '~(remove|drop|skip|disable|bypass|hide) (it|them|this|that|the|any|all|our|each|every)',
  '~(switch|turn|take) (it|them|this|that) (off|out)',
  '~(switch|turn|take) off (the|any|all|our)',
  '~get rid of',
  '~do away with',
  '(should|must|will|would|need|needs) (not|never) (check|checks|apply|ask|include)',
  "(should|must|will|would|need|needs) n't (check|checks|apply|ask|include)",
  '(no|without) (checks|check|checking) against',
  '(without|skipping|bypassing|removing|dropping) (the|any|an|a|their) ? ? (check|checks|screen|step|verification|consent)',
);

/** A protection people are owed, which the brief itself asks to be removed or not applied. */
export const PROTECTION_TAKEN_AWAY = composedWrong({
  kind: "a protection people are owed (their or their parents' consent, an age check, an exclusion list, a cooling-off period) removed or not applied",
  act: { says: 'remove or not apply', terms: TAKEN_AWAY, asserted: false },
  wronged: {
    says: "a protection people are owed (their or their parents' consent, an age check, an exclusion they asked for)",
    terms: A_PROTECTION,
  },
  concealment: { says: 'which takes from them a safeguard that is theirs' },
  together: { parts: ['act', 'wronged'], within: 24 },
  askedInAPart: true,
  // Replacing a protection with a better one, or removing it where the law does not ask it, is the honest version.
  // Not the shared guarding words: "it loses us a fifth of orders" or "the check protects children" is said of the
  // protection being removed, not of a wrong being fought.
  unless: t(
    'replac*',
    'clearer',
    'simpl*',
    'improv*',
    'better',
    'instead',
    'redesign*',
    'lawful*',
    'legally',
    'compl(y|ies|iant|iance)',
    'no longer (required|needed|necessary)',
    'duplicate*',
    'twice',
    'once the',
    'already (verified|checked)',
  ),
});
