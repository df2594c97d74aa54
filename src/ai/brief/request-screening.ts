import type { ParsedText, Sentence, Token } from '../taxonomy/text-parser.ts';
import { Terms } from './terms.ts';

/**
 * Unlawful or unethical requests, read from what a sentence asks for rather than from single words: a concern fires
 * only when its concepts meet in one sentence that is a request of the author (it says "we", "I", "us" or "me", or
 * gives an instruction), and no word in that sentence turns it round ("detect fake reviews", "audit the
 * personal data we hold", "a fairer shortlisting process"). So a privacy audit, a fraud-prevention project or a
 * knife-crime campaign passes, while "scrape the email addresses of people who have not signed up" does not.
 *
 * Each concern's `reason` completes "It asks …" and is what the company reads.
 */
type Pattern = {
  /** Concepts that must all appear in the same request sentence. */
  together: Terms[];
  /** At most this many tokens from a hit of the first concept to a hit of the second. */
  within?: number;
  /** Concepts that may appear anywhere in the brief (a "they have not signed up" two sentences later). */
  elsewhere?: Terms[];
};

type Concern = { reason: string; patterns: Pattern[]; unless: Terms };

const t = (...phrases: string[]) => new Terms(phrases);

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
  'report',
  'reporting',
  'victim*',
  'survivor*',
];
const guardedBy = (...extra: string[]) => t(...GUARDING, ...extra);

/** A guarding word right after one of these is negated: "so they are not flagged", "get past the filters". */
const NEGATORS = new Set(['not', "n't", 'never', 'no', 'without', 'avoid', 'avoiding', 'past', 'evade', 'escape']);
const NEGATION_REACH = 3;

