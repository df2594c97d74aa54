import { ROLES_PLURAL_AT_END } from './vocabulary.ts';

/**
 * Whether a CV mentions a skill as the person's own. A recruiter reads "no experience with SAP", "currently learning
 * Spanish", "Kubernetes is a plus" and "assisted the surgeon in laparoscopic procedures" as skills the person does
 * not (yet) hold, and so does the analyzer: each mention gets a status from the words around it in its clause, and
 * only `asserted` mentions make a profile skill. A `topic` is what a fraud was about ("procurement fraud"), no work of
 * the person's. A skill shown both ways ("supported engineers who ran Kubernetes";
 * "ran Kubernetes clusters") counts, from the asserted mention.
 *
 * Scopes are read left to right within one clause (clauses.ts): a phrase that opens one governs what follows it,
 * until a word of contrast ("but", "while", "however") or, for work done beside someone else, a "by …ing" that says
 * what the person did themselves ("supported engineers by writing Terraform modules").
 */
export type MentionStatus = 'asserted' | 'studied' | 'negated' | 'aspirational' | 'optional' | 'other-person' | 'topic';

type Opener = { status: Exclude<MentionStatus, 'asserted'> | 'disowned'; phrases: string };

const OPENERS: Opener[] = [
  {
    status: 'negated',
    phrases:
      'no experience with|no experience in|no experience of|no prior experience with|no prior experience in|' +
      'no previous experience with|no previous experience in|no professional experience with|' +
      'no professional experience in|no hands-on experience with|no knowledge of|no exposure to|not familiar with|' +
      'unfamiliar with|never used|never worked with|never worked in|never programmed in|have not used|' +
      "haven't used|not yet used|not proficient in|not experienced in|not experienced with|" +
      'not trained in|not qualified in|not certified in|do not speak|does not speak|do not know|' +
      "don't speak|don't know|cannot use|can't use|lack experience in|lack experience with|" +
      'lacking experience in|lacking experience with|without experience in|without experience of|' +
      'do not have experience of|do not have experience with|do not have experience in|' +
      'do not yet have experience of|do not yet have experience with|do not yet have experience in|' +
      'do not have any experience of|do not have any experience with|do not have any experience in|' +
      'have no experience of|have no experience with|have no experience in|' +
      "don't have experience of|don't have experience with|don't have experience in|" +
      "haven't worked with|have not worked with|have not worked in|not yet worked with|" +
      // Said without the subject: "Not worked with React Native", "Not trained on the VNA trucks yet".
      'not worked with|not worked in|not worked on|not trained on|not trained to use|' +
      // Not (yet) able to do it: "Not yet trained in PEG feeding", "Not confident with R yet".
      'not yet trained in|not yet trained on|not yet confident with|not yet confident in|not confident with|' +
      'not confident in|not yet experienced in|not yet experienced with|' +
      // Not part of the work: "not involved in front-of-house", "not responsible for payroll".
      'not involved in|not involved with|no involvement in|not responsible for|' +
      // Not allowed to do it: "I am not licensed for articulated lorries (C+E)", "not ticketed for tandem lifts".
      'not licensed for|not licenced for|not licensed to|not licenced to|not ticketed for|not authorised for|' +
      'not authorized for|not certified for|' +
      // Not qualified to do it: "Not certified to teach AP Statistics", "not credentialled for ECMO".
      'not certified to|not qualified to|not accredited to|not accredited for|not credentialled for|' +
      'not credentialed for|not credentialled in|not credentialed in',
  },
  {
    status: 'aspirational',
    phrases:
      'currently learning|now learning|am learning|still learning|started learning|starting to learn|' +
      'learning the basics of|beginning to learn|hoping to|hope to|interested in learning|interested in|' +
      'would like to|would love to|want to learn|wanting to learn|wish to|plan to|planning to|aspire to|' +
      'aspiring to|keen to learn|keen to develop|keen to gain|eager to learn|eager to develop|eager to gain|' +
      'looking to learn|looking to develop|looking to gain|looking to move into|working towards|working toward|' +
      'studying for|studying towards|studying toward|goal is to|learning:|aspiring|seeking to move into|' +
      'seeking a career in|transitioning into|looking to transition into|currently enrolled on|' +
      'currently enrolled in|currently studying|now studying|due to complete|due to finish|not yet completed|' +
      'not yet qualified in|' +
      // "Thinking about an NVQ Level 6 in construction site management — not started": a course only considered.
      'thinking about|thinking of doing|considering doing|' +
      // "Not yet SSSTS — booked for March 2027", "Not yet an Advanced Sommelier": what follows is still to come.
      'not yet',
  },
  {
    // "Graphic design is not my area", "Plastering I leave to the plasterers – not my trade": said after the work.
    status: 'disowned',
    phrases:
      'not my area|not my trade|not my field|not my speciality|not my specialty|not my strength|not my job|' +
      // Another's to make: "pricing decisions are hers", "the final design is theirs".
      'is hers|are hers|is his|are his|is theirs|are theirs|was hers|were hers|was his|were his|was theirs|' +
      'were theirs',
  },
  {
    status: 'optional',
    phrases:
      'nice to have|nice-to-have|desirable|a plus|would be a plus|would be an advantage|is preferred|bonus points|' +
      'is a bonus',
  },
];

