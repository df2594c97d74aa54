import { composedWrong } from './composition.ts';
import { guardedBy, t } from './vocabulary.ts';

/**
 * Composed wrongs (composition.ts) done where those who would count or judge them cannot see: protected animals
 * killed or their homes destroyed out of sight of whoever protects them, and goods that have been used passed to
 * buyers as new so that they cannot tell.
 */

/** Animals and their homes the law protects, as a keeper, builder or farmer names them. */
const PROTECTED_WILDLIFE = t(
  'birds of prey',
  'raptor*',
  'buzzard*',
  'goshawk*',
  'harrier*',
  'red kite*',
  'peregrine*',
  'sparrowhawk*',
  'kestrel*',
  'osprey*',
  'eagle*',
  'owls',
  'barn owl*',
  'badger*',
  'sett',
  'setts',
  'bats',
  'roost*',
  'otter*',
  'great crested newt*',
  'newts',
  'dormice',
  'dormouse',
  'water vole*',
  'pine marten*',
  'nesting birds',
  'nests',
);
/** Killed, or their numbers or homes removed: "bring their numbers down", "get rid of", "the roof stripped". */
const NUMBERS_OR_HOMES_REMOVED = t(
  '~(bring|keep|get) (their|the|its) (numbers|population) down',
  '~(bring|keep|get) (them|it) down',
  'get rid of',
  '~cull',
  '~shoot',
  '~trap',
  '~poison',
  '~(remove|clear|destroy|block|fill|stop) (the|their|its|any) (nests|nest|setts|sett|roosts|roost|entrances|holes)',
  '~(thin|clear) (them|it) out',
  'stripped',
  '~strip (the|out|off)',
);
/** Out of sight of whoever would count or protect them: nothing to be found, before the survey, "whatever methods". */
const OUT_OF_SIGHT = t(
  '(make|makes|making) sure (nothing|nobody)',
  '(make|makes|making) sure no one',
  '(nothing|nobody) (turns|shows) up',
  '(nothing|nobody) (is|gets) found',
  '(nothing|no) (roosting|nesting|living) in',
  'before the (survey|surveys|ecologist|inspection|inspector)',
  'before (the|any) survey (season|work|visit)',
  'whatever (methods|means)',
  'tagging data',
  'out of sight',
  '(looks|look|looked) like routine',
);

/** Protected animals killed, or their roosts, setts or nests removed, where whoever protects them will not see. */
export const PROTECTED_WILDLIFE_HARMED = composedWrong({
  kind: 'protected wild animals (birds of prey, bats, badgers, otters, newts) killed, or their nests, roosts or setts removed, out of sight of whoever protects them',
  act: { says: 'kill or remove', terms: NUMBERS_OR_HOMES_REMOVED, asserted: true },
  wronged: { says: 'protected wild animals or their nests, roosts or setts', terms: PROTECTED_WILDLIFE },
  concealment: {
    says: 'arranged so that nothing is found by whoever protects them (a survey, an ecologist, the people who follow them)',
    terms: OUT_OF_SIGHT,
  },
  // The lawful way: under a licence, with non-lethal deterrents, or with the survey and its mitigation first.
  unless: guardedBy(
    'licen*',
    'non(-)?lethal',
    'non - lethal',
    'deter*',
    'mitigat*',
    'under the (supervision|advice) of',
    'natural england',
    'after the survey',
  ),
});

/** What the goods have been through: returned, opened and used, second-hand, refurbished, ex-display. */
const USED_BEFORE = t(
  'returned',
  'returns',
  'second(-)?hand',
  'second - hand',
  '(opened|open) and used',
  'used (stock|goods|items|units|ones|parts|tyres|phones|handsets|cars|machines|equipment)',
  'refurbished',
  'reconditioned',
  'ex(-)?(display|demo)',
  'ex - (display|demo)',
  'pre(-)?owned',
  'pre - owned',
  'part(-)?worn',
  'part - worn',
);
/** Passed on as new: "listed again as brand new", "sold as unused". */
const PASSED_AS_NEW = t(
  // "listed again as brand new": the verb, up to three words, then new.
  ...[0, 1, 2, 3].flatMap((gap) =>
    ['new', 'brand new', '(unused|unopened|sealed)', 'new stock'].map(
      (state) =>
        `~(list|sell|offer|describe|present|pass|advertise|supply|ship|deliver|send) ${'? '.repeat(gap)}as ${state}`,
    ),
  ),
  'as brand new',
);
/** Made so that buyers cannot tell: it matches the originals, nobody can tell them apart. */
const BUYERS_CANNOT_TELL = t(
  "(not|n't|never) be able to tell",
  'cannot tell',
  'can not tell',
  'tell (them|it) apart',
  '~match the original*',
  'nobody (will|would) (know|notice)',
  'no one (will|would) (know|notice)',
  'indistinguishable',
);

/** Goods that have been used or returned passed to buyers as new, made so that they cannot tell. */
export const USED_SOLD_AS_NEW = composedWrong({
  kind: 'goods that have been used, returned or refurbished sold to buyers as new, made so that they cannot tell',
  act: { says: 'sell', terms: PASSED_AS_NEW, asserted: true },
  wronged: { says: 'goods that have been used, returned or refurbished to buyers as new', terms: USED_BEFORE },
  concealment: {
    says: 'made so that buyers cannot tell the difference, which deceives them about what they pay for',
    terms: BUYERS_CANNOT_TELL,
  },
  // The honest sale says what the goods are: graded, described or labelled as refurbished or used.
  unless: guardedBy(
    'honest*',
    'grade*',
    'grading',
    'disclos*',
    'clearly (labelled|marked|described)',
    '(labelled|marked|described|sold|listed) as (used|refurbished|returned|second-hand|ex-display)',
    '(labelled|marked|described|sold|listed) as open box',
  ),
});
