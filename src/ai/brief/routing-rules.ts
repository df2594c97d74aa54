/**
 * The routing rules in words: one text for the model prompts and the schema descriptions of the brief and
 * complexity stages, so a model provider routes a brief the way the offline analyzer does (request-screening.ts,
 * advertising.ts, complexity/routing-signals.ts).
 */

/** When a brief is not workable, and what is not a reason. */
export const REJECTION_RULES =
  'Reject (workable false) only: spam and scams (an advance-fee or prize scam, link farms); pure advertising or a ' +
  'sales pitch, where a company promotes its own product or service and asks for nothing; unlawful or unethical ' +
  "requests — collecting or scraping people's personal data without their consent, fake reviews or posts under " +
  'false identities (astroturfing), phishing or capturing passwords, academic cheating (doing work someone hands in ' +
  'as their own), hiding things from inspectors, falsifying records or evading safety rules and regulations, ' +
  'turning away job applicants or tenants for age, sex, pregnancy, race, religion, disability, family or another ' +
  'protected characteristic, secretly tracking or monitoring a person, fraud (a fake charity, shop, invoice or ' +
  'investment), counterfeit goods or forged documents, illegal drugs, making or selling weapons; unreadable text; ' +
  'and briefs that say nothing about what is wanted. Judge what the author asks ' +
  'for, not single words: auditing personal data, detecting fake reviews or fraud, phishing-awareness training, a ' +
  'review of hiring bias or a knife-crime campaign are legitimate. A short brief is not a reason to reject when it ' +
  'is a clear open question or call for ideas.';

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