// Work beside or for other professionals: the skills of the work that follows are theirs. The people are named by
// their profession, so "assisted patients with mobility" or "supported clients with tax returns" (the person's own
// work, for someone) stay asserted.
const HELPING_VERBS =
  'assisted|assisting|assists|assist|supported|supporting|supports|helped|helping|shadowed|shadowing|observed|' +
  'observing|worked alongside|working alongside|worked under|working under|reported to|reporting to|' +
  'liaised with|liaising with|coordinated with|coordinating with';
const PROFESSIONALS =
  'surgeon|doctor|physician|consultant|clinician|registrar|nurse|midwife|midwives|dentist|pharmacist|therapist|' +
  'physiotherapist|radiologist|radiographer|anaesthetist|anesthetist|vet|veterinarian|engineer|developer|' +
  'programmer|architect|designer|scientist|researcher|analyst|teacher|lecturer|professor|lawyer|solicitor|' +
  'barrister|attorney|partner|judge|accountant|auditor|chef|electrician|plumber|welder|carpenter|joiner|' +
  'technician|mechanic|surveyor|pilot|specialist|editor|journalist|photographer|artist|producer|drafter|linguist|' +
  'adjuster|underwriter';
const QUALIFIERS =
  'the|a|an|our|their|my|two|three|several|senior|junior|lead|head|chief|executive|sous|other|visiting|consultant|' +
  'attending|qualified|specialist|site|project|design|software|clinical|staff|charge|ward|theatre|field|principal';
const OTHER_PERSON = new RegExp(
  `(?<![\\p{L}])(?:${HELPING_VERBS})\\s(?:(?:${QUALIFIERS})\\s){0,3}(?:${PROFESSIONALS})(?:s|es)?(?![\\p{L}])`,
  'giu',
);

// A skill that names other professionals by their trade, in the plural: "referrals from public health nurses", "the
// breast screening radiographers" are those people, not the person's work.
const PROFESSIONALS_AFTER = new RegExp(`^\\s(?:${PROFESSIONALS})(?:s|es)(?![\\p{L}])`, 'iu');

// Work another organisation does for the person's employer: "Our brand agency leads the visual identity and video
// production; I brief and approve." The skills of what follows are the agency's. (A team the person belongs to is not
// another party: "our team delivers…" stays asserted.) The phrase is group 2, group 1 the character before it: a
// non-letter in the pattern rather than a lookbehind, and words of at most 20 letters, so that recheck proves it linear.
const PARTY_DOES =
  '(?:leads?|led|handles?|handled|does|did|runs?|ran|manages?|managed|delivers?|delivered|owns?|owned|provides?|' +
  'provided|produces?|produced|creates?|created|builds?|built|designs?|designed|writes?|wrote|makes?|made|' +
  // "the fight director sets the choreography": who sets the work out does it.
  'sets?|' +
  // Another's paperwork or figures: "the finance director prepares the accounts", "the enforcement team issues the
  // notices", "the actuary calculates the reserves".
  'prepares?|prepared|calculates?|calculated|issues?|issued|' +
  // Another's records or inserts: "the chef keeps the kitchen's HACCP logs", "the anaesthetists insert the lines".
  'keeps?|kept|inserts?|inserted|' +
  // Another professional's sign-off of the work: "the Chief Officer signs off stability calculations".
  'signs?\\soff|signed\\soff)';
