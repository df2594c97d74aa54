import { Terms } from '../terms.ts';

/**
 * The shared vocabulary of the concerns an unlawful or unethical request raises (index.ts lists them): each concern
 * names its kind and its reason in plain words, the combinations of concepts that raise it (a verb and its object,
 * read in one request sentence), and the words that turn a sentence round ("detect", "audit", "amnesty"). A concept is
 * a list of phrases (terms.ts for the notation).
 */
export type Pattern = {
  /** Concepts that must all appear in the same request sentence. */
  together: Terms[];
  /** At most this many tokens from a hit of the first concept to a hit of the second. */
  within?: number;
  /** Concepts that may appear anywhere in the brief (a "they have not signed up" two sentences later). */
  elsewhere?: Terms[];
};

export type Concern = {
  /** The kind of problem as a noun phrase ("fake reviews and astroturfing"): the list a model's prompt is given. */
  kind: string;
  /** Completes "It asks …": what the company reads. */
  reason: string;
  patterns: Pattern[];
  unless: Terms;
};

export const t = (...phrases: string[]) => new Terms(phrases);

/** Words that show a sentence sets out to find, stop or check a wrong rather than commit it. */
const GUARDING = [
  'detect*',
  'prevent*',
  'protect*',
  'combat*',
  'tackl(e|es|ed|ing)',
  'spot',
  'spotting',
  'identif(y|ies|ied|ying)',
  'recogni(s|z)(e|es|ed|ing)',
  'awareness',
  'train',
  'training',
  // Reporting a wrong, not writing "a short report": "report them to trading standards", "reporting scams".
  '(report|reports|reported|reporting) (it|them|this|these|abuse|fraud|scams|crime|crimes|concerns|suspicious)',
  '(report|reports|reported|reporting) to',
  // Helping the people a wrong was done to, not "a fake appeal for the storm victims".
  'victims of (fraud|scams|scam|crime|crimes|abuse|trafficking|phishing|identity|cyber*|domestic|online|stalking|harassment|hate)',
  'victim support',
  'survivor*',
  // A sentence about the people who commit the wrong describes it: "a scammer posing as a regular contractor".
  'scammer*',
  'fraudster*',
  'criminal*',
  // And about the people it is done to: "our students lose money on fake tickets".
  'lose',
  'loses',
  'lost',
  'losing',
  '(fall|falls|fell) for',
  'scammed',
  'conned',
  'duped',
  'ripped off',
];
export const guardedBy = (...extra: string[]) => t(...GUARDING, ...extra);

export const PERSONAL_DATA = t(
  'email address*',
  'e-mail address*',
  'emails',
  'e-mails',
  'phone number*',
  'mobile number*',
  'telephone number*',
  'home address*',
  'contact details',
  'contact info*',
  'personal data',
  'personal details',
  'personal information',
  'date* of birth',
  '(linkedin|facebook|instagram|tiktok|dating|personal|user) profiles',
  'social media profiles',
  'customer (data|database|databases|list|lists|records)',
  '(supporter|donor|member|patient|client) (data|database|list|lists|records)',
  'national insurance number*',
  'passport number*',
  'medical records',
  '(attendee|delegate|member|guest|visitor|user|customer) (list|lists|emails|details)',
);
export const NO_CONSENT = t(
  'without ? consent',
  'without consent',
  'without ? permission',
  'without permission',
  'without asking',
  'without telling',
  'without ? knowing',
  'without ? knowledge',
  'not signed up',
  "n't signed up",
  'never signed up',
  // Cold messages go to people who never asked for them.
  'cold (email|emails|emailing|e-mails|call|calls|calling|texts|messages)',
  'not opted in',
  "n't opted in",
  'not consented',
  "n't consented",
  'not agreed',
  "n't agreed",
);
export const DECEIVED_IDENTITY = t(
  'pos(e|es|ed|ing) as',
  'pretend* to be',
  'impersonat*',
  'sock puppet*',
  'fake account*',
  'fake profile*',
  'different accounts',
  'multiple accounts',
  'as if (from|by|they|written)',
  "(members|friends|relatives|family|people|customers) ' (account|accounts)",
  "(someone|somebody) else 's (account|accounts)",
  "other people 's (account|accounts)",
  'several accounts',
  '(made-up|madeup|false|fake|invented|assumed) names',
  'made - up names',
  // Voices that pass for someone they are not: "profiles that appear to be ordinary residents".
  '(appear|appears|seem|seems) to be (ordinary|real|genuine|independent|local|unconnected)',
  '(look|looks) (independent|unconnected|genuine)',
  '(look|looks) like (ordinary|real|genuine|independent|local) (residents|customers|people|users|parents|voters|patients)',
);
/** Where the public forms a view: reviews, comments, meetings, consultations, groups and campaigns. */
export const PUBLIC_OPINION = t(
  'review*',
  'rating*',
  'testimonial*',
  'comment*',
  'post*',
  'forum*',
  'petition*',
  'vote*',
  'meeting*',
  'consultation*',
  'group*',
  'campaign*',
  'letter*',
  'social media',
);
export const CREDENTIALS = t(
  'password*',
  'passcode*',
  'username*',
  'login details',
  'logins',
  'log-ins',
  'sign-in details',
  'log-in details',
  'login credentials',
  'credential*',
  'bank details',
  'card details',
  'card number*',
  'security code*',
  'pin number*',
);

