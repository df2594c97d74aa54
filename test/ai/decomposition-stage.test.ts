import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Value } from 'typebox/value';
import { briefStage } from '../../src/ai/brief/index.ts';
import { isMoneyStatement, isWantedPerson } from '../../src/ai/decomposition/brief-pieces.ts';
import { type Decomposition, type DecompositionInput, decompositionStage } from '../../src/ai/decomposition/index.ts';
import { joinedActions, normalise } from '../../src/ai/decomposition/verify.ts';
import { briefFixture, briefFixtures, localContext, type TextFixture } from './analysis-fixtures.ts';

const { taxonomy } = localContext;

async function inputFor(fixture: TextFixture, level: number): Promise<DecompositionInput> {
  const brief = await briefStage.local(fixture, localContext);
  return {
    title: fixture.title,
    description: fixture.description,
    refined_brief: brief.refined_brief,
    field: brief.field,
    complexity_level: level,
    objectives: brief.objectives,
  };
}

const plain = (title: string, description: string, level = 3): DecompositionInput => ({
  title,
  description,
  refined_brief: '',
  field: 'general',
  complexity_level: level,
  objectives: [],
});

const decompose = async (input: DecompositionInput) => decompositionStage.local(input, localContext);
const tasksOf = (plan: Decomposition) => plan.workstreams.flatMap((workstream) => workstream.tasks);
const skillsOf = (plan: Decomposition) =>
  new Set(tasksOf(plan).flatMap((task) => task.required_skills.map((skill) => skill.name)));
const titlesOf = (plan: Decomposition) => tasksOf(plan).map((task) => task.title);

const PHASED = `We are a community theatre moving to a new building next spring.

Phase 1: Survey
- Survey the new building and list what must change for audiences with disabilities.
- Audit the fire exits and emergency lighting against the regulations.

Phase 2: Fit-out
- Design the seating plan for 120 seats, with wheelchair spaces.
- Install a hearing loop in the auditorium.

Phase 3: Opening
- Recruit and train 20 front-of-house volunteers.
- Organise an open day for neighbours and local schools.`;

const AUDIT = `Our housing charity has 60 staff across three offices and we have never had an IT security review.
We need someone to audit the firewall rules on our office routers, review who has admin access to our Microsoft 365
accounts, and test our backups by restoring a sample of files. We would also like a short report with the risks
ranked and what to fix first. Budget is £3,000 and we need it within six weeks.`;