const OTHER_PARTY = new RegExp(
  '(^|[^\\p{L}])((?:our|the|an?|external)\\s(?:[\\p{L}-]{1,20}\\s){0,2}(?:agency|agencies|contractors?|suppliers?|' +
    `vendors?|consultancy|consultants|outsourcing partner)\\s${PARTY_DOES}|` +
    // Another team of the employer, named by what it does ("the automation team did the PLC programming", "our
    // platform team owns Terraform"); "our team delivers…" is the person's own.
    `(?:our|the|their)\\s(?:[\\p{L}'’-]{1,20}\\s){1,2}team\\s${PARTY_DOES}|` +
    // A unit of the employer other than the person's own ("the lab does all the analysis", "the office handles
    // planning").
    `(?:our|the|their)\\s(?:[\\p{L}-]{1,20}\\s){0,2}(?:lab|laboratory|department|office)\\s${PARTY_DOES}|` +
    // Other professionals, named by their job, one or several ("the senior analyst made the ratings", "the
    // occupational therapist designed the sensory diets", "the orthoptists did the occlusion therapy"): a job of the
    // list, or one named as jobs in -ist and -ian are.
    // "The home's finance director prepares the accounts": the employer's own may stand before the job.
    `(?:our|the|their|my)\\s(?:[\\p{L}'’-]{1,20}\\s){0,2}(?:(?:${PROFESSIONALS}|manager|officer|director)(?:s|es)?|` +
    `\\p{L}{2,20}(?:ists?|ians?))\\s${PARTY_DOES}|` +
    // Family in a small business: "my wife handles the VAT returns", "my father did the bookkeeping".
    `(?:my|our)\\s(?:wife|husband|spouse|brother|sister|father|mother|dad|mum|mom|son|daughter)\\s${PARTY_DOES})` +
    '(?:[^\\p{L}]|$)',
  'giu',
);

// Work the person passes to another service: "referred on to psychology when distress is high", "referrals to
// physiotherapy". What follows is the other service's work. Group 2 is the phrase, group 1 the character before it.
const REFERRED_TO =
  /(^|[^\p{L}])((?:refer|refers|referred|referring|referral|referrals)\s(?:on\s|onward\s)?to)(?![\p{L}])/giu;

// A party named with an article or a possessive right after "referred to": one party, not a list of services.
const ONE_PARTY = /^\s(?:the|a|an|our|their|my)\s/iu;

// The same written after the work: "Art direction was handled by my creative partner", "Digital forensics is escalated
// to our retained DFIR partner", "Media fills are designed and run by the QA team" (a participle joined by "and" before
// the one that hands it over). The skills of the clause before it are the other party's ("by me" is not another).
const HANDED_TO_OTHERS = new RegExp(
  '(?<![\\p{L}])((?:is|are|was|were|gets|got)\\s(?:\\p{L}{2,20}\\sand\\s)?)?(?:(?:handled|done|led|carried out|covered|performed|delivered|' +
    'managed|owned|run|provided|outsourced|given|reported|taken|undertaken|conducted|calculated|taught)\\sby|' +
    '(?:is|are|was|were)\\sby|escalated\\sto|outsourced\\sto|passed\\sto|goes\\sto|go\\sto|sits?\\swith|' +
    '(?:I\\s)?leave\\sto|left\\sto|comes?\\sfrom)\\s(?:my|our|the|an?|external|another|other|' +
    'their)(?![\\p{L}])',
  'giu',
);

// Something another makes for the person to work with: "Programs are generated by the CAM team in Siemens NX", "The
// API is built by the backend team in Go", "Garden designs are drawn by our designer in Vectorworks". The maker and the
// tools it names after are theirs; the thing made is not: "CNC router programs are written by the office; I run the
// jobs" still shows the router work, and "reviewed" or "checked" by another leaves the work the person's own. Group 2
// is the phrase, group 1 the character before it.
const MADE_BY_OTHERS =
  /(^|[^\p{L}])((?:written|drawn|drawn\sup|designed|built|generated|programmed|prepared|made)\sby\s(?:my|our|the|an?|external|another|other|their)(?![\p{L}]))/giu;

// Work handed to another party without saying whom: "The payroll itself is outsourced", "Steel fabrication was
// subcontracted", "Legal review is done externally". A passive of a verb of handing over, with no agent: the skills of
// the clause before it are the other party's. Group 2 is the phrase, group 1 the character before it.
const HANDED_OVER_PASSIVE =
  /(^|[^\p{L}])((?:is|are|was|were|gets|got|being|been)\s(?:(?:all|always|largely|mostly|now|usually|also|fully)\s)?(?:outsourced|subcontracted|sub-contracted|contracted\sout|farmed\sout|delegated|bought\sin|done\sexternally|handled\sexternally|managed\sexternally|run\sexternally))(?![\p{L}])/giu;

