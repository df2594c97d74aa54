import { COMPOSED_WRONGS } from './concerns/composed.ts';
import { CONCERNS } from './concerns/index.ts';
import { PURPOSES } from './concerns/purposes.ts';
import { STRUCTURAL_WRONGS } from './concerns/structure.ts';

/**
 * The routing rules in words: one text for the model prompts and the schema descriptions of the brief and
 * complexity stages, so a model provider routes a brief the way the offline analyzer does (refusal.ts,
 * concerns/, advertising.ts, complexity/routing-signals.ts).
 */

/** When a brief is not workable, and what is not a reason. The unlawful kinds are the offline screening's own list. */
export const REJECTION_RULES =
  'Reject (workable false) only: spam and scams (an advance-fee or prize scam, link farms); pure advertising or a ' +
  'sales pitch, where a company announces or promotes its own product, service or offer and asks contributors for ' +
  'no work and no ideas, even when it is titled a challenge; unlawful, unethical or deceptive requests, however ' +
  `politely written or well paid — ${CONCERNS.map((concern) => concern.kind).join('; ')}; and, when no one ` +
  'sentence says it but the sentences read together do (whose data or whom the work acts on, by what means, what ' +
  `the result is for, who must not find out), ${[...new Set([...PURPOSES, ...STRUCTURAL_WRONGS, ...COMPOSED_WRONGS].map((purpose) => purpose.kind))].join('; ')}; unreadable text; and ` +
  'briefs that say nothing about what is wanted. Judge what the author asks for, not single words: a ' +
  'fraud-detection system, a penetration test the owner commissions, an ethical hacking club, a counterfeit- or ' +
  'misinformation-awareness campaign, auditing personal data for GDPR, analysing genuine customer reviews, ' +
  'phishing-awareness training, a review of hiring bias or a knife-crime campaign are legitimate. A short brief is ' +
  'not a reason to reject when it is a clear open question or call for ideas.';

/** What the rejection reason must say. */
export const REJECTION_REASON_RULE =
  'Name the concrete reason in plain words (for example "it asks to scrape people\'s email addresses without ' +
  'their consent" or "it is a sales pitch for the company\'s own services"), then what to change if anything can be.';

export const COMMUNITY_RULE =
  'Community discussion (levels 1–2): open questions, calls for ideas, naming, slogans or taglines, feedback on a ' +
  'concept, "how might we…" questions, exploratory or small asks — even very short ones.';

export const TEAM_RULE =
  'Team execution (levels 3–4): the brief commissions work — deliverables, a scope, phases or milestones, a ' +
  'deadline, a budget, several pieces of work or components that must be planned and fitted together. A team ' +
  'brief that also welcomes ideas stays team execution.';

/** What the complexity reasoning must say. */
export const ROUTING_REASONING_RULE =
  'Say what in the brief made it community or team, in its own terms: "asks for name ideas", "asks for feedback on ' +
  'a concept", "lays out 3 phases with deliverables and a deadline", then the kinds of work or components it names.';
