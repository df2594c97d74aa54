import { splitSentences, wordCount } from './brief-structure.ts';
import { isWorkVerb, workVerbBase, workVerbParticipleBase } from './work-verbs.ts';

/**
 * A task's words, made from the piece of the brief it comes from: the title is the piece as an instruction ("We'd
 * like someone to audit our website for SEO" → "Audit our website for SEO"; "a survey of current and past mentees" →
 * "Run a survey of current and past mentees"), the description is the piece itself with what it is part of.
 */
export type TaskWords = { title: string; description: string; expectedOutput: string };

/** A noun naming who does work: "a data scientist", "an HR specialist", "a qualified electrician", "a producer". */
const ROLE_NOUN =
  '(?:[\\p{L}-]{1,30}(?:er|or|ist|ian|ant|ent)|specialist|adviser|advisor|expert|team|lawyer|practitioner|consultant|coach|professional)';

/** What a piece may open with before its request: removed by a pattern, or by a function where a pattern would not
 * be linear. */
const LEAD_INS: Array<RegExp | ((text: string) => string)> = [
  /^(?:and|or|then|also|plus|finally|ideally|first|second|third|next|lastly)[,]?\s+/i,
  // The words that mark a step in running prose: "After that, …", "Once that is in, …", "Alongside the design …".
  /^(?:firstly|secondly|thirdly|last|last of all|afterwards|after (?:that|this)|once (?:that|this|it) is (?:in|done|agreed|approved|complete|finished)|alongside (?:that|this|it|the [a-z-]{1,30})|to finish|on top of (?:that|this))(?:,\s*|\s+(?=(?:we|i|a|an|the|our|someone|somebody|you)\s))/i,
  // "(weeks 3–6): create the campaign assets": when it happens is the workstream's, not the title's.
  /^\([^)]{1,30}\)\s*[:–—-]?\s+/,
  // "Before the start on site in eight weeks we must have…": the time is a limit; the request follows.
  /^(?:before|by|within|over|during|after)\s+[^,\s][^,]{2,59}?,?\s+(?=(?:we|i)\s+(?:must|should|need|want|will|would|have)\b)/i,
  /^(?:that|this)\s+(?:means|includes|involves|would mean|covers|would include)\s+/i,
  // "We need a data scientist to build a churn model": who is asked for leads in to the work they are to do.
  // Not when the work is only "it", "them" or "the work": then who is asked for says more.
  new RegExp(
    `^(?:we|i)(?:'d|\\s{1,8}would|\\s{1,8}will)?\\s{1,8}(?:also\\s{1,8})?(?:need|want|like|require|are looking for|am looking for|are seeking)\\s{1,8}(?:a|an)\\s{1,8}(?:[\\p{L}-]{1,30}\\s{1,8}){0,8}?${ROLE_NOUN}\\s{1,8}(?:\\([^)]{0,80}\\)\\s{1,8})?to\\s{1,8}(?!\\S{1,40}\\s{1,8}(?:it|them|this|that|the work)\\b)`,
    'iu',
  ),
  withoutWish,
  // "we must produce a checklist", "we should also have a guide": what the brief's authors must have done.
  /^(?:we|i)\s+(?:must|should|need to|have to|will need to)\s+(?:also\s+|first\s+)?/i,
  /^(?:please\s+)?(?:could you\s+|can you\s+)?help\s+us\s+(?:to\s+)?/i,
  /^please\s+/i,
  // "Please could you quote for…", "Would you please design…": a polite question that asks for the work.
  /^(?:could|can|would)\s{1,4}you\s{1,4}(?:please\s{1,4})?(?=\S)/i,
  /^(?:it|this|that|the work|the project)\s+(?:also\s+)?(?:needs?|must|should|has to|will)\s+(?:have|include|provide|offer)\s+/i,
  /^to\s+/i,
];

/**
 * Who a request is for: "Trustees want to see…" → "Let trustees see…". Whitespace runs are bounded and the rest is
 * not anchored with `$` (linear: a `$` after `.+` that fails on a line break made the engine retry every split);
 * `subjectWants` asks for the rest to reach the end instead, which is the same condition.
 */