// The work named as a thing someone else does: "statistical analysis by the trials manager", "sign-off by our
// principal engineer". "by", a determiner and a person or group named by their job, right after a noun (not a
// participle: "code reviewed by our senior analyst", "the API is built by the backend team" name the person's own
// work too, and HANDED_TO_OTHERS reads the participles that hand work over). Only the list item before it is theirs.
// Group 2 is the phrase, group 1 the character before it; group 3 the word before "by".
const WORK_BY_OTHERS = new RegExp(
  `(^|[^\\p{L}])((\\p{L}{1,24})\\sby\\s(?:my|our|the|an?|external|another|other|their)\\s(?:[\\p{L}-]{1,20}\\s){0,2}` +
    `(?:${PROFESSIONALS}|manager|officer|director|supervisor|coordinator|team|lab|laboratory|bureau|agency|` +
    'contractor|subcontractor|department|colleague)(?:s|es)?)(?![\\p{L}])',
  'giu',
);
// A word before "by" that makes a verb phrase of it: a participle ("reviewed", "built", "written", "done", "run") or a
// form of "be".
const VERB_BEFORE_BY =
  /^(?:\p{L}+(?:ed|en)|is|are|was|were|be|been|being|built|done|run|made|led|held|kept|set|put|taught|brought|bought|caught|sought|got|won|met|paid|sent|spent|lent|dealt|meant|read|cut|shut|hit|let)$/iu;

// Met only as a subject of study, said after it: "Archives and records management were modules only", "Deep learning:
// coursework only", "IFRS 17 only in theory". The person knows the work before it from studies, not practice: it
// counts as a skill met in education (`studied`), as a degree's subject does.
const STUDIED_ONLY =
  /(^|[^\p{L}])((?:(?:was|were|is|are)\s(?:an?\s)?)?(?:modules?|units?|theory|coursework|classroom)\sonly|only\s(?:as|in)\s(?:an?\s)?(?:modules?|units?|theory|coursework|the\sclassroom)|(?:studied|covered|taught)\sonly\sin\s(?:theory|class|(?:my|the|a)\s(?:degree|course|module)))(?![\p{L}])/giu;

// "I do not interpret", "I have not done lease drafting", "don't code", "Not a web developer": the person says
// they do not do the work that follows, whatever the verb. Group 2 is the negation, group 1 the character before it
// (a non-letter in the pattern rather than a lookbehind, so that recheck proves it linear); the verb must follow.
const NEGATED_DOING =
  /(^|[^\p{L}])((?:i|we)\s(?:do|did|have|had|can)\s?n[o']t\s(?:yet\s)?(?=\p{L})|(?:i|we)\s(?:don['’]t|didn['’]t|haven['’]t|can['’]t|cannot|never)\s(?=\p{L})|(?:i\s(?:am|['’]m)\s)?not\san?\s(?=\p{L}))/giu;

