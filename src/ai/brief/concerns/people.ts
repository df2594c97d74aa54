import { Terms } from '../terms.ts';
import { type Concern, guardedBy, NO_CONSENT, PERSONAL_DATA, PRIVATE_LIFE, t } from './vocabulary.ts';

export const PERSONAL_DATA_COLLECTION: Concern = {
  kind: 'collecting or scraping personal data without consent',
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
          'cop(y|ies|ied|ying)',
          'export*',
          'download*',
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
};

export const COVERT_TRACKING: Concern = {
  kind: 'surveillance and stalking',
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
          'without any (icon|icons|notification|notifications)',
          'never find* out',
          'without (her|him|them) noticing',
          'without (her|him|them) finding out',
          'invisibl*',
          'undetect*',
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
    // Into another person's accounts: "get into her WhatsApp", "read his messages".
    {
      together: [
        t(
          '(get|break|hack) into (her|his|their) (whatsapp|email|e-mail|account|accounts|phone|messages)',
          'read (her|his|their) (messages|texts|emails|e-mails)',
        ),
      ],
    },
  ],
  unless: guardedBy('remov*', 'check* for', 'find', 'safe*'),
};

/** The people a business or service deals with, besides applicants and tenants. */
const PEOPLE_SERVED = t(
  'guest*',
  'customer*',
  'client*',
  'patient*',
  'passenger*',
  'visitor*',
  'diner*',
  'shopper*',
  'member*',
  'pupil*',
  'student*',
  'borrower*',
  'buyer*',
  'booking*',
);
/** Kept out or served worse: refused, turned away, shown as unavailable. */
const TURNED_AWAY = t(
  'reject*',
  'filter*',
  'exclud*',
  'screen* out',
  'weed* out',
  'turn* away',
  'refus(e|es|ed|ing)',
  'block*',
  'ban',
  'bar',
  'declin(e|es|ed|ing)',
  'depriorit*',
  '(show|shows|showing|shown|mark|marked) as (unavailable|full|booked)',
  '(show|shows|showing|shown|mark|marked) (them|it|the|their) ? as (unavailable|full|booked)',
);
/** Who a person is: the protected characteristics other than age, sex, marriage and family. */
const CHARACTERISTIC_OF_PERSON = t(
  'pregnan*',
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
);

export const DISCRIMINATION: Concern = {
  kind: 'discrimination against job applicants, tenants, customers or guests for a protected characteristic',
  reason:
    'to turn away job applicants, tenants, customers or guests for their age, sex, pregnancy, race, religion, disability, family or another protected characteristic',
  patterns: [
    // Whoever a business serves may not be turned away for who they are either; age, family and benefits are left
    // out here, because an age limit on alcohol or an adults-only stay is lawful for guests and customers.
    { together: [PEOPLE_SERVED, TURNED_AWAY, CHARACTERISTIC_OF_PERSON] },
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
          // A recruiter's own verb for the shortlist it sends a client: "not to put forward anyone who…".
          'put* forward',
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
          'sift* out',
          'only (hire|see|shortlist|interview|employ)',
          "(not|n't|never) (hire|employ|shortlist)",
          'avoid (hiring|employing)',
          "(not|n't|never) (put|putting) forward",
          'not to put forward',
          "(not|n't|never) (pass|passing|send|sending) (them|anyone|candidates|applicants) (on|forward|through)",
          'depriorit*',
          'discard*',
          'declin(e|es|ed|ing)',
          'turn* away',
          'refus(e|es|ed|ing)',
          'prefer*',
        ),
        Terms.union(
          CHARACTERISTIC_OF_PERSON,
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
            'maternity',
            'mothers',
            'gender',
            'married',
            'marital',
            'benefits',
            'universal credit',
            'non-uk',
            'british',
            'children',
            'families',
          ),
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
};

const FINDING_OUT = t(
  'find*',
  'found',
  'track* down',
  'locat(e|es|ing)',
  'trac(e|es|ing)',
  'dig* up',
  'uncover*',
  'obtain*',
  'look* up',
  'work* out',
  'identif(y|ies|ying)',
);
/** Using what was found against the person. */
const EXPOSING = t(
  'dossier*',
  'doxx*',
  'dox',
  'name and shame',
  'expos(e|es|ing) (him|her|them)',
  'so that (he|she|they) (takes|take) (it|the|his|her|their) ? down',
  'so that (he|she|they) (removes|remove|withdraws|withdraw|deletes|delete|drops|drop)',
  '(intimidat*|harass*|threaten*|frighten*|scare) (him|her|them)',
  'teach (him|her|them) a lesson',
);

const AROUND_THE_PERSON = t(
  '(his|her|their) (employer|family|neighbours|neighbors|school|friends|colleagues|church|landlord)',
  '(his|her|their) (new|current) (employer|school|colleagues|landlord)',
);

export const DOXXING: Concern = {
  kind: 'harassment and doxxing',
  reason:
    "to dig up a person's private details (home address, family, children's school) or use them to expose, pressure or harass that person (doxxing)",
  patterns: [
    // A person's family and children's school are nobody's business but theirs.
    {
      together: [
        FINDING_OUT,
        t(
          'where (his|her|their) (children|kids|son|daughter) go* to school',
          "(his|her|their) (partner|wife|husband|children|kids|family) 's (name|names|school|address|workplace)",
          '(his|her|their) (daily|weekly) (routine|movements)',
        ),
      ],
    },
    { together: [FINDING_OUT, PRIVATE_LIFE], elsewhere: [EXPOSING] },
    { together: [EXPOSING] },
    // What was found, sent to the people around the person: "share parts of it with his new employer".
    {
      together: [t('shar(e|es|ing)', 'post*', 'publish*', 'send*', 'pass* on', 'circulat*'), AROUND_THE_PERSON],
      within: 8,
      elsewhere: [FINDING_OUT, PRIVATE_LIFE],
    },
  ],
  unless: t(
    'safeguard*',
    'missing',
    'reunit*',
    'welfare',
    'next of kin',
    'victim*',
    'survivor*',
    'protect*',
    'prevent*',
  ),
};
