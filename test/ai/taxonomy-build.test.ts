import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { buildTaxonomy as runtimeTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import { readTaxonomyData } from '../../src/ai/taxonomy/taxonomy-data.ts';
import { SOURCES } from '../../tools/taxonomy/attribution.ts';
import { buildTaxonomy, CURATED_FILE, DEFAULT_DATA_DIR, OUTPUT_FILE, REPO_ROOT } from '../../tools/taxonomy/build.ts';
import type { OpenSkill, SkillEntry } from '../../tools/taxonomy/entries.ts';
import { addFieldWeight, FIELDS_BY_ISCO, fieldsByPrefix, fieldsFromWeights } from '../../tools/taxonomy/fields.ts';
import { gateCuratedAliases, judgeLabel, type LabelContext } from '../../tools/taxonomy/label-rules.ts';
import { mergeSkills } from '../../tools/taxonomy/merge.ts';
import {
  plainerAlternative,
  pluralFold,
  recruiterName,
  singularAdjuncts,
  tidyActivity,
  titleCase,
  verbVocabulary,
  withDeclaredAcronym,
} from '../../tools/taxonomy/names.ts';
import { exampleNames, isCategoryName, productAliases } from '../../tools/taxonomy/onet.ts';

const verbs = verbVocabulary([
  { preferredLabel: 'perform TIG welding', altLabels: [] },
  { preferredLabel: 'draft contracts', altLabels: [] },
  { preferredLabel: 'apply wound dressings', altLabels: [] },
  { preferredLabel: 'compare contractors bids', altLabels: [] },
]);

const skill = (preferredLabel: string, altLabels: string[] = [], knowledge = false) =>
  recruiterName({ preferredLabel, altLabels, knowledge }, verbs);

describe('recruiter names', () => {
  test('a light verb before an activity is dropped', () => {
    assert.equal(skill('carry out wound care'), 'Wound Care');
    assert.equal(skill('perform welding inspection'), 'Welding Inspection');
  });

  test('the shortest activity form among the labels wins: the acronym over the spelled-out words', () => {
    assert.equal(skill('perform tungsten inert gas welding', ['perform TIG welding']), 'TIG Welding');
  });

  test('a noun-phrase alternative is preferred to the verb phrase', () => {
    assert.equal(skill('draft contracts', ['contract drafting', 'write contracts']), 'Contract Drafting');
    assert.equal(skill('apply wound dressings', ['wound dressing application']), 'Wound Dressing Application');
  });

  test('another verb with the same object is not a noun phrase', () => {
    assert.equal(skill('compare contractors bids', ['contrast contractors bids']), undefined);
  });

  test('without an alternative, the verb becomes its noun after a short object', () => {
    assert.equal(skill('install heat pump'), 'Heat Pump Installation');
    assert.equal(skill('manage musical staff'), 'Musical Staff Management');
    assert.equal(skill('liaise with specialist contractors for well operations'), undefined);
    assert.equal(skill('communicate information during sport game'), undefined);
    assert.equal(skill('dispose of chemicals'), 'Chemicals Disposal');
  });

  test('a leading quantifier of a plural is the task’s wording, not the skill: it goes', () => {
    // (the build's next step makes the adjunct singular: "Project Management")
    assert.equal(skill('manage several projects'), 'Projects Management');
    assert.equal(skill('apply different roasting methods'), 'Roasting Methods');
    assert.equal(skill('various lifting techniques', [], true), 'Lifting Techniques');
    // Before no plural it names no number; a name too long stays unnamed.
    assert.equal(skill('multiple sclerosis', [], true), 'Multiple Sclerosis');
    assert.equal(skill('manage all process engineering activities in the plant'), undefined);
  });

  test('knowledge concepts keep their noun phrase; qualifiers are removed', () => {
    assert.equal(skill('welding techniques', [], true), 'Welding Techniques');
    assert.equal(skill('Python (computer programming)', [], true), 'Python');
  });

  test('gerund forms of noun-phrase alternatives become the activity', () => {
    assert.equal(tidyActivity('liquid chromatography applying'), 'liquid chromatography');
    assert.equal(tidyActivity('underground power cable inspecting'), 'underground power cable inspection');
    assert.equal(tidyActivity('managing of mining plant equipment'), 'mining plant equipment management');
    assert.equal(tidyActivity('baking of confections'), 'baking confections');
    assert.equal(tidyActivity('coffee tasting'), 'coffee tasting');
    assert.equal(tidyActivity('equipment for hair care'), 'hair care equipment');
    assert.equal(tidyActivity('equipment for the care of hair'), 'equipment for the care of hair');
  });

  test('title case keeps acronyms and lower-cases small words inside', () => {
    assert.equal(titleCase('first aid on board ship'), 'First Aid on Board Ship');
    assert.equal(titleCase('ISO 9001 audits of oxy-fuel plants'), 'ISO 9001 Audits of Oxy-Fuel Plants');
  });

  test('an acronym the description declares names the skill', () => {
    const description = 'Weld workpieces by tungsten inert gas (TIG) welding.';
    assert.equal(withDeclaredAcronym('Tungsten Inert Gas Welding', description), 'TIG Welding');
    assert.equal(withDeclaredAcronym('Arc Welding', description), undefined);
  });

  test('O*NET examples: the spelled-out form names the item, the acronym form is an alias', () => {
    assert.deepEqual(exampleNames('Tungsten inert gas TIG welders', true), {
      name: 'Tungsten Inert Gas Welder',
      labels: [
        'Tungsten Inert Gas Welder',
        'Tungsten inert gas welder',
        'TIG welder',
        'Tungsten inert gas TIG welders',
      ],
    });
    assert.equal(exampleNames('Ansible software', false).name, 'Ansible');
    const context: LabelContext = {
      wordRank: new Map([
        ['accounting', 7_333],
        ['slack', 9_000],
        ['sap', 20_000],
      ]),
      jobTitles: new Set(),
    };
    assert.equal(isCategoryName('Accounting software', context), true);
    assert.equal(isCategoryName('Slack', context), false);
    assert.equal(isCategoryName('SAP software', context), false);
    assert.equal(exampleNames('Automated external defibrillators AED', true).name, 'Automated External Defibrillator');
  });

  test('O*NET products: the names CVs give them without the vendor or the edition', () => {
    const context: LabelContext = {
      wordRank: new Map([
        ['empower', 29_548],
        ['online', 3_000],
      ]),
      jobTitles: new Set(),
    };
    assert.deepEqual(productAliases('Sparta Systems TrackWise', context), ['TrackWise']);
    assert.deepEqual(productAliases('Apple macOS', context), ['macOS']);
    assert.deepEqual(productAliases('Splunk Enterprise', context), ['Splunk']);
    // An everyday word is no product's name on its own, and "Online" alone names nothing.
    assert.deepEqual(productAliases('Waters Empower', context), []);
    assert.deepEqual(productAliases('Online Enterprise', context), []);
    assert.deepEqual(productAliases('Slack', context), []);
  });
});

describe('plainer recruiter names', () => {
  // The build's word list says which singulars are English words; a small one here.
  const words = new Set(
    'nutrient account weld instrument tool lens machine sale logistic custom good statistic language'.split(' '),
  );
  const singular = (name: string) => singularAdjuncts(name, (word) => words.has(word));

  test('a plural noun adjunct before the head becomes singular', () => {
    assert.equal(singular('Nutrients Management'), 'Nutrient Management');
    assert.equal(singular('Accounts Management'), 'Account Management');
    assert.equal(singular('Welds Inspection'), 'Weld Inspection');
    assert.equal(singular('Musical Instruments Repair'), 'Musical Instrument Repair');
    assert.equal(singular('Sanding Machines Maintenance'), 'Sanding Machine Maintenance');
    assert.equal(singular('Lenses Joining'), 'Lens Joining');
    assert.equal(singular('Weld Inspection'), 'Weld Inspection');
  });

  test('plurale tantum, fields in -ics and fixed plural compounds keep their number', () => {
    assert.equal(singular('Sales Forecasting'), 'Sales Forecasting');
    assert.equal(singular('Logistics Planning'), 'Logistics Planning');
    assert.equal(singular('Customs Clearance'), 'Customs Clearance');
    assert.equal(singular('Dangerous Goods Handling'), 'Dangerous Goods Handling');
    assert.equal(singular('Statistics Reporting'), 'Statistics Reporting');
    assert.equal(singular('Records Management'), 'Records Management');
  });

  test('the head keeps its number, and words that are no plural noun stay', () => {
    assert.equal(singular('Query Languages'), 'Query Languages');
    assert.equal(singular('Accounts Payable'), 'Accounts Payable');
    assert.equal(singular('Fermentation Processes of Beverages'), 'Fermentation Processes of Beverages');
    assert.equal(singular('Tools for Machines Repair'), 'Tools for Machines Repair');
    assert.equal(singular('Watches and Jewellery Products'), 'Watches and Jewellery Products');
    assert.equal(singular('Various Tools Maintenance'), 'Various Tool Maintenance'); // "variou" is no word
    assert.equal(singular("Clients' Needs Identification"), "Clients' Needs Identification");
  });

  test('an alternative label with the same words as a compound is plainer than a prepositional phrase', () => {
    assert.equal(
      plainerAlternative('Security in Commercial Buildings', ['commercial buildings security'], verbs),
      'commercial buildings security',
    );
    assert.equal(plainerAlternative('Chemistry of Wood', ['wood chemistry', 'chemistry'], verbs), 'wood chemistry');
    // A filler word may go; number does not matter.
    assert.equal(
      plainerAlternative('Materials Used in Stoneware Manufacturing', ['stoneware manufacturing materials'], verbs),
      'stoneware manufacturing materials',
    );
  });

  test('no plainer alternative: other words, another head, a verb phrase, hyphens only, a longer label', () => {
    assert.equal(plainerAlternative('Chemistry of Wood', ['wood chemistry research'], verbs), undefined);
    assert.equal(plainerAlternative('Methods of Drying Timber', ['methods drying timber'], verbs), undefined);
    assert.equal(plainerAlternative('Installation of SSTI System', ['installing SSTI system'], verbs), undefined);
    assert.equal(plainerAlternative('Contracts Drafting', ['draft contracts'], verbs), undefined);
    assert.equal(
      plainerAlternative('Cognitive Behavioural Therapy', ['cognitive-behavioural therapies'], verbs),
      undefined,
    );
    assert.equal(plainerAlternative('Wound Care', ['care of wounds'], verbs), undefined);
  });

  test('names up to number fold to one key', () => {
    assert.equal(pluralFold('Cargo Inspections'), pluralFold('Cargo Inspection'));
    assert.equal(pluralFold('Human Resources Management'), 'human resource management');
    assert.notEqual(pluralFold('Weld Inspection'), pluralFold('Welding Inspection'));
  });
});

describe('label rules', () => {
  const wordRank = new Map([
    ['polish', 4_495],
    ['sales', 3_677],
    ['nursing', 5_912],
    ['confidence', 12_000],
    ['phlebotomy', 69_198],
    ['hire', 1_500],
    ['people', 200],
    ['money', 300],
  ]);
  const context: LabelContext = { wordRank, jobTitles: new Set(['nurse']) };
  test('labels that would fire on ordinary prose are left out or gated', () => {
    assert.equal(judgeLabel('TIG welding', context), 'keep');
    assert.equal(judgeLabel('QA', context), 'too-short');
    assert.equal(judgeLabel('carry out the inspection of lift shaft construction', context), 'too-long');
    assert.equal(judgeLabel('well operations, contractor liaison', context), 'inverted');
    assert.equal(judgeLabel('Nurse', context), 'job-title');
    assert.equal(judgeLabel('use software', context), 'generic');
    assert.equal(judgeLabel('communication', context), 'generic');
    assert.equal(judgeLabel('polish', context, 'name'), 'common-word');
    assert.equal(judgeLabel('sales', context, 'name'), 'common-word');
  });

  test('a single everyday word is gated as a name and as an alias; a term of the trade is not', () => {
    assert.equal(judgeLabel('nursing', context, 'name'), 'common-word');
    assert.equal(judgeLabel('confidence', context, 'alias'), 'common-word');
    assert.equal(judgeLabel('phlebotomy', context, 'alias'), 'keep');
  });

  test('an alias made only of everyday words is prose', () => {
    assert.equal(judgeLabel('hire people', context), 'everyday-phrase');
    assert.equal(judgeLabel('hire people', context, 'name'), 'keep');
    assert.equal(judgeLabel('hire phlebotomy people', context), 'keep');
  });

  test("a curated alias of one everyday word becomes contextual; the name, phrases, terms of the trade and marked terms don't", () => {
    const entry = {
      name: 'Sales',
      aliases: ['Polish', 'confidence', 'phlebotomy', 'hire people', 'money', 'people'],
      exact_case: ['money'],
      contextual: ['people'],
    };
    assert.equal(gateCuratedAliases(entry, context), 2);
    assert.deepEqual(entry.contextual, ['people', 'Polish', 'confidence']);
    assert.deepEqual(entry.exact_case, ['money']);
    const plain = { name: 'Nursing', aliases: ['nursing', 'phlebotomy'] };
    assert.equal(gateCuratedAliases(plain, context), 0);
    assert.equal('contextual' in plain, false);
  });
});

describe('fields', () => {
  test('the longest ISCO prefix decides', () => {
    assert.deepEqual(fieldsByPrefix(FIELDS_BY_ISCO, '2512'), ['software']);
    assert.deepEqual(fieldsByPrefix(FIELDS_BY_ISCO, '2521'), ['data']);
    assert.deepEqual(fieldsByPrefix(FIELDS_BY_ISCO, '7212'), ['trades', 'manufacturing']);
  });

  test('every ISCO-08 sub-major group has fields', () => {
    const subMajor = Object.keys(FIELDS_BY_ISCO).filter((code) => code.length === 2);
    assert.equal(subMajor.length, 43);
  });

  test('the strongest fields are kept; a skill needed everywhere is general', () => {
    const weights = new Map<string, number>();
    addFieldWeight(weights, ['health'], 4);
    addFieldWeight(weights, ['social-care'], 2);
    addFieldWeight(weights, ['trades', 'construction'], 2);
    assert.deepEqual(fieldsFromWeights(weights), ['health', 'social-care']);
    const everywhere = new Map(['a', 'b', 'c', 'd', 'e', 'f'].map((field) => [field, 1]));
    assert.deepEqual(fieldsFromWeights(everywhere), ['general']);
  });
});

describe('merge with the curated list', () => {
  const open = (name: string, id: string, preferred: string, aliases: string[]): OpenSkill => ({
    name,
    category: 'technical',
    fields: ['trades'],
    ref: { scheme: 'esco', id, label: preferred },
    labels: [name, preferred, ...aliases],
    aliases: [preferred, ...aliases],
    contextualName: false,
    broader: [],
  });
  const curated: SkillEntry[] = [
    { name: 'Welding', category: 'technical', fields: ['trades'], aliases: ['welder skills'], exact_case: ['Welding'] },
  ];

  test('an open concept with a curated label becomes the curated skill: its ref and extra aliases', () => {
    const { skills } = mergeSkills(curated, [open('Welding Equipment Operation', 'esco:1', 'welding', ['weld work'])]);
    assert.deepEqual(skills, [
      {
        name: 'Welding',
        category: 'technical',
        fields: ['trades'],
        aliases: ['welder skills', 'weld work'],
        exact_case: ['Welding'],
        ref: { scheme: 'esco', id: 'esco:1', label: 'welding' },
      },
    ]);
  });

  test('an alias names one skill: curated first, then the skill whose preferred label it is, else none', () => {
    const tig = open('TIG Welding', 'esco:2', 'perform TIG welding', ['gas welding', 'arc work']);
    const mig = open('MIG Welding', 'esco:3', 'perform MIG welding', ['perform TIG welding', 'gas welding']);
    const parent = { ...open('Arc Welding', 'esco:4', 'arc work', []), broader: [] };
    const { skills, stats } = mergeSkills(curated, [{ ...tig, broader: ['esco:4'] }, mig, parent]);
    const byName = new Map(skills.map((entry) => [entry.name, entry]));
    assert.deepEqual(byName.get('TIG Welding')?.aliases, ['perform TIG welding']);
    assert.deepEqual(byName.get('MIG Welding')?.aliases, ['perform MIG welding']);
    assert.deepEqual(byName.get('Welding')?.aliases, ['welder skills']);
    assert.equal(byName.get('TIG Welding')?.parent, 'Arc Welding');
    assert.equal(stats.droppedContestedAliases, 1); // "gas welding"
  });

  test('a concept sharing only an alternative label, and not the words of the curated name, stays apart', () => {
    const programming = open('Computer Programming', 'esco:7', 'computer programming', ['welder skills']);
    const { skills } = mergeSkills(curated, [programming]);
    assert.deepEqual(
      skills.map((entry) => [entry.name, entry.ref?.id, entry.aliases]),
      [
        ['Welding', undefined, ['welder skills']],
        ['Computer Programming', 'esco:7', undefined],
      ],
    );
  });

  test('curated skills keep their own parents; open skills take theirs from the broader concept', () => {
    const metalwork = open('Metalwork', 'esco:8', 'metalwork', []);
    const welding = { ...open('Welding Equipment Operation', 'esco:1', 'welding', []), broader: ['esco:8'] };
    const brazing = { ...open('Brazing', 'esco:9', 'brazing', []), broader: ['esco:1'] };
    const { skills } = mergeSkills(curated, [metalwork, welding, brazing]);
    assert.deepEqual(
      skills.map((entry) => [entry.name, entry.parent]),
      [
        ['Welding', undefined],
        ['Metalwork', undefined],
        ['Brazing', 'Welding'],
      ],
    );
  });

  test('an open skill named like another up to number is merged into it, keeping its names as aliases', () => {
    const singular = open('Cargo Inspection', 'esco:11', 'inspect cargo', ['cargo check']);
    const plural = open('Cargo Inspections', 'esco:10', 'carry out cargo inspections', ['cargo inspecting']);
    const { skills, stats } = mergeSkills([], [plural, singular]);
    assert.deepEqual(
      skills.map((entry) => [entry.name, entry.ref?.id, entry.aliases]),
      [
        [
          'Cargo Inspection',
          'esco:11',
          ['inspect cargo', 'cargo check', 'Cargo Inspections', 'carry out cargo inspections', 'cargo inspecting'],
        ],
      ],
    );
    assert.equal(stats.mergedFoldDuplicates, 1);
  });

  test('a curated skill takes in an open skill named like it up to number, and a renamed skill keeps its old name', () => {
    const animation = open('Animations', 'esco:12', 'animations', ['animated content']);
    const accounts: OpenSkill = {
      ...open('Account Management', 'esco:13', 'manage accounts', ['Accounts Management', 'administer accounts']),
      formerName: 'Accounts Management',
    };
    const other = open('Welding Fume Control', 'esco:14', 'control welding fumes', ['Accounts Management']);
    const curatedSkills: SkillEntry[] = [
      { name: 'Animation', category: 'technical', fields: ['design'] },
      { name: 'Client account management', category: 'technical', fields: ['sales'], aliases: ['Account management'] },
    ];
    const { skills, stats } = mergeSkills(curatedSkills, [animation, accounts, other]);
    const byName = new Map(skills.map((entry) => [entry.name, entry]));
    assert.deepEqual(byName.get('Animation')?.aliases, ['Animations', 'animated content']);
    assert.equal(byName.get('Animation')?.ref, undefined);
    assert.deepEqual(byName.get('Client account management')?.aliases, [
      'Account management',
      'manage accounts',
      'Accounts Management',
      'administer accounts',
    ]);
    // The former name was a name: another skill's alias does not take it.
    assert.deepEqual(byName.get('Welding Fume Control')?.aliases, ['control welding fumes']);
    assert.equal(stats.mergedFoldDuplicates, 2);
  });

  test("an open skill's acronyms are matched only as written", () => {
    const { skills } = mergeSkills([], [open('Automated External Defibrillator', 'onet:1', 'AED', ['AED units'])]);
    assert.deepEqual(skills[0].exact_case, ['AED']);
  });

  test('of two concepts named like a curated skill, the first is its ref and the other is left out', () => {
    const { skills, stats } = mergeSkills(curated, [
      open('Welder Skills', 'esco:6', 'use welder skills', []),
      open('Welder Skills', 'esco:5', 'apply welder skills', []),
    ]);
    assert.deepEqual(
      skills.map((entry) => [entry.name, entry.ref?.id]),
      [['Welding', 'esco:5']],
    );
    assert.equal(stats.droppedNameConflicts, 1);
  });
});

describe('attribution', () => {
  test('NOTICE and README carry each source attribution as the build writes it', () => {
    for (const file of ['NOTICE', 'README.md']) {
      // As read: without Markdown's quote markers and escapes.
      const text = fs
        .readFileSync(path.join(REPO_ROOT, file), 'utf8')
        .replace(/^> ?/gm, '')
        .replaceAll('\\*', '*')
        .replace(/\s+/g, ' ');
      for (const source of SOURCES) assert.ok(text.includes(source.attribution), `${file} lacks ${source.version}`);
    }
  });
});

describe('the committed taxonomy', () => {
  test('passes the checks the runtime makes at start-up (shape, fields, areas, one owner per name, parents)', () => {
    const data = readTaxonomyData(pathToFileURL(OUTPUT_FILE));
    assert.ok(data.skills.length > 10_000);
  });

  test('ordinary prose contains none of the labels it takes from the open data', () => {
    const prose = [
      'I have worked in this role for five years and I enjoy helping people. We need someone to look after the office,',
      'answer the phone and keep things tidy. The project will start in March and should be finished by the end of the',
      'year. Please send us your ideas by Friday. Our team meets every Monday to talk about what went well. She moved to',
      'London after school. We are looking for a friendly person who can work on their own and with others. The budget',
      'is limited, so we have to make choices about what matters most. He takes care of his children and plays football',
      'at weekends. Walking the dog and reading books are my hobbies. We would like to hear how you would improve our',
      'website. Customers can return items within thirty days. Our shop opens at nine. I can start immediately.',
    ]
      .join(' ')
      .toLowerCase();
    const taxonomy = JSON.parse(fs.readFileSync(OUTPUT_FILE, 'utf8')) as { skills: SkillEntry[] };
    const curated = new Set(
      (JSON.parse(fs.readFileSync(CURATED_FILE, 'utf8')) as { skills: SkillEntry[] }).skills.map((entry) => entry.name),
    );
    const found: string[] = [];
    for (const entry of taxonomy.skills.filter((skill) => !curated.has(skill.name))) {
      const gated = new Set([...(entry.exact_case ?? []), ...(entry.contextual ?? [])]);
      for (const label of [entry.name, ...(entry.aliases ?? [])].filter((term) => !gated.has(term))) {
        const escaped = label.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        if (new RegExp(`(^|[^a-z0-9])${escaped}s?([^a-z0-9]|$)`).test(prose)) found.push(`${label} (${entry.name})`);
      }
    }
    assert.deepEqual(found, []);
  });

  test('no two skills are named alike up to number', () => {
    const taxonomy = JSON.parse(fs.readFileSync(OUTPUT_FILE, 'utf8')) as { skills: SkillEntry[] };
    const curated = new Set(
      (JSON.parse(fs.readFileSync(CURATED_FILE, 'utf8')) as { skills: SkillEntry[] }).skills.map((entry) => entry.name),
    );
    const byFold = new Map<string, string>();
    const alike: string[] = [];
    for (const entry of taxonomy.skills) {
      const other = byFold.get(pluralFold(entry.name));
      // Two curated skills are the editors' call.
      if (other !== undefined && !(curated.has(other) && curated.has(entry.name)))
        alike.push(`${other} / ${entry.name}`);
      byFold.set(pluralFold(entry.name), entry.name);
    }
    assert.deepEqual(alike, []);
  });

  test('no skill is named with a leading quantifier ("Several Project Management")', () => {
    const taxonomy = JSON.parse(fs.readFileSync(OUTPUT_FILE, 'utf8')) as { skills: SkillEntry[] };
    const quantified = taxonomy.skills
      .map((entry) => entry.name)
      .filter((name) => /^(?:several|various|different|multiple|numerous|diverse|many|all) /i.test(name));
    assert.deepEqual(quantified, []);
  });

  test("a curated alias that is an everyday word counts only in a skills context, as the open data's do", () => {
    const taxonomy = runtimeTaxonomy(readTaxonomyData(pathToFileURL(OUTPUT_FILE)));
    const found = (text: string) => taxonomy.findInText(text).map((mention) => mention.skill.name);
    assert.deepEqual(found('Visitors with low vision and wheelchair users.'), []);
    assert.deepEqual(found('Conservation of the lace collection.'), []);
    assert.ok(found('Clinical systems: EMIS Web, SystmOne, Vision').includes('EMIS Web'));
    assert.ok(found('Bash scripting and Python').includes('Shell scripting'));
  });

  const hasData = fs.existsSync(path.join(DEFAULT_DATA_DIR, 'esco'));
  test('a rebuild from ../shared/data reproduces it exactly', {
    skip: hasData ? false : `no open data at ${DEFAULT_DATA_DIR}: rebuild not checked`,
  }, () => {
    const { text } = buildTaxonomy(DEFAULT_DATA_DIR, CURATED_FILE);
    assert.ok(text === fs.readFileSync(OUTPUT_FILE, 'utf8'), 'run `npm run taxonomy:build` and commit the result');
  });
});
