import { isPeopleLemma } from '../brief/stakeholders.ts';
import { LANGUAGE_WORK_AREA } from '../taxonomy/skill-areas.ts';
import type { SkillArea, SkillMention, Taxonomy, TaxonomySkill } from '../taxonomy/taxonomy.ts';
import { type ParsedText, parseText } from '../taxonomy/text-parser.ts';
import { isNotThisWork } from './brief-pieces.ts';
import { headsNamedPractices, practicesInOwnWords } from './own-words-skills.ts';
import { namesPeopleOnly, wordsNamePeople } from './people-mentions.ts';
import type { RequiredSkill } from './schema.ts';
import { findActivityVerbs, findInOtherWords } from './skill-phrases.ts';
import { clip } from './task-wording.ts';

/**
 * The skills a task needs, each with its reason: first those its source names ("in Python", "on Instagram"), then
 * those the kind of work it asks for needs (an area's trigger phrase such as "mobile app", or a piece of work such as
 * "train staff" or "audit"), then tools the brief names elsewhere for that kind of work ("we are happy for this to
 * be done in Python"). Taxonomy skills by their canonical names, and practices the taxonomy does not know in the
 * brief's own words ("Desk-based assessment", own-words-skills.ts); at most six.
 */
const MAX_SKILLS = 6;
/** An area's usual skill stands in for the ones the brief does not name: its first only, the others are guesses. */
const AREA_DEFAULTS = 1;
/** The areas a piece calls for most strongly that get a stand-in skill. */
const AREA_COUNT = 2;
/**
 * The language the offline analysis reads briefs in (wink's English model): whoever takes the work reads the brief in
 * it, so it is no skill the work asks for, even in work between languages ("explains in English", "subtitles in
 * English, Urdu and Polish", "in plain English, translated into Bengali"). The languages worked into are.
 */
const BRIEF_LANGUAGE = 'English';
/** Areas of this phase build things (skill-areas: 3 is build). */
const BUILD_PHASE = 3;
const EXAMINING =
  /^(?:audit|review|assess|evaluate|check|test|research|survey|analyse|analyze|measure|inspect|investigate|understand|find out)\b/i;

/**
 * Work a piece asks for, in words, and the skills that work needs whatever tools are used. `supporting` work (a
 * report at the end, a budget, a schedule, an analysis) is a side of most tasks: its skill is named only for a task
 * that names no skill of its own, so that "survey the roof and write a report" needs a surveyor, not a writer.
 * `generic` work is the kind a word names alone ("an audit", "a survey of parents"); where every such word heads a
 * practice named by what it is of ("a road safety audit", "a fire door survey"), the practice is the work
 * (`headsNamedPractices`), not the generic kind.
 */
/** What a piece's words are matched with: a pattern, or `near` below. */
type Words = { test(text: string): boolean; [Symbol.match](text: string): RegExpMatchArray | null };

/** The longest of the words `near` looks for after its first ones, plus one character for its "\b". */
const NEAR_WORD_MAX = 16;

/**
 * `first` (a /g pattern), then `then` (a /g pattern of words of at most 15 letters) on the same line at most `gap`
 * characters after it, the furthest such; or `alone`, whichever starts first. The match of /alone|first.{0,gap}then/,
 * read per match of `first`: as one pattern, its gap is read from every `first` again, and recheck cannot show that
 * bounded.
 */
function near(first: RegExp, gap: number, then: RegExp, alone?: RegExp): Words {
  const match = (text: string): RegExpMatchArray | null => {
    const single = alone?.exec(text) ?? null;
    for (const start of text.matchAll(first)) {
      if (single && single.index < start.index) break;
      const from = start.index + start[0].length;
      const window = text.slice(from, from + gap + NEAR_WORD_MAX).split(/[\n\r\u2028\u2029]/, 1)[0];
      const last = [...window.matchAll(then)].filter((word) => word.index <= gap).at(-1);
      if (!last) continue;
      const end = from + last.index + last[0].length;
      return Object.assign([text.slice(start.index, end)] as RegExpMatchArray, { index: start.index, input: text });
    }
    return single;
  };
  return { test: (text) => match(text) !== null, [Symbol.match]: match };
}

/**
 * A text written to tell its readers something ("patient leaflets on daily foot checks", "an information leaflet
 * that parents will understand", "a letter to our stockists explaining the change", "a question-and-answer sheet",
 * "in plain English", "easy-read letters"): a writer's work, not a designer's.
 */
const INFORMS =
  /\b(?:patient|information|aftercare|advice|guidance)\s{1,3}(?:information\s{1,3})?(?:leaflets?|sheets?|booklets?|packs?)\b|\b(?:leaflets?|booklets?)\s{1,3}(?:for\s{1,3}(?:[\w'-]{1,20}\s{1,3}){1,3})?(?:on|about|explaining)\s|\bletters?\s{1,3}(?:to\s{1,3}(?:[\w'-]{1,20}\s{1,3}){1,3})?explaining\b|\bquestion-and-answer\b|\bFAQs?\b|\bplain[- ](?:English|language)\b|\beasy[- ]read\b|\blow literacy\b/i;
/** An audit of what care achieved: of its outcomes, or against a baseline. */
const CLINICAL_AUDIT =
  /\baudit\w{0,3}\s{1,3}(?:of\s{1,3})?(?:the\s{1,3}|our\s{1,3})?(?:clinical\s{1,3}|patient\s{1,3}|treatment\s{1,3})?(?:outcomes|results)\b|\baudit\b[^.\n]{0,100}\bbaseline\b|\bre-audit/i;

/** A bid for work the client wants to win, or the answers it writes to a buyer's tender. */
const BIDS =
  /\b(?:bid|bids|bidding)\s(?:for|on)\s(?:(?:the|a|an|our|this|more)\s)?(?:[\w-]{1,20}\s){0,3}?(?:lots?|contracts?|frameworks?)\b|\btender\s(?:responses?|submissions?)\b|\bquality\s(?:questions|answers)\b/i;