const PERSONAL_DATA = t(
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
);
const NO_CONSENT = t(
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
  'not opted in',
  "n't opted in",
  'not consented',
  "n't consented",
  'not agreed',
  "n't agreed",
);
const DECEIVED_IDENTITY = t(
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
);
/** Where the public forms a view: reviews, comments, meetings, consultations, groups and campaigns. */
const PUBLIC_OPINION = t(
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
const CREDENTIALS = t(
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
const ACADEMIC_WORK = t(
  'essay*',
  'dissertation*',
  'thesis',
  'coursework',
  'assignment*',
  'homework',
  'exam*',
  'personal statement*',
);
const WEAPONS = t(
  'gun',
  'guns',
  'firearm*',
  'rifle*',
  'pistol*',
  'handgun*',
  'shotgun*',
  'ammunition',
  'ammo',
  'explosives',
  'explosive device*',
  'bomb',
  'bombs',
  'grenade*',
  'silencer*',
  'suppressor*',
  'detonator*',
  'weapon*',
  'crossbow*',
  'taser*',
);

const CONCERNS: Concern[] = [
  {
    reason:
      "to collect people's personal details (such as email addresses or phone numbers) by scraping or without their consent",
    patterns: [
      // Scraping, harvesting or buying people's details is collecting them without their consent by its nature.
      {
        together: [
          t('scrap(e|es|ed|er|ers|ing)', 'harvest*', 'crawl(er|ers|ing)?', 'buy', 'buying', 'bought', 'purchas*'),
          PERSONAL_DATA,
        ],
      },
      {
        together: [
          t(
            'collect*',
            'gather*',
            'compil(e|es|ed|ing)',
            'extract*',
            'pull*',
            'grab*',
            'sell*',
            'shar(e|es|ed|ing)',
            'pass* on',
          ),
          PERSONAL_DATA,
        ],
        elsewhere: [NO_CONSENT],
      },
      // Other people's details for selling to them: "the mobile numbers of all the parents at Oakfield Primary".
      {
        together: [
          t('get', 'obtain*', 'find', 'collect*', 'gather*', 'compil(e|es|ed|ing)', 'pull*'),
          PERSONAL_DATA,
          t(
            'of (all|everyone|every|people|residents|parents|strangers)',
            'of all the',
            'of the (parents|residents|people)',
            "everyone 's",
            'electoral roll',
            'of other (charities|organisations|organizations|companies|groups)',
          ),
        ],
        elsewhere: [
          t(
            'market*',
            'advertis*',
            'promot*',
            'sell*',
            '(text|call|email|message) them about',
            'cold (call|calls|email|emails)',
            'fundrais*',
            'business',
          ),
        ],
      },
      // A rival's customers never agreed to share their details with anyone else.
      { together: [t('competitor*', 'rival*'), PERSONAL_DATA] },
    ],
    unless: guardedBy(
      'audit*',
      'compl(y|ies|iant|iance)',
      'delet*',
      'eras(e|ed|ing|ure)',
      'lawful*',
      'minimi(s|z)*',
      'anonymi(s|z)*',
      'secur*',
      'map',
      'opt-in',
      'opted',
      'consented',
      '(sign|signs|signed) up',
      'subscrib*',
    ),
  },
  {
    reason: 'for fake reviews, ratings or posts written under false identities to mislead the public',
    patterns: [
      { together: [DECEIVED_IDENTITY, PUBLIC_OPINION] },
      // Accounts or videos that are fake by their nature deceive whatever they are used for.
      {
        together: [
          t(
            'fake (account|accounts|profile|profiles)',
            'fake ? (account|accounts|profile|profiles)',
            'sock puppet*',
            'deepfake*',
            'deep-fake*',
          ),
        ],
      },
      // Ratings from people who have not used the thing rated.
      {
        together: [
          PUBLIC_OPINION,
          t(
            "even if they (do|have|did) n't",
            'even if they (do|have|did) not',
            '(never|not) (used|visited|eaten|stayed|bought|tried)',
            "n't (used|visited|eaten|stayed|bought|tried)",
            'without (using|visiting|eating|staying|buying|trying)',
          ),
        ],
      },
      {
        together: [t('fake', 'false', 'fabricated', 'made-up', 'bogus', 'invented', 'paid-for'), PUBLIC_OPINION],
        within: 3,
      },
    ],
    unless: guardedBy('flag*', 'moderat*', 'remov*', 'stop*', 'verif(y|ied|ies|ication)'),
  },
  {
    reason:
      'for a page or message that imitates another organisation to trick people into giving their passwords or bank details',
    patterns: [
      {
        together: [t('run', 'send', 'launch', 'create', 'build', 'design', 'write', 'set up', 'start'), t('phishing')],
        within: 3,
      },
      {
        together: [
          t(
            'look* like',
            'look* exactly like',
            'copy of',
            'clon(e|es|ed|ing)',
            'imitat*',
            'mimic*',
            'spoof*',
            'fake',
            'pretend*',
          ),
          t('collect*', 'captur*', 'harvest*', 'record*', 'get', 'obtain*', 'grab*', 'steal*', 'enter*', 'hand over'),
          CREDENTIALS,
        ],
      },
      { together: [t('steal*', 'stole*'), CREDENTIALS] },
    ],
    unless: guardedBy('simulat*', 'exercise*', 'test', 'testing', 'secur(e|ely)', 'encrypt*', 'hash*'),
  },
  {
    reason:
      "someone to do academic work (an essay, a dissertation, an exam) that will be handed in as another person's own",
    patterns: [
      {
        together: [ACADEMIC_WORK],
        elsewhere: [
          t(
            'as my own',
            'as our own',
            'as his own',
            'as her own',
            'as their own',
            'my own work',
            'under my name',
            'on my behalf',
            'pass it off',
            'pass them off',
            'turnitin',
            'plagiarism check*',
            'someone to (write|do|take|sit|complete)',
            '(write|do|complete|finish) (my|our)',
            '(take|sit) my',
            'ghostwrit*',
            'exam (questions|papers|answers)',
            'get (us|me) the (questions|answers|paper|papers)',
            'leak*',
            'before the exam',
            'ghost-writ*',
          ),
        ],
      },
    ],
    unless: guardedBy('avoid plagiarism', 'integrity', 'tutor*', 'teach*', 'revision', 'practice', 'mock'),
  },
  {
    reason:
      'for help hiding things from inspectors, regulators or funders, falsifying records, or getting around safety or legal rules',
    patterns: [
      {
        together: [
          t(
            'evad*',
            'dodg*',
            'bypass*',
            'circumvent*',
            'get around',
            'get round',
            'hid(e|es|ing)',
            'cover* up',
            'fool*',
            'trick*',
            'deceiv*',
            'cheat*',
            'ignor(e|ing)',
          ),
          t(
            'inspect(ion|ions|or|ors)',
            'regulator*',
            'regulation*',
            'safety rules',
            'safety checks',
            'health and safety',
            'tax',
            'taxes',
            'customs',
            'auditor*',
            'emission* test*',
            'licen(c|s)e*',
            'permit*',
            'planning permission',
            'the law',
            'minimum wage',
            'environmental health',
            'trading standards',
            'gdpr',
          ),
        ],
      },
      {
        together: [
          t(
            'off the books',
            'below minimum wage',
            'below the minimum wage',
            'under the minimum wage',
            'without (hmrc|inspectors|regulators|auditors|anyone|authorities) (finding|knowing|noticing)',
            'without the (inspector|inspectors|regulator|council|authorities|police|taxman) (finding|knowing|noticing)',
            'defeat device*',
            'without telling (the|our) (funder|funders|council|bank|insurer|insurers|donors|trustees|auditor|auditors|regulator|inspector|inspectors|parents|authorities)',
            '(have|has) no right to work',
            "(do|does) n't have (the|a) right to work",
            'without (the|a) right to work',
            'illegal (workers|immigrants)',
          ),
        ],
      },
      // Passing a test while doing otherwise: "so they pass the emissions test but pollute more on the road".
      { together: [t('pass*'), t('test*', 'inspection*', 'check*'), t('but', 'while', 'yet'), t('pollut*', 'unsafe')] },
      {
        together: [
          t('falsif*', 'backdat*', 'forg(e|es|ed|ing)', 'doctor(ed|ing)', 'fabricat*', 'fake'),
          t(
            'note',
            'notes',
            'payslip*',
            'pay slips',
            'statement*',
            'reference*',
            'prescription*',
            'qualification*',
            'degree*',
            'diploma*',
            'passport*',
            'record*',
            'log',
            'logs',
            'certificate*',
            'document*',
            'signature*',
            'result*',
            'timesheet*',
            'accounts',
            'invoice*',
            'receipt*',
            'report*',
          ),
        ],
        within: 4,
      },
      {
        together: [
          t('disabl*', 'bypass*', 'overrid*', 'switch* off', 'turn* off', 'tamper*', 'lock*', 'block*', 'chain*'),
          t(
            'fire exit*',
            'fire door*',
            'fire escape*',
            'emergency exit*',
            'safety guard*',
            'guard*',
            'interlock*',
            'smoke alarm*',
            'fire alarm*',
            'speed limiter*',
            'tachograph*',
            'safety device*',
          ),
        ],
      },
    ],
    unless: guardedBy(
      'compl(y|ies|iant|iance)',
      'prepar*',
      'correct*',
      'lawful*',
      'legal*',
      'properly',
      'check*',
      'clear',
      'accurate*',
    ),
  },
  {
    reason:
      'to turn away job applicants or tenants for their age, sex, pregnancy, race, religion, disability, family or another protected characteristic',
    patterns: [
      {
        together: [
          t(
            'applicant*',
            'candidate*',
            'cv',
            'cvs',
            'application*',
            'recruit*',
            'hire',
            'hiring',
            'shortlist*',
            'interview*',
            'job ad*',
            'vacanc*',
            'employ*',
            'tenant*',
            'lodger*',
            'renter*',
            'let to',
          ),
          t(
            'want a (young|younger|male|female)',
            '(must|should) be (young|younger|male|female|under)',
            '(must|should) be a (man|woman)',
            'no (women|men|older|disabled|foreigners|families|children)',
            'only (young|younger|men|women|male|female)',
            'reject*',
            'filter*',
            'exclud*',
            'screen* out',
            'weed* out',
            'rule* out',
            'only (hire|see|shortlist|interview|employ)',
            "(not|n't|never) (hire|employ|shortlist)",
            'avoid (hiring|employing)',
            'depriorit*',
            'discard*',
          ),
          t(
            'over #',
            'under #',
            'older',
            'younger',
            'age',
            'aged',
            'women',
            'woman',
            'female*',
            'men',
            'pregnan*',
            'maternity',
            'mothers',
            'race',
            'racial',
            'ethnic*',
            'black',
            'asian',
            'religio*',
            'muslim*',
            'jewish',
            'christian*',
            'hindu*',
            'sikh*',
            'headscarf*',
            'hijab*',
            'disab*',
            'wheelchair*',
            'foreign*',
            'accent*',
            'nationalit*',
            'immigrant*',
            'migrant*',
            'gay',
            'lesbian',
            'transgender',
            'gender',
            'married',
            'marital',
            'benefits',
            'children',
            'families',
          ),
        ],
      },
    ],
    unless: guardedBy(
      'fair*',
      'bias*',
      'inclusiv*',
      'divers*',
      'equal*',
      'discriminat*',
      'accessib*',
      'adjustment*',
      'audit*',
      'anonymi(s|z)*',
      'blind',
    ),
  },
  {
    reason: "to secretly track or monitor a person (their location, messages or calls) without that person's knowledge",
    patterns: [
      {
        together: [
          t(
            'secretly',
            'in secret',
            'covert*',
            'hidden (camera|cameras|tracker|trackers|app|apps|microphone|microphones)',
            'without (her|him|them) knowing',
            'without (her|his|their) knowledge',
            'without telling',
            'behind (her|his|their) back',
          ),
          t(
            'track*',
            'monitor*',
            'locat*',
            'message*',
            'texts',
            'calls',
            'whereabouts',
            'browsing',
            'follow*',
            'watch*',
            'record*',
            'listen*',
            'camera*',
            'phone*',
            'spy*',
          ),
        ],
      },
      { together: [t('spy on', 'spying on', 'stalk*', 'spyware', 'stalkerware', 'keylogger*')] },
    ],
    unless: guardedBy('remov*', 'check* for', 'find', 'safe*'),
  },
  {
    reason: 'to deceive people into paying or donating money (a fake charity, shop, invoice, job or investment)',
    patterns: [
      {
        together: [
          t('fake', 'sham', 'bogus', 'pretend', 'made-up'),
          t(
            'charit(y|ies)',
            'fundrais(er|ers|ing)',
            'appeal*',
            'invoice*',
            'compan(y|ies)',
            'shop*',
            'store*',
            'job*',
            'investment*',
            'website*',
          ),
        ],
        within: 3,
      },
      {
        together: [
          t('insur*'),
          t('look* like an accident', 'stag(e|ed|ing)', 'fake*', 'pretend*', 'exaggerat*', 'inflat*', 'make it look'),
        ],
      },
      {
        together: [
          t(
            'keep the (money|donations)',
            'pocket the (money|donations)',
            'lur(e|es|ed|ing) people into',
            'trick* people into',
          ),
        ],
      },
    ],
    unless: guardedBy('spot*', 'warn*', 'educat*', 'honest*', 'accurate*'),
  },
  {
    reason: 'for help growing, making or selling illegal drugs',
    patterns: [
      {
        together: [
          t('grow*', 'sell*', 'supply*', 'make', 'cook*', 'produc(e|es|ing)', 'import*', 'smuggl*', 'deal*'),
          t(
            'cannabis',
            'weed',
            'cocaine',
            'heroin',
            'meth',
            'methamphetamine',
            'mdma',
            'ecstasy',
            'ketamine',
            'dealers',
          ),
        ],
        within: 6,
      },
    ],
    unless: guardedBy(
      'research*',
      'stud(y|ying|ies)',
      'polic(y|ies)',
      'treatment',
      'recovery',
      'harm',
      'licen(c|s)ed',
      'prescri*',
      'medic*',
    ),
  },
  {
    reason: "for help selling or keeping other people's property behind their backs",
    patterns: [
      { together: [t('sell*', 'buy*', 'fence', 'shift', 'move'), t('stolen')] },
      {
        together: [
          t('sell*', 'keep*', 'take*', 'use'),
          t('without (the|their) (owner|owners|customers|victims) (finding|knowing|noticing)'),
        ],
      },
    ],
    unless: guardedBy('return*', 'trac(e|ing) (the|their) owners'),
  },
  {
    reason: 'for help making or selling counterfeit goods or forged documents',
    patterns: [
      // Papers for something that never happened: "degree certificates for staff who never studied there".
      {
        together: [
          t('certificate*', 'degree*', 'diploma*', 'qualification*', 'reference*', 'licen(c|s)e*'),
          t(
            '(never|not) (studied|attended|trained|worked|passed|took|sat|qualified)',
            "n't (studied|attended|trained|worked|passed|took|sat|qualified)",
            'did not (study|attend|train|work|pass|take|sit|qualify)',
          ),
        ],
      },
      {
        together: [
          t('counterfeit*', 'replica*', 'knock-off*', 'knockoff*', 'imitation*', 'copies of', 'forged', 'fake'),
          t(
            'designer',
            'brand*',
            'logo*',
            'handbag*',
            'bags',
            'watches',
            'trainers',
            'sneakers',
            'perfume*',
            'luxury',
            'banknote*',
            'bank notes',
            'money',
            'currenc*',
            'passport*',
            'id card*',
            'identity document*',
            'driving licen(c|s)e*',
            'diploma*',
            'degree certificate*',
          ),
        ],
        within: 4,
      },
    ],
    unless: guardedBy('authentic*', 'remov*', 'seiz*', 'trading standards', 'prop', 'props', 'play', 'film', 'toy'),
  },
  {
    reason: 'for help making or selling weapons, or weapons that cannot be traced',
    patterns: [
      {
        together: [
          t(
            'mak(e|es|ing)',
            'build*',
            'design',
            'print',
            'printing',
            'manufactur*',
            'assembl*',
            'produc(e|es|ing)',
            'sell*',
            'supply*',
            'sourc(e|es|ing)',
            'buy*',
            'convert*',
            'smuggl*',
            'import*',
          ),
          WEAPONS,
        ],
        within: 5,
      },
      {
        together: [
          t('untraceable', 'unregistered', 'unlicen(c|s)ed', 'without serial number*', 'no serial number*', 'illegal*'),
          WEAPONS,
        ],
      },
    ],
    // Besides guarding words: things that share a weapon's name ("gun safe", "glue gun", "bath bomb", "bomb shelter").
    unless: guardedBy(
      'amnesty',
      'reduc*',
      'surrender*',
      'deactivat*',
      'museum*',
      'histor*',
      'display*',
      'disposal',
      'safe',
      'safes',
      'storage',
      'cabinet*',
      'shelter*',
      'bath',
      'seed',
      'water',
      'glue',
      'nail',
      'spray',
      'heat',
      'staple',
      'paint',
      'toy',
      'toys',
      'nerf',
      'starting',
      'prop',
      'props',
    ),
  },
];

const FIRST_PERSON = new Set(['we', 'i', 'us', 'me']);
const DIRECTIVES = new Set(['should', 'must', 'will', 'need', 'needs', 'shall']);

export type Refusal = {
  /** Completes "It asks …". */
  reason: string;
  /** The sentence that asks it, as written. */
  sentence: string;
};

/** Why an unlawful or unethical request is refused, and the sentence that makes it; null when none does. */
export function unlawfulRequest(parsed: ParsedText): Refusal | null {
  const requests = parsed.sentences.filter((sentence) => isRequest(parsed.tokens, sentence));
  for (const concern of CONCERNS) {
    for (const pattern of concern.patterns) {
      if (pattern.elsewhere && !pattern.elsewhere.every((concept) => concept.has(parsed.tokens))) continue;
      for (const sentence of requests) {
        if (matchesIn(parsed.tokens, sentence, pattern) && !guarded(parsed.tokens, sentence, concern.unless)) {
          return { reason: concern.reason, sentence: sentence.text.trim() };
        }
      }
    }
  }
  return null;
}

/**
 * The author asks for it: first person or an instruction ("Build us…"). A title that is neither only names a topic
 * ("Phishing"), which a training brief shares with a scam.
 */
function isRequest(tokens: Token[], sentence: Sentence): boolean {
  const words = tokens.slice(sentence.firstToken, sentence.endToken).filter((token) => token.type === 'word');
  if (words.some((token) => FIRST_PERSON.has(token.lower))) return true;
  // "Our staff should write reviews…": a directive about the author's own people.
  if (words[0]?.lower === 'our' && words.some((token) => DIRECTIVES.has(token.lower))) return true;
  return words[0]?.pos === 'VERB' && /^[A-Z]/.test(words[0].value);
}

function matchesIn(tokens: Token[], sentence: Sentence, pattern: Pattern): boolean {
  const hits = pattern.together.map((concept) => concept.hits(tokens, sentence.firstToken, sentence.endToken));
  if (hits.some((found) => found.length === 0)) return false;
  if (pattern.within === undefined) return true;
  const reach = pattern.within;
  return hits[0].some((a) => hits[1].some((b) => Math.abs(b.first - a.first) <= reach));
}

function guarded(tokens: Token[], sentence: Sentence, unless: Terms): boolean {
  return unless.hits(tokens, sentence.firstToken, sentence.endToken).some((hit) => {
    const before = tokens.slice(Math.max(sentence.firstToken, hit.first - NEGATION_REACH), hit.first);
    return !before.some((token) => NEGATORS.has(token.lower));
  });
}
