import { type Concern, CREDENTIALS, DECEIVED_IDENTITY, guardedBy, PUBLIC_OPINION, t } from './vocabulary.ts';

const ACADEMIC_WORK = t(
  'essay*',
  'dissertation*',
  'thesis',
  'coursework',
  'assignment*',
  'homework',
  // Not "exam*": an X-ray room's "critical examination", "for example" and "examine the roof" are no coursework.
  'exams?',
  'personal statement*',
);

export const FAKE_REVIEWS: Concern = {
  kind: 'fake reviews, ratings and posts under false identities (astroturfing)',
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
};

export const PHISHING: Concern = {
  kind: 'phishing and stealing passwords or bank details',
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
};

export const ACADEMIC_CHEATING: Concern = {
  kind: 'academic cheating',
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
};

export const MONEY_FRAUD: Concern = {
  kind: 'fraud: a fake charity, shop, invoice, job or investment',
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
    // The "send us some and get double back" giveaway.
    {
      together: [
        t('send*', 'transfer*', 'deposit*'),
        t(
          'receive* double',
          'double back',
          'get double',
          'doubled back',
          'double your',
          'guaranteed return*',
          '2x back',
        ),
      ],
    },
  ],
  unless: guardedBy('spot*', 'warn*', 'educat*', 'honest*', 'accurate*'),
};

/** Organisations and people whose name lends a message trust. */
const TRUSTED_SENDERS = t(
  'supplier',
  'bank',
  'hmrc',
  'irs',
  'council',
  'police',
  'nhs',
  'government',
  'dvla',
  'courier',
  'post office',
  'royal mail',
  'insurer',
  'provider',
  'gp',
  'doctor',
  'regulator',
  'charity',
  'school',
  'landlord',
  'amazon',
  'paypal',
  'microsoft',
  'apple',
);

export const IMPERSONATION: Concern = {
  kind: 'impersonating another organisation or person',
  reason:
    'for messages or pages that pass themselves off as coming from another organisation or person (a bank, a supplier, a doctor, a public body), to deceive the people who get them',
  patterns: [
    {
      together: [
        t(
          '(look|looks|appear|appears|seem|seems|read|reads) (like|as)',
          '(appear|appears|seem|seems) to (come|be)',
          'pretend* to be',
          'pos(e|es|ed|ing) as',
          'as if (it|they) (came|come|comes|were|was)',
          'disguis* as',
        ),
        t('from'),
        TRUSTED_SENDERS,
      ],
    },
    // Trading on someone else's name: "bids using the name of a company that has the required insurance".
    {
      together: [
        t(
          '(use|uses|using|under) the name of (a|another|an|someone|somebody)',
          "(use|uses|using|under) (another|someone|somebody) (company|firm|person) 's name",
          "(another|different) (company|firm|person) 's (name|insurance|licence|license|accreditation|registration)",
        ),
      ],
    },
  ],
  unless: guardedBy('simulat*', 'exercise*', 'warn*', 'educat*'),
};

/** Saying the claims have nothing behind them: "We do not have any evidence, but it only needs to raise doubts". */
const NO_EVIDENCE = t(
  '(do|does|did) not have (any|the|real|much) (evidence|proof)',
  "(do|does|did) n't have (any|the|real|much) (evidence|proof)",
  '(do|does|did) not have (evidence|proof)',
  "(do|does|did) n't have (evidence|proof)",
  'have no (evidence|proof)',
  'without (any|real) (evidence|proof)',
  'raise doubts',
  'true or not',
  'not (actually|really) true',
  'is untrue',
  'are untrue',
);

/** What an accusation says a person did. */
const WRONGDOING = t(
  'took',
  'taken',
  'stole',
  'lied',
  'cheated',
  'abused',
  'bribed',
  'rigged',
  'arrested',
  'convicted',
  'fraud*',
  'corrupt*',
  'bribe*',
  'affair',
  'drunk',
  'racist',
  'embezzl*',
  'fiddl*',
);

