import { COVERTLY, type Concern, CREDENTIALS, guardedBy, t } from './vocabulary.ts';

/** Requests against computer systems and the people who use them: break-ins, software that steals, and spam. */

/** What a break-in is into. */
const SYSTEMS = t(
  'system*',
  'network*',
  'account*',
  'server*',
  'database*',
  'portal*',
  'website*',
  'site',
  'email*',
  'e-mail*',
  'inbox*',
  'phone*',
  'laptop*',
  'computer*',
  'cctv',
  'camera*',
  'wifi',
  'router*',
);

/** Hiding a visit from the owner of the system: "so their IT team cannot tell it is us". */
const HIDING_FROM_OWNER = t(
  '(should|must|will) not be able to tell',
  "(ca|can|could) n't tell it (is|was) us",
  '(can|could) not tell it (is|was) us',
  '(route|routed|routing|send|sent|sending) (it|them|traffic|requests|everything) through (different|rotating|other|several|many) (ip|proxies|proxy|servers|addresses)',
  'rotating (proxies|proxy|ip)',
  'different ip addresses',
  'so (the|their) (sites|site|website|websites|team|admins|owners|owner) (do|does|will) not (block|notice|detect|see)',
  'without being (blocked|detected|noticed|traced)',
);

export const UNAUTHORISED_ACCESS: Concern = {
  kind: 'unauthorised access to computer systems or accounts (hacking)',
  reason:
    "to get into another person's or organisation's computer systems or accounts without their permission, or to hide from their owners while doing so",
  patterns: [
    {
      together: [
        t(
          '(hack|hacks|hacked|hacking) (into|their|her|his|its)',
          'brute (force|forcing)',
          'crack* (the|their|her|his|its) (password|passwords|passcode|wifi|encryption)',
          'ddos',
          'denial of service',
        ),
      ],
    },
    { together: [t('(break|breaks|breaking|broke) into'), SYSTEMS], within: 6 },
    // Into another person's account: "getting into my ex-husband's email account".
    {
      together: [
        t('(get|gets|getting|got|log|logging|logged|sign|signing) into'),
        t(
          '(her|his|their) (email|e-mail|account|accounts|phone|inbox|icloud|whatsapp|facebook|instagram|laptop|computer|messages)',
          "'s (email|e-mail|account|accounts|phone|inbox|icloud|whatsapp|facebook|instagram|laptop|computer|messages)",
        ),
      ],
      within: 5,
    },
    // Someone else's login: "signs in with her old account every night".
    {
      together: [
        t('sign*', 'log*', 'logging', 'access*', 'use', 'uses', 'using', 'get into', 'go into'),
        t(
          '(her|his|their|an|the) (old|former|previous) (account|login|logins|password|passwords|credentials|log-in)',
          "(former|ex|old) (employee|colleague|staff|supplier|employer) 's (account|login|password|credentials)",
          "(someone|somebody) else 's (login|password|credentials|account)",
          "(other|another) (person|company|firm|organisation|organization|business) 's (account|login|system|portal|database|server|network)",
        ),
      ],
    },
    {
      together: [HIDING_FROM_OWNER],
      elsewhere: [t('download*', 'scrap*', 'sign* in', 'log* in', 'access*', 'extract*', 'pull*', 'copy')],
    },
  ],
  unless: guardedBy(
    'ethical',
    'penetration',
    'pen test*',
    'authori(s|z)ed',
    'authori(s|z)ation',
    'permission',
    'consent*',
    'approved',
    'agreed',
    'capture-the-flag',
    'ctf',
    'lab',
    'labs',
    'defen(d|ds|ce|se|ding)',
    'our own',
    'recover*',
    'forgot*',
    'reset*',
    'locked out',
    // Breaking into a market is selling there.
    'market',
    'markets',
    'industry',
    'sector',
  ),
};

/** What software takes from the people who use it, besides their credentials. */
const USERS_DATA = t(
  'browsing history',
  'browsing data',
  'keystroke*',
  'typed',
  'contacts',
  'contact list*',
  'private (messages|photos|files)',
  'cookies',
);
const TAKING = t(
  'read*',
  'collect*',
  'record*',
  'captur*',
  'copy',
  'copies',
  'send*',
  'upload*',
  'harvest*',
  'log',
  'logs',
  'logging',
  'grab*',
  'access*',
  'steal*',
);

export const DATA_THEFT: Concern = {
  kind: "malware and spyware that take users' data",
  reason:
    'for software that secretly takes what people type or store (passwords, card numbers, browsing history, messages), or for malware',
  patterns: [
    { together: [COVERTLY, TAKING, CREDENTIALS] },
    { together: [COVERTLY, TAKING, USERS_DATA] },
    {
      together: [
        t(
          'writ(e|es|ing)',
          'build*',
          'make',
          'mak(es|ing)',
          'creat*',
          'develop*',
          'deploy*',
          'install*',
          'spread*',
          'design*',
          'code',
          'plant*',
        ),
        t(
          'ransomware',
          'keylogger*',
          'malware',
          'virus',
          'viruses',
          'trojan*',
          'botnet*',
          'spyware',
          'cryptominer*',
          'backdoor*',
        ),
      ],
      within: 6,
    },
  ],
  unless: guardedBy(
    'remov*',
    'analys(e|es|ed|ing|is)',
    'research*',
    'defen(d|ds|ce|se|ding)',
    'antivirus',
    'anti-virus',
    'scan*',
    'clean*',
    'consent*',
    'opt-in',
    'opted',
    'encrypt*',
    'hash*',
  ),
};

/** Messages sent in bulk. */
const BULK_MESSAGES = t(
  'sms',
  'texts',
  'text messages',
  'emails',
  'e-mails',
  'calls',
  'dms',
  'direct messages',
  'messages',
  'whatsapps',
);

export const SPAM: Concern = {
  kind: 'spam: bulk messages to people who did not agree to receive them',
  reason:
    'to send messages in bulk to people who have not agreed to receive them (spam), or to get around the filters and blocks that stop it',
  patterns: [
    {
      together: [t('bulk', 'mass', 'blast*', 'unsolicited', 'cold'), BULK_MESSAGES],
      elsewhere: [
        t(
          'bought',
          'purchased',
          'buy',
          'scraped',
          'data broker*',
          'not signed up',
          "n't signed up",
          'not opted in',
          "n't opted in",
          'without (their|any) consent',
          'never asked',
        ),
      ],
    },
    {
      together: [
        t(
          'rotat*',
          'new (numbers|domains|accounts|senders)',
          'whenever (a|the|we|they|it|one)',
          '(get|gets|getting) (past|around|round) the (spam|filters|blocks|blocking)',
          '(get|gets|getting) (past|around|round) spam',
          'avoid the spam (filters|folder)',
          'avoid spam (filters|folders)',
        ),
        t('sender*', 'spam', 'filter*', 'blocked', 'block', 'batch*', 'domains'),
      ],
    },
  ],
  unless: guardedBy('opt-in', 'opted', 'consent*', 'subscrib*', '(signed|signs|sign) up'),
};
