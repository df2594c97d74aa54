import { composedWrong } from './composition.ts';
import { t } from './vocabulary.ts';

/**
 * The most general composed wrong (composition.ts), read after every narrower one: whatever the act, the brief itself
 * prescribes that the people it affects or who check it must not know — "drivers should not be aware of the extra
 * features", "the college should not be able to tell", "so parents do not notice", "the link … is not written down
 * anywhere". An honest brief describes what people do not know ("buyers do not know what they are getting"); it does
 * not ask that they be kept from knowing. The few honest reasons to keep something from someone (a surprise, an
 * anonymous survey, blind marking, one customer's data from another) are the guard.
 */

/** Whoever has a stake in the act: the people it is done to, those who pay for it, and those who check it. */
const PARTY =
  '(customer|customers|buyer|buyers|guest|guests|member|members|staff|driver|drivers|worker|workers|employee|employees|tenant|tenants|resident|residents|patient|patients|family|families|parents|relatives|student|students|pupils|college|school|examiner|examiners|university|council|regulator|inspector|inspectors|insurer|insurers|bank|lender|lenders|hmrc|auditor|auditors|accountant|client|clients|investor|investors|donor|donors|funder|funders|landlord|owner|owners|authorities|police|users|shoppers|visitors|passengers|readers|voters|candidates|applicants|agency|manufacturer|employer|employers|learners|teachers|court|tribunal|board|trustees|shareholders|neighbours|neighbors|public|ecologist|surveyor|valuer|mechanic|mechanics|valuer|valuers|assessor|assessors|vet|vets|solicitor|solicitors|centre|center|office|company|firm|partner|partners|supplier|suppliers|carrier|courier|they|anyone|nobody)';
const MODAL = '(should|must|shall|will|wo|need|needs)';
const NOT = "(not|n't|never)";
const KNOWING = '(know|notice|find|tell|realise|realize|suspect)';

/** Prescribed, not described: a party that must not know, or work done so that it does not. */
const MUST_NOT_KNOW = t(
  `${PARTY} ${MODAL} ${NOT} be aware`,
  `${PARTY} ${MODAL} ${NOT} be able to tell`,
  `${PARTY} ${MODAL} ${NOT} (realise|realize|suspect|discover)`,
  `${PARTY} ${MODAL} ${NOT} find out`,
  `${PARTY} ${MODAL} ${NOT} know (about|that|it|this|anything|what|why|how|where|who)`,
  `${PARTY} ${MODAL} ${NOT} (learn|hear) (about|of|that)`,
  `so ${PARTY} (do|does|will|wo|can|cannot|ca|could) ${NOT} ${KNOWING}`,
  `so that ${PARTY} (do|does|will|wo|can|cannot|ca|could) ${NOT} ${KNOWING}`,
  `without ${PARTY} (knowing|realising|realizing|noticing|finding|suspecting)`,
  `without the ${PARTY} (knowing|realising|realizing|noticing|finding|suspecting)`,
  `(keep|keeping|kept) (it|this|them|that) from ${PARTY}`,
  `(keep|keeping|kept) (it|this|them|that) from the ${PARTY}`,
  `${NOT} written down anywhere`,
  // Noticing said in other verbs, and a preference rather than a rule: "we would prefer the buyer's surveyor not to
  // pick it up", "the auditor must not spot it".
  `${PARTY} ${MODAL} ${NOT} (notice|spot|detect)`,
  `${PARTY} ${MODAL} ${NOT} pick (it|this|that|them) up`,
  `${PARTY} ${MODAL} ${NOT} pick up on`,
  `${PARTY} not to (notice|spot|detect|discover|realise|realize|suspect|know)`,
  `${PARTY} not to find out`,
  `${PARTY} not to pick (it|this|that|them) up`,
  `${PARTY} not to pick up on`,
  // Wished rather than ruled: "we would rather the valuer didn't see it".
  ...['', 'the ', 'our ', 'their ', 'a '].map(
    (the) =>
      `(rather|prefer|hope) ${the}${PARTY} (did|does|would|do) ${NOT} (see|notice|spot|detect|find|know|realise|realize)`,
  ),
  // Looked at less closely on purpose: "so nobody looks too closely at the keel".
  ...['nobody', 'no one', 'none of them'].flatMap((nobody) => [
    `so ${nobody} (looks|checks) (too|very) closely`,
    `so ${nobody} (looks|checks) closely`,
  ]),
  `so the ${PARTY} (does|do|will|wo) ${NOT} (look|check) (too|very) closely`,
  // Not raised with them: "we would prefer not to raise it with them".
  `(prefer|rather|want) ${NOT} to (raise|mention|discuss|share) (it|this|that) with (them|${PARTY})`,
  `(prefer|rather|want) ${NOT} to (raise|mention|discuss|share) (it|this|that) with (the|our) ${PARTY}`,
  // Those it affects left untold on purpose: "we do not plan to contact them about it".
  // "…to contact them first to ask": not asked before it is done either.
  ...['', 'the ', 'our '].flatMap((the) => [
    `${NOT} (plan|intend|want|going) to (tell|contact|inform|notify|ask) ${the}${PARTY} (about|first|beforehand)`,
    `${NOT} (plan|intend|want|going) to write to ${the}${PARTY} (about|first|beforehand)`,
  ]),
  `${NOT} (plan|intend|want|going) to (tell|contact|inform|notify|ask) them (about|first|beforehand)`,
  `${NOT} (plan|intend|want|going) to write to them (about|first|beforehand)`,
  // Where it comes from or what it answers disguised: "so they do not look like a campaign", "it should not look
  // connected to the inspection". Not how a design looks ("should not look cluttered"): a link or an organised effort.
  `${NOT} (look|looks|seem|seems|appear|appears) (connected|linked|related|tied) (to|with)`,
  `${NOT} (look|looks|seem|seems|appear|appears) like (a|an|one) (campaign|coordinated|organised|organized|concerted|orchestrated)`,
  `${NOT} (look|looks|seem|seems|appear|appears) (coordinated|orchestrated|staged)`,
  // The link itself hidden: "so it is not obviously linked to his complaint", "so it cannot be traced back to us".
  `so (it|this|that|they) (is|are|was|were) ${NOT} (connected|linked|related|tied|traced) (to|with|back)`,
  `(can|could|cannot|ca) ${NOT} be (linked|traced|connected|tied) (to|with|back)`,
  `cannot be (linked|traced|connected|tied) (to|with|back)`,
  `(nothing|nobody) (ties|links|traces|connects) (it|this|that|them) (back|to)`,
  `${NOT} (obviously|clearly|directly|visibly|easily) (connected|linked|related|tied|traced) (to|with|back)`,
  // Whoever it is: nobody has an honest reason to ask that someone not suspect, or not tell one thing from another.
  `? ${MODAL} ${NOT} suspect`,
  `? ${MODAL} ${NOT} be able to tell`,
  // The papers or people who speak for the business told to stay silent on it: "the manual will not mention them".
  `? ${MODAL} ${NOT} (mention|disclose|reveal) (it|this|that|them|anything)`,
  // What would put them off kept from them until they are committed: "so they are not put off before they sign", "the
  // charge should only be mentioned if the client asks", "so that the switch looks free".
  ...['so', 'so that'].flatMap((so) => [
    // Not "so customers are not put off" by a long form: put off only until they have signed or paid.
    `${so} ${PARTY} (are|is|were|feel|feels) ${NOT} put off before`,
    `${so} ${PARTY} ${MODAL} ${NOT} be put off before`,
    ...[0, 1, 2].map((gap) => `${so} ? ${'? '.repeat(gap)}(looks|seems|appears) (free|costless)`),
  ]),
  ...[0, 1].map(
    (gap) =>
      `only be (mentioned|disclosed|shown|explained|raised|given|told) if ${'? '.repeat(gap)}${PARTY} (ask|asks|asked)`,
  ),
  // What they are made to believe: "so buyers think they are home bred".
  ...['so', 'so that'].flatMap((so) =>
    [0, 1].map(
      (gap) =>
        `${so} ? ${'? '.repeat(gap)}(think|thinks|believe|believes|assume|assumes) (it|they|this|these|the|that|we|our)`,
    ),
  ),
);