const SUBJECT_WANTS =
  /^([\p{L}' -]{2,50}?)\s{1,8}(?:also\s{1,8})?(needs?|wants?|must|should|has to|have to|will need to|would like to|to be able to|can)\s{1,8}(to\s{1,8})?(?:also\s{1,8})?(?:be able to\s{1,8})?(.+)/iu;

function subjectWants(body: string): RegExpExecArray | null {
  const wants = SUBJECT_WANTS.exec(body);
  return wants && wants[0].length === body.length ? wants : null;
}

/** The verb a thing to make takes, by its head noun: a report is prepared, an app built, a logo designed. */
const VERB_BY_NOUN: [RegExp, string][] = [
  [
    /^(?:plan|plans|strategy|roadmap|report|pack|guide|guideline|guidelines|handbook|curriculum|checklist|notice|schedule|policy|procedures|findings|analysis|proposal|budget|calendar|baseline|footprint|toolkit|map|statement|specification)$/,
    'Prepare',
  ],
  [/^(?:sms|reminders?|notifications?|alerts?|newsletter)$/, 'Set up'],
  [
    /^(?:lawyer|solicitor|specialist|adviser|advisor|electrician|practitioner|consultant|producer|therapist|coordinator|team|scientist|designer|developer|expert|professional|surveyor|engineer|auditor|accountant|translators?)$/,
    'Bring in',
  ],
  [/^(?:consent|safeguarding|security|access|care|compliance|quality|accessibility)$/, 'Ensure'],
  [
    /^(?:survey|surveys|interviews?|focus groups?|tests?|testing|trials?|pilots?|workshops?|sessions?|rounds?|campaign|courses?|classes|programme|program|research|audit|assessment|evaluation|review|drills?|exercises?|refreshers?|checks?|inspections?|training)$/,
    'Run',
  ],
  [/^(?:events?|gala|dinner|conference|launch|fundraiser|auction|move|relocation|visits?|meetings?)$/, 'Organise'],
  [
    /^(?:apps?|application|website|site|portal|system|dashboard|tool|tools|database|api|pipeline|model|prototype|platform|pages?|view|accounts?|integration|features?|bot|forms?|queue|scraper|filter|map|tracker)$/,
    'Build',
  ],
  [
    /^(?:logo|identity|palette|typography|wireframes?|templates?|designs?|layout|brand|posters?|leaflets?|visuals?|display|displays|signage|graphics|interior|garden)$/,
    'Design',
  ],
  [
    /^(?:videos?|content|copy|posts?|articles?|newsletters?|handouts?|materials?|scripts?|translations?|text|photos?|stories|slides?|guidance|module|modules|shows?|films?|documentary|podcasts?)$/,
    'Produce',
  ],
];

export function taskWords(piece: string, context: { umbrella: string | null; lead: string | null }): TaskWords {
  let own = piece.replace(/(?<![\s.;:,])[\s.;:,]+$/, '');
  // A table's row: "Conservation assessment | A conservator checks every volume… | March 2027". Its first cell names
  // the piece, unless it is only a time ("Week 3 | Survey the site"); the description reads the cells as a sentence.
  const cells = own.split(/\s{0,8}\|\s{0,8}/).filter(Boolean);
  let item = own;
  if (cells.length >= 2) {
    item = `${cells[0]}: ${cells.slice(1).join('; ')}`;
    const [name, what] = TIME_CELL.test(cells[0]) ? [cells[1], cells[2] ?? ''] : [cells[0], cells[1]];
    // What a deliverable involves, when it starts with the work ("Capture of all pages…", "Repair of the flagged
    // volumes…"), words its title: "Capture all pages…"; else its name does ("Conservation assessment").
    const work = /^(\p{L}+)(?:\s{1,4}of)?\s{1,4}(\S.*)$/u.exec(what);
    own = work && isWorkVerb(work[1]) && !startsWithVerb(name) ? `${work[1]} ${work[2]}` : name;
  }
  // An item that runs over several sentences is worded by its first, which names it.
  const sentences = splitSentences(own, { start: 0, end: own.length });
  if (sentences.length > 1 && sentences[0].end - sentences[0].start > 3)
    own = own.slice(sentences[0].start, sentences[0].end).replace(/(?<![\s.;:,])[\s.;:,]+$/, '');
  // "Audit: observe hand hygiene…" is worded by its instruction; "A building fabric survey: walls, roof…" by its
  // label, which names the piece. The description keeps the whole item.
  const labelled = cells.length >= 2 ? null : /^([^:]{2,60}):\s+(\S+)(.*)$/s.exec(own);
  if (labelled && !/^\(/.test(labelled[1])) {
    // "the build itself: the six aviaries taken down and rebuilt…" is worded by what is to be done to what.
    const content = `${labelled[2]}${labelled[3]}`;
    own = isWorkVerb(labelled[2]) || thingDone(content) ? content : labelled[1];
  }
  // A later part of a list ("to receive reminders") is read with the start of its sentence it continues.
  const wording = context.lead && /^(?:to\s+)?[a-z]/.test(own) ? `${context.lead} ${own.replace(/^to\s+/i, '')}` : own;
  const title = shorten(instruction(wording));
  const description = clip(
    `${sentence(item)}${context.umbrella ? ` Part of what the brief asks for: ${sentence(context.umbrella)}` : ''}`,
    2000,
  );
  const body = stripLeadIns(own);
  const expectedOutput = startsWithVerb(body)
    ? clip(`${title}: done as the brief describes, with a short note of what was done and what is left.`, 500)
    : clip(sentence(capitalise(body)), 500);
  return { title, description, expectedOutput };
}

/** A table cell that is only a time: "Week 3", "March 2027", "Q2". */
const TIME_CELL =
  /^(?:(?:weeks?|months?|days?|phase|stage|q)\s{0,4}\d{1,2}(?:\s{0,4}[-–]\s{0,4}\d{1,2})?|(?:by\s{1,4})?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]{0,6}(?:\s{1,4}\d{4})?|\d{1,2}[./]\d{1,2}[./]\d{2,4})$/i;

/**
 * Who is to do the work, then the work: "a structural engineer has to design the repairs", "someone needs to draw up a
 * plan". The work is the instruction; who does it is the task's skills' business.
 */
const OBLIGED = new RegExp(
  `^(?:someone|somebody|anyone|you|(?:a|an|the|our)\\s{1,8}(?:[\\p{L}-]{1,30}\\s{1,8}){0,3}?${ROLE_NOUN})\\s{1,8}(?:has\\s{1,8}to|have\\s{1,8}to|needs?\\s{1,8}to|must|should|will\\s{1,8}(?:need|have)\\s{1,8}to|is\\s{1,8}to)\\s{1,8}`,
  'iu',
);

/**
 * A piece written as what is to be true when the work is done: "Loan decisions are made within one working day", "Our
 * loan processes meet the FCA's Consumer Duty". Its subject is a thing or people of the brief, not the client itself.
 */
const OUTCOME =
  /^(?!(?:we|i|you|it|this|that|there|they)\b)(?:(?!that\b|which\b)[\p{L}'’-]{1,30}\s{1,4}){1,6}?(?:(?:is|are)\s{1,4}(?:\p{L}{1,20}ly\s{1,4})?(?:\p{L}{2,30}ed|made|done|kept|seen|given|taken|built|sent|paid|told|shown|heard|held|met|known)|meet|meets|know|knows|feel|feels|receive|receives|(?:has|have)\s{1,4}access)\b/iu;

/** The piece as an imperative sentence. */
function instruction(piece: string): string {
  let body = stripLeadIns(piece);
  const obliged = OBLIGED.exec(body);
  // Not when the work is done to "them" or "it": then who does it says more ("the physiotherapist should train them").
  const work = obliged ? body.slice(obliged[0].length) : '';
  if (obliged && startsWithVerb(work) && !/^\S+\s+(?:them|it|this|that|these|those|him|her)\b/i.test(work)) body = work;
  const asked = piece.trim().slice(0, Math.max(0, piece.trim().length - body.length));
  // After "we want to", "someone to", "a producer to" comes the verb of the work, whatever verb it is.
  if (/\bto\s*$/i.test(asked) && /^[a-z][\p{L}-]*\s+\S/u.test(body)) {
    const know = /^(?:know|understand|learn)\s+(\S.*)$/i.exec(body);
    return know ? `Find out ${know[1]}` : capitalise(body);
  }
  if (startsWithVerb(body)) return capitalise(body);
  // "advice on making the lounge dementia friendly" → "Advise on making the lounge dementia friendly".
  const advice = /^(?:some\s+|expert\s+)?advice\s+(on|about|whether)\s+(\S.*)$/i.exec(body);
  if (advice) return `Advise ${advice[1].toLowerCase()} ${advice[2]}`;
  // "Writing the application narrative" → "Write the application narrative".
  // Only before an article: "cleaning schedules" and "training for staff" are things, not steps.
  const gerund =
    /^(\p{L}+)ing\s+((?:the|a|an|our|their|its|this|these|new)\s+\S.*)$/iu.exec(body) ??
    // "training search managers to use the software": whom the work is done to, then what for.
    /^(\p{L}+)ing\s+((?:[\p{L}-]{1,30}\s{1,4}){1,3}?to\s{1,4}\S.*)$/iu.exec(body);
  const base = gerund && workVerbBase(`${gerund[1]}ing`);
  if (gerund && base) return `${capitalise(base)} ${gerund[2]}`;
  // "we should also have a short client guide": the thing to have is the thing to make.
  const have = /^have\s+(\S.*)$/i.exec(body);
  if (have) {
    const verb = verbFor(have[1]);
    return `${verb === 'Deliver' ? 'Get' : verb} ${lowerFirst(have[1])}`;
  }
  const wants = subjectWants(body);
  // "a model that predicts stock needs…" is a thing to make, not someone who needs something.
  if (wants && !/^(?:a|an)\b/i.test(wants[1]) && !/\b(?:that|which|who|where)\b/i.test(wants[1])) {
    const [, subject, connector, to, rest] = wants;
    // "temperature logs our bakers can fill in": only people can be let do something.
    if (/^can$/i.test(connector) && !isPeople(subject)) return `${verbFor(body)} ${lowerFirst(body)}`;
    // "It needs user accounts": after "need"/"want" without "to", the rest is the thing to make.
    if (/^(?:needs?|wants?)$/i.test(connector) && !to && !/^\w+ing\b/i.test(rest))
      return thingDone(rest) ?? `${verbFor(rest)} ${lowerFirst(rest)}`;
    const be = /^be\s+(\S.*)$/i.exec(rest);
    if (be) return `Make sure ${lowerFirst(subject)} ${isPlural(subject) ? 'are' : 'is'} ${be[1]}`;
    if (/^\w+ing\b/i.test(rest))
      return `Take care of ${cutBefore(rest, /\s(?:so|because)\b/gi)} for ${lowerFirst(subject)}`;
    // After "need"/"want" a noun phrase is the thing to make ("Staff need a simple admin view"); after a modal or
    // "to", the rest is what the subject is to do ("Trustees want to see income").
    if (/^(?:a|an|the|some|our|their|new|more|better)\b/i.test(rest))
      return thingDone(rest) ?? `${verbFor(rest)} ${lowerFirst(rest)}`;
    // "Our library service wants to run a course": the organisation asking is who the work is for, not its subject.
    if (/^(?:our|my)\b/i.test(subject) && !isPeople(subject)) return capitalise(rest);
    return `${isPeople(subject) ? 'Let' : 'Make'} ${lowerFirst(subject)} ${rest}`;
  }
  const done = thingDone(body);
  if (done) return done;
  if (isThingToBeDone(body)) return `Get ${lowerFirst(body)}`;
  const verb = verbFor(body);
  if (verb === 'Deliver' && OUTCOME.test(body)) return `Make sure ${lowerFirst(body)}`;
  return `${verb} ${lowerFirst(body)}`;
}

/** Words that show the words before a participle are not just the thing done to. */
const THING_BREAKER =
  /^(?:is|are|was|were|has|have|had|will|would|can|could|must|should|need|needs|want|wants|like|we|i|you|to|with|of|for|in|on|at|by|from|about|into|once|when|after|before|that|which|who)$/i;

const PARTICLE = /^(?:up|down|out|off|over|back)$/i;
const DETERMINER = /^(?:the|a|an|both|all|each|every|our|their|its|this|these|those|two|three|four)$/i;

/**
 * "the designs drawn up to the standards…", "planning permission checked", "the six aviaries taken down and rebuilt in
 * treated timber": a thing, then what is to be done to it, as the work verbs' participles. The instruction puts the
 * work first: "Draw up the designs to the standards…", "Take down and rebuild the six aviaries in treated timber".
 * Null when the piece is not one; a participle right after an article ("the updated guide") describes the thing.
 */
function thingDone(body: string): string | null {
  const words = body.split(/\s+/);
  for (let k = 1; k < Math.min(words.length, 9); k++) {
    const clean = words[k].replace(/[,.;:]$/, '');
    const base = workVerbParticipleBase(clean);
    if (!base || /^(?:the|a|an|our|their|its|is|are|was|were|be|been|has|have|had|being)$/i.test(words[k - 1]))
      continue;
    // The thing before it: a few plain words, with no verb of the sentence, preposition, gerund or second verb in it
    // ("a report with prioritised recommendations", "designing … a forest set", "excavate and repair the leaks found").
    const thingWords = words.slice(0, k);
    if (
      thingWords.some(
        (word, n) =>
          !/^[\p{L}'’-]+$/u.test(word) ||
          THING_BREAKER.test(word) ||
          (/^\p{L}{3,}ing$/iu.test(word) && n > 0) ||
          (n > 0 && thingWords[n - 1] === 'and' && isWorkVerb(word)),
      ) ||
      (/^\p{L}{3,}ing$/iu.test(thingWords[0]) && /^(?:the|a|an|our|their)$/i.test(thingWords[1] ?? ''))
    )
      return null;
    const verbs = [base];
    let next = k + 1;
    // "drawn up", "taken down": a particle, unless a thing follows it ("fitted over both kilns").
    if (clean === words[k] && PARTICLE.test(words[next] ?? '') && !DETERMINER.test(words[next + 1] ?? ''))
      verbs[0] += ` ${words[next++].replace(/[,.;:]$/, '')}`;
    // "a clinical pathway reviewed by an independent prescriber": who does it is named; the thing is what is asked for.
    if (/^by$/i.test(words[next] ?? '')) return null;
    const second =
      words[next] === 'and' && words[next + 1] ? workVerbParticipleBase(words[next + 1].replace(/[,.;:]$/, '')) : null;
    if (clean === words[k] && second) {
      verbs.push(second);
      next += 2;
    }
    const thing = words.slice(0, k).join(' ') + words[k].slice(clean.length);
    const rest = words.slice(clean === words[k] ? next : k + 1).join(' ');
    return `${capitalise(verbs.join(' and '))} ${lowerFirst(thing)}${rest ? ` ${rest}` : ''}`;
  }
  return null;
}

/**
 * "the hall rewired to current regulations": a thing (an article and one to three words) and what is to be done to it
 * (a word in -ed). Read word by word: as one pattern, the words and the word in -ed could split a long word many ways.
 */
function isThingToBeDone(body: string): boolean {
  const [article, ...words] = body.split(/\s+/, 5);
  if (!/^(?:the|our|a|an|all|both)$/i.test(article)) return false;
  for (let k = 1; k < words.length; k++) {
    if (!/^[\p{L}'-]+$/u.test(words[k - 1])) return false;
    if (/^\p{L}+ed\b/iu.test(words[k])) return true;
  }
  return false;
}

/** "We'd like", "I urgently need": a wish, which leads in to who is asked for and what is to be done. */
const WISH =
  /^(?:we|i)(?:'d|\s+would|\s+will)?\s+(?:also\s+|really\s+|urgently\s+|now\s+|then\s+)?(?:need|want|like|love|require|are looking for|am looking for|are seeking|hope|plan|intend|aim|wish)\s+/i;
/** Who may be asked for, in the order they are tried: "a volunteer" is tried when "a volunteer team" leads nowhere. */
const HELPERS = [
  'a volunteer team',
  'a team of volunteers',
  'someone',
  'somebody',
  'a volunteer',
  'volunteers',
  'you',
  'people',
  'an expert',
  'a professional',
  'a designer',
  'a team',
  'engineers',
];
/** How far into `text` a "with <up to 60 characters but a comma> to" clause after who is asked for reaches, or 0. */
function withClauseEnd(text: string): number {
  const lead = /^\s+with(\s+)/i.exec(text);
  if (!lead) return 0;
  const end = lead[0].length;
  for (let q = end + 1; q <= end + 60 && text[q - 1] !== ','; q++) {
    const to = /^\s+to\s+/i.exec(text.slice(q));
    if (to) return q + to[0].length;
  }
  // What "with" is given back of its spaces may be the start of "<space> to": "with   to plan the day".
  const to = lead[1].length >= 3 && /^to\s+/i.exec(text.slice(end));
  return to ? end + to[0].length : 0;
}

/**
 * "We'd like someone with design experience to create a logo" → "create a logo": the wish, then at most "help", who is
 * asked for with what they bring, and "to". Read a part at a time: as one pattern, the clause's 60 characters and the
 * spaces around them could be split many ways (and recheck could not decide it).
 */
function withoutWish(text: string): string {
  const wish = WISH.exec(text);
  if (!wish) return text;
  let rest = text.slice(wish[0].length).replace(/^help\s+/i, '');
  for (const helper of HELPERS) {
    if (rest.slice(0, helper.length).toLowerCase() !== helper) continue;
    const after = rest.slice(helper.length);
    const clause = withClauseEnd(after);
    const plain = /^\s+(?:to\s+)?/i.exec(after);
    if (clause === 0 && !plain) continue;
    rest = after.slice(clause > 0 ? clause : plain![0].length);
    break;
  }
  return rest.replace(/^to\s+/i, '');
}

function stripLeadIns(text: string): string {
  let body = text.trim();
  for (let changed = true; changed; ) {
    changed = false;
    for (const leadIn of LEAD_INS) {
      const next = typeof leadIn === 'function' ? leadIn(body) : body.replace(leadIn, '');
      if (next !== body && next.length > 0) {
        body = next;
        changed = true;
      }
    }
  }
  return body;
}

function startsWithVerb(text: string): boolean {
  const [first, second] = text.split(/\s+/).map((word) => word.replace(/(?<![^\p{L}'-])[^\p{L}'-]+$/u, ''));
  // "plan" in "plan and run the move" is a verb; "map" in "map dashboard" is not.
  // "carry out a survey": the verb is the phrase, not "carry" alone (which is not a verb of work by itself).
  if (/^carry$/i.test(first ?? '') && /^out$/i.test(second ?? '')) return true;
  return isWorkVerb(first ?? '') && !/^(?:of|for|is|are|was)$/i.test(second ?? '') && !isNounUse(first, second);
}

/** "a survey", "data map": a verb-like word before another noun-like word reads as a noun compound only after one. */
function isNounUse(first: string | undefined, second: string | undefined): boolean {
  if (first && /^market$/i.test(first)) return /^(?:research|analysis|study|sizing|review|data)$/i.test(second ?? '');
  return first && /^(?:map|survey|design|plan|review|report|model|test|audit|schedule|list|record)$/i.test(first)
    ? /^(?:dashboard|template|document|pack|plan|of|for|results?)$/i.test(second ?? '')
    : false;
}

/** The verb for a noun phrase, from its head noun (the last noun before a preposition or clause). */
const ROLE_WORD =
  /\b(?:lawyer|solicitor|specialist|adviser|advisor|electrician|practitioner|consultant|producer|therapist|coordinator|officer|scientist|designer|developer|expert|professional|surveyor|engineer|auditor|accountant|translators?)/gi;
/** What may follow who is asked for: "to …", "who …", "with …", "supported by …". */
const ROLE_FOLLOWER = /(?:,\s*|\s+)(?:to|who|with|\w+ed by)\b/iy;

/**
 * Who is asked for, however long their title: "a qualified infection prevention and control practitioner", before
 * any comma; then at most a "(…)" aside, and what they are to do to the end of the line. Read a role word at a time:
 * as one pattern, it read to the end of the text from each of them.
 */
function isRolePhrase(phrase: string): boolean {
  const article = /^(?:a|an|the|our)\s+/i.exec(phrase);
  if (!article) return false;
  const body = phrase.slice(article[0].length);
  const stop = body.search(/[,;:]/);
  const lastBreak = lastLineBreak(body);
  // The first ")" from where the last aside was looked for: role words come in order, so it is found once.
  let close = -1;
  const asideEnd = (from: number): number | null => {
    let open = from;
    while (open < body.length && /\s/.test(body[open])) open++;
    if (body[open] !== '(') return null;
    if (close !== body.length && close <= open) close = body.indexOf(')', open + 1);
    if (close === -1) close = body.length;
    return close === body.length ? null : close + 1;
  };
  for (const role of body.matchAll(ROLE_WORD)) {
    if (stop !== -1 && role.index > stop) break;
    const end = role.index + role[0].length;
    for (const at of [end, asideEnd(end)]) {
      if (at === null) continue;
      if (at === body.length) return true;
      ROLE_FOLLOWER.lastIndex = at;
      if (ROLE_FOLLOWER.test(body) && ROLE_FOLLOWER.lastIndex > lastBreak) return true;
    }
  }
  return false;
}

function verbFor(phrase: string): string {
  if (isRolePhrase(phrase.trim())) return 'Bring in';
  const words = withoutBrackets(phrase, ' ')
    .split(/\s+/)
    .map((word) => word.toLowerCase().replace(/[^\p{L}-]/gu, ''));
  const stop = words.findIndex(
    (word, k) =>
      k > 0 &&
      /^(?:of|for|to|in|on|at|with|about|from|by|that|which|who|where|so|and|or|using|covering|including|against|per)$/.test(
        word,
      ),
  );
  const chunk = words.slice(0, stop === -1 ? words.length : stop);
  for (let k = chunk.length - 1; k >= 0; k--) {
    const found = VERB_BY_NOUN.find(([nouns]) => nouns.test(chunk[k]));
    if (found) return found[1];
  }
  return 'Deliver';
}

/** Titles stop at the first clause break after a few words, and at twelve words. */
const TITLE_BREAKS =
  /\s{1,8}(?:so that|so|because|which|where|whose|in order to|with the ability|before|after)\s{1,8}|[,;:(–—]|\s-\s/gi;
const TITLE_MIN_WORDS = 4;
const TITLE_MAX_WORDS = 12;

function shorten(title: string): string {
  // "Deliver new drainage, as it floods every winter": the reason is not the work.
  const reason = /,\s{1,4}(?:as|because|since|while|although|though)\s/i.exec(title);
  let cut = reason && wordCount(title.slice(0, reason.index)) >= 2 ? title.slice(0, reason.index) : title;
  title = cut;
  for (const match of title.matchAll(TITLE_BREAKS)) {
    const before = title.slice(0, match.index);
    const words = before.split(/\s+/);
    // Not right after a verb that shares what follows ("plan and run, with…"); "a fabric survey:" is a noun.
    const verbEnds = isWorkVerb(words.at(-1) ?? '') && /^(?:and|or|to|then)$/i.test(words.at(-2) ?? '');
    if (words.length >= TITLE_MIN_WORDS && !verbEnds) {
      cut = before;
      break;
    }
  }
  let words = cut.split(/\s+/).slice(0, TITLE_MAX_WORDS);
  while (
    words.length > 2 &&
    /^(?:and|or|the|a|an|of|for|to|with|in|on|by|at|our|their|from|must|not|should|can|will|is|are)$/i.test(
      words.at(-1)!,
    )
  )
    words = words.slice(0, -1);
  return clip(words.join(' ').replace(/(?<![\s.,;:!?])[\s.,;:!?]+$/, ''), 200);
}

const PEOPLE =
  /\b(?:staff|trustees?|patients?|volunteers?|users?|people|members?|coordinators?|customers?|clients?|families|learners?|students?|visitors?|residents?|drivers?|parents?|donors?|tenants?|mentees?|mentors?|teachers?|managers?|moderators?|sellers?|buyers?|pupils?|guests?|children|carers?|nurses?|doctors?|shoppers?)$/i;

function isPeople(subject: string): boolean {
  return PEOPLE.test(subject.trim());
}

function isPlural(subject: string): boolean {
  return /(?:[^s]s|people|children|staff|data)$/i.test(subject.trim()) || /\band\b/i.test(subject);
}

/** The start of a phrase lower-cased to follow a verb; acronyms and names written with inner capitals stay. */
function lowerFirst(text: string): string {
  const [first] = text.split(/\s+/);
  return /^[A-Z][a-z'-]*$/.test(first) ? text.charAt(0).toLowerCase() + text.slice(1) : text;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function sentence(text: string): string {
  const trimmed = capitalise(text.trim().replace(/(?<![\s,;:])[\s,;:]+$/, ''));
  return /[.!?…)"]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * A bracketed aside — "(", the text up to the first ")" on its line, ")" — replaced by `by`, in one pass. (The pattern
 * /\(.*?\)/ did this, but read to the end of the line from every "(" that has no ")" after it: quadratic.)
 */
export function withoutBrackets(text: string, by: string): string {
  let out = '';
  let open = -1;
  let copied = 0;
  for (let i = 0; i < text.length; i++) {
    const character = text[i];
    if (character === '(' && open === -1) open = i;
    else if (character === '\n' || character === '\r' || character === '\u2028' || character === '\u2029') open = -1;
    else if (character === ')' && open !== -1) {
      out += text.slice(copied, open) + by;
      copied = i + 1;
      open = -1;
    }
  }
  return out + text.slice(copied);
}

/** Where the last line of `text` starts, less one: -1 for a text of one line. */
function lastLineBreak(text: string): number {
  return Math.max(...['\n', '\r', '\u2028', '\u2029'].map((end) => text.lastIndexOf(end)));
}

/**
 * What follows the first of `words` (a /g pattern ending in `(?=\s)`) that is followed by spaces and then the rest of
 * the text on one line, or null: the `(.+)` of /\b(?:words)\s+(.+)$/, in one pass. (That pattern read to the end of
 * the text from every one of the words: quadratic on a long line of them, or of spaces.)
 */
export function restAfter(text: string, words: RegExp): string | null {
  const lastBreak = lastLineBreak(text);
  for (const match of text.matchAll(words)) {
    let start = match.index + match[0].length;
    while (start < text.length && /\s/.test(text[start])) start++;
    if (start < text.length && start > lastBreak) return text.slice(start);
  }
  return null;
}

/**
 * `text` without the first of `words` (a /g pattern starting with one `\s`) after which it stays on one line, the spaces
 * before it and all that follows: text.replace(/\s+(?:words)\b.*$/, ''), in one pass (that pattern read to the end of
 * the text from every space: quadratic on a long run of spaces).
 */
export function cutBefore(text: string, words: RegExp): string {
  const lastBreak = lastLineBreak(text);
  for (const match of text.matchAll(words)) {
    if (match.index + match[0].length <= lastBreak) continue;
    let start = match.index;
    while (start > 0 && /\s/.test(text[start - 1])) start--;
    return text.slice(0, start);
  }
  return text;
}

export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1))}…`;
}