/** Done behind the back of the people it is done to. */
export const COVERTLY = t(
  'secretly',
  'in secret',
  'quietly',
  'silently',
  'covert*',
  'discreetly',
  'in the background',
  'without (her|him|them|users|people|customers|anyone) (knowing|noticing|realising|realizing)',
  'without the (user|users|customer|customers|owner|owners) (knowing|noticing|realising|realizing)',
  'without (her|his|their) knowledge',
  '(not|never) (appear|show|shown) (in|on) the (permissions|privacy|settings)',
);

/** A person's private life, beyond what they chose to make public. */
export const PRIVATE_LIFE = t(
  '(his|her|their) (current|new|private|home) address',
  '(his|her|their) (current|new) home address',
  'where (he|she|they) (live|lives|lived)',
  'where (his|her|their) (children|kids|son|daughter) go* to school',
  "(his|her|their) (partner|wife|husband|children|kids|family) 's (name|names|school|address|workplace)",
  '(his|her|their) (daily|weekly) (routine|movements)',
);

/**
 * The people a brief acts on are kept from knowing it: "members … we do not plan to mention this to them", "staff will
 * not be told", "so that customers do not notice the change". Harmless alone (a migration customers should not notice);
 * it shows the purpose when it meets what is done to those people in a neighbouring sentence (purposes.ts).
 */
export const KEPT_FROM_THEM = t(
  "(not|n't|never) (plan|planning|intend|intending|want|wanting|going) to (mention|tell|inform|ask|notify|explain)",
  "(not|n't|never) be (told|informed|asked|notified)",
  "(not|n't|never) be made aware",
  "(not|n't|never) (tell|inform|notify|ask) (them|him|her|anyone|staff|employees|members|customers|users|tenants|people)",
  'without (telling|informing|notifying|asking) (them|him|her|anyone|staff|employees|members|customers|users|tenants|people)',
  "(not|n't|never) (notice|realise|realize|spot|suspect)",
  "(not|n't|never) find out",
  "(they|he|she|staff|employees|workers|members|customers|clients|guests|users|tenants|residents|patients|students|parents|drivers|subscribers|visitors|people|anyone) (do|does|will|would|should|wo|need|needs|must|shall) (not|n't) know",
  "(they|he|she|staff|employees|workers|members|customers|clients|guests|users|tenants|residents|patients|students|parents|drivers|subscribers|visitors|people|anyone) (do|does|will|would|should|wo|need|needs|must|shall) (not|n't) be aware",
  '(no|without) (need|reason) to (tell|mention|inform|ask)',
  'keep (it|this|them) (quiet|secret|hidden) from',
  'behind (his|her|their) back*',
);
