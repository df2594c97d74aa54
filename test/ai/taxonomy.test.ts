import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

const taxonomy = loadTaxonomy();
const found = (text: string) => taxonomy.findInText(text).map((mention) => mention.skill.name);

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
    for (const [alias, name] of cases) assert.equal(taxonomy.resolve(alias)?.name, name, alias);
    assert.equal(taxonomy.resolve('underwater basket weaving'), undefined);
    assert.equal(taxonomy.resolve(''), undefined);
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
    assert.deepEqual(found('Experience with React Native and ASP.NET Core, plus C++ and C#.'), [
      'React Native',
      '.NET',
      'C++',
      'C#',
    ]);
    assert.deepEqual(found('A go-to-market plan for the launch'), ['Go-to-market strategy']);
  });

  test('matches a plural of a multi-letter name', () => {
    assert.deepEqual(found('We need REST APIs and two dashboards.'), ['REST API design', 'Dashboard design']);
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
      const names = found(sentence);
      for (const name of forbidden) assert.ok(!names.includes(name), `${name} found in "${sentence}"`);
    }
  });

  test('finds the short names in a skills context', () => {
    const cases: [string, string[]][] = [
      ['Skills: C, R, Go', ['C', 'R', 'Go']],
      ['Python, R and SQL for the analysis.', ['Python', 'R', 'SQL']],
      ['The service is written in Go and the firmware in C.', ['Go', 'C']],
      ['I analysed the survey data with R.', ['R']],
      ['We need a Go developer who also writes R scripts.', ['Go', 'R']],
      ['Native apps in Swift and Kotlin.', ['Swift', 'Kotlin']],
      ['Tooling\n- Go\n- Rust\n- Docker', ['Go', 'Rust', 'Docker']],
      [
        'Batch Spark jobs on the cluster, dashboards in Excel.',
        ['Apache Spark', 'Dashboard design', 'Microsoft Excel'],
      ],
    ];
    for (const [text, names] of cases) assert.deepEqual(found(text), names, text);
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