export const DISINFORMATION: Concern = {
  kind: 'disinformation and smears',
  reason:
    'to spread false or unfounded claims about a person or organisation, or to pass campaign material off as independent (disinformation or a smear)',
  patterns: [
    // An accusation the author admits is unfounded: "leaflets saying that the other candidate was arrested… It is
    // not actually true".
    {
      together: [
        t('suggest*', 'claim*', 'impl(y|ies|ying)', 'hint*', 'insinuat*', 'accus*', 'alleg*', 'say*', 'saying'),
        WRONGDOING,
      ],
      within: 8,
      elsewhere: [NO_EVIDENCE],
    },
    {
      together: [
        t(
          'smear*',
          'fake news',
          'false (stories|rumours|rumors|claims|allegations|information|news)',
          'spread* (rumours|rumors|lies|misinformation|disinformation)',
          'disinformation',
        ),
      ],
    },
  ],
  unless: guardedBy('debunk*', 'fact-check*', 'fact check*', 'counter*', 'respond*', 'myth*', 'resilien*'),
};

/** A claim that a product cures a disease: "shrink tumours", "reverses your diabetes" (not "a cure for cancer"). */
const CURE = '(cure|cures|curing|shrink|shrinks|shrinking|reverse|reverses|reversing|heal|heals|healing)';
const DISEASE =
  '(cancer|cancers|tumour|tumours|tumor|tumors|diabetes|dementia|alzheimer*|autism|hiv|arthritis|depression|covid*|asthma|epilepsy|parkinson*|infertility)';
const CURE_CLAIMS = t(`${CURE} ${DISEASE}`, `${CURE} (your|their|the|his|her|all|most|any|type|many) ${DISEASE}`);
/** Treatment a product is said to replace, and the ways of saying so. */
const REPLACING = t(
  'instead of',
  'replac(e|es|ing) (their|your)',
  'stop (taking|their|your)',
  'stopped (taking|their)',
  'come off',
  'no need for',
);
const MEDICAL_TREATMENT = t(
  'chemotherapy',
  'chemo',
  'radiotherapy',
  'insulin',
  'vaccin*',
  'antibiotic*',
  'medication*',
  'treatment*',
);

export const HEALTH_CLAIMS: Concern = {
  kind: 'false or unproven health claims',
  reason:
    'to claim, without evidence, that a product cures or treats disease or can replace medical treatment (misleading health claims that can hurt people)',
  patterns: [
    { together: [CURE_CLAIMS] },
    {
      together: [REPLACING, MEDICAL_TREATMENT],
      within: 3,
      elsewhere: [
        t('supplement*', 'capsule*', 'tincture*', 'remed(y|ies)', 'herb*', 'oil', 'oils', 'tea', 'teas', 'product*'),
      ],
    },
  ],
  unless: guardedBy(
    'myth*',
    'misinformation',
    'misleading',
    'fact-check*',
    'debunk*',
    'evidence-based',
    'research*',
    'trial*',
    'nhs',
    'gp',
    'gps',
    'dietitian*',
    'adheren*',
    'support*',
    'safely',
    'side effects',
  ),
};

export const PLAGIARISM: Concern = {
  kind: "plagiarism: passing off other people's work as one's own",
  reason:
    "to pass other people's published work off as the requester's own (plagiarism), or to disguise copied work so that it gets past plagiarism checks",
  patterns: [
    {
      together: [
        t(
          'paraphras*',
          'rewrit(e|es|ing)',
          'reword*',
          'rephras*',
          'spin',
          'spinning',
          'copy',
          'copies',
          'copying',
          'reus(e|es|ing)',
          'translat*',
        ),
        t(
          'turnitin',
          'ithenticate',
          'copyscape',
          'plagiarism (check|checks|checker|checkers|detection|detector|detectors|software|tool|tools|scanner|scanners)',
          'undetectable',
          'ai detector*',
        ),
      ],
    },
  ],
  unless: guardedBy(
    'teach*',
    'integrity',
    'cite',
    'citing',
    'citation*',
    'referenc(e|es|ing)',
    'avoid plagiarism',
    'our own (work|guidance|articles|papers|reports)',
  ),
};