describe('decomposition offline: tasks from the brief itself', () => {
  test("workstreams follow the brief's phases and tasks its list items, in its own words", async () => {
    const plan = await decompose(plain('Accessible new home for our theatre', PHASED, 4));
    assert.deepEqual(
      plan.workstreams.map((workstream) => workstream.title),
      ['Phase 1: Survey', 'Phase 2: Fit-out', 'Phase 3: Opening'],
    );
    assert.deepEqual(titlesOf(plan), [
      'Survey the new building and list what must change for audiences',
      'Audit the fire exits and emergency lighting against the regulations',
      'Design the seating plan for 120 seats',
      'Install a hearing loop in the auditorium',
      'Recruit and train 20 front-of-house volunteers',
      'Organise an open day for neighbours and local schools',
    ]);
    for (const task of tasksOf(plan)) assert.ok(PHASED.includes(task.source), task.source);
  });

  test('a security audit brief gets its own pieces of work, not software templates', async () => {
    const plan = await decompose(plain('IT security review', AUDIT));
    const titles = titlesOf(plan);
    for (const expected of [/firewall rules/, /admin access/, /backups/, /report/])
      assert.ok(
        titles.some((title) => expected.test(title)),
        `${expected}: ${titles.join(' | ')}`,
      );
    assert.ok(!titles.some((title) => /\b(?:API|frontend|web)\b/i.test(title)), titles.join(' | '));
    const firewall = tasksOf(plan).find((task) => /firewall/.test(task.title))!;
    assert.equal(firewall.source, 'We need someone to audit the firewall rules on our office routers');
    assert.ok(firewall.required_skills.every((skill) => skill.reason.length > 0));
  });

  test("a sentence's enumeration is split into its pieces, each quoting its own part", async () => {
    const plan = await decompose(await inputFor(briefFixture('marketing-seo-website-content'), 3));
    const sources = tasksOf(plan).map((task) => task.source);
    for (const part of [
      'audit our website for SEO',
      'rewrite the ten most important pages in plain English',
      'set up a monthly e-mail newsletter for people who have used our service',
    ]) {
      assert.ok(
        sources.some((source) => source.endsWith(part)),
        `${part}: ${sources.join(' | ')}`,
      );
    }
    const rewrite = tasksOf(plan).find((task) => /^Rewrite/.test(task.title))!;
    const newsletter = tasksOf(plan).find((task) => /newsletter/.test(task.title))!;
    assert.ok(rewrite.estimated_hours > newsletter.estimated_hours, 'ten pages are more work than one newsletter');
  });

  test('skills come from the excerpt and the work it asks for, with reasons', async () => {
    const plan = await decompose(await inputFor(briefFixture('operations-fundraising-gala'), 3));
    assert.ok(skillsOf(plan).has('Event planning') && skillsOf(plan).has('Fundraising'));
    const sponsorship = tasksOf(plan).find((task) => /sponsorship pack/.test(task.title))!;
    const reason = sponsorship.required_skills.find((skill) => skill.name === 'Corporate sponsorship')?.reason;
    assert.match(reason ?? '', /sponsor/);
  });

  test('a deadline caps the hours of each task', async () => {
    const relaxed = await decompose(plain('Review', AUDIT.replace('within six weeks', 'this year'), 4));
    const rushed = await decompose(plain('Review', AUDIT.replace('within six weeks', 'within two weeks'), 4));
    assert.ok(tasksOf(rushed).every((task) => task.estimated_hours <= 16));
    assert.ok(tasksOf(relaxed).some((task) => task.estimated_hours > 16));
  });

  test('a brief that lays out fewer than four pieces is split along its own clauses', async () => {
    const plan = await decompose(
      plain(
        'Translate our leaflets',
        'Please translate our four welcome leaflets into Arabic and Ukrainian for families new to the area.',
      ),
    );
    assert.ok(plan.workstreams.length >= 2);
    assert.ok(titlesOf(plan).some((title) => /Arabic/.test(title) && !/Ukrainian/.test(title)));
    assert.ok(titlesOf(plan).some((title) => /Ukrainian/.test(title) && !/Arabic/.test(title)));
    assert.ok(skillsOf(plan).has('Arabic') && skillsOf(plan).has('Ukrainian'));
  });

  test('a sentence that only sets a date or an amount is a limit, not a task', async () => {
    const plan = await decompose(
      plain(
        'Security review',
        'Scope:\n1. Review the firewall rules.\n2. Scan the office network.\n3. Test a restore of the file server.\n' +
          '4. Update our password policy.\n\nDeliverables: an audit report and a remediation plan. Budget £12,000; ' +
          'report within eight weeks. The review must happen in the first two weeks of August. Launch date is 1 ' +
          'September. We hope to start in six weeks and can spend up to £5,000. We need final files by mid-April. ' +
          'The concert is on 14 June. We would like everything in place for the opening on 1 April. ' +
          'We need the pilot to start by the end of February.',
      ),
    );
    for (const title of titlesOf(plan)) {
      assert.doesNotMatch(
        title,
        /budget|£|within eight weeks|august|launch date|six weeks|april|february|june/i,
        title,
      );
    }
    assert.ok(titlesOf(plan).some((title) => /audit report/i.test(title)));
    assert.ok(tasksOf(plan).some((task) => task.acceptance_criteria.some((c) => /£12,000/.test(c))));
  });

  test('a budget, grant, fee or price statement in any currency or wording is an estimate signal, never a task', async () => {
    const money = [
      'Budget around £60,000, most of it for repairs.',
      'A grant from the Heritage Fund of €24,000 covers the work over 18 months.',
      'Our fee for the design work is 5,000 CHF.',
      'The price we have agreed is USD 3,500 in total.',
      'We have 18,000 dollars raised from a local trust.',
      'We would like the report in eight weeks and can pay ¥200,000.',
    ];
    const plan = await decompose(
      plain(
        'Footpath repairs',
        'What we need:\n- a survey of the footpath, marking the worst sections;\n- repairs to the drainage ditches;\n' +
          `- resurfacing the path with compacted gravel.\n\n${money.join(' ')}`,
      ),
    );
    const tasks = tasksOf(plan).map((task) => `${task.title} | ${task.source}`);
    for (const text of tasks) assert.doesNotMatch(text, /£|€|CHF|USD|dollars|¥|budget|grant|fee|price/i, text);
    for (const piece of ['survey of the footpath', 'drainage ditches', 'resurfacing the path'])
      assert.ok(
        tasks.some((text) => text.includes(piece)),
        `${piece}\n${tasks.join('\n')}`,
      );
  });

  test('work named after money (a grant application, a budget breakdown) is still work', async () => {
    assert.ok(!isMoneyStatement('A grant application to the Lottery for £50,000.'));
    assert.ok(!isMoneyStatement('A budget breakdown for €12,000 of equipment.'));
    assert.ok(!isMoneyStatement('Budget planning workshops for the 40 clubs.'));
    const plan = await decompose(
      plain(
        'Funding bid',
        'We need:\n- a grant application to the Lottery for £50,000;\n- a budget breakdown for €12,000 of equipment;\n' +
          '- a short evaluation plan.',
      ),
    );
    const titles = titlesOf(plan).join('\n');
    assert.match(titles, /grant application/i, titles);
    assert.match(titles, /budget breakdown/i, titles);
  });

  test('work the brief leaves out or the client does itself is no task', async () => {
    const plan = await decompose(
      plain(
        'Leak repairs',
        'The work we need:\nPhase 1: map the pipe network on GIS.\nPhase 2: a leak detection survey of the zones.\n' +
          'Phase 3: repair the leaks found.\n\nOur estate manager will arrange access to the properties. Servicing the pumps is not part of this ' +
          'work. Cleaning the tanks is done by our own maintenance team. We will arrange the traffic permits ourselves. ' +
          'Parking enforcement is outside this study.',
      ),
    );
    const titles = titlesOf(plan);
    assert.ok(
      titles.some((title) => /leak detection/i.test(title)),
      titles.join(' | '),
    );
    for (const title of titles)
      assert.doesNotMatch(title, /access to the properties|pumps|tanks|traffic permits|parking/i, title);
  });

  test('work the client hands to its own people or to another contract, said in other forms, is no task', async () => {
    for (const description of [
      // Under a phase every line is work, unless it says it is someone else's.
      'Phase 1 – General inspections of the 46 bridges.\nPhase 2 – Principal inspections of the six in poor ' +
        'condition.\nPhase 3 – A ten-year maintenance programme with cost estimates.\n\nTraffic management for the ' +
        'inspections will be arranged by our highways team. Any repair designs will be tendered separately. The ' +
        "council's own technicians will open the culverts. The asset system itself is not changing.",
      // A brief that lists nothing as work: each sentence with content was a piece.
      'The project team will be responsible for:\nInterpretation – research the collection and the workers.\n' +
        'Loans – two loans from the Victoria and Albert Museum.\n' +
        "The museum's own technicians will build and install the cases. Any repair designs will be tendered separately.",
    ]) {
      const titles = titlesOf(await decompose(plain('Bridges and lace', description)));
      for (const title of titles)
        assert.doesNotMatch(
          title,
          /traffic management|repair designs|technicians|asset system|culverts/i,
          titles.join(' | '),
        );
    }
  });

  test('work the client keeps as it is, or keeps in charge of, is no task', async () => {
    const plan = await decompose(
      plain(
        'Counselling service redesign',
        'The work has three stages:\nStage 1 – Understand demand: analyse two years of referral data.\n' +
          'Stage 2 – Design a triage process with referral routes to crisis services.\n' +
          'Stage 3 – Training: a suicide prevention course for personal tutors.\n\n' +
          'Clinical supervision of our counsellors will continue as now. Our clinical lead stays in charge of ' +
          'prescribing decisions. Group sessions carry on as they are. Our board keeps the final say on fees. ' +
          'We are not changing our booking system.',
      ),
    );
    const titles = titlesOf(plan);
    assert.ok(
      titles.some((title) => /triage/i.test(title)),
      titles.join(' | '),
    );
    for (const title of titles)
      assert.doesNotMatch(
        title,
        /supervision|prescribing|group sessions|final say|booking system/i,
        titles.join(' | '),
      );
  });

  test('a list item of work named by its kind ("risk assessments and …") is a piece, not a risk the brief names', async () => {
    const plan = await decompose(
      plain(
        'Site safety documents',
        'The work must include:\n- a construction phase plan for the extension;\n' +
          '- risk assessments and method statements for groundworks and roofing;\n- a site induction for all workers.\n\n' +
          'The main risk is the school staying open during the works.',
      ),
    );
    assert.ok(
      tasksOf(plan).some((task) => /risk assessments and method statements/.test(task.source ?? '')),
      titlesOf(plan).join(' | '),
    );
    assert.ok(!titlesOf(plan).some((title) => /main risk/i.test(title)), titlesOf(plan).join(' | '));
  });

  test('"… would be welcome" asks for work: its skill is on a task', async () => {
    const plan = await decompose(
      plain(
        'Drip irrigation for a market garden',
        'We are a market garden growing salad and soft fruit.\n\nWe need:\n- a drip irrigation design with zones;\n' +
          '- a water budget for a dry summer.\n\n' +
          "An agronomist's view on mulching and cover crops to keep moisture in the soil would be welcome.",
      ),
    );
    assert.ok(
      tasksOf(plan).some((task) => /agronomist/.test(task.source ?? '')),
      titlesOf(plan).join(' | '),
    );
    assert.ok(skillsOf(plan).has('Agronomy'), [...skillsOf(plan)].join(', '));
  });

  test('a condition the work must meet names a skill of the tasks it concerns, with the reason', async () => {
    const plan = await decompose(
      plain(
        'Tenant pages',
        'We are a housing charity.\n\nWe need:\n- new tenant pages on our website;\n- an online repairs form;\n' +
          '- a page for each estate.\n\nThe new tenant pages must meet WCAG 2.2 AA. All wording must be in plain English.',
      ),
    );
    const pages = tasksOf(plan).find((task) => /new tenant pages/.test(task.source ?? ''));
    const accessibility = pages?.required_skills.find((skill) => skill.name === 'Web accessibility');
    assert.ok(accessibility, JSON.stringify(pages?.required_skills));
    assert.match(accessibility.reason, /requires it of this work: "The new tenant pages must meet WCAG/);
    // The language a condition is written in is no skill the work needs.
    assert.ok(!skillsOf(plan).has('English'), [...skillsOf(plan)].join(', '));
  });

  test('who the brief asks for a list of work ("We want an occupational therapist to:") is a skill of each item', async () => {
    const plan = await decompose(
      plain(
        'Activities for a care home',
        'We want an occupational therapist to:\n- assess what each resident enjoys;\n- plan a weekly programme;\n' +
          '- show our staff how to run it.',
      ),
    );
    for (const task of tasksOf(plan)) {
      const therapy = task.required_skills.find((skill) => skill.name === 'Occupational therapy');
      assert.ok(therapy, `${task.title}: ${task.required_skills.map((skill) => skill.name).join(', ')}`);
      assert.match(therapy.reason, /asks for it for this work: "We want an occupational therapist to"/);
    }
  });

  test('whom the brief wants for the work ("… is essential", "Ideally …") brings its skills to every task', async () => {
    const plan = await decompose(
      plain(
        'Repairs to a chapel',
        'We are a registered charity running a food bank from a Victorian chapel.\n\nWe need:\n' +
          '- a survey of the damp walls;\n- repairs to the damaged plaster;\n- a schedule of maintenance.\n\n' +
          'Experience of lime plastering is essential. Ideally someone who can keep the accounts in Xero.',
      ),
    );
    for (const task of tasksOf(plan)) {
      const names = task.required_skills.map((skill) => skill.name);
      assert.ok(names.includes('Lime plastering') && names.includes('Xero'), `${task.title}: ${names.join(', ')}`);
      const lime = task.required_skills.find((skill) => skill.name === 'Lime plastering')!;
      assert.match(lime.reason, /of whoever does the work: "Experience of lime plastering is essential/);
    }
    // What the client is, however worded, is not whom it wants.
    assert.equal(isWantedPerson('We are a registered charity; experience of food banks is essential to us.'), false);
    assert.equal(isWantedPerson('The contractor must hold a gas-safety registration.'), true);
  });

  test('titles read as instructions: who is asked for leads in to the work, labels and time stamps drop out', async () => {
    const plan = await decompose(
      plain(
        'Churn model',
        'We would like a data scientist to build a churn model that scores every member, explain which factors ' +
          'drive it, and check whether the scores would have been accurate last year.\n\n' +
          '- A building fabric survey: walls, roof and windows, including a thermographic survey.\n' +
          '- (week 3): volunteers can book and cancel shifts\n' +
          '- Writing the application narrative: the project and the need.\n' +
          'We want to know what it would take to halve our energy use. We should also have a short client guide. ' +
          'We would also like advice on whether we need a data protection officer.',
      ),
    );
    const titles = titlesOf(plan);
    for (const expected of [
      /^Build a churn model/,
      /^Explain which factors drive it$/,
      /^Run a building fabric survey$/,
      /^Let volunteers book and cancel shifts$/,
      /^Write the application narrative$/,
      /^Find out what it would take/,
      /^Prepare a short client guide$/,
      /^Advise on whether we need a data protection officer$/,
    ]) {
      assert.ok(
        titles.some((title) => expected.test(title)),
        `${expected} in ${titles.join(' | ')}`,
      );
    }
    for (const title of titles) assert.doesNotMatch(title, /^(?:Deliver|Make|Run) (?:a data scientist|we |\()/, title);
  });

  test('a list item labelled with a time is a piece of that milestone', async () => {
    const plan = await decompose(
      plain(
        'Street festival',
        'We need a production team.\n\nMilestones:\n- By February: programme confirmed with artist contracts signed.\n' +
          '- By March: event management plan and risk assessment submitted to the council.\n' +
          '- By April: recruit, brief and schedule 60 stewards.\n- August: evaluation report for the funder.',
      ),
    );
    const sources = tasksOf(plan).map((task) => task.source);
    for (const piece of ['risk assessment', '60 stewards', 'evaluation report', 'artist contracts']) {
      assert.ok(
        sources.some((source) => source.includes(piece)),
        `${piece} in ${sources.join(' | ')}`,
      );
    }
  });

  test('lines each under a label of its own, with no blank line between, are each a piece of the work', async () => {
    const plan = await decompose(
      plain(
        'A recipe book for our cookery school',
        'We run a cookery school and want to publish our recipes.\n\nRecipes: test and standardise 60 recipes.\n' +
          'Photography: two days of food styling in our kitchen.\nLayout: page design in a print-ready format.\n' +
          'Launch: a tasting evening for our students.',
      ),
    );
    const sources = tasksOf(plan).map((task) => task.source);
    for (const piece of ['60 recipes', 'food styling', 'page design', 'tasting evening']) {
      assert.ok(
        sources.some((source) => source.includes(piece)),
        `${piece} in ${sources.join(' | ')}`,
      );
    }
  });

  test('a very long item keeps an excerpt of the brief as its source', async () => {
    const long = `Build a booking page ${'for the clinic, the gym, the pool and the library, '.repeat(20)}with reminders.`;
    const input = plain('Bookings', `Goals\n- ${long}\n- Write the help pages.\n- Train the reception staff.`);
    const plan = await decompose(input);
    const first = tasksOf(plan)[0];
    assert.ok(first.source.length <= 600 && long.startsWith(first.source), first.source);
    assert.deepEqual(decompositionStage.verify!(plan, input), []);
  });

  test('every brief at every level: within the bounds, passes the verifier, taxonomy or brief names, repeatable', async () => {
    for (const fixture of briefFixtures().filter((f) => !['spam', 'unreadable'].includes(f.kind))) {
      for (const level of [1, 2, 3, 4]) {
        const input = await inputFor(fixture, level);
        const plan = await decompose(input);
        const where = `${fixture.name} at level ${level}`;
        assert.ok(
          Value.Check(decompositionStage.schema, plan),
          `${where}: ${[...Value.Errors(decompositionStage.schema, plan)][0]?.message}`,
        );
        assert.deepEqual(decompositionStage.verify!(plan, input), [], where);
        // A taxonomy skill by its canonical name, or a practice in the words the brief writes.
        const brief = `${input.title}\n${input.description}`.toLowerCase();
        for (const skill of skillsOf(plan)) {
          const known = taxonomy.resolve(skill);
          if (known) assert.equal(known.name, skill, `${where}: ${skill}`);
          else assert.ok(brief.includes(skill.toLowerCase()), `${where}: ${skill} is neither`);
        }
        assert.deepEqual(await decompose(input), plan, where);
      }
    }
  });
});

describe('decomposition verifier', () => {
  const input = plain('IT security review', AUDIT);
  const planWith = (tasks: Partial<Decomposition['workstreams'][number]['tasks'][number]>[]): Decomposition => {
    const base = {
      title: 'Audit the firewall rules',
      description: 'Audit the firewall rules on our office routers.',
      source: 'audit the firewall rules on our office routers',
      required_skills: [{ name: 'Network Security', reason: 'Firewalls are network security.' }],
      required_experience_level: 'mid' as const,
      expected_output: 'A list of rules to change.',
      acceptance_criteria: ['Every rule reviewed.'],
      estimated_hours: 8,
      complexity_score: 5,
    };
    return {
      summary: 'A plan.',
      workstreams: [
        { title: 'Review', description: 'The review.', tasks: tasks.map((task) => ({ ...base, ...task })) },
      ],
      confidence_score: 50,
    };
  };

  test('accepts excerpts whatever their case, spacing and quotes', () => {
    const plan = planWith([{ source: 'AUDIT the  firewall\nrules on our office routers' }]);
    assert.deepEqual(decompositionStage.verify!(plan, input), []);
    assert.equal(normalise('We’d  like\tit'), "we'd like it");
  });

  test('rejects a source that is not in the brief, a duplicate, and a title joining two actions', () => {
    const problems = decompositionStage.verify!(
      planWith([
        { title: 'Set up the web frontend project', source: 'Set up the web frontend project' },
        {},
        { title: 'Audit the firewall rules', source: 'review who has admin access' },
        { title: 'Test the backups and write the report', source: 'test our backups' },
      ]),
      input,
    );
    assert.equal(problems.length, 3, problems.join('\n'));
    assert.match(problems[0], /\/workstreams\/0\/tasks\/0\/source is not an excerpt of the brief/);
    assert.match(problems[1], /tasks\/2 repeats the title of \/workstreams\/0\/tasks\/1/);
    assert.match(problems[2], /tasks\/3\/title joins two actions/);
  });

  test('one verb with several objects, or several verbs on one object, is one action', () => {
    assert.equal(joinedActions('Plan the venue and catering'), null);
    assert.equal(joinedActions('Label and map the warehouse locations'), null);
    assert.equal(joinedActions('Book, move and cancel appointments online'), null);
    assert.deepEqual(joinedActions('Design the logo and write the newsletter'), [
      'Design the logo',
      'write the newsletter',
    ]);
  });
});

describe('decomposition offline: briefs that lay out their work in other forms', () => {
  const sourcesOf = (plan: Decomposition) => tasksOf(plan).map((task) => task.source);
  const hasSource = (plan: Decomposition, words: string) =>
    assert.ok(
      sourcesOf(plan).some((source) => source.includes(words)),
      `${words} in ${sourcesOf(plan).join(' | ')}`,
    );
  const noSource = (plan: Decomposition, words: string) =>
    assert.ok(!sourcesOf(plan).some((source) => source.includes(words)), `${words} in ${sourcesOf(plan).join(' | ')}`);
  const hasTitle = (plan: Decomposition, title: RegExp) =>
    assert.ok(
      titlesOf(plan).some((candidate) => title.test(candidate)),
      `${title} in ${titlesOf(plan).join(' | ')}`,
    );

  test('steps of running prose ("First…", "After that,…", "Secondly,…", "And finally…") are each a task, titled without the marker', async () => {
    const plan = await decompose(
      plain(
        'Restoring the mill pond',
        'The mill pond has silted up. First we need a bathymetric survey of the pond with a silt depth map. ' +
          'After that, a hydrologist has to design the new sluice and specify the outfall pipe. Secondly, a plan ' +
          'for moving the fish out while the pond is drained. And finally we want a schedule of volunteer days.',
      ),
    );
    for (const words of ['bathymetric survey', 'design the new sluice', 'moving the fish', 'volunteer days'])
      hasSource(plan, words);
    hasTitle(plan, /^Design the new sluice and specify the outfall pipe$/);
    for (const title of titlesOf(plan)) assert.doesNotMatch(title, /\b(?:after that|secondly|finally)\b/i, title);
  });

  test('an enumeration written inline, "(1) … (2) …" or "a) … b) …", is a list: its items are tasks, the words before them none', async () => {
    for (const [first, second, third] of [
      ['(1)', '(2)', '(3)'],
      ['a)', 'b)', 'c)'],
    ]) {
      const plan = await decompose(
        plain(
          'Visitor access',
          `Our access group has agreed what we should do this year: ${first} book interpreters for every production; ` +
            `${second} put open captions on two screenings a week; and ${third} rewrite the access page of our website. ` +
            'The budget is £9,000.',
        ),
      );
      for (const words of ['book interpreters', 'open captions', 'access page']) hasSource(plan, words);
      noSource(plan, 'has agreed what we should do');
      for (const source of sourcesOf(plan)) assert.doesNotMatch(source, /^\(?[1-3a-c]\)/, source);
    }
  });

  test("a table's rows are each a task, titled from their cells; the header and the rule under it are none", async () => {
    const plan = await decompose(
      plain(
        'Digitising the registers',
        'We invite quotes for the following deliverables:\n\n| Deliverable | What it involves | Due |\n|---|---|---|\n' +
          '| Conservation assessment | A conservator checks every volume | March 2027 |\n' +
          '| Imaging | Capture of all pages at 400 ppi with quality checks | December 2027 |\n' +
          '| Online publication | Upload to our catalogue and a search page | April 2028 |',
      ),
    );
    for (const words of ['Conservation assessment', 'Capture of all pages', 'search page']) hasSource(plan, words);
    noSource(plan, 'What it involves');
    noSource(plan, '---');
    hasTitle(plan, /^Run conservation assessment$/);
    hasTitle(plan, /^Capture all pages at 400 ppi with quality checks$/);
  });

  test('a list item with items indented under it names their group (a workstream), not a task of its own', async () => {
    const plan = await decompose(
      plain(
        'Training year',
        '## Training\n- Casualty care\n  - refresh the whole team on the casualty care certificate\n' +
          '  - add a module on hypothermia for long carries\n- Swiftwater\n  - swiftwater rescue courses for twelve members\n' +
          '  - a joint flood exercise with the fire service',
      ),
    );
    for (const words of [
      'casualty care certificate',
      'hypothermia',
      'swiftwater rescue courses',
      'joint flood exercise',
    ])
      hasSource(plan, words);
    assert.ok(!sourcesOf(plan).includes('Casualty care'), sourcesOf(plan).join(' | '));
    assert.ok(!sourcesOf(plan).includes('Swiftwater'), sourcesOf(plan).join(' | '));
    assert.deepEqual(
      plan.workstreams.map((workstream) => workstream.title),
      ['Casualty care', 'Swiftwater'],
    );
  });

  test("an e-mail's signature, confidentiality notice and quoted earlier message are no tasks", async () => {
    const plan = await decompose(
      plain(
        'Re: Rebuilding our aviaries',
        "Hi Sam,\n\nThanks for the questions. For those six we need the designs drawn up to the inspector's " +
          'standards. We also need planning permission checked, as two are near the farmhouse. Then the build itself: ' +
          'the six aviaries taken down and rebuilt in treated timber. Last, our weathering ground needs new drainage, as ' +
          'it floods every winter and the birds stand in mud.\n\nBest wishes,\n\nJo Bell\nCentre Manager\n' +
          'This e-mail is confidential. If you have received it in error, please tell the sender and delete it.\n\n' +
          '> On 3 Oct, Sam Carter wrote:\n> Could you tell me how big each aviary is? Please send photos.\n',
      ),
    );
    for (const words of ['designs drawn up', 'planning permission', 'taken down and rebuilt', 'new drainage'])
      hasSource(plan, words);
    for (const words of ['received it in error', 'Centre Manager', 'send photos', 'birds stand in mud']) {
      assert.ok(!titlesOf(plan).some((title) => title.includes(words)), `${words} in ${titlesOf(plan).join(' | ')}`);
    }
    noSource(plan, 'send photos');
    noSource(plan, 'received it in error');
    hasTitle(plan, /^Draw up the designs to the inspector's standards$/);
    hasTitle(plan, /^Check planning permission$/);
    hasTitle(plan, /^Take down and rebuild the six aviaries in treated timber$/);
  });

  test('questions on lines of their own are the headings of a brief in questions and answers', async () => {
    const plan = await decompose(
      plain(
        'A natural burial ground',
        'What is this about?\nThe parish council wants to open a meadow as a natural burial ground.\n\n' +
          'What do you need from us?\nFirstly, a groundwater risk assessment, since the meadow slopes to a stream. ' +
          'Secondly, a site plan showing burial plots, paths and a small car park.\n\nIs there anything else?\n' +
          'Yes. We need the rules and price list written, and a records system for plots that our clerk can keep ' +
          'up.\n\nWho will do the digging?\n' +
          'A local funeral director will dig graves, so that is not part of this work.\n\nWhen and how much?\n' +
          'We hope to open in spring 2028.',
      ),
    );
    hasSource(plan, 'groundwater risk assessment');
    hasSource(plan, 'site plan showing burial plots');
    for (const words of ['What do you need', 'open a meadow', 'dig graves', 'spring 2028']) noSource(plan, words);
    // "showing" details the site plan: its contents are no tasks of their own.
    assert.ok(!sourcesOf(plan).includes('a small car park'), sourcesOf(plan).join(' | '));
  });

  test('a list item that runs over several sentences is one task, read and titled by its first sentence', async () => {
    const plan = await decompose(
      plain(
        'Pool safety',
        'We want help over six months.\n\n1. A pool evacuation drill for every shift. Drills should be unannounced, ' +
          'run at least monthly on each shift, and each one debriefed.\n2. Updated pool birth guideline. It needs ' +
          'rewriting and publishing on the intranet.\n3. An equipment check. Someone needs to review the pool nets and ' +
          'hoists and set up a daily checklist.\n\nIn summary, we are asking for drills, a new guideline and an ' +
          'equipment check.',
      ),
    );
    hasSource(plan, 'A pool evacuation drill for every shift. Drills should be unannounced');
    hasTitle(plan, /^Run a pool evacuation drill for every shift$/);
    hasTitle(plan, /^Run an equipment check$/);
    noSource(plan, 'In summary');
    assert.equal(sourcesOf(plan).filter((source) => source.includes('equipment check')).length, 1);
  });

  test('a list of outcomes is worded as what to make sure of; legal terms and about-us are no tasks', async () => {
    const plan = await decompose(
      plain(
        'Online loans',
        'About us\nWe are a credit union owned by 6,200 members and regulated by the Financial Conduct Authority.\n\n' +
          'What we want to achieve\n- Members can apply for a loan online in under ten minutes.\n' +
          '- Loan decisions are made within one working day.\n- Our loan processes meet the Consumer Duty.\n\n' +
          'Terms\nSuppliers must sign our data processing agreement. We reserve the right to terminate with 30 ' +
          "days' notice.",
      ),
    );
    hasTitle(plan, /^Let members apply for a loan online in under ten minutes$/);
    hasTitle(plan, /^Make sure loan decisions are made within one working day$/);
    hasTitle(plan, /^Make sure our loan processes meet the Consumer Duty$/);
    for (const words of ['data processing agreement', 'terminate', 'credit union owned']) noSource(plan, words);
  });

  test('"Phase A", "Phase B" are phases as "Phase 1" is: every line under them is work', async () => {
    const plan = await decompose(
      plain(
        'A big top',
        'Phase A: Survey\nA structural and rigging survey of the tent and ground anchors.\n\nPhase B: Opening\n' +
          'A fire risk assessment and an evacuation plan for shows, and training for our staff in taking down ' +
          'the tent.\n\nThe city council will do the ground works itself.',
      ),
    );
    hasSource(plan, 'rigging survey');
    hasSource(plan, 'fire risk assessment');
    hasSource(plan, 'training for our staff');
    noSource(plan, 'ground works');
    assert.deepEqual(
      plan.workstreams.map((workstream) => workstream.title),
      ['Phase A: Survey', 'Phase B: Opening'],
    );
  });

  test('a polite question that asks for the work ("Could you …", "Would you please …") is titled by the work', async () => {
    const plan = await decompose(
      plain(
        'Bakery refresh',
        'Could you design a new logo for our bakery? Would you please rewrite the menu boards in plain English? ' +
          'We also need new paper bags printed with the logo, and a short guide for staff on the new menu.',
      ),
    );
    hasTitle(plan, /^Design a new logo for our bakery$/);
    hasTitle(plan, /^Rewrite the menu boards in plain English$/);
    // Two such questions on lines of their own, each with more below, are requests, not the headings of a Q&A.
    const asked = await decompose(
      plain(
        'Bakery refresh',
        'Could you design a new logo for our bakery?\nWe are a family bakery in Leeds.\n\n' +
          'Would you please rewrite the menu boards in plain English?\nWe have three boards.\n\n' +
          'We also need new paper bags printed with the logo, and a short guide for staff on the new menu.',
      ),
    );
    hasTitle(asked, /^Design a new logo for our bakery$/);
    hasTitle(asked, /^Rewrite the menu boards in plain English$/);
  });

  test('a request for whoever carries out all of it ("to organise and deliver this") is no task; nor is "not part of this"', async () => {
    const plan = await decompose(
      plain(
        'Deaf access',
        'We need BSL interpreters booked for every production, open captions on two screenings a week, and a ' +
          'rewritten access page. We are looking for a person or small team to organise and deliver this. Tattoo ' +
          'removal is not part of this.',
      ),
    );
    noSource(plan, 'organise and deliver this');
    noSource(plan, 'not part of this');
    hasSource(plan, 'open captions');
  });
});