/** Whatever is asked, kept on purpose from the people it affects or who check it. */
export const KEPT_FROM_THOSE_IT_AFFECTS = composedWrong({
  kind: 'work the brief itself says must be kept from the people it affects or who check it (customers, staff, families, a college, a regulator)',
  act: { says: 'do work' },
  wronged: { says: 'that affects people or is checked by others (customers, staff, families, a college, a regulator)' },
  concealment: {
    says: 'while the brief itself says they must not know or be able to tell, which deceives them',
    terms: MUST_NOT_KNOW,
  },
  // Not the shared guarding words (a driver app's "so the manager can spot anyone" is the wrong, not a guard). The
  // honest reasons to keep something from someone: an anonymous or blind process, one person's data or answers kept
  // from others.
  unless: t(
    'anonym*',
    'confidential*',
    'blind',
    'who (said|wrote|answered|responded|voted|gave)',
    'each other',
    // One person's data kept from another: "another member's details".
    '(other|another) ? ? (data|details|records|information|scripts|bids|prices|accounts|messages|files)',
    'password*',
  ),
  // Read after the negation that says the secret ("should not find out before the day"): a surprise or a gift, a
  // secret kept only until a day comes, disruption people are spared; and a blind or anonymous design, which keeps
  // from people who did it or whose it is, not what is done ("should not be able to tell whose work they mark").
  spared: t(
    '(tell|know|see|guess) (who|whose)',
    'surprise*',
    'gift*',
    'present',
    'spoiler*',
    'until',
    'yet',
    'before the (day|launch|announcement|event|party|night|weekend|opening|reveal)',
    'downtime',
    'outage*',
    'disruption*',
    'interruption*',
    // Disruption of other kinds: "guests should not notice the noise".
    'noise',
    'dust',
    'mess',
    'building work*',
    // How much changes for them, not what changed: "staff should not notice much change", not "the change in
    // ingredients".
    '(much|any|little|no) (change|changes|difference)',
    // A look, not a secret: "the new brand should not look connected to either old firm's colours".
    'brand*',
    'logo*',
    'colour*',
    'color*',
    // A delay people are spared ("should not notice any delay"), not one the secret avoids ("would delay the sale").
    '(any|a|the|some|no|long|longer|short) delay*',
    'delays',
    'migrat*',
    'the (switch|switch-over|move|changeover|upgrade)',
    'old and new',
  ),
});
