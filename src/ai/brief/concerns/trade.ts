import { type Concern, guardedBy, t } from './vocabulary.ts';

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

export const EVADING_REGULATORS: Concern = {
  kind: 'evading inspectors, regulators, tax or safety rules, or falsifying records',
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
          'hidden',
          'keep* ? out of',
          'keep* ? ? out of',
          'not trigger',
          'will not trigger',
          "wo n't trigger",
          'not pick* it up',
          'under the radar',
        ),
        t(
          'hmrc',
          'irs',
          'vat',
          'tax return*',
          'official records',
          'mot',
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
          'not on the books',
          'below minimum wage',
          'below the minimum wage',
          'under the minimum wage',
          'without (hmrc|inspectors|regulators|auditors|anyone|authorities) (finding|knowing|noticing)',
          'without the (inspector|inspectors|regulator|council|authorities|police|taxman) (finding|knowing|noticing)',
          'defeat device*',
          'without telling (the|our) (funder|funders|council|bank|insurer|insurers|donors|trustees|auditor|auditors|regulator|inspector|inspectors|parents|authorities)',
          '(have|has) no right to work',
          "(do|does) n't have (the|a) right to work",
          '(do|does) not have (the|a) right to work',
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
};

export const ILLEGAL_DRUGS: Concern = {
  kind: 'illegal drugs',
  reason: 'for help growing, making or selling illegal drugs',
  patterns: [
    {
      together: [
        t('grow*', 'sell*', 'supply*', 'make', 'cook*', 'produc(e|es|ing)', 'import*', 'smuggl*', 'deal*'),
        // Not "dealers": a share, car or antiques dealer is no drug ("our dealers see the large orders").
        t('cannabis', 'weed', 'cocaine', 'heroin', 'meth', 'methamphetamine', 'mdma', 'ecstasy', 'ketamine'),
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
};

export const STOLEN_PROPERTY: Concern = {
  kind: 'handling stolen property',
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
};

export const COUNTERFEITS: Concern = {
  kind: 'counterfeit goods and forged documents',
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
  // Checking authenticity guards; "sold as authentic" is the deception itself, so only the verb does.
  unless: guardedBy('authenticat*', 'remov*', 'seiz*', 'trading standards', 'prop', 'props', 'play', 'film', 'toy'),
};

export const WEAPONS_TRADE: Concern = {
  kind: 'making or selling weapons',
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
};

export const IP_INFRINGEMENT: Concern = {
  kind: 'piracy and copyright or trademark infringement',
  reason:
    "to copy, strip or resell other people's copyrighted work or brands without their permission (piracy or infringement)",
  patterns: [
    {
      together: [
        t('remov*', 'strip*', 'crop*', 'blur*', 'edit* out', 'get rid of', 'bypass*', 'crack*', 'circumvent*'),
        t(
          'watermark*',
          'drm',
          'copy protection',
          'copy-protection',
          'licen(c|s)e (check|checks|key|keys)',
          'serial key*',
          'copyright notice*',
          'paywall*',
        ),
      ],
      within: 6,
    },
    {
      together: [
        t('(re-upload|reupload|re-sell|resell|republish|re-publish|repost|re-post|redistribut)*'),
        t('their', 'other', 'others', 'original', 'someone', 'somebody', 'bought', 'purchased', 'downloaded'),
      ],
    },
    {
      together: [
        t(
          'pirat(e|ed|es|ing)',
          'cracked (software|copies|version|versions|games|apps|licences|licenses)',
          'bootleg*',
          'torrent*',
          'illegal (copies|downloads|streams|streaming)',
        ),
      ],
    },
  ],
  unless: guardedBy(
    'licen(c|s)ed from',
    'permission',
    'our own (photos|images|videos|content|work|course|courses|book|books|music|software)',
    'public domain',
    'creative commons',
    'anti-piracy',
  ),
};

/** Hiding where money comes from or goes to. */
const HIDING_MONEY = t(
  'so that (our|the) (bank|banks|auditor|auditors|accountant|accountants) (does|do|will|would) not (flag|notice|spot|see|question|report|query)',
  "so that (our|the) (bank|banks|auditor|auditors|accountant|accountants) (does|do|will|would) n't (flag|notice|spot|see|question|report|query)",
  'so (our|the) (bank|banks|auditor|auditors) (does|do|will|would) not (flag|notice|spot|see|question|report|query)',
  'without (our|the) (bank|banks) (flagging|noticing|asking|questioning)',
  '(do|does) not mention the (end|real|actual|final) (client|customer|buyer|recipient|user)',
  "(do|does) n't mention the (end|real|actual|final) (client|customer|buyer|recipient|user)",
  'hid(e|es|ing) (where|who) the (money|payment|payments|funds)',
  'disguis* the (payment|payments|money|funds|source|origin|client|customer|buyer)',
  'in (smaller|small) amounts',
  '(below|under) the reporting (limit|threshold)',
  'shell compan*',
  'launder*',
  'front compan*',
  'through a ? company (in|that|owned)',
);

export const MONEY_LAUNDERING: Concern = {
  kind: 'money laundering and evading sanctions',
  reason:
    'to hide where money comes from or goes to, or to get around sanctions or the checks banks make against money laundering',
  patterns: [
    { together: [HIDING_MONEY], elsewhere: [t('payment*', 'invoice*', 'money', 'funds', 'cash', 'transfer*')] },
    {
      together: [
        t('get around', 'get round', 'avoid*', 'evad*', 'bypass*', 'circumvent*', 'break*', 'despite', 'still'),
        t('sanction*', 'embargo*'),
      ],
      within: 6,
    },
  ],
  unless: guardedBy(
    'compl(y|ies|iant|iance)',
    'aml',
    'anti-money',
    'due diligence',
    'know your customer',
    'kyc',
    'lawful*',
    'legally',
  ),
};

/** Competitors agreeing not to compete. */
const CARTEL = t(
  'stop competing',
  'not compete',
  "n't compete",
  'not to compete',
  'no longer compete',
  'price fixing',
  'price-fixing',
  'fix (our|the|their) prices',
  'fix prices',
  'bid rigging',
  'bid-rigging',
  'cover (price|prices|bid|bids)',
  'take turns (to|winning|at)',
  'bid (high|higher) on',
  "the others ' (quotes|prices|bids|tenders)",
  "each other 's (quotes|prices|bids|tenders|areas|customers|postcodes|clients)",
  "(competitors|rivals) ' (quotes|bids|tenders) before",
  'not look like an agreement',
  '(split|divide) the (postcodes|areas|territory|territories|customers|market|town|contracts)',
  'carve up the (postcodes|areas|territory|territories|customers|market|town|contracts)',
  'all charge (at|the)',
  'agreed (minimum|common) prices',
);

export const PRICE_FIXING: Concern = {
  kind: 'price fixing and sharing out markets between competitors',
  reason:
    'for competitors to agree their prices or share out customers, areas or tenders between them (price fixing, a cartel)',
  patterns: [
    { together: [CARTEL] },
    // The agreement stated as the background, the work asked to run it: "…have agreed to take turns winning the
    // contracts. We need a shared tracker so each firm knows which tenders to bid high on."
    {
      together: [
        t('tender*', 'bid', 'bids', 'bidding', 'quote*', 'price*', 'pricing', 'contract*', 'postcodes', 'areas'),
      ],
      elsewhere: [CARTEL],
    },
  ],
  unless: guardedBy(
    'competition law',
    'compl(y|ies|iant|iance)',
    'cma',
    'whistleblow*',
    'investigat*',
    'analys(e|es|ed|ing|is)',
  ),
};

/** Products the law keeps from children. */
const AGE_RESTRICTED = t(
  'vape*',
  'vaping',
  'e-cigarette*',
  'cigarette*',
  'tobacco',
  'nicotine',
  'alcohol*',
  'beer*',
  'wine*',
  'spirits',
  'cider',
  'alcopop*',
  'gambling',
  'betting',
  'casino*',
  'scratchcard*',
  'knives',
  'fireworks',
  'pub',
  'pubs',
  'nightclub*',
  'cocktail*',
  'shots',
  'booze',
  'lager',
  'prosecco',
  'drinks (offer|offers|promotion|promotions|deal|deals)',
  'happy hour',
);
const CHILDREN = t(
  '# to (13|14|15|16|17) year olds',
  '(11|12|13|14|15|16|17) year olds',
  '(11|12|13|14|15|16|17)-year-olds',
  'under-18s',
  'under-16s',
  'under (16|18) s',
  'under (16|18)',
  'minors',
  'teenagers',
  'teens',
  'children',
  'kids',
  'pupils',
  'schoolchildren',
  'secondary school*',
);

export const AGE_RESTRICTED_TO_CHILDREN: Concern = {
  kind: 'selling or marketing age-restricted products to children',
  reason: 'to sell or market age-restricted products (such as vapes, alcohol or gambling) to children',
  patterns: [
    {
      together: [
        t(
          'aim*',
          'target*',
          'market*',
          'sell*',
          'advertis*',
          'promot*',
          'campaign*',
          'reach*',
          'appeal* to',
          'influencer*',
        ),
        CHILDREN,
      ],
      elsewhere: [AGE_RESTRICTED],
    },
    {
      together: [
        t(
          'skip* (the|any) age',
          'skip age',
          'bypass* (the|any) age',
          'without (an|any) age (check|checks|verification)',
          'no age (check|checks|verification)',
          'no id (needed|required|checked|check|checks)',
          'without checking id',
          'without asking for id',
          '(do|does) not check id',
          "(do|does) n't check id",
          'so parents (do|does|will) not (notice|find|see|know)',
          'so their parents (do|does|will) not (notice|find|see|know)',
          "so parents (do|does|will) n't (notice|find|see|know)",
        ),
      ],
      elsewhere: [AGE_RESTRICTED],
    },
  ],
  unless: guardedBy(
    'danger*',
    'risk*',
    'harm*',
    'quit*',
    'stop*',
    'cessation',
    'reduc*',
    'educat*',
    'health',
    'underage sales',
    'safe*',
  ),
};
