import {
  isWorkHeading,
  readSections,
  type Section,
  type Span,
  splitSentences,
  trimSpan,
  type Unit,
  wordCount,
} from './brief-structure.ts';
import { isWorkVerb } from './work-verbs.ts';

/**
 * The pieces of work a brief lays out, each a span of its text: every item of a list in a work section, and in prose
 * each sentence that asks for work ("we need…", "…must sync with…", "Build a portal…"), split along its own
 * enumeration ("audit the site, rewrite ten pages, and set up a newsletter" is three pieces). Sentences that set
 * limits or say how success is judged are kept apart: they become acceptance criteria, not tasks.
 */
export type Piece = {
  span: Span;
  section: number;
  /** What the piece is part of, in the brief's words: "We would like an independent-minded evaluation". */
  umbrella: string | null;
  /** The start of the sentence a later element of an enumeration continues: "We want patients to be able to". */
  lead: string | null;
};

export type BriefReading = {
  text: string;
  sections: Section[];
  pieces: Piece[];
  /** Conditions the work must meet ("must be accessible", a constraints list). */
  requirements: string[];
  /** How the brief judges success. */
  success: string[];
  /** Every other sentence (background, limits): where the brief may name tools for the work. */
  background: string[];
  /** What the pieces came from: section headings, list items, or sentences of prose. */
  basis: 'sections' | 'lists' | 'sentences';
};

type SentenceKind = 'work' | 'requirement' | 'success' | 'risk' | 'background';

// Whitespace between the words of a pattern is bounded (\s{1,4}, \s{1,8}): no match can backtrack over a long run of it
// (issue 10). Briefs have one space there, or a line break and some indentation; with more, a pattern does not match.
const ASKS_FOR_WORK =
  /\b(?:we|i)(?:'d|\s{1,6}would|\s{1,6}will)?\s{1,6}(?:(?:also|really|urgently|now|then)\s{1,6})?(?:need|want|like|love|require|are looking for|am looking for|are seeking|hope to|plan to|intend to|aim to|wish to)\b|\b(?:help us|please|would like someone|looking for (?:someone|a volunteer|volunteers|help))\b|\b(?:would|will) be (?:welcome|welcomed|appreciated|a (?:plus|bonus))\b|\b(?:we|i)(?:'d|\s{1,6}would)\s{1,6}(?:welcome|appreciate)\b/i;
const NEEDS =
  /\b(?:needs?|wants?|must|should|has to|have to|will need to|is required to|are required to|deliverables?)\b/i;
const NOT_WANTED = /\b(?:not looking for|not asking for|do not want|don't want|do not need|don't need|no need)\b/i;
/**
 * Work the brief leaves out or the client does itself: "servicing the machines is not part of this work", "Parking
 * enforcement is outside this study", "We will arrange the halls ourselves", "Cleaning is done by our own hygiene
 * team", "Our estate manager will arrange access". Context, never a task: no one is to be found for it.
 */