const WORK_SKILLS: {
  words: Words;
  skills: string[];
  why: string;
  supporting?: true;
  generic?: RegExp;
  /** Work that asks people questions: only where the piece names whom it asks or what they answer (`asksPeople`). */
  asksPeople?: true;
  /** Work of this kind only where the piece also says this (the kind of work the words are part of). */
  onlyWhere?: RegExp;
  /** Not where the piece also says this (another kind of work the same words are part of). */
  unlessWhere?: RegExp;
  /** Only in a brief about this area (one of its strongest: `BRIEF_TOPICS`). */
  inBriefAbout?: string;
  /** A broader kind of work, read from the same words, that this one names more exactly: not added beside it. */
  replaces?: string;
  /** Only in a brief not about technology, where the areas' builders stand in for no piece (`aboutTechnology`). */
  outsideTechnology?: true;
}[] = [
  {
    // Or a course or a session given to the client's people ("a half-day course for our repairs staff", "a session for
    // our senior carers"): training by another name.
    words:
      /\btrain(?:ing)?\b|\bteach|\b(?:courses?|sessions?|briefings?) (?:for|with) (?:our |the |all |each )?(?:[\w-]{1,30} ){0,2}(?:staff|team|employees|volunteers|managers|operatives|technicians|nurses|carers|drivers|handlers|therapists|keepers|tutors|teachers|assistants|officers|clerks|instructors|supervisors|operators|advisers|agents|workers|coaches|leaders)\b/i,
    skills: ['Training delivery', 'Staff training', 'Teaching'],
    why: 'it trains people',
  },
  // The people first and then that they are to be trained, as a deliverable is written ("Fourteen staff hired and
  // trained", "our supervisors trained as mentors", "the pickers trained on the scanners"); not people who are
  // trained already ("a fully trained nurse", "trained first aiders", where "trained" comes before them).
  {
    words:
      /\b(?:staff|team|teams|employees|volunteers|managers|operatives|technicians|nurses|carers|drivers|handlers|therapists|keepers|tutors|teachers|assistants|officers|clerks|instructors|supervisors|operators|advisers|agents|workers|coaches|leaders|pickers|packers|chefs|receptionists|apprentices|stewards)\s(?:[\w'’-]{1,20}\s){0,3}?trained\b/i,
    skills: ['Training delivery', 'Staff training', 'Teaching'],
    why: 'it trains people',
  },
  // An audit of what a change achieved in care ("audit the outcomes after the first year", "an audit six months after
  // launch comparing … with the baseline") is clinical audit, in a brief about health; the generic audit below is
  // then not the work.
  {
    words: CLINICAL_AUDIT,
    skills: ['Clinical audit'],
    why: 'it audits what care achieved',
    inBriefAbout: 'health',
    replaces: 'Auditing',
  },
  // Not a record ("an audit trail") nor an audit someone else carries out that the client must pass ("the written
  // procedures we would need to pass the audit").
  {
    words: /(?<!\bpass(?:es|ed|ing)?\s(?:the|an|our|its|their)\s)\baudit(?!\s{1,3}trails?\b)/i,
    skills: ['Auditing'],
    why: 'it is an audit',
    generic: /^audits?$/,
  },
  // A questionnaire, not a survey of a building, a site or a habitat.
  {
    words:
      /\bsurvey(?<!\b(?:building|fabric|thermographic|condition|site|topographic|ecological|habitat|structural|measured|land|roof|energy|bat|tree)\ssurvey)(?!\s{1,3}(?:of|the)\s{1,3}(?:the\s{1,3})?(?:roof|building|site|land|walls?|trees?))|\bquestionnaires?\b/i,
    skills: ['Survey design'],
    why: 'it runs a survey',
    generic: /^surveys?$/,
    asksPeople: true,
  },
  { words: /\binterview/i, skills: ['Interviewing', 'Qualitative research'], why: 'it involves interviews' },
  { words: /\bliterature review/i, skills: ['Literature review'], why: 'it reviews published evidence' },
  { words: /\bevaluat/i, skills: ['Impact evaluation', 'Programme evaluation'], why: 'it evaluates results' },
  { words: /\breport\b/i, skills: ['Report writing'], why: 'it ends in a written report', supporting: true },
  {
    words: /\b(?:copy|articles?|blog|wording|panel text|adverts?)\b/i,
    skills: ['Copywriting'],
    why: 'it is writing',
  },
  // Rewriting a policy or a menu is policy or menu work: copywriting only when the piece names no other.
  { words: /\brewrit(?:e|es|ing|ten)\b/i, skills: ['Copywriting'], why: 'it rewrites text', supporting: true },
  { words: /\btranslat/i, skills: ['Translation'], why: 'it asks for translation' },
  // Options weighed by what they cost to run against what they save ("with their running costs", "with costs and
  // payback", "whole-life costs") is an appraisal, not a budget.
  {
    words:
      /\bpayback\b|\brunning costs?\b|\breturn on (?:the )?investment\b|\bwhole[- ]life costs?\b|\blife[- ]?cycle costs?\b/i,
    skills: ['Cost-benefit analysis'],
    why: 'it weighs what options cost against what they save',
  },
  { words: /\bbudget|\bcosts?\b/i, skills: ['Budgeting'], why: 'it deals with costs', supporting: true },
  {
    // Shifts as when work happens ("across two shifts", "on both shifts") or whose people they are ("the
    // shift leaders") are no rota to organise.
    words:
      /\bschedul|\brota\b|(?<!\b(?:on|across|both|all|two|three|four|day|night|late|early)\s{1,3})\bshifts?\b(?!\s{1,3}(?:leaders?|deputies|deputy|workers?|staff|managers?|supervisors?|teams?)\b)/i,
    skills: ['Scheduling', 'Rota management'],
    why: 'it organises shifts',
    supporting: true,
    // A schedule of work ("a maintenance schedule", "an inspection schedule") is a plan, not a rota of people.
    generic: /^schedules?$/,
  },
  // Writing down how work is to be done ("Write a racking safety procedure", "write payroll procedures for our new
  // payroll officer", "Updated claims handling procedures", "a simple written parlour procedure", "rewrite our ground
  // control code of practice"): the piece makes the document, which a procedure writer staffs; not "following the
  // procedures" or improving a process.
  {
    words:
      /\b(?:writ(?:e|es|ing|ten)|rewrit(?:e|es|ing|ten)|updat(?:e|es|ed|ing)|draft(?:s|ed|ing)?)\s(?:[\w'’-]{1,20}\s){0,4}?(?:procedures?|SOPs?|codes?\sof\spractice|operating\sinstructions)\b/i,
    skills: ['Standard operating procedures'],
    why: 'it writes down how the work is done',
  },
  {
    words: /\b(?:procedures|sops?|process)\b/i,
    skills: ['Process improvement', 'Process documentation'],
    why: 'it shapes how work is done',
    supporting: true,
  },
  { words: /\bworkshops?\b/i, skills: ['Workshop facilitation'], why: 'it runs workshops' },
  { words: /\bpodcasts?\b/i, skills: ['Podcast production'], why: 'it makes a podcast' },
  { words: /\bpresentation\b/i, skills: ['Presentation skills'], why: 'it presents to an audience' },
  {
    words: /\baccessibility statement\b|\baccessibility regulations\b|\bequality act\b/i,
    skills: ['Accessibility law'],
    why: 'it must meet accessibility law',
  },
  {
    words: /\bcost(?:ed|ing)? (?:estimates?|plan|breakdown)\b|\bcosted\b|\bquantity take-?offs?\b/i,
    skills: ['Cost estimating'],
    why: 'it prices the work',
  },
  {
    words: /\bcritical control points?\b|\bhazard analysis\b/i,
    skills: ['HACCP'],
    why: 'it analyses food hazards',
  },
  { words: /\bplaster(?:ing|work)?\b|\bskim(?:ming)?\b/i, skills: ['Plastering'], why: 'it is plastering work' },
  {
    words: /\b(?:brand )?positioning\b|\bkey messages\b/i,
    skills: ['Brand positioning'],
    why: 'it decides how the brand is positioned',
  },
  {
    words: /\bcost per (?:acquisition|click|lead)\b|\bconversion rates?\b|\breturn on ad spend\b|\bROAS\b/i,
    skills: ['Marketing analytics'],
    why: "it measures marketing's results",
  },
  {
    words: /\bsupply of goods\b|\bconsumer (?:rights|law|contracts?)\b/i,
    skills: ['Consumer Law'],
    why: 'it concerns selling to consumers',
  },
  {
    words: /\bretrain(?:ed|ing)?\b|\bmodel (?:deployment|monitoring)\b/i,
    skills: ['MLOps'],
    why: 'it keeps a model running',
  },
  {
    words:
      /\b(?:churn|predictive|prediction|forecasting|classification|scoring|recommendation) models?\b|\bmodel that (?:predicts|scores|classifies|forecasts)\b/i,
    skills: ['Machine learning'],
    why: 'it builds a predictive model',
  },
  {
    words: /\bheating,? (?:and )?ventilation\b|\bheat pumps?\b|\bboilers?\b|\bair conditioning\b/i,
    skills: ['HVAC'],
    why: 'it concerns heating and ventilation',
  },
  { words: /\busability\b|\buser testing\b/i, skills: ['Usability testing'], why: 'it tests with users' },
  { words: /\bproofread|\bnative speaker/i, skills: ['Proofreading'], why: 'it checks written text' },
  {
    words: near(/\btranslat\w*\b/gi, 60, /\b(?:website|site|pages|app)\b/gi, /\bmultilingual\b|\bright-to-left\b/i),
    skills: ['Localization'],
    why: 'it adapts a website or an app to other languages',
  },
  {
    words: /\bsafety (?:rules|regulations|standards)\b/i,
    skills: ['Health and safety'],
    why: 'it must meet safety rules',
  },
  {
    words: near(/\bcompared with\b/gi, 60, /\bwithout\b/gi, /\bcontrol group|\brandomi[sz]ed\b|\bA\/B test/i),
    skills: ['Experimental design'],
    why: 'it compares a change with a control',
  },
  {
    words: /\bbackups?\b|\brestore (?:of|from|the)\b|\bdisaster recovery\b/i,
    skills: ['Backup & disaster recovery'],
    why: 'it concerns backups and recovery',
  },
  {
    words: /\badministrator rights\b|\baccess rights\b|\buser (?:accounts|access|permissions)\b|\bmulti-factor\b/i,
    skills: ['Identity & access management'],
    why: 'it concerns who may access what',
  },
  {
    words: /\belectrical installation certificate\b|\btesting(?:,| and) (?:certification|inspection)\b|\bEICR\b/i,
    skills: ['Electrical inspection and testing'],
    why: 'it tests and certifies electrical work',
  },
  {
    words: /\bbuilding (?:fabric |condition )?survey|\bcondition survey|\bstructural survey/i,
    skills: ['Building surveying'],
    why: 'it surveys a building',
  },
  {
    words: /\bbias(?:ed)? (?:wording|language)|\binclusive (?:language|wording|hiring)|\bequality,? diversity/i,
    skills: ['Diversity, equity and inclusion'],
    why: 'it checks for bias',
  },
  { words: /\bproduct descriptions?\b|\blanding page copy\b/i, skills: ['Copywriting'], why: 'it writes sales copy' },
  { words: /\bpress\b|\bPR\b|\bmedia relations\b/, skills: ['Public relations'], why: 'it deals with the press' },
  // Not a contract or an agreement the piece only refers to: one that ends ("The contract ends in June"), someone's
  // consent ("with the Environment Agency's agreement"), a treaty ("the UK-Vietnam trade agreement"), contracts won or
  // run ("how we win and run public contracts"), or agreements work must meet or earns under ("written to match our
  // service level agreements", "income from a power purchase agreement").
  {
    words: /\bcontracts?\b|\bagreements?\b|\bterms and conditions\b|\bterms (?:for|of)\b|\bclauses\b/i,
    skills: ['Contract drafting'],
    why: 'it drafts contract terms',
    unlessWhere:
      /\bcontracts?\s(?:ends?|expires?|runs?\sout)\b|['’]s\sagreement\b|\btrade\sagreements?\b|\b(?:win|won|winning|run|running)\s(?:and\s(?:win|run)\s)?(?:public\s|council\s)?contracts\b|\b(?:match|meet|under|from)\s(?:a\s|an\s|the\s|our\s|their\s)?(?:[\w-]{1,20}\s){0,3}?agreements?\b/i,
  },
  {
    words:
      /\bgrant (?:application|bid|proposal|funding)|\bfunding (?:application|bid)|\bapply(?:ing)? for (?:a )?(?:grant|funding)|\b(?:applications?|bids?|bidding|apply(?:ing)?)\s(?:for|to)\s(?:[\w'’-]{1,20}\s){0,5}?(?:funding|funds?|grants?|(?:charitable\s)?trusts|foundations?|lottery)\b/i,
    skills: ['Grant writing'],
    why: 'it applies for funding',
  },
  { words: /\bpolicy\b|\bpolicies\b/i, skills: ['Policy drafting'], why: 'it writes policy' },
  {
    words: /\bstatistic|\bregression\b|\bsignifican(?:ce|t difference)/i,
    skills: ['Statistics'],
    why: 'it needs statistics',
  },
  { words: /\bethics\b|\bethical approval/i, skills: ['Research ethics'], why: 'it needs ethical approval' },
  {
    words: /\bjournal\b|\bpeer-reviewed\b|\bacademic paper/i,
    skills: ['Academic writing'],
    why: 'it is written for publication',
  },
  {
    words: /\bstewards\b|\bvolunteer (?:programme|rota|recruitment|team)/i,
    skills: ['Volunteer management'],
    why: 'it organises volunteers',
  },
  {
    words: /\bcover art\b|\bartwork\b|\bposters?\b|\bleaflets?\b|\bflyers?\b|\bprinted (?:programme|materials?)\b/i,
    skills: ['Graphic design'],
    why: 'it designs printed or visual material',
    unlessWhere: INFORMS,
  },
  // A text that tells people what they need to know ("patient leaflets on daily foot checks", "a letter to our
  // stockists explaining the change", "a short question-and-answer sheet", "in plain English") needs a writer.
  { words: INFORMS, skills: ['Copywriting'], why: 'it explains something to its readers in writing' },
  // Work named by the thing it delivers, whose trade no word of the piece names (docs/quality.md, "Task skills a
  // brief's work implies"): a handbook or a manual people work from is written by a technical writer ("a driver
  // handbook", "a user guide for the app", "operating manuals"); not manual work ("manual handling").
  {
    words:
      /\bhandbooks?\b|\b(?:user|users'|staff|driver|drivers'|operating|operator|training|reference|employee|quick[- ]start|procedures?)\s(?:guides?|manuals?)\b/i,
    skills: ['Technical writing'],
    why: 'it writes a handbook or a guide people work from',
  },
  // A website the work makes ("a website with online reservations", "a new website", "the website rebuilt"), in a
  // brief not about technology, where no area's builder stands in for it: a web designer's work. Not a website the
  // piece only uses or mentions ("on our website", "from the website").
  {
    words:
      /(?<!\b(?:on|from|to|via|in|into|through|at)\s)\b(?:a|an|new|the new|our new)\s(?:[\w-]{1,20}\s)?websites?\b|\bwebsites?\s(?:built|rebuilt|redesigned|designed|made|launched|created)\b|\b(?:build|rebuild|redesign|design|create|launch|make)(?:s|ed|ing)?\s(?:a\s|an\s|the\s|our\s)?(?:new\s)?websites?\b/i,
    skills: ['Web design'],
    why: 'it makes a website',
    outsideTechnology: true,
  },
  // A place's wiring and power ("the electrics", "lighting and sockets", "a new consumer unit"): an electrician's work.
  {
    words:
      /\belectrics\b|\b(?:lighting|lights)\s(?:and\s)?(?:power|sockets)\b|\b(?:plug\s|power\s)?sockets\b|\bconsumer\sunits?\b/i,
    skills: ['Electrical installation'],
    why: "it puts in a building's wiring and power",
  },
  // Decorating rooms ("plastering and decorating", "redecorated throughout"): a painter and decorator's work; not
  // decorations put up for an event.
  {
    words: /\b(?:re)?decorat(?:e|es|ed|ing|or|ors)\b/i,
    skills: ['Painting and decorating'],
    why: 'it decorates rooms',
  },
  // Figures followed over time ("measure the effect on waiting times", "a way to measure waiting times … each month",
  // "track each apprentice's progress", "a data review of the last two years"): an analyst's work, not a side of it.
  {
    words:
      /\bmeasur(?:e|es|ed|ing)\s(?:the\s|our\s)?(?:effects?|impact|results?|outcomes?|waiting\stimes|performance|progress)\b|\btrack(?:s|ed|ing)?\s(?:each\s|every\s|the\s|our\s|their\s)?(?:[\w'’-]{1,20}\s){0,2}?progress\b|\bdata\sreview\b|\breview(?:s|ed|ing)?\s(?:of\s)?(?:the\s|our\s)?(?:[\w-]{1,20}\s){0,2}?data\b/i,
    skills: ['Data analysis'],
    why: 'it follows figures over time',
  },
  // Software tried out before it is released ("The app and the web app tested on real devices", "the website tested
  // on phones"): a tester's work.
  {
    words:
      /\b(?:apps?|software|websites?|web\sapps?|platform)\s(?:[\w-]{1,20}\s){0,4}?tested\b|\btest(?:s|ed|ing)?\s(?:it\s|them\s)?on\s(?:real\s)?(?:devices|phones|tablets|browsers)\b/i,
    skills: ['Manual testing'],
    why: 'it tests software before release',
  },
  // Screens checked against accessibility guidelines ("checked against accessibility guidelines", WCAG): web
  // accessibility, where the piece is about an app, a website or screens (not a building's access).
  {
    words: /\baccessibility\sguidelines\b|\bWCAG\b/i,
    skills: ['Web accessibility'],
    why: 'it checks screens against accessibility guidelines',
    onlyWhere: /\b(?:apps?|websites?|web|online|digital|screens?|pages?)\b/i,
  },
  // People to be mentored or trained as mentors ("supervisors trained as mentors", "a mentor for each apprentice").
  {
    words: /\bmentor(?:s|ed|ing|ship)?\b/i,
    skills: ['Mentoring'],
    why: 'it mentors people',
  },
  { words: /\bmigrat(?:e|es|ed|ing|ion)\b/i, skills: ['Data migration'], why: 'it moves data to a new system' },
  {
    words:
      /\bvideos\b|\b(?:a|an|the|launch|promotional|short|explainer|training)\s{1,8}video\b|\bvideo (?:production|editing|series|content|clips?)\b|\bfilming\b/i,
    skills: ['Video production', 'Video editing'],
    why: 'it makes videos',
  },
  {
    words:
      /\bnewsletter|\be-?mail (?:campaigns?|sequences?|marketing)|\bmailing lists?\b|\be-?mails? (?:sent|to (?:our |all |every )?(?:customers|guests|members|subscribers|supporters|clients|donors|buyers))\b/i,
    skills: ['Email marketing'],
    why: 'it is e-mail marketing',
  },
  { words: /\bsponsor/i, skills: ['Corporate sponsorship'], why: 'it seeks sponsors' },
  { words: /\bfundrais|\bauction\b|\bdonor/i, skills: ['Fundraising'], why: 'it raises money' },
  {
    // Not the place ("inside the venue"), a fair share ("a fair day's work") or a lean workshop ("a kaizen event").
    words:
      /(?<!\b(?:kaizen|improvement)\s)\bevents?\b|\bgala\b|\b(?:concert|festival|parade|open day)s?\b|\bfairs\b|\b(?:craft|trade|jobs?|careers?|summer|christmas|winter|spring|book|food|village|school|fun|charity|county|country|antiques?|wedding|science|health) fair\b/i,
    skills: ['Event planning'],
    why: 'it organises an event',
  },
  // Asking the people the work affects ("Residents and businesses must be consulted on the options", "consult the
  // young people themselves on a new evening programme") is a consultation.
  {
    words:
      /\bconsult(?:s|ed|ing|ation)?\s(?:with\s)?(?:the\s|our\s|local\s)?(?:residents|tenants|young people|children|pupils|parents|members|businesses|community|public|users|patients|families|staff)\b|\b(?:residents|tenants|businesses|members|parents|the public|the community)\s(?:[\w-]{1,20}\s){0,3}(?:must|will|should|to)\sbe\sconsulted\b/i,
    skills: ['Public consultation'],
    why: 'it asks the people it affects',
  },
  // Matching what a service can do to what is asked of it ("analyse demand and capacity by hour of day", "model yard
  // and reefer plug capacity against … forecast volumes").
  {
    words: near(
      /\bmodel(?:s|led|ling|ed|ing)?\b/gi,
      50,
      /\bcapacity\b/gi,
      /\bdemand and capacity\b|\bcapacity (?:planning|study|studies|model\w*|analysis)\b/i,
    ),
    skills: ['Capacity planning'],
    why: 'it matches capacity to demand',
  },
  // Setting what the client charges ("advise on new menu prices", "a review of admission prices", "a price list
  // benchmarked against local clinics"), not what it pays ("our suppliers' prices", "get prices from contractors").
  {
    words:
      /\bprice lists?\b|\b(?:advis\w{0,12}|set\w{0,12}|review\w{0,12}|benchmark\w{0,12}|recommend\w{0,12}|repric\w{0,12})\s{1,3}(?:on\s{1,3}|of\s{1,3})?(?:the\s{1,3}|our\s{1,3})?(?:new\s{1,3})?(?:menu\s{1,3}|admission\s{1,3}|selling\s{1,3}|ticket\s{1,3}|room\s{1,3})?(?:prices|pricing)\b(?!\s{1,3}from\b)|\bfee (?:structures?|scales?|levels?)\b|\bre-?pric(?:e|es|ed|ing)\b/i,
    skills: ['Pricing strategy'],
    why: 'it sets what the client charges',
  },
  // Goods held ("the stock in our bonded warehouse", "an inventory of damaged stock"), not the verb ("wants to stock
  // us") nor a landlord's homes ("stock condition data", "our housing stock").
  {
    words: /\binventory|(?<!\b(?:to|will|housing)\s)\bstock\b(?!\s+(?:us|them|it|our|condition)\b)/i,
    skills: ['Inventory management'],
    why: 'it manages stock',
  },
  {
    words: /\bwireframe|\bprototype/i,
    skills: ['Wireframing', 'Prototyping'],
    why: 'it designs screens before they are built',
  },
  { words: /\bfirewall|\bnetwork security/i, skills: ['Network Security'], why: "it concerns the network's defences" },
  { words: /\bphishing|\bcyber/i, skills: ['Cybersecurity'], why: 'it is about security threats' },
  { words: /\bsafeguarding\b/i, skills: ['Safeguarding'], why: 'it works with vulnerable people' },
  // Consent and anonymising are research ethics in research ("participants who give informed written consent"); a
  // patient's consent form, a cookie consent banner or listed building consent are not.
  {
    words: /\bconsent\b|\banonymis/i,
    skills: ['Research ethics'],
    why: "it asks for research participants' consent",
    onlyWhere:
      /\b(?:research\w{0,3}|stud(?:y|ies)|participants?|interview\w{0,3}|trials?|respondents?|diary|focus groups?)\b/i,
  },
  {
    words: /\bgdpr\b|\bprivacy\b|\bpersonal data\b/i,
    skills: ['Data protection', 'GDPR'],
    why: 'it handles personal data',
  },
  // Studying a span of recorded data ("analyse twelve months of order lines", "six months of click data", "analyse our
  // supporter database") is the task's own work, not a side of it: a recruiter asks for an analyst beside the trade.
  // The work, not the people who do it ("training for our analysts on … keeping records").
  {
    words: near(
      /\banaly[sz](?:e|es|ed|ing|is|ses)\b|\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|eighteen|twenty-four)\s+(?:months|years|weeks)\s+of\b|\b(?:last|past|previous|this)\s+(?:year|month|quarter|season)'s\b|\b(?:last|past|previous)\s+(?:\d+|two|three|four|five|six|twelve|eighteen)\s+(?:years|months|weeks)'/gi,
      60,
      /\b(?:data|database|records|sales|figures|statistics|transactions|order lines|history|times|logs)\b/gi,
      /\bus(?:e|ing)\s(?:our|the|their|its)\s(?:[\w-]{1,20}\s){0,2}data\b/i,
    ),
    skills: ['Data analysis'],
    why: 'it studies recorded data',
  },
  // The same said the other way round: the records first, then that they are to be analysed or the span they cover
  // ("the individual cow cell count records from the last year analysed", "our ticketing data from the past five
  // seasons analysed", "the referral data of the last three years").
  {
    words: near(
      /\b(?:data|records|figures|statistics)\b/gi,
      60,
      /\banaly[sz]ed\b|\b(?:last|past|previous)\s(?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten|twelve)\s)?(?:years?|months?|seasons?|weeks?)\b/gi,
    ),
    skills: ['Data analysis'],
    why: 'it studies recorded data',
  },
  { words: /\banaly[sz]/i, skills: ['Data analysis'], why: 'it analyses data', supporting: true },
  // Making digital copies of a collection ("scanning of every item at archival resolution", "Capture of all pages at
  // 400 ppi", "digitise the maps at high resolution"): an imaging technician's work. Not a barcode or a body scanned.
  {
    words:
      /\bdigiti[sz](?:e|es|ed|ing)\b|\bscan(?:s|ned|ning)?\s(?:of\s)?(?:(?:every|each|all|the|our)\s)?(?:[\w-]{1,20}\s){0,2}?(?:items?|pages?|documents?|photographs?|prints?|negatives|slides|volumes?|maps?|plans|papers|letters|registers|archives?|collections?)\b|\b\d{3,4}\s?(?:ppi|dpi)\b|\barchival resolution\b/i,
    skills: ['Document digitisation'],
    why: 'it makes digital copies of documents',
  },
  {
    words: /\bcurriculum|\blesson plans?\b|\bsession plans?\b|\bschemes? of work\b/i,
    skills: ['Curriculum development', 'Lesson planning'],
    why: 'it designs teaching',
  },
  // A campaign named by what it is for ("a fundraising campaign", "a recruitment campaign") is that work, as a named
  // audit is (`generic`).
  {
    words: /\bcampaign\b/i,
    skills: ['Campaign planning', 'Marketing strategy'],
    why: 'it plans a campaign',
    generic: /^campaigns?$/,
  },
  { words: /\bsocial media\b/i, skills: ['Social media marketing'], why: 'it is social media work' },
  { words: /\bcarbon|\bemissions?\b|\bnet zero/i, skills: ['Carbon accounting'], why: 'it measures emissions' },
  { words: /\bmove\b|\brelocat/i, skills: ['Project management', 'Logistics'], why: 'it organises a move' },
  // The things a brief asks to have made or run, named by the object of the work, and the skill of whoever makes
  // them: what a recruiter puts on the job when the brief says what it wants but not which trade does it.
  {
    // Organising it, not recording or advertising one.
    words: near(
      /\b(?:organis|organiz|run|hold|host|stag|plan)\w*/gi,
      40,
      /\b(?:festivals?|fairs?|fetes?|carnivals?|concerts?|parades?|street party|fun run|open days?|public events?)\b/gi,
    ),
    skills: ['Risk management'],
    why: 'an event open to the public needs its risks assessed',
  },
  {
    words:
      /\b(?:live|audio|sound|studio) recordings?\b|\brecord(?:ing)? (?:the |an? )?(?:audio|album|concert|choir|band|music)\b/i,
    skills: ['Sound engineering'],
    why: 'it records sound',
  },
  { words: /\bmaster(?:ed|ing)\b/i, skills: ['Audio Mastering'], why: 'it masters a recording' },
  {
    words: near(
      /\b(?:manag|supervis|oversee|oversight)\w*/gi,
      30,
      /\b(?:building|construction|refurbishment) works?\b/gi,
    ),
    skills: ['Construction management'],
    why: 'it manages building works',
  },
  {
    // Drawings a piece asks for are made to scale for someone to build, price or approve from ("repair drawings and a
    // specification", "drawings for the planning application"), not pictures by or of people ("the children's
    // drawings", "drawings by local artists").
    words:
      /\bfloor ?plans?\b|\b(?:measured|scale|scaled|technical|architectural|layout) drawings?\b|\belevations\b|\bdrawings\b(?<!\b(?:children's|pupils'|kids'|artists'|their|his|her)\sdrawings)(?!\s{1,3}(?:by|of (?:the )?(?:children|pupils|people|animals|birds|flowers))\b)/i,
    skills: ['CAD'],
    why: 'it draws plans to scale',
  },
  // A building or a space for people or animals to be designed ("design the conversion of a former garage into a
  // chapel of rest", "Design: an enlarged walk-through enclosure"), or an architect's work asked for: what a recruiter
  // staffs with an architect. Not an architect of software or of a landscape, nor "designing and building" a set.
  {
    words: near(
      /\b(?:re)?design(?:s|ed|ing)?\b/gi,
      50,
      /(?<!\band\s)\b(?:buildings?|extensions?|conversions?|enclosures?|pavilions?|clubhouses?|chapels?|premises|changing rooms|annexes?|outbuildings?|barns?|shelters?|kiosks?|aviary|aviaries)\b/gi,
      /(?<!\b(?:software|solutions?|cloud|data|enterprise|technical|systems?|security|network|landscape)\s)\barchitect(?:s|'s)?\b/i,
    ),
    skills: ['Architectural design'],
    why: 'it designs a building or a space',
  },
  { words: /\brenovat|\brefurbish|\bfit-?out\b/i, skills: ['Refurbishment'], why: 'it renovates a building' },
  // Keeping a stock of structures, pipes, track or homes over years ("a structures asset register", "a prioritised
  // ten-year maintenance programme", "a five-year track renewal plan", "a five-year plan for replacing pipes", "a
  // two-year investment plan"): an asset manager's work, beside the surveys that feed it.
  {
    words:
      /\basset registers?\b|\b(?:\d+|two|three|four|five|ten|fifteen|twenty|thirty)-year\s(?:[\w-]{1,20}\s){0,2}?(?:maintenance|renewal|replacement|investment|capital)\s(?:plans?|programmes?|strateg(?:y|ies))\b|\b(?:\d+|two|three|four|five|ten|fifteen|twenty|thirty)-year\splans?\sfor\s(?:replacing|renewing)\b/i,
    skills: ['Asset management'],
    why: 'it plans the upkeep of a stock of assets over years',
  },
  // Overseeing building works where they happen ("supervising the repair works on site", "someone to supervise the
  // works on site"): a site manager's work. Not supervision of people or of another trade's step ("supervision of the
  // roof strip under the licence", "clinical supervision").
  {
    words: /\bsupervis\w{0,4}\s(?:the\s)?(?:[\w-]{1,20}\s){0,2}works\b|\bsupervis\w{0,4}\s[^.;\n]{0,40}\bon site\b/i,
    skills: ['Site management'],
    why: 'it oversees the works on site',
  },
  // Taking fumes or dust away where they are made ("redesign the moulding shop extraction", "an extraction hood fitted
  // over both kilns"): ventilation work. Not extraction of minerals, data or teeth.
  {
    words:
      /\bextraction\s(?:hoods?|systems?|fans?|ducts?|ductwork|units?|arms?)\b|\b(?:shop|workshop|fume|dust|kiln|booth)\s(?:[\w-]{1,20}\s)?extraction\b|\blocal exhaust ventilation\b/i,
    skills: ['Ventilation systems'],
    why: 'it takes fumes or dust away',
  },
  { words: /\bmenus?\b|\brecipes?\b/i, skills: ['Menu development'], why: 'it writes menus or recipes' },
  // What a food or drink label must say ("a corrected ingredient panel with peanuts in bold", "the 14 labels with
  // correct allergen emphasis", "our bottle labels against the alcohol labelling rules", "can artwork … with the
  // allergen and alcohol information set out correctly"): labelling law, beside whoever designs the label.
  {
    words: near(
      /\b(?:labels?|labelling|packaging|artwork)\b/gi,
      80,
      /\b(?:allergens?|alcohol|nutrition(?:al)?|may contain)\b/gi,
      /\bingredient (?:panels?|declarations?)\b|\b(?:food|allergen|alcohol) labelling\b|\blabelling (?:rules|regulations|law)\b/i,
    ),
    skills: ['Food labelling'],
    why: 'it says on a label what food law requires',
  },
  { words: /\bexhibitions?\b/i, skills: ['Exhibition curation'], why: 'it puts on an exhibition' },
  // Taking them, not photographs the piece works with ("about the photographs", "photographs from our archive").
  {
    words:
      /\bphotography\b|\bphoto ?shoots?\b|(?<!\b(?:the|with|old|archive)\s)\bphoto(?:s|graphs)\b(?!\s(?:from|taken|we hold))/i,
    skills: ['Photography'],
    why: 'it takes photographs',
  },
  { words: /\billustrat(?:e|ed|ion|ions)\b/i, skills: ['Illustration'], why: 'it is illustrated' },
  { words: /\banimat(?:ed|ion|ions)\b/i, skills: ['Animation'], why: 'it is animated' },
  { words: /\bsubtitl|\bcaptions\b/i, skills: ['Subtitling'], why: 'it subtitles video' },
  // Words written to be spoken to an audience ("scripts for a 45-minute audio guide", "a tour script", "a show …
  // narrated live by our presenters from a script"): a scriptwriter's work. Not a script a computer runs ("which
  // cookies and scripts load today") nor what someone says in a meeting ("consultation meeting scripts").
  {
    words: /\bscripts?\b|\bscriptwrit/i,
    skills: ['Scriptwriting'],
    why: 'it writes words to be spoken',
    onlyWhere:
      /\b(?:audio|tours?|videos?|shows?|podcasts?|films?|guides?|narrat\w*|voice-?overs?|presenters?|episodes?|radio|broadcasts?|plays?)\b/i,
  },
  { words: /\bfocus groups?\b/i, skills: ['Qualitative research'], why: 'it runs focus groups' },
  // The client answering a buyer's tender ("bidding for the domestic services contract", "we want to bid for the
  // northern lot", "write the method statements and quality answers", "the tender response"): a bid writer's work,
  // not buying through a tender of its own.
  // Saying what is to be built or fitted so that contractors can price it ("specify ventilation and insulation works
  // by house archetype", "specify new oak gates … in a form a contractor can price", "a specification that a local
  // contractor can price"): a specification writer's work, beside the design.
  {
    words:
      /\bspecif(?:y|ies|ying)\s(?:the\s|new\s)?(?:[\w-]{1,20}\s){0,3}?(?:works|repairs|gates|windows|doors|materials|installations?)\b|\bspecifications?\b[^.;\n]{0,60}\b(?:contractors?|builders?|installers?)\s(?:can|could|will|to)\s(?:price|quote|tender)\b|\bspecifications?\s(?:for|of)\s(?:the\s)?(?:[\w-]{1,20}\s){0,2}?works\b/i,
    skills: ['Specification Writing'],
    why: 'it specifies the works for contractors to price',
  },
  {
    words: BIDS,
    skills: ['Bid management'],
    why: 'it answers a tender to win work',
  },
  { words: /\btender(?:s|ed|ing)?\b/i, skills: ['Procurement'], why: 'it buys through a tender', unlessWhere: BIDS },
  // Buying named by its verb ("source the surface material", "get prices from three builders", "buy in PGDs", "find
  // new suppliers for our botanicals"): choosing what to buy and from whom is a buyer's work. The verb "source" takes
  // its object ("source a fridge"); the noun does not ("the source of the damp", "source code"). Not the prices the
  // client charges (Pricing strategy above).
  {
    words:
      /\bsourc(?:e|ing)\s{1,3}(?:a|an|the|our|new|all|suitable|local|replacement)\s|\b(?:get|getting|obtain\w{0,12}|seek\w{0,12}|invit\w{0,12}|collect\w{0,12})\s{1,3}(?:[\w-]{1,30}\s{1,3}){0,2}?(?:prices|quotes|quotations|bids)\s{1,3}from\b|\b(?:prices|quotes|quotations)\s{1,3}from\s{1,3}(?:[\w-]{1,30}\s{1,3}){0,2}?(?:suppliers|contractors|builders|installers|vendors)\b|\bbuy(?:ing)?\s{1,3}in\b|\bprocur(?:e|es|ing)\b|\bpurchas(?:e|ing)\s{1,3}(?:a|an|the|new)\b|\b(?:find|finding|select\w{0,12}|choos\w{0,12}|compar\w{0,12})\s{1,3}(?:new\s{1,3}|a\s{1,3}|the\s{1,3}|two\s{1,3}|three\s{1,3})?(?:suppliers?|vendors?)\b/i,
    skills: ['Procurement'],
    why: 'it buys goods or work for the client',
  },
  {
    words: /\bcompetitor (?:analysis|research|review)|\bmarket (?:analysis|sizing)\b/i,
    skills: ['Market research'],
    why: 'it studies a market',
  },
  {
    words:
      /\bhiring\b|\bjob (?:adverts?|ads|descriptions?)\b|\brecruitment (?:process|campaign)|\brecruit (?:staff|new staff|a |an )/i,
    skills: ['Recruitment'],
    why: 'it hires people',
  },
  {
    words: /\bonboarding\b|\b(?:staff|new starter|employee) induction/i,
    skills: ['Onboarding'],
    why: 'it brings new staff in',
  },
  {
    words: near(/\b(?:recruit|train|manag|coordinat|organis|schedul)\w*/gi, 40, /\bvolunteers?\b/gi),
    skills: ['Volunteer management'],
    why: 'it organises volunteers',
  },
  // Planning for emergencies by what it makes ("an emergency action plan", "our emergency arrangements", "an evacuation
  // plan", "run an emergency exercise with the fire service"), not the kit ("emergency lighting").
  {
    words:
      /\bemergency\s(?:action\s|response\s)?(?:plans?|planning|arrangements|exercises?|procedures|drills?)\b|\b(?:tabletop|evacuation)\s(?:exercises?|plans?|drills?)\b|\bbusiness continuity\b/i,
    skills: ['Emergency planning'],
    why: 'it plans for emergencies',
  },
  // A dashboard is figures made visible: the work of someone who builds reports and charts from data.
  { words: /\bdashboards?\b/i, skills: ['Data visualization'], why: 'it shows figures on a dashboard' },
  // Cleaning records ("cleanse and complete the membership records", "de-duplicate the mailing list", "a cleaned
  // dataset") is data quality work.
  {
    words: near(
      /\b(?:cleans(?:e|es|ed|ing)|clean(?:s|ed|ing)?\s+up|de-?duplicat\w*|tidy(?:ing)?\s+up)\b/gi,
      60,
      /\b(?:data|dataset|database|records|lists?|spreadsheets?|addresses)\b/gi,
      /\bcleaned\s(?:data(?:set|base)?|records|lists?)\b/i,
    ),
    skills: ['Data quality'],
    why: 'it cleans records',
  },
  {
    words: /\bonline\s(?:modules?|courses?|training\s(?:modules?|courses?))\b|\be-?learning\b/i,
    skills: ['E-learning development'],
    why: 'it makes training to take online',
  },
  // A page built to take people's sign-ups or enquiries, not the words on it ("landing page copy").
  { words: /\blanding pages?\b(?!\s{1,3}copy)/i, skills: ['Web design'], why: 'it builds a web page' },
  // Something people use on the web, in a brief about anything ("a web page where buyers can check the code", "an
  // online consultation form linked to our booking system", "web-to-print ordering", "a virtual queue"): a web
  // developer builds it, whatever the brief's trade. Not one the piece examines ("an impact assessment of the new
  // online booking system") or writes the words of ("write the legacy guide … and the web pages"); in a brief about
  // technology the areas staff it (`outsideTechnology`).
  {
    words:
      /\bweb[- ]?pages?\b(?!\s{1,3}(?:copy|text|content|wording)\b)|\bweb[- ]to[- ]print\b|\bonline\s(?:catalogues?|consultation\sforms?|forms?|booking\s(?:systems?|pages?|forms?)|ordering|portal|shop|store)\b|\bvirtual\squeues?\b|\bweb\sapp(?:lication)?s?\b/i,
    skills: ['Web development'],
    why: 'it builds something people use on the web',
    unlessWhere:
      /\b(?:assessment|test|audit|review|inspection|evaluation)\sof\s(?:the\s|our\s|its\s)?(?:[\w-]{1,20}\s){0,3}(?:web|online)\b|\bwrit(?:e|es|ing|ten)\b[^.;]{0,80}\bweb[- ]?pages?\b/i,
    outsideTechnology: true,
  },
  // Documenting the work a contributor did or the client's case ("Documentation of the pipeline", "document
  // everything for our privacy policy", "document the qualifying activities"): written work of its own.
  {
    words: /\bdocumentation\b|\bdocument (?:everything|the|it|how|each|all)\b/i,
    skills: ['Technical writing'],
    why: 'it documents the work',
    supporting: true,
  },
  {
    words: /\bguidelines|\bguide\b|\bhandbook|\bhandouts?/i,
    skills: ['Technical writing'],
    why: 'it produces written guidance',
    supporting: true,
  },
];

/** What surrounds a piece in the brief. */
export type AroundPiece = {
  /** The brief's conditions that concern the piece ("must comply with the CDM Regulations"). */
  conditions?: readonly string[];
  /** What the piece is part of, or who the brief asks to do it ("We want an occupational therapist to"). */
  askedFor?: string | null;
  /** Whom the brief wants for all its work: "Experience of listed buildings is essential". */
  wanted?: readonly string[];
};

export type SkillContext = {
  taxonomy: Taxonomy;
  /** Sentences of the brief that are not pieces: where it may name tools for the work ("done in Python"). */
  background: readonly string[];
  /** What the whole brief calls for, for a piece that names nothing itself. */
  fallback: readonly SkillArea[];
  /** The skills the brief names most (its title counting most), for a piece that names nothing itself. */
  briefSkills?: readonly TaxonomySkill[];
};

/**
 * `title`: the task's title, whose verb says whether the work builds something or examines it.
 *
 * Each skill says whether it is `core` (holding it makes someone fit for the task) or supporting: here a soft skill
 * ("Leadership" for "train the shift leaders") is supporting, everything the excerpt or the work asks for is core. A
 * task whose excerpt names no work of its own takes the brief's main work as a core skill.
 */
export function requiredSkills(
  piece: string,
  title: string,
  context: SkillContext,
  around: AroundPiece = {},
): RequiredSkill[] {
  const { taxonomy } = context;
  const chosen = new Map<string, RequiredSkill>();
  const add = (skill: TaxonomySkill | undefined, reason: string) => {
    if (skill && !chosen.has(skill.name) && chosen.size < MAX_SKILLS)
      chosen.set(skill.name, { name: skill.name, reason: clip(reason, 200), core: skill.category !== 'soft' });
  };
  const hasCore = () => [...chosen.values()].some((skill) => skill.core);

  const parsed = parseText(piece);
  const areas = taxonomy.findAreasInText(parsed);
  // A language named in passing ("leaflets in plain English") is no skill the work needs; in a piece or a brief
  // about work done in or between languages (translation, interpreting) it is.
  const languageWork =
    areas.some((mention) => mention.area.id === LANGUAGE_WORK_AREA) ||
    context.fallback.some((area) => area.id === LANGUAGE_WORK_AREA);
  const mentions = namedForWork(taxonomy, parsed);
  const label = pieceLabel(piece);
  for (const mention of mentions) {
    if (mention.skill.category === 'language' && (!languageWork || mention.skill.name === BRIEF_LANGUAGE)) continue;
    if (label && mention.mentions === 1 && isTool(mention.skill) && namesSkill(label, mention.skill)) continue;
    add(mention.skill, `Named in the brief for it: ${quote(clip(piece, 100))}.`);
  }
  // Something made "in English, Polish and Urdu" is written in one language and translated into the others.
  if (mentions.filter((mention) => mention.skill.category === 'language').length >= 2)
    add(taxonomy.resolve('Translation'), 'Needed because it is made in several languages.');

  // Skills the excerpt names in other words ("review the literature", "edit and mix the audio").
  // Supporting work ("write … a report") stays a side of the task here too: the rule below decides it.
  const supporting = new Set(WORK_SKILLS.filter((work) => work.supporting).flatMap((work) => work.skills));
  for (const mention of inOtherWordsForWork(taxonomy, piece)) {
    if (supporting.has(mention.skill.name)) continue;
    add(mention.skill, `The brief asks for it in its own words: ${quote(mention.words)}.`);
  }
  // One-word skills the excerpt asks for by their verb ("twenty carers recruited", "the rooms photographed").
  for (const mention of findActivityVerbs(taxonomy, parsed)) {
    if (supporting.has(mention.skill.name)) continue;
    add(mention.skill, `The brief asks for the work by its verb: ${quote(mention.words)}.`);
  }
  const namedOwn = chosen.size > 0;
  // Supporting work (a report at the end, a budget, an analysis) is a side of most tasks: its skill is the task's
  // only when nothing else — the excerpt, the kind of work, the brief's tools for it — says what the task needs.
  // Unless it is what the task makes: "Prepare a three-year budget" is budgeting work.
  const head = headOf(title);
  const headIsSideWork = !WORK_SKILLS.some((work) => !work.supporting && work.words.test(head));
  const sideWork: { skill: TaxonomySkill | undefined; reason: string }[] = [];
  for (const work of WORK_SKILLS) {
    if (!work.words.test(piece) || (work.supporting && namedOwn)) continue;
    if (work.generic && headsNamedPractices(parsed, work.generic)) continue;
    if (work.asksPeople && !asksPeople(parsed)) continue;
    if (work.onlyWhere && !work.onlyWhere.test(piece)) continue;
    if (work.unlessWhere?.test(piece)) continue;
    if (work.inBriefAbout && !briefIsAbout(context, work.inBriefAbout)) continue;
    if (work.outsideTechnology && aboutTechnology(context)) continue;
    const skill = work.skills.map((name) => taxonomy.resolve(name)).find(Boolean);
    const reason = `Needed because ${work.why} (${quote(piece.match(work.words)![0])} in the brief).`;
    if (work.supporting && !(headIsSideWork && work.words.test(head))) sideWork.push({ skill, reason });
    else add(skill, reason);
  }
  for (const work of WORK_SKILLS) {
    if (work.replaces && work.skills.some((name) => chosen.has(name))) chosen.delete(work.replaces);
  }
  const namedWork = chosen.size > 0;

  // An area the piece calls for by its words ("an API", "a central database") needs its usual skill when the piece
  // names none of that area's own. Not for work that examines a thing rather than builds it: "audit our website
  // for SEO" needs SEO, not the skills of building websites.
  const examines = EXAMINING.test(title);
  // A software component to build ("an API", "a mobile app") always needs its builder; any other kind of work gets
  // its stand-in only when the excerpt names no skill itself: a guess beside a named skill costs more than it adds.
  // Outside software the words that call for an area are mostly who or what the work is for ("pupils", "patients",
  // "training for our kitchen staff"), not a thing to build: "Instructional design" beside "Training delivery".
  for (const mention of areas.slice(0, AREA_COUNT)) {
    if (mention.skills.length > 0 || mention.triggers.length === 0) continue;
    // A weak trigger alone ("community", "track", "data", "store") says what the work is about, not which trade does
    // it: "the community interest company", "the railway's track", "the data we keep" staff no social media manager,
    // analyst or database builder.
    if (mention.triggers.every((trigger) => mention.area.weakTriggers.includes(trigger))) continue;
    const builds = mention.area.phase === BUILD_PHASE;
    const buildsTechnology = builds && mention.area.fields.some((field) => TECHNOLOGY_FIELDS.has(field));
    if ((examines && builds) || (!buildsTechnology && namedWork)) continue;
    // Any other area only by a phrase: one word ("patients", "licence", "staff") is mostly whom or what the work is
    // for, not a kind of work to staff; except a thing made to be seen or read ("graphics", "copy").
    if (!buildsTechnology && !makesMaterial(mention.area) && mention.triggers.every((trigger) => !/\s/.test(trigger)))
      continue;
    // Outside a brief about technology, a word of a technology's area is about something else: "EMIS records", a
    // "Slurry Infrastructure grant", "the legacy web pages" a charity writes need no database, cloud or web builder.
    if (buildsTechnology && !aboutTechnology(context)) continue;
    const why = `The brief asks for ${quote(mention.triggers[0])}, which is ${mention.area.name.toLowerCase()} work.`;
    for (const skill of mention.area.defaultSkills.slice(0, AREA_DEFAULTS)) add(skill, why);
  }

  // What surrounds the piece names what its work needs as well: a condition on it ("to BS 7671", "under the CDM
  // Regulations"), who the brief asks for all of a list's work ("We want an occupational therapist to:"), and whom it
  // wants for all its work ("Experience of lime plastering is essential"). Not the languages or manners they are
  // written in.
  const aroundIt = [
    ...(around.conditions ?? []).map((text) => ({ text, why: 'The brief requires it of this work' })),
    ...(around.askedFor ? [{ text: around.askedFor, why: 'The brief asks for it for this work' }] : []),
    ...(around.wanted ?? []).map((text) => ({ text, why: 'The brief asks it of whoever does the work' })),
  ];
  for (const { text, why } of aroundIt) {
    if (isNotThisWork(text) || DONE_ALREADY.test(text)) continue;
    for (const mention of taxonomy.findInText(text)) {
      if (mention.skill.category === 'language' || mention.skill.category === 'soft') continue;
      add(mention.skill, `${why}: ${quote(clip(text, 100))}.`);
    }
  }

  // Tools the brief names outside its list of work, for the kind of work this piece is.
  // A piece whose own words name no kind of work ("a model that predicts visits and stock needs") is the brief's kind.
  const pieceAreas = new Set(
    areas.length > 0 ? areas.map((mention) => mention.area.id) : context.fallback.map((area) => area.id),
  );
  // Only tools and technologies: the background also says who the client is ("a 48-bed care home", "an accountancy
  // practice"), and the client's own trade is no skill the work asks of a contributor.
  // Not from work the client does itself or leaves out ("Our own IT lead will make any changes to the EMIS
  // templates"): the tool is theirs, not the contributor's.
  for (const sentence of context.background) {
    if (isNotThisWork(sentence) || DONE_ALREADY.test(sentence)) continue;
    for (const mention of taxonomy.findInText(sentence)) {
      if (!isTool(mention.skill)) continue;
      if (mention.skill.areas.some((area) => pieceAreas.has(area)))
        add(mention.skill, `The brief asks for it for this kind of work: ${quote(clip(sentence, 90))}.`);
    }
  }

  const onlySideWork = chosen.size === 0;
  // A piece that names no work of its own ("Quote as NICEIC registered contractors", "Let volunteers book shifts")
  // is part of the brief's main work: the skill the brief names most, before an area's usual skill; its side work
  // (the shifts, the report) comes after. Side work stays core: someone who holds it does part of the task's work
  // (measured in docs/quality.md; as supporting it cost more fitting people than wrong invitations).
  if (!hasCore()) {
    const main = context.briefSkills?.[0];
    if (main) add(main, `The brief's main work is ${main.name.toLowerCase()}, which this task is part of.`);
  }
  if (!hasCore()) {
    for (const area of context.fallback) {
      for (const skill of area.defaultSkills.slice(0, AREA_DEFAULTS))
        add(skill, `The brief's work is mainly ${area.name.toLowerCase()}, which this task is part of.`);
      if (hasCore()) break;
    }
  }
  if (onlySideWork) for (const { skill, reason } of sideWork) add(skill, reason);
  if (chosen.has(RISK_MANAGEMENT) && assessesNamedHazard(parsed, new Set(chosen.keys()), taxonomy))
    chosen.delete(RISK_MANAGEMENT);
  // Practices the excerpt names that the taxonomy does not know, in its words ("a desk-based assessment"), after the
  // taxonomy's skills, which may name them already, and beside them: they stand in for none of the skills above
  // (measured in docs/quality.md, "Task skills in the brief's own words": in their place, the brief's main skill and
  // the side work lost fitting invitations and won no label).
  for (const practice of practicesInOwnWords(parsed, taxonomy)) {
    if (chosen.size >= MAX_SKILLS || namedBy([...chosen.keys()], practice.name, taxonomy)) continue;
    chosen.set(practice.name, {
      name: practice.name,
      reason: clip(`Named in the brief for it: ${quote(practice.words)}.`, 200),
      core: true,
    });
  }
  return [...chosen.values()];
}

/**
 * What the client has done already ("a partner bike supplier already chosen through an earlier procurement", "the
 * architect has already been appointed", "The ecology surveys were done last year and are not needed again"): context of the work, whose skill no task asks of a contributor. Only for
 * sentences around the pieces (conditions, background), which would otherwise lend it to every task.
 */
const DONE_ALREADY =
  /\balready\s{1,4}(?:been\s{1,4})?(?:chosen|appointed|procured|selected|commissioned|completed|done|carried\s{1,4}out|agreed|secured|in\s{1,4}place)\b|\b(?:was|were)\s{1,4}(?:done|completed|carried\s{1,4}out)\s{1,4}last\s{1,4}(?:year|month|spring|summer|autumn|winter)\b|\bnot\s{1,4}needed\s{1,4}again\b/i;

const RISK_MANAGEMENT = 'Risk management';
/**
 * A risk assessed of a named hazard ("a fire risk assessment", "a legionella risk assessment", "a DSEAR risk
 * assessment") whose own skill is chosen already (Fire safety, Legionella control, Process safety) is that skill's
 * practice: not general risk management besides, which the words "risk assessment" alone read as. A hazard no chosen
 * skill names ("a bribery risk assessment") leaves risk management the work.
 */
function assessesNamedHazard(parsed: ParsedText, chosen: ReadonlySet<string>, taxonomy: Taxonomy) {
  if (!headsNamedPractices(parsed, /^risks?$/)) return false;
  const others = [...chosen]
    .filter((name) => name !== RISK_MANAGEMENT)
    .flatMap((name) => [name, ...(taxonomy.resolve(name)?.aliases ?? [])])
    .map((name) => ` ${name.toLowerCase()} `);
  // The word before each "risk assessment": "fire" in "a fire risk assessment".
  const { tokens } = parsed;
  const hazards = tokens.flatMap((token, k) =>
    token.lower === 'risk' && k > 0 && /^assessments?$/.test(tokens[k + 1]?.lower ?? '') ? [tokens[k - 1].lower] : [],
  );
  return hazards.length > 0 && hazards.every((hazard) => others.some((name) => name.includes(` ${hazard} `)));
}

/**
 * The skills a brief names, most named first, a mention in its title counting as two: what a piece that names nothing
 * is most likely part of. Languages and soft skills say nothing of the work.
 */
export function mainSkills(taxonomy: Taxonomy, title: string, description: string): TaxonomySkill[] {
  const weight = new Map<TaxonomySkill, number>();
  const count = (skill: TaxonomySkill, by: number) => {
    if (skill.category === 'language' || skill.category === 'soft') return;
    weight.set(skill, (weight.get(skill) ?? 0) + by);
  };
  // Only skills named for work: the people the brief is for or has ("four healthcare assistants each night", "our
  // sales team") say whom the work serves, and would lend their trade to every task that names nothing itself.
  for (const mention of namedForWork(taxonomy, title)) count(mention.skill, 2);
  for (const mention of inOtherWordsForWork(taxonomy, title)) count(mention.skill, 2);
  // Nor from what the client keeps, does itself or has done ("Our vet stays in charge of prescribing"): no task is
  // part of that work.
  const parsed = parseText(description);
  const aside = new Set(
    parsed.sentences.filter((s) => isNotThisWork(s.text) || DONE_ALREADY.test(s.text)).map((s) => s.index),
  );
  for (const mention of namedForWork(taxonomy, parsed)) {
    if (mention.spans.every((span) => aside.has(parsed.tokens[span.firstToken].sentence))) continue;
    count(mention.skill, mention.mentions);
  }
  for (const mention of inOtherWordsForWork(taxonomy, description)) count(mention.skill, 1);
  return [...weight.entries()].sort((a, b) => b[1] - a[1]).map(([skill]) => skill);
}

/** The skills a text names, less those it names only as people ("four healthcare assistants", "our sales team"). */
function namedForWork(taxonomy: Taxonomy, text: string | ParsedText): SkillMention[] {
  const parsed = typeof text === 'string' ? parseText(text) : text;
  return taxonomy.findInText(parsed).filter((mention) => !namesPeopleOnly(parsed, mention));
}
/** The same for skills a text names in other words (skill-phrases.ts). */
function inOtherWordsForWork(taxonomy: Taxonomy, text: string) {
  return findInOtherWords(taxonomy, text).filter(
    (mention) => !wordsNamePeople(text, mention.words, mention.skill.name),
  );
}

/**
 * Whether a practice in the brief's words is a skill chosen already under a longer name: every word of "Electrical
 * inspection" is in Electrical inspection and testing (its name or an alias).
 */
function namedBy(chosen: readonly string[], practice: string, taxonomy: Taxonomy): boolean {
  const words = practice.toLowerCase().split(/[\s-]+/);
  return chosen.some((name) => {
    const skill = taxonomy.resolve(name);
    return [name, ...(skill?.aliases ?? [])].some((label) => {
      const own = new Set(label.toLowerCase().split(/[\s-]+/));
      return words.every((word) => own.has(word));
    });
  });
}

/**
 * Whether a piece asks people something: it names people ("a survey of parents and pupils", "800 visitors") or
 * their answers ("the survey responses", "a questionnaire", "an online survey"). A survey of homes, of an arena's
 * drainage or of a pool's plant inspects a thing: "damp and mould surveys of the 200 highest-risk homes".
 */
const ANSWERS = /\b(?:respon(?:ses|dents?)|questionnaires?|online survey|opinions?|views|feedback|satisfaction)\b/i;
function asksPeople(parsed: ParsedText): boolean {
  return (
    ANSWERS.test(parsed.text) || parsed.tokens.some((token) => token.type === 'word' && isPeopleLemma(token.lemma))
  );
}

/**
 * The label a piece opens with ("Pricing: a new price list…", "Colour: colour profiling…"): the name of a part of
 * the work, in the brief's everyday words. A tool named by the label alone ("Pricing", pricing software) is not what
 * the work uses.
 */
function pieceLabel(piece: string): string | null {
  return /^\s*([^:\n]{1,40}):\s/.exec(piece)?.[1].trim().toLowerCase() ?? null;
}
function namesSkill(words: string, skill: TaxonomySkill): boolean {
  return [skill.name, ...skill.aliases].some((name) => name.toLowerCase() === words);
}

/** What a title makes: its words after the verb up to the first preposition ("a three-year budget"). */
function headOf(title: string): string {
  const words = title.split(/\s+/).slice(1);
  const end = words.findIndex((word) => /^(?:of|for|to|in|on|at|with|that|which|by|from|and|or|so)$/i.test(word));
  return words.slice(0, end === -1 ? words.length : end).join(' ');
}

/** Areas whose work is material to be seen or read: design, copy, media. */
const MATERIAL_FIELDS = new Set(['design', 'communications']);
function makesMaterial(area: SkillArea): boolean {
  return area.fields.some((field) => MATERIAL_FIELDS.has(field));
}

/** The areas a brief calls for most strongly that say what it is about. */
const BRIEF_TOPICS = 2;
/** Whether one of the areas the brief calls for most strongly is this one. */
function briefIsAbout(context: SkillContext, area: string): boolean {
  return context.fallback.slice(0, BRIEF_TOPICS).some((strong) => strong.id === area);
}
/** Whether the brief as a whole is technology work: one of its strongest areas is in software or data. */
function aboutTechnology(context: SkillContext): boolean {
  return context.fallback
    .slice(0, BRIEF_TOPICS)
    .some((area) => area.fields.some((field) => TECHNOLOGY_FIELDS.has(field)));
}

/** A tool or a technology ("Xero", "Python", "pandas"): what a brief names for how its work is to be done. */
const TECHNOLOGY_FIELDS = new Set(['software', 'data']);
function isTool(skill: TaxonomySkill): boolean {
  return (
    skill.category === 'tool' ||
    (skill.category === 'technical' && skill.fields.some((field) => TECHNOLOGY_FIELDS.has(field)))
  );
}

function quote(text: string): string {
  return `"${text.trim()}"`;
}