/** Papers that certify something happened. */
const CERTIFYING_PAPERS = t(
  'report*',
  'certificate*',
  'card',
  'cards',
  'record*',
  'log',
  'logs',
  'logbook*',
  'checklist*',
  'form',
  'forms',
  'results',
  'ticket*',
  'licen(c|s)e*',
  'passport*',
);
const FILLING_IN = t(
  'complet(e|es|ing)',
  'sign',
  'signs',
  'signing',
  'fill* in',
  'fill* out',
  'produc(e|es|ing)',
  'print*',
  'issu(e|es|ing)',
  'creat(e|es|ing)',
  'make',
  'mak(es|ing)',
  'mark',
  'marks',
  'marked',
  'marking',
  'tick*',
  'certif(y|ies|ying)',
  'stamp*',
  'design*',
);
/** The check, course or visit the paper certifies did not happen. */
const NOT_DONE = t(
  '(not|never) been able to (visit|inspect|test|check|examine|do|complete|attend|service)',
  '(have|has|had) not (visited|inspected|tested|checked|examined|done|completed|attended|passed|taken|trained|serviced)',
  "(have|has|had) n't (visited|inspected|tested|checked|examined|done|completed|attended|passed|taken|trained|serviced)",
  'never (visited|inspected|tested|checked|examined|done|completed|attended|passed|taken|trained|serviced)',
  '(have|has|had) not been (visited|inspected|tested|checked|examined|done|completed|serviced)',
  'without (visiting|inspecting|testing|checking|examining|attending|training|servicing)',
  'pass a quick (look|check|glance)',
  '(look|looks) (genuine|real|authentic)',
  '? - style',
);

export const FALSE_CERTIFICATION: Concern = {
  kind: 'falsified certificates, inspections, test results or training records',
  reason:
    'to produce certificates, inspection reports, test results or training records for checks, courses or visits that did not take place',
  patterns: [
    { together: [FILLING_IN, CERTIFYING_PAPERS, NOT_DONE] },
    // The papers now, the real thing "later in the year".
    {
      together: [FILLING_IN, CERTIFYING_PAPERS],
      elsewhere: [
        t(
          '(do|take|sit|attend) the (real|actual|proper) (course|courses|training|test|tests|exam|exams|inspection|inspections)',
          'get round to (visiting|inspecting|testing|checking|doing) (them|it) properly',
          'get around to (visiting|inspecting|testing|checking|doing) (them|it) properly',
        ),
      ],
    },
  ],
  unless: t(
    'verif*',
    'audit*',
    'detect*',
    'spot',
    'spotting',
    'prevent*',
    'correct*',
    'accurate*',
    'honest*',
    'once (each|every|the|it|they)',
    'after (each|every|the)',
    'prop',
    'props',
    'film',
    'theatre',
  ),
};

/** Figures stated as other than they are: "twice our real income", "declare the shipments at a lower value". */
const MISSTATED = t(
  '(twice|double|triple) (our|my|their|the) (real|actual|true) ?',
  '(twice|double|triple) what (we|i|they) (earn|make|take)',
  'at a (lower|higher) value',
  'under-declar*',
  'underdeclar*',
  'undervalu*',
  'overstat*',
  'understat*',
  'inflat* (our|my|the|their) (income|turnover|figures|claim|costs|losses|damage)',
  'exaggerat* the (damage|claim|loss|losses|injury|injuries)',
  '(worse|bigger|higher|larger|greater) than it (is|was|really|actually)',
  'than (it|they) (really|actually) (is|are|was|were)',
);

export const FALSE_STATEMENTS: Concern = {
  kind: 'false figures or statements to a bank, insurer, lender, customs or tax authority',
  reason:
    'to give a bank, insurer, lender, funder, customs or tax authority false figures or statements so that it pays out, lends or charges less (fraud)',
  patterns: [
    {
      together: [MISSTATED],
      elsewhere: [
        t(
          'bank',
          'mortgage',
          'loan',
          'lender*',
          'insur*',
          'customs',
          'duty',
          'duties',
          'tax',
          'hmrc',
          'grant',
          'funder*',
          'benefit*',
          'claim',
          'pays',
          'approves',
        ),
      ],
    },
  ],
  unless: guardedBy('correct*', 'accurate*', 'honest*', 'entitled', 'audit*', 'check*'),
};