const NOT_THIS_WORK =
  /\b(?:(?:is|are)\s{1,4}not\s{1,4}part\s{1,4}of\s{1,4}(?:(?:this|the)\s{1,4}(?:work|project|brief|job|contract|study)|this(?=\s{0,4}(?:[.;,!]|$)))|(?:is|are)\s{1,4}outside\s{1,4}(?:this|the)\s{1,4}(?:work|project|brief|scope|study)|out\s{1,4}of\s{1,4}scope|(?:done|handled|run|provided)\s{1,4}by\s{1,4}our\s{1,4}own)\b|^our\s{1,4}(?:[\p{L}-]{1,30}\s{1,4}){1,3}?(?:will|already)\s{1,4}(?!need|have to|get|receive|be\b)\p{L}|^we(?:'ll|\s{1,4}will)\s[^.;]{0,80}\bourselves\b|\b(?:will|would|is\s{1,4}going\s{1,4}to)\s{1,4}(?:do|handle|arrange|carry\s{1,4}out|provide)\s[^.;]{0,60}\b(?:itself|themselves|ourselves)\b/iu;
/**
 * The same in other forms: the client's people or another contract named as who does it ("Traffic management will be
 * arranged by our highways team", "Any repair designs will be tendered separately", "The museum's own technicians will
 * build the cases"), the client's people kept in charge of it ("Our vet stays in charge of prescribing", "Our board
 * keeps the final say"), and what stays as it is ("The HR system itself is not changing", "Clinical supervision will
 * continue as now", "Our eye examinations carry on as they are", "We are not changing our practice management
 * software", "We are keeping our saleroom software").
 */
const NOT_THIS_WORK_TOO =
  /\b(?:will|are|is)\s{1,4}(?:being\s{1,4}|be\s{1,4})?(?:arranged|done|handled|carried\s{1,4}out|provided|made|built|installed|managed|delivered|organised|organized|supplied|covered)\s{1,4}by\s{1,4}(?:our|the\s{1,4}(?:client|council|school|museum|trust|practice|company|charity)'?s?)\b|\b(?:will|are|is)\s{1,4}(?:be\s{1,4})?(?:tendered|procured|commissioned|contracted|quoted|handled|done|dealt\s{1,4}with)\s{1,4}separately\b|^(?:the\s{1,4})?[\p{L}-]{1,30}(?:'s|’s)\s{1,4}own\s{1,4}(?:[\p{L}-]{1,30}\s{1,4}){1,3}?will\b|\b(?:itself|themselves)\s{1,4}(?:is|are)\s{1,4}not\s{1,4}(?:changing|in\s{1,4}scope|included)\b|^(?:our|the)\s{1,4}(?:[\p{L}-]{1,30}\s{1,4}){1,3}?(?:stays?|remains?|keeps?)\s{1,4}(?:in\s{1,4}charge|responsible|the\s{1,4}final\s{1,4}say)\b|\b(?:carry|carries)\s{1,4}on\s{1,4}as\s{1,4}(?:now|before|they\s{1,4}are|it\s{1,4}is)\b|\bwill\s{1,4}continue\s{1,4}as\s{1,4}(?:now|before)\b|\bwe(?:'re|\s{1,4}are)\s{1,4}(?:not\s{1,4}changing|keeping)\s{1,4}our\b/iu;
/** Whether a sentence is work the brief leaves out or the client does itself: no one is to be found for it. */
export function isNotThisWork(sentence: string): boolean {
  return NOT_THIS_WORK.test(sentence) || NOT_THIS_WORK_TOO.test(sentence);
}
const SUCCESS =
  /^(?:success|we will know|we'll know|we will measure|we'll measure|it will have worked)|\bsuccess (?:means|would mean|looks like|is)\b|\bwe will know\b|\bmeasure success\b/i;
/** "Risks: …", "The main risk is …"; not a list item of work named by its kind ("risk assessments and method statements"). */
const RISK =
  /^(?:the |our |one |a )?(?:main |biggest |big )?(?:risks?(?!\s{1,4}(?:assessments?|registers?|management|analys[ie]s|logs?|matri(?:x|ces)|plans?)\b)|worr(?:y|ies|ied)|concerns?)\b/i;
const ELABORATES = /^(?:that|this)\s+(?:means|includes|involves|would mean|covers|would include)\b/i;
/**
 * "must be accessible", "has to meet the standards", "must not promise": a condition on the work, not more work.
 * "must be approved" (be, then a word of three or more letters ending in -ed or -en) is not one: after "be" comes the
 * end, a non-word character, a word of one or two letters, or a longer one whose last two letters are not "ed"/"en".
 */
const CONDITION =
  /\b(?:must|should|has to|have to|needs? to|is required to|are required to)\s{1,4}(?:(?:also|always)\s{1,4})?(?:not\b|never\b|be\s{1,4}(?:$|\W|\w{1,2}\b|\w+(?:[^\We]\w|e[^\Wdn])\b)|(?:work|meet|follow|comply|run|look|feel|fit|respect|stay|remain|suit|match|cost|take|last)\b)/i;

/** A date to meet, an amount of money or a share: "by March 2027", "£4,000", "at least 40%". */
const LIMIT =
  /\b(?:by|before|until|no later than)\s{1,8}(?:the end of\s{1,8})?(?:\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|next|spring|summer|autumn|winter)|[£$€]\s?\d|\d\s?%|\b(?:at least|at most|no more than|budget)\b/i;
/** Whether a sentence only sets a date, an amount or a share the work must meet. */
export function isLimit(sentence: string): boolean {
  return LIMIT.test(sentence) || AMOUNT.test(sentence);
}

/**
 * A sentence about whom the brief wants for the work, not the work itself: "Ideally someone who knows Xero",
 * "Experience of listed buildings is essential", "The contractor must hold a gas-safety registration". Not one about
 * the client ("We are a registered charity").
 */
const WANTED_PERSON = [
  /^(?:ideally|preferably)\b/i,
  /\b(?:is|are|would be)\s{1,4}(?:essential|desirable|a must|a plus|an advantage|important to us)\b/i,
  /\b(?:you|they|someone|anyone|the (?:contractor|consultant|adviser|advisor|person|team|supplier|designer|trainer))\s{1,4}(?:will\s{1,4})?(?:must|should|needs? to|will need to)\s{1,4}(?:hold|have|be)\b/i,
];
const ABOUT_THE_CLIENT = /^(?:we|we're|our|i|i'm|my)\b/i;
export function isWantedPerson(sentence: string): boolean {
  const text = sentence.trim();
  return !ABOUT_THE_CLIENT.test(text) && WANTED_PERSON.some((pattern) => pattern.test(text));
}

/** A word that names a time: "in March", "within eight weeks", "by the end of February", "2027". */
const TIME =
  /\b(?:jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|aug(?:ust)?|sep(?:tember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|autumn|winter|days?|weeks?|months?|years?|term|quarter|\d{4}|\d{1,2}(?:st|nd|rd|th)?\s{1,8}(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))\b/i;
/**
 * Sentences that only set when the work happens or what it may cost, whatever else they are worded like: "Budget
 * £12,000", "Media budget £20,000 on top of…", "Launch date is 1 September", "report within eight weeks", "The move
 * must happen in the first two weeks of August", "We hope to start in six weeks and can spend up to £5,000". They
 * are limits every task meets (acceptance criteria), never a task of their own.
 */
/**
 * An amount of money in any currency: a currency sign before or after the number ("£60,000", "$5k", "60 000 €"), an
 * ISO code ("EUR 4,000", "4000 CHF") or a currency named in words ("2,000 dollars"). Only the number's last digit is
 * matched before a sign or a name after it: no run of digits to scan again from every digit.
 */
const AMOUNT =
  /\p{Sc}\s?\d|\d\s?(?:k|m|bn|thousand|million)?\s?(?:\p{Sc}|(?:USD|EUR|GBP|CHF|JPY|CNY|INR|AUD|CAD|NZD|SEK|NOK|DKK|PLN|CZK|ZAR)\b|(?:dollars?|euros?|pounds?|francs?|rupees?|yen|yuan|kron(?:a|or|er|e)|zlot(?:y|ys|ych)|rand)\b)|\b(?:USD|EUR|GBP|CHF|JPY|CNY|INR|AUD|CAD|NZD|SEK|NOK|DKK|PLN|CZK|ZAR)\s?\d/iu;
/**
 * A sentence that is about money: its subject is a budget, a grant, a fee or a price ("Budget around £60,000", "A
 * grant … of £24,000 covers the work", "Our fee for design is $5,000"), or it says what the client can pay or has
 * ("We can pay €2,000", "We have 18,000 dollars raised"). Not work named after money ("a grant application for £50,000").
 */
const MONEY_SUBJECT =
  /^(?:[\p{L}'’-]{1,30}\s{1,4}){0,3}?(?:budgets?|grants?|funding|fees?|prices?|costs?|payments?|pay|rates?|spend)\b(?!\s{1,4}(?:applications?|bids?|proposals?|plans?|planning|reports?|estimates?|estimating|breakdowns?|analys[ie]s|models?|tracking|tracker|control|management|recovery|template|spreadsheet|review|writing)\b)/iu;
const CLIENT_PAYS =
  /^(?:we|i)(?:'ve|'ll)?\s{1,4}(?:(?:also|already|only)\s{1,4})?(?:(?:can|could|will|would|are able to|have)\s{1,4})?(?:pay|spend|offer|afford|have(?: got)?|raised|set aside|allocated|budgeted)\b(?:\s{1,4}(?:up to|about|around|roughly|approximately|a total of|some))?\s{0,4}(?:\p{Sc}|\d|USD|EUR|GBP)/iu;
/**
 * A budget, grant, fee or price statement, or what the client can spend: a signal for the estimates, never a piece of
 * work, whatever the currency or wording.
 */
export function isMoneyStatement(sentence: string): boolean {
  const text = sentence.trim();
  return AMOUNT.test(text) && (MONEY_SUBJECT.test(text) || CLIENT_PAYS.test(text));
}

const TIME_ONLY = [
  /\b(?:launch|start|deadline|completion|go-live|delivery|due)\s{1,8}date\b/i,
  /^(?:[\p{L}'’-]+\s{1,4}){0,5}(?:must|should|will|needs? to|has to|have to|is to|are to)\s{1,4}(?:all\s{1,4})?(?:happen|take place|start|begin|finish|end|launch|go (?:out|live)|be (?:done|finished|ready|complete|completed|delivered|live|in place|over))\b/iu,
  /^(?:[\p{L}-]+\s+){0,2}(?:within|in|by)\s+(?:the\s+)?(?:\w+\s+)?(?:days?|weeks?|months?)\s*$/iu,
  /^(?:we|i)\s+(?:hope|plan|aim|expect|would like|want|need)\s+(?:to\s+)?(?:start|begin|launch|finish|have (?:it|this|them|all|everything)|open|go live|be (?:done|ready|finished|live)|(?:the|this|it)\b.{0,40}\bto (?:take|start|begin|finish|launch|go live|be ready))\b/i,
  /^(?:we|i)\s{1,4}(?:need|want|would like)\s{1,4}(?:(?:the|all|our)\s{1,4})?(?:(?:final|finished)\s{1,4})?(?:files|everything|results?|deliverables?|artwork)\s{1,4}(?:(?:ready|delivered|in place)\s{1,4})?(?:by|before|within|for)\b/i,
  // "The concert is on 14 June", "Our open day is in May".
  /^(?:the\s+|our\s+)?(?:[\p{L}-]+\s+){0,3}(?:is|are|will be)\s{1,4}(?:on|in|at the end of)\s{1,4}(?:\d|the\s{1,4}\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|spring|summer|autumn|winter)/iu,
  /^(?:the\s+)?(?:[\p{L}-]+\s+){0,4}(?:is|are)\s{1,4}due(?:$|\W)/iu, // "due" ends a word: \b, written so recheck proves it in seconds
];
function isScheduleOrMoney(sentence: string): boolean {
  const text = sentence.trim();
  return isMoneyStatement(text) || (TIME.test(text) && TIME_ONLY.some((p) => p.test(text)));
}

/**
 * What a request for "it", "the report" or "this" by a date, within a time ("in eight weeks") or for an amount asks
 * for: that limit, not new work.
 */
const KEEP_AS_IS = /\b(?:continue with|stick with|keep using|stay on|carry on with)\b/i;
const REFERS_BACK =
  /\b(?:need|want|like|require)\s{1,4}(?:it|this|that|them|these|the\s{1,4}\w{1,40}|everything|all of it)\s{1,4}(?:(?:done|finished|ready|delivered|live)\s{1,4})?(?:by|before|until|within|for|in\s{1,4}(?:[\w-]{1,12}\s{1,4})?(?:days|weeks|months)\b)\b/i;
/** The second of two joined clauses has a subject of its own: ", and our council wants…", "; it must…". */
const SUBJECT_START =
  /^(?:(?:we|i|it|they|he|she|you)\b|(?:our|their|its|this|that|these|those|every|each|the|a|an)\s+(?:[\w'-]+\s+){0,3}?(?:is|are|was|were|has|have|must|should|needs?|wants?|will|would|can|could|may|might)\b)/i;

/** Words after which the rest of a clause details one piece: "an event plan covering the venue, catering and …". */
const DETAIL =
  /\b(?:covering|including|showing|such as|for example|e\.g\.|with the ability|especially|in particular)\b|,\s{1,4}(?:as|because|since|while|although|though)\s/i;

/**
 * The words that mark a step of work in running prose: "First we need…", "After that, a structural engineer has to…",
 * "Once that is in, someone needs to…", "Alongside the design we would like…", "Secondly, a site plan…", "Last, …".
 * Then comes a comma, or the start of what the step is (we, someone, an article). "First impressions…" and "Next
 * year…" are not steps.
 */
const SEQUENCE =
  /^(?:and\s{1,4})?(?:first(?:ly)?|second(?:ly)?|third(?:ly)?|fourth(?:ly)?|then|next|after\s{1,4}(?:that|this)|afterwards|once\s{1,4}(?:that|this|it)\s{1,4}is\s{1,4}(?:in|done|agreed|approved|complete|finished)|alongside\s{1,4}(?:that|this|it|the\s{1,4}[\p{L}-]{1,30})|finally|last(?:ly)?|last\s{1,4}of\s{1,4}all|to\s{1,4}finish|on\s{1,4}top\s{1,4}of\s{1,4}(?:that|this))(?:\s{0,4},|\s{1,4}(?=(?:we|i|a|an|the|our|someone|somebody|you)\s))\s{0,4}/iu;

/** "Could you …", "Can you please …", "Please would you …": then the verb asked for. */
const POLITE_REQUEST = /^(?:please\s{1,4})?(?:could|can|would)\s{1,4}you\s{1,4}(?:please\s{1,4})?(\p{L}+)/iu;

/** A sentence that sums up what the brief has already laid out: "In summary, we are asking for…", "To sum up: …". */
const SUMMARY =
  /^(?:in\s{1,4}summary|to\s{1,4}sum\s{1,4}up|in\s{1,4}short|to\s{1,4}recap|summing\s{1,4}up|in\s{1,4}brief|to\s{1,4}summari[sz]e|in\s{1,4}a\s{1,4}nutshell)\b/i;

/**
 * A request for whoever is to carry out all the work the brief lays out, with nothing of its own to do: "We are looking
 * for a person or small team to organise and deliver this", "someone to manage it all". Who is asked for, not a piece.
 */
const CARRY_IT_ALL =
  /\bto\s{1,4}(?:(?:organise|organize|deliver|coordinate|manage|run|lead|oversee|do|handle|carry\s{1,4}out|take\s{1,4}on)\s{1,4}(?:and\s{1,4})?){1,2}(?:this|it|them|these|it\s{1,4}all|all\s{1,4}of\s{1,4}(?:this|it)|th(?:e|is)\s{1,4}(?:work|project|programme))(?=\s{0,4}(?:[,.;:!]|$))/i;

/** A wish with nothing after it: "I've tried to set out properly what we need." */
const NOTHING_ASKED = /\bwhat\s{1,4}(?:we|i)\s{1,4}(?:need|want|would\s{1,4}like|require)\s{0,4}[.!]?$/i;

/** The piece without the word that marks its step: "Last, our weathering ground needs new drainage" → "our …". */
function withoutSequenceMarker(text: string, unit: Unit): Unit {
  const marker = SEQUENCE.exec(text.slice(unit.start, unit.end));
  // Only a marker set off by a comma, which would read as a part of a list; "Alongside the move we…" says more.
  if (!marker?.[0].includes(',') || wordCount(text.slice(unit.start + marker[0].length, unit.end)) < 3) return unit;
  return { ...unit, ...trimSpan(text, { start: unit.start + marker[0].length, end: unit.end }) };
}

/** The first sentence of a list item that runs over several: it names the piece, the rest details it. */
function firstSentence(text: string): string {
  const [first] = splitSentences(text, { start: 0, end: text.length });
  return first ? text.slice(first.start, first.end) : text;
}

export function readBrief(text: string): BriefReading {
  const sections = readSections(text);
  const reading: BriefReading = {
    text,
    sections,
    pieces: [],
    requirements: [],
    success: [],
    background: [],
    basis: 'sentences',
  };
  sections.forEach((section, index) => {
    let previous: { pieces: Piece[]; sentence: string } | null = null;
    // "We need help to launch them:" over a list: the list's items are the pieces, the line what they are part of.
    let listUmbrella: string | null = null;
    const units = section.units.flatMap((unit) => (unit.list ? [unit] : independentClauses(text, unit)));
    for (const read of units) {
      const whole = text.slice(read.start, read.end);
      // Under "Phase 2 (April):" or "Deliverables" every line is work, as a list item is.
      const itemLike = read.list || read.item === true || isWorkHeading(section.heading);
      // An item that runs over several sentences is what its first sentence names.
      const kind =
        section.kind === 'work'
          ? sentenceKind(read.list ? firstSentence(whole) : whole, itemLike)
          : sectionSentenceKind(section);
      if (!read.list) listUmbrella = null;
      if (read.umbrella) {
        listUmbrella = whole.replace(/(?<!\s)\s*:$/, '');
        previous = null;
        continue;
      }
      const unit = read.list ? read : withoutSequenceMarker(text, read);
      const sentence = text.slice(unit.start, unit.end);
      if (kind !== 'work') {
        if (kind === 'requirement') reading.requirements.push(sentence);
        else if (kind === 'success') reading.success.push(sentence);
        else reading.background.push(sentence);
        previous = null;
        continue;
      }
      if (!unit.list && /:$/.test(sentence)) {
        listUmbrella = sentence.replace(/:$/, '');
        continue;
      }
      // "We need a campaign. That means a plan, a calendar and videos.": the first sentence is what the second
      // lists the parts of, unless it already named several pieces of its own.
      let umbrella: string | null = unit.list ? listUmbrella : null;
      if (previous && ELABORATES.test(sentence) && previous.pieces.length === 1) {
        reading.pieces.splice(reading.pieces.indexOf(previous.pieces[0]), 1);
        umbrella = previous.sentence;
      }
      const split = unit.list ? { spans: [unit], umbrella: null, lead: null } : splitEnumeration(text, unit);
      // A part of an enumeration that only sets a date or an amount ("…; report within eight weeks") is a limit.
      const limits = split.spans.filter((span) => isScheduleOrMoney(text.slice(span.start, span.end)));
      reading.requirements.push(...limits.map((span) => text.slice(span.start, span.end)));
      const spans: Span[] = split.spans.filter((span) => !limits.includes(span));
      if (spans.length === 0) {
        previous = null;
        continue;
      }
      const pieces = spans.map(
        (span, k): Piece => ({
          span,
          section: index,
          umbrella: split.umbrella ?? umbrella,
          lead: k > 0 ? split.lead : null,
        }),
      );
      reading.pieces.push(...pieces);
      previous = { pieces, sentence };
    }
  });
  const workSections = new Set(reading.pieces.map((piece) => piece.section));
  const headed = [...workSections].filter((index) => sections[index].heading !== null);
  if (headed.length >= 2) reading.basis = 'sections';
  else if (sections.some((section) => section.units.some((unit) => unit.list))) reading.basis = 'lists';
  return reading;
}

/** A sentence cut where a clause with its own subject begins: each is then read for what it asks. */
function independentClauses(text: string, sentence: Unit): Unit[] {
  const clauses: Span[] = [];
  let start = sentence.start;
  const inside = insideBrackets(text, sentence);
  for (const match of text.slice(sentence.start, sentence.end).matchAll(/(?:,\s+(?:and|but|so)|;(?:\s+and)?)\s+/g)) {
    const at = sentence.start + match.index;
    if (inside(at) || !SUBJECT_START.test(text.slice(at + match[0].length, sentence.end))) continue;
    clauses.push(trimSpan(text, { start, end: at }));
    start = at + match[0].length;
  }
  clauses.push(trimSpan(text, { start, end: sentence.end }));
  const kept = clauses.filter((clause) => clause.end > clause.start);
  return kept.map((clause, k) => ({
    ...clause,
    list: false,
    item: sentence.item,
    umbrella: (sentence.umbrella && k === kept.length - 1) || undefined,
  }));
}

function sectionSentenceKind(section: Section): SentenceKind {
  if (section.kind === 'constraint') return 'requirement';
  if (section.kind === 'success') return 'success';
  if (section.kind === 'risk') return 'risk';
  return 'background';
}

/** What a sentence of a work section is; a list item there is work unless its wording says otherwise. */
function sentenceKind(sentence: string, listItem: boolean): SentenceKind {
  if (SUMMARY.test(sentence) || NOTHING_ASKED.test(sentence) || CARRY_IT_ALL.test(sentence)) return 'background';
  if (SUCCESS.test(sentence)) return 'success';
  if (RISK.test(sentence)) return 'risk';
  if (NOT_WANTED.test(sentence) && !ASKS_FOR_WORK.test(sentence.replace(NOT_WANTED, ''))) return 'background';
  if (isNotThisWork(sentence)) return 'background';
  const firstWord = /^[("'“]?([A-Za-z]+)/.exec(sentence)?.[1] ?? '';
  if (REFERS_BACK.test(sentence) || KEEP_AS_IS.test(sentence) || isScheduleOrMoney(sentence)) return 'requirement';
  if (ELABORATES.test(sentence) || ASKS_FOR_WORK.test(sentence) || isWorkVerb(firstWord)) return 'work';
  if (NEEDS.test(sentence)) return CONDITION.test(sentence) || LIMIT.test(sentence) ? 'requirement' : 'work';
  if (listItem && wordCount(sentence) >= 2) return 'work';
  // "Could you design a new logo for our bakery?": a polite question whose verb is work asks for it.
  const polite = POLITE_REQUEST.exec(sentence);
  if (polite && isWorkVerb(polite[1])) return 'work';
  // "Secondly, a site plan showing burial plots…": a step of the work the prose lays out in order.
  const step = SEQUENCE.exec(sentence);
  if (step && wordCount(sentence.slice(step[0].length)) >= 3) return 'work';
  return 'background';
}

type Enumeration = { spans: Span[]; umbrella: string | null; lead: string | null };

/**
 * A sentence split into the pieces it enumerates. The umbrella before a colon stays context; clauses split at
 * semicolons; a comma list counts when it ends in "and"/"or" and its parts are phrases, not single words or verbs
 * sharing one object ("book, move and cancel appointments"). Detail after "covering" or "including" stays with
 * its piece, and so does a trailing "tested again with users" that qualifies the part before it.
 */
function splitEnumeration(text: string, sentence: Span): Enumeration {
  let body = sentence;
  let umbrella: string | null = null;
  const colon = topLevelIndex(text, body, /:\s/g);
  if (colon !== -1 && wordCount(text.slice(colon + 1, body.end)) >= 2) {
    umbrella = text.slice(body.start, colon).trim();
    body = trimSpan(text, { start: colon + 1, end: body.end });
  }
  const clauses = topLevelSplit(text, body, /(?<!\s)\s*;\s*/g);
  const spans = clauses.flatMap((clause) => splitCommaList(text, clause));
  // "…a free course that helps people get online safely: using a smartphone, video calls…": the colon introduced
  // the details of one piece, which is the whole sentence.
  if (umbrella !== null && spans.length === 1)
    return { spans: [stripConjunction(text, sentence)], umbrella: null, lead: null };
  const cleaned = spans.map((span) => stripConjunction(text, span)).filter((span) => span.end > span.start);
  const first = text.slice(cleaned[0]?.start ?? body.start, cleaned[0]?.end ?? body.end);
  return { spans: cleaned.length > 0 ? cleaned : [body], umbrella, lead: leadOf(first) };
}

function splitCommaList(text: string, clause: Span): Span[] {
  const detail = DETAIL.exec(text.slice(clause.start, clause.end));
  const listEnd = detail ? clause.start + detail.index : clause.end;
  const head = { start: clause.start, end: listEnd };
  const oxford = lastTopLevel(text, head, /,\s+(?:and|or)\s+/g);
  // "assess what residents enjoy, design a programme such as music, baking and exercise, and train the staff": the
  // details end where ", and" brings in another verb of work, which is the list's last part.
  const afterDetail = detail ? lastTopLevel(text, { start: listEnd, end: clause.end }, /,\s+(?:and|or)\s+/g) : null;
  const verbTail =
    afterDetail && isWorkVerb(text.slice(afterDetail.rest.start, afterDetail.rest.end).split(/\s+/)[0] ?? '')
      ? afterDetail
      : null;
  let parts: Span[];
  if (verbTail && !oxford) {
    const before = topLevelSplit(text, head, /,\s+/g);
    if (before.length < 2) return [clause];
    parts = [...before.slice(0, -1), { start: before.at(-1)!.start, end: verbTail.start }, verbTail.rest];
  } else if (oxford) {
    parts = [
      ...topLevelSplit(text, { start: clause.start, end: oxford.start }, /,\s+/g),
      { ...oxford.rest, end: clause.end },
    ];
  } else {
    parts = topLevelSplit(text, head, /,\s+/g);
    // "A, B and C, tested again with users": the final "and" sits before the trailing qualifier.
    while (parts.length > 1 && QUALIFIER.test(text.slice(parts.at(-1)!.start, parts.at(-1)!.end))) {
      const tail = parts.pop()!;
      parts[parts.length - 1] = { start: parts.at(-1)!.start, end: tail.end };
    }
    if (parts.length < 3) return [clause];
    // "A, B and C": the last part holds the final "and".
    const last = parts.at(-1)!;
    const and = lastTopLevel(text, last, /(?<!\s)\s+(?:and|or)\s+/g);
    if (!and) return [clause];
    parts = [...parts.slice(0, -1), { start: last.start, end: and.start }, { ...and.rest, end: clause.end }];
  }
  parts[parts.length - 1] = { ...parts.at(-1)!, end: clause.end };
  const merged: Span[] = [];
  parts.forEach((part, k) => {
    const words = text.slice(part.start, part.end).trim().split(/\s+/);
    const previous = merged.at(-1);
    const previousWords = previous
      ? text
          .slice(previous.start, previous.end)
          .trim()
          .split(/[\s,]+/)
      : [];
    // A verb left without its object ("book" in "book, move and cancel"), a single word, or a last part that only
    // qualifies the one before it ("tested again with users") joins the part before.
    const sharesObject = previous && isWorkVerb(previousWords.at(-1) ?? '');
    const qualifies =
      (k === parts.length - 1 && QUALIFIER.test(words.join(' '))) ||
      /^(?:with|without|which|where|who|because|\w+ed by)\b/i.test(words.join(' '));
    if (previous && (sharesObject || qualifies || words.length < 2)) previous.end = part.end;
    else merged.push({ ...part });
  });
  // A list of pieces names things to make or do ("a survey…, interviews…, and an analysis…"); a list of bare topics
  // ("using a smartphone, video calls and online banking") details the one piece the sentence asks for.
  const bare = merged.map((span) => text.slice(span.start, span.end).replace(LIST_LEAD_IN, ''));
  const infinitive = merged.filter((span) => /^to\s+\w/i.test(text.slice(span.start, span.end))).length;
  const pieceCount = infinitive + bare.filter(isPieceLike).length;
  return merged.length >= 2 && pieceCount * 2 >= merged.length ? merged : [clause];
}

/**
 * Whether a part of a list names a piece: it starts as one (an article, a number, a possessive), with a verb of work,
 * or with a gerund and its object ("modelling of the two junctions").
 */
function isPieceLike(part: string): boolean {
  return (
    PIECE_START.test(part) || isWorkVerb(part.split(/\s+/)[0]) || /^\p{L}{3,}ing\s{1,4}(?:of|for|on)\b/iu.test(part)
  );
}

/** A part that only qualifies the one before it: "tested again with users", "with photos". */
const QUALIFIER = /^(?:\w+ed|\w+ing(?!\s{1,4}(?:for|of|on|in)\b)|with|without|so|which|where|who|because)\b/i;

/** What comes before the first part of a list: "That means", "We need someone to", "and". */
const LIST_LEAD_IN =
  /^(?:(?:that|this)\s+(?:means|includes|involves)\s+|(?:we|i)\b.{0,80}?\b(?:need|want|like|love|require|looking for|seeking)\s+(?:help\s+)?(?:(?:\S+\s+){0,8}?to\s+)?|(?:and|or|then|also|to)\s+)/i;

/** How a part of a list of pieces starts: an article, a number, a possessive, or a verb of work. */
const PIECE_START =
  /^(?:a|an|the|our|their|some|new|one|two|three|four|five|six|seven|eight|nine|ten|\d+|several|regular|monthly|weekly)\b/i;

function stripConjunction(text: string, span: Span): Span {
  const lead = /^(?:and|or|then|and then|plus|also)\s+/i.exec(text.slice(span.start, span.end));
  const stripped = lead ? { start: span.start + lead[0].length, end: span.end } : span;
  // Not the sentence's full stop: it ends the sentence, not the piece.
  const trailing = /(?<![\s,;.])[\s,;.]+$/.exec(text.slice(stripped.start, stripped.end));
  return trimSpan(text, trailing ? { start: stripped.start, end: stripped.end - trailing[0].length } : stripped);
}

/** The words before a first piece's verb, which a later piece of the same list continues. */
function leadOf(first: string): string | null {
  const words = first.split(/\s+/);
  const verb = words.findIndex(
    (word, k) =>
      k > 0 && isWorkVerb(word.replace(/(?<!\W)\W+$/, '')) && /^(?:to|can|will|should|must)$/i.test(words[k - 1]),
  );
  if (verb <= 0 || !/^(?:we|i)\b/i.test(first)) return null;
  return words.slice(0, verb).join(' ');
}

/** Offsets of a span's characters that sit inside parentheses or quotes, where no list is split. */
function insideBrackets(text: string, span: Span): (index: number) => boolean {
  const inside = new Set<number>();
  let depth = 0;
  for (let i = span.start; i < span.end; i++) {
    if (text[i] === '(' || text[i] === '[') depth++;
    if (depth > 0) inside.add(i);
    if ((text[i] === ')' || text[i] === ']') && depth > 0) depth--;
  }
  return (index) => inside.has(index);
}

function topLevelSplit(text: string, span: Span, separator: RegExp): Span[] {
  const inside = insideBrackets(text, span);
  const parts: Span[] = [];
  let start = span.start;
  for (const match of text.slice(span.start, span.end).matchAll(separator)) {
    const at = span.start + match.index;
    if (inside(at)) continue;
    parts.push({ start, end: at });
    start = at + match[0].length;
  }
  parts.push({ start, end: span.end });
  return parts.map((part) => trimSpan(text, part)).filter((part) => part.end > part.start);
}

function topLevelIndex(text: string, span: Span, pattern: RegExp): number {
  const inside = insideBrackets(text, span);
  for (const match of text.slice(span.start, span.end).matchAll(pattern)) {
    if (!inside(span.start + match.index)) return span.start + match.index;
  }
  return -1;
}

function lastTopLevel(text: string, span: Span, pattern: RegExp): { start: number; rest: Span } | null {
  const inside = insideBrackets(text, span);
  let found: { start: number; rest: Span } | null = null;
  for (const match of text.slice(span.start, span.end).matchAll(pattern)) {
    const at = span.start + match.index;
    if (!inside(at)) found = { start: at, rest: { start: at + match[0].length, end: span.end } };
  }
  return found;
}