// A statement that opens on "No" and names no verb: "No tree preservation order applications - the office handles
// planning paperwork", "No rope access ticket". What it names, up to the next mark, is what the person does not do.
const NO_OPENS = /^\s?(?:[-•*]\s?)?no\s(?=\p{L})/iu;
const NO_STATEMENT_ENDS = /\s[-–—]\s|[,:;(]/u;
const LEARNING_OPENS = /^\s*(?:[-•*]\s*)?(?:i\s(?:am|['’]m)\s)?learning\s(?!and\s|&\s)/iu;
const NEW_STATEMENT = /[:—–]\s|(?<![\p{L}])I\s/gu;

const STATUS_OF_PHRASE = new Map<string, Opener['status']>(
  OPENERS.flatMap(({ status, phrases }) => phrases.split('|').map((phrase) => [phrase, status] as const)),
);
// Longest first, so "interested in learning" wins over "interested in" at the same place.
const OPENER_PATTERN = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:${[...STATUS_OF_PHRASE.keys()]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.replaceAll(' ', '\\s'))
    .join('|')})(?![\\p{L}\\p{N}])`,
  'giu',
);

// A word of contrast, or the next cell of a table row (rows are read as one clause).
const SCOPE_END = /(?<![\p{L}])(?:but|while|whilst|whereas|although|though|however)(?![\p{L}])|\|/giu;
// "by …ing" (group 2), after a non-letter or the start (group 1). The word's end is checked in code (`ownWorkAt`):
// lookarounds here would keep recheck from proving the pattern linear.
const OWN_WORK = /(^|[^\p{L}])(by\s\p{L}+ing)/giu;
const LETTER = /\p{L}/u;

// A skill named as people in the plural is those people's trade: "share findings with product managers", "trained 30
// nurses", "mentor junior developers" show no product management, nursing or development of the person's own.
const PLURAL_ENDING = /^(?:s|es)(?![\p{L}])/u;

// Right after a skill: "Rust (learning)", "PRINCE2 – in progress", "NEBOSH (expected 2027)", "Independent
// prescribing: enrolled on next year's course", "SSSTS – booked for March". In a table the note may follow the level
// in the next cell: "Musculoskeletal ultrasound | Beginner — course booked for 2027", or after a level word and a comma
// in a line of software: "Rhino — beginner, learning it this year". "— not started", "(accepted)", "starting" or "due to
// start" say the same of a course.
const PENDING_AFTER =
  /^\s?(?:\|\s?(?:\p{L}+\s?)?)?[(:–—-]\s?(?:(?:beginner|basic|novice|elementary|intermediate),\s)?(?:currently\s)?(?:learning|in progress|studying|in training|expected|planned|planning\sto|plan\sto|enrolled|accepted|applied\sfor|applying\sfor|starting|due to start|(?:a\s)?(?:course\s)?booked|not\s(?:yet\s)?started)(?![\p{L}])/iu;
// A skill said to be still ahead, after it: "The load control certificate (weight and balance) is on my plan for
// 2027", "IPAF is booked for January", "Level 3 is planned for next year".
const PLANNED_AFTER =
  /^\)?\s(?:is|are)\s(?:on\s(?:my|the|our)\s(?:plan|list|development plan|training plan|to-do list)|planned|booked|scheduled|next)(?![\p{L}])/iu;
// The thing a fraud or scam was about, not work the person does: "investigations into procurement fraud, revenue
// recognition and expense fraud", "APP fraud reimbursement". Right after the skill, or after the next item of its list.
const FRAUD_AFTER = /^\s(?:(?:and|or|&)\s(?:[\p{L}-]{1,20}\s){1,2})?(?:fraud|frauds|scams?)(?![\p{L}])/iu;
// A credential no longer held: "CSCS Card (expired)", "Gas Safe – lapsed".
const LAPSED_AFTER = /^\s?[(:–—-]\s?(?:expired|lapsed)\b/i;
// Met but not held: "Flow cytometry: observed CD4 counts only", "MRI – shadowed only", "Spanish – a few words from
// holidays", "Polish (a few phrases)", "Japanese – a few greetings", "Greek: not a working language"; "a few years" is a
// length of use. A tool only looked at is not used to do the work: "Figma (commenting only)", "Vectorworks (viewing
// plans only)", "Xero (read-only access)".
const NOT_HELD_AFTER =
  /^\s?[(:–—-]\s?(?:observed|shadowed|watched|seen|viewing|commenting|read-only|view-only|a few (?!years|months|weeks)[a-z]+|some (?:words|phrases)|basic greetings|not a working language)\b/i;
// "No SAP experience", "no data protection officer (GDPR) responsibilities": "no" a few words before the skill, and
// what it would be a few words after it. Both windows are short and the repetitions bounded, so the check is linear.
const NO_BEFORE = /(?:^|[^\p{L}])(?:no|not much|not any)\s(?:[\p{L}()-]+\s){0,4}\(?$/iu;
const EXPERIENCE_AFTER =
  /^\)?\s(?:[\p{L}()-]+\s){0,2}(?:experience|knowledge|exposure|responsibilities|duties|background)(?![\p{L}])/iu;
const NO_WINDOW = 48;
// "install only, no PV design", "(no simultaneous or consecutive interpreting)": "no" right before the work (two
// words between at most), which ends the phrase.
const NO_RIGHT_BEFORE = /(?:^|[^\p{L}])no\s(?:[\p{L}-]+\s(?:or\s|and\s)?){0,2}$/iu;
const PHRASE_ENDS = /^(?:$|\s?[.,;:)]|\s(?:or|and|beyond|apart|except)(?![\p{L}]))/iu;
// A credential of a list whose item says it ran out after a note: "Offshore survival (BOSIET) - expired 2022",
// "Google Cloud Professional Data Engineer (expired 2024)". The item ends at the next separator.
// "Private Pilot Licence (PPL), lapsed 2020": the note may follow its bracket after a comma.
const LAPSED_IN_ITEM = /^[^,;·|]{0,48}?(?:[(–—-]|\),)\s?(?:expired|lapsed)(?![\p{L}])/iu;

// Trades the person manages, coordinates, plans or buys, named as the packages, gangs, shops or subcontractors that do
// them: "Managed groundworks, steel frame and fit-out packages", "Coordinated the brickwork, carpentry and plumbing
// gangs", "the schedule for the cutting, welding, machining and paint shops". The skill is an item of a list that ends
// on such a noun (TRADE_UNIT_AFTER) and the list follows a verb of managing others' work, or "for" and a determiner
// (TRADE_UNIT_BEFORE); "worked in the welding shop" or "a welder with the steel erection gangs" stay the person's own.
const TRADE_UNIT_AFTER =
  /^(?:(?:,\s|\s(?:and|or|&)\s|\s)[\p{L}&-]{1,20}){0,8}\s(?:packages?|gangs|shops|sub-?contractors|subcontracts|trade\scontractors)(?![\p{L}])/iu;
const TRADE_UNIT_BEFORE =
  /(?:^|[^\p{L}])(?:manag(?:e|es|ed|ing)|coordinat(?:e|es|ed|ing)|oversee|oversees|overseeing|oversaw|procur(?:e|es|ed|ing)|tender(?:s|ed|ing)?|award(?:s|ed|ing)?|let|schedul(?:e|es|ed|ing)|plan(?:s|ned|ning)?|for\s(?:the|all|our|its|their))\s(?:(?:the|all|our|its|their|\p{N}{1,3})\s)?(?:[\p{L}&-]{1,20}(?:,\s|\s(?:and|or|&)\s|\s)){0,8}$/iu;
// The same with the noun first: "Manage the packages for groundworks, roofing and dry lining", "Manage 14 service
// contracts worth €4.2m a year: HVAC maintenance, lifts, cleaning and catering", "Supplier management: AV, catering and
// staging", "I manage the contractors who do the technical work — HVAC, lifts, cleaning". What follows, up to the
// person's next statement, is the contractors' work. Group 2 is the phrase, group 1 the character before it.
const TRADE_UNITS_OPEN =
  /(^|[^\p{L}])((?:manag(?:e|es|ed|ing)|coordinat(?:e|es|ed|ing)|oversee|oversees|overseeing|oversaw|procur(?:e|es|ed|ing)|tender(?:s|ed|ing)?|award(?:s|ed|ing)?|administer(?:s|ed|ing)?)\s(?:[\p{L}\p{N}€£$.,-]{1,12}\s){0,3}(?:packages|(?:service\s|maintenance\s|FM\s)?contracts|subcontracts|sub-?contractors|contractors|suppliers|vendors)(?:\s[\p{L}\p{N}€£$.,-]{1,12}){0,4}(?:\s(?:for|covering)\s|:\s)|(?:supplier|contractor|subcontractor|vendor)s?\smanagement:\s|(?:the|our|external)\s(?:sub-?contractors|contractors|suppliers|vendors)\swho\s(?:[\p{L}-]{1,12}\s){1,5}(?:[—–:-]\s)?)/giu;
// The work of another professional, named by their possessive: "hazard information taken from the engineers' risk
// assessments", "conveyancing documents for the solicitors' review".
const PROFESSIONALS_OWN_BEFORE = new RegExp(
  `(?:^|[^\\p{L}])(?:the|our|their|my|a|an)\\s(?:[\\p{L}-]{1,20}\\s)?(?:${PROFESSIONALS}|\\p{L}{2,20}(?:ist|ian))(?:s['’]|['’]s)\\s$`,
  'iu',
);

// A skill that names another team or person of the employer: "for the leadership team", "I support the revenue
// manager", "the firm's forensic accounting team", "brief the translation agency". A determiner or an owner right
// before the skill, one of these nouns right after it; not when the person leads, runs or belongs to it ("managed the
// marketing team", "worked in the data team", "as the revenue manager").
const GROUP_AFTER =
  /^\s(?:team|teams|manager|managers|agency|committee|department|dept|officer|director|lead|unit|function|bureau|provider|contractor|lab|laboratory|core|facility)(?![\p{L}])/iu;
// The group may be the second of two named together: "with the vascular and orthotics teams".
const OWNER_BEFORE =
  /(?:^|[^\p{L}])(?:the|our|their|his|her|an?|[\p{L}]{2,20}['’]s)\s(?:[\p{L}-]{1,20}(?:,\s|\s(?:and|or|&)\s))?$/iu;
const OWN_GROUP_BEFORE =
  /(?:^|[^\p{L}])(?:led|leads?|leading|manag(?:e|es|ed|ing)|head(?:s|ed|ing)?|ran|runs?|running|built|builds?|joined|joins?|in|of|as|within|into|on)\s(?:the|our|their|an?|[\p{L}]{2,20}['’]s)\s(?:[\p{L}-]{1,20}(?:,\s|\s(?:and|or|&)\s))?$/iu;

function namesGroup(clause: string, start: number, end: number): boolean {
  if (!GROUP_AFTER.test(clause.slice(end, end + 14))) return false;
  const before = clause.slice(Math.max(0, start - 40), start);
  return OWNER_BEFORE.test(before) && !OWN_GROUP_BEFORE.test(before);
}

type Scope = { start: number; end: number; status: Exclude<MentionStatus, 'asserted'> };

const PRECEDENCE: Scope['status'][] = ['negated', 'aspirational', 'other-person', 'optional', 'studied'];

/** Where each "by …ing" that says what the person did themselves starts ("by writing Terraform modules"). */
function ownWorkAt(clause: string): number[] {
  return [...clause.matchAll(OWN_WORK)]
    .map((match) => ({ at: match.index + match[1].length, end: match.index + match[0].length }))
    .filter(({ end }) => !LETTER.test(clause.charAt(end)))
    .map(({ at }) => at);
}

/** The scopes a clause opens, each from its phrase to the end of what it governs. */
function scopesOf(clause: string): Scope[] {
  const ends = [...clause.matchAll(SCOPE_END)].map((match) => match.index);
  const ownWork = ownWorkAt(clause);
  const endAfter = (from: number, stops: number[]) => Math.min(clause.length, ...stops.filter((at) => at >= from));
  const startBefore = (to: number) => Math.max(0, ...ends.filter((at) => at < to).map((at) => at + 1));
  const scopes: Scope[] = [];
  for (const match of clause.matchAll(OPENER_PATTERN)) {
    const opener = STATUS_OF_PHRASE.get(match[0].toLowerCase().replace(/\s/g, ' '))!;
    const end = match.index + match[0].length;
    if (opener === 'disowned') {
      scopes.push({ start: startBefore(match.index), end: match.index, status: 'negated' });
      continue;
    }
    const status = opener;
    // "Kubernetes is a plus": a wish for a skill may follow the skill it is about, so it covers its part of the
    // clause on both sides.
    const start = status === 'optional' ? startBefore(match.index) : end;
    scopes.push({ start, end: endAfter(end, ends), status });
  }
  // A new statement of the person's own ends it: "I don't code: I hand designs in Figma to developers".
  const ownStatements = [...clause.matchAll(NEW_STATEMENT)].map((match) => match.index);
  // A clause that opens on "Learning" is what the person is learning ("Learning SQL basics this year").
  const learning = LEARNING_OPENS.exec(clause);
  if (learning)
    scopes.push({ start: learning[0].length, end: endAfter(learning[0].length, ends), status: 'aspirational' });
  const no = NO_OPENS.exec(clause);
  if (no) {
    const rest = clause.slice(no[0].length);
    const stop = NO_STATEMENT_ENDS.exec(rest);
    scopes.push({ start: no[0].length, end: no[0].length + (stop ? stop.index : rest.length), status: 'negated' });
  }
  for (const match of clause.matchAll(NEGATED_DOING)) {
    const start = match.index + match[1].length + match[2].length;
    scopes.push({ start, end: endAfter(start, [...ends, ...ownStatements]), status: 'negated' });
  }
  for (const match of clause.matchAll(OTHER_PARTY)) {
    const start = match.index + match[1].length;
    scopes.push({ start, end: endAfter(start + match[2].length, ends), status: 'other-person' });
  }
  for (const match of clause.matchAll(REFERRED_TO)) {
    const start = match.index + match[1].length + match[2].length;
    // One party named with its article ("referrals to the local authority, DoLS applications and …") is all the
    // referral covers: the items of the list after it are the person's own again. A bare service may open a list of
    // services ("refer on to physiotherapy, OT and dietetics"), which the referral covers to its end.
    const comma = clause.indexOf(',', start);
    const oneParty = ONE_PARTY.test(clause.slice(start)) && comma > start ? [comma] : [];
    scopes.push({ start, end: endAfter(start, [...ends, ...ownStatements, ...oneParty]), status: 'other-person' });
  }
  for (const match of clause.matchAll(HANDED_TO_OTHERS)) {
    // Without "is" or "was" the participle goes with the words right before it: "pipework, tiling handled by a
    // subcontractor" hands over the tiling, not the pipework.
    const start = Math.max(
      match[1] ? startBefore(match.index) : lastItemBefore(clause, match.index),
      openBracketBefore(clause, match.index),
    );
    // Who it is handed to is theirs too: "carried out by our freelance textile conservator", up to the person's
    // next statement.
    const agentEnd = endAfter(match.index + match[0].length, [...ends, ...ownStatements]);
    scopes.push({ start, end: agentEnd, status: 'other-person' });
  }
  for (const match of clause.matchAll(MADE_BY_OTHERS)) {
    const start = match.index + match[1].length;
    scopes.push({ start, end: endAfter(start, [...ends, ...ownStatements]), status: 'other-person' });
  }
  for (const match of clause.matchAll(TRADE_UNITS_OPEN)) {
    const start = match.index + match[1].length + match[2].length;
    scopes.push({ start, end: endAfter(start, [...ends, ...ownStatements]), status: 'other-person' });
  }
  for (const match of clause.matchAll(STUDIED_ONLY)) {
    const at = match.index + match[1].length;
    scopes.push({ start: startBefore(at), end: at, status: 'studied' });
  }
  for (const match of clause.matchAll(HANDED_OVER_PASSIVE)) {
    const at = match.index + match[1].length;
    scopes.push({ start: startBefore(at), end: at + match[2].length, status: 'other-person' });
  }
  for (const match of clause.matchAll(WORK_BY_OTHERS)) {
    if (VERB_BEFORE_BY.test(match[3])) continue;
    const at = match.index + match[1].length;
    scopes.push({
      start: lastItemBefore(clause, at + match[3].length),
      end: at + match[2].length,
      status: 'other-person',
    });
  }
  // The professional named is theirs too: "assisted the surgeon" shows no surgery of the person's own.
  for (const match of clause.matchAll(OTHER_PERSON)) {
    const end = match.index + match[0].length;
    scopes.push({ start: match.index, end: endAfter(end, [...ends, ...ownWork]), status: 'other-person' });
  }
  return scopes;
}

/**
 * Where a bracket still open at `to` starts its content (0 when none is): a note in brackets that hands work over
 * ("Parenteral nutrition (prescribing is done by the pharmacist)") hands over what it says, not the words before it.
 */
function openBracketBefore(clause: string, to: number): number {
  let open = -1;
  for (let at = 0; at < to; at++) {
    if (clause[at] === '(') open = at;
    else if (clause[at] === ')') open = -1;
  }
  return open + 1;
}

/** Where the list item that ends at `to` starts: after the last comma, semicolon, colon or bracket before it. */
function lastItemBefore(clause: string, to: number): number {
  const before = clause.slice(0, to);
  return Math.max(...[',', ';', ':', '('].map((mark) => before.lastIndexOf(mark))) + 1;
}

type ClauseStatus = (start: number, end: number) => MentionStatus;

/** Reads a clause once and answers the status of the skill written at [start, end) in it. */
export function statusReader(clause: string): ClauseStatus {
  const scopes = scopesOf(clause);
  return (start, end) => {
    const before = clause.slice(Math.max(0, start - NO_WINDOW), start);
    if (NO_BEFORE.test(before) && EXPERIENCE_AFTER.test(clause.slice(end, end + NO_WINDOW))) {
      return 'negated';
    }
    if (PENDING_AFTER.test(clause.slice(end, end + 40)) || PLANNED_AFTER.test(clause.slice(end, end + 40))) {
      return 'aspirational';
    }
    if (
      LAPSED_AFTER.test(clause.slice(end, end + 12)) ||
      LAPSED_IN_ITEM.test(clause.slice(end, end + 64)) ||
      NOT_HELD_AFTER.test(clause.slice(end, end + 28))
    ) {
      return 'negated';
    }
    if (NO_RIGHT_BEFORE.test(before) && PHRASE_ENDS.test(clause.slice(end, end + 8))) return 'negated';
    if (FRAUD_AFTER.test(clause.slice(end, end + 48))) return 'topic';
    const named = clause.slice(start, end) + (PLURAL_ENDING.exec(clause.slice(end, end + 3))?.[0] ?? '');
    if (ROLES_PLURAL_AT_END.test(named) || namesGroup(clause, start, end)) return 'other-person';
    if (PROFESSIONALS_AFTER.test(clause.slice(end, end + 24))) return 'other-person';
    if (PROFESSIONALS_OWN_BEFORE.test(clause.slice(Math.max(0, start - 48), start))) return 'other-person';
    if (
      TRADE_UNIT_AFTER.test(clause.slice(end, end + 200)) &&
      TRADE_UNIT_BEFORE.test(clause.slice(Math.max(0, start - 200), start))
    ) {
      return 'other-person';
    }
    const covering = scopes.filter((scope) => start >= scope.start && start < scope.end).map((scope) => scope.status);
    return PRECEDENCE.find((status) => covering.includes(status)) ?? 'asserted';
  };
}
