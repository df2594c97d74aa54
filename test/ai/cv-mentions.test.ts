import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clausesOf } from '../../src/ai/cv/clauses.ts';
import type { CvSkillResult } from '../../src/ai/cv/index.ts';
import { headingSection } from '../../src/ai/cv/lines.ts';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/** How the offline analyzer reads each mention of a skill: claimed or not, rated how, shown by which words. */
const taxonomy = loadTaxonomy();
const AS_OF = '2026-11-01';
const analyze = (lines: string[]) => analyzeCv({ text: lines.join('\n'), asOf: AS_OF }, taxonomy);
const skillsOf = (lines: string[]) => new Map(analyze(lines).skills.map((skill) => [skill.name, skill]));
const names = (lines: string[]) => [...skillsOf(lines).keys()];

describe('CV mentions: only what the person claims makes a skill', () => {
  it('leaves out negated mentions, up to a word of contrast', () => {
    const found = names([
      'Profile',
      'No experience with Kubernetes or Terraform.',
      'Never used Java, but expert in Python.',
      'Not familiar with React; comfortable with SQL.',
      'No Docker experience.',
      'Skills',
      'Never used Go | Rust | advanced',
    ]);
    for (const absent of ['Kubernetes', 'Terraform', 'Java', 'React', 'Docker', 'Go']) {
      assert.ok(!found.includes(absent), `${absent} in ${found.join(', ')}`);
    }
    assert.ok(found.includes('Python') && found.includes('SQL'), found.join(', '));
    assert.ok(found.includes('Rust'), 'a negation ends at its cell of a table row');
  });

  it("leaves out work another organisation does for the employer, not the person's own team", () => {
    const found = names([
      'Experience',
      'Our brand agency leads the visual identity and video production; I brief and approve.',
      'Our team delivers Python services; I wrote the SQL reporting layer.',
    ]);
    assert.ok(!found.includes('Video production'), found.join(', '));
    assert.ok(found.includes('Python') && found.includes('SQL'), found.join(', '));
  });

  it('leaves out work written as handed to someone else, whichever side of the clause names it', () => {
    const found = names([
      'Experience',
      '- Concepts and scripts for campaigns. Art direction was handled by my creative partner.',
      '- Digital forensics is escalated to our retained incident partner; I run the Python triage scripts.',
      '- Budgeting was done by me, with SQL reports for the board.',
    ]);
    assert.ok(!found.includes('Art direction') && !found.includes('Digital forensics'), found.join(', '));
    assert.ok(found.includes('Python') && found.includes('SQL') && found.includes('Budgeting'), found.join(', '));
  });

  it("reads a name in the possessive as whose the thing is, not the person's skill", () => {
    const found = names(['Experience', "Took dental radiographs under the dentist's prescription."]);
    assert.ok(!found.includes('Dentistry'), found.join(', '));
    assert.ok(found.includes('Dental radiography'), found.join(', '));
  });

  it("reads a professional the person works with or reports to as someone else, not the person's trade", () => {
    const found = names([
      'Experience',
      '- 2-year progress checks with the health visitor.',
      '- Reporting to the project manager on programme and cost.',
      '- Health visiting clinics every Tuesday.',
    ]);
    assert.ok(!found.includes('Project management'), found.join(', '));
    assert.ok(found.includes('Health visiting'), `their own clinics still count: ${found.join(', ')}`);
    assert.ok(!names(['Experience', '- Progress checks with the health visitor.']).includes('Health visiting'));
  });

  it('reads a trade named as a kind of organisation or job as where the person worked, not a skill', () => {
    const sectors = names([
      'Experience',
      '- Month-end close for two manufacturing sites in SAP.',
      '- Hired for logistics roles across the UK.',
    ]);
    assert.ok(!sectors.includes('Manufacturing') && !sectors.includes('Logistics'), sectors.join(', '));
    assert.ok(sectors.includes('SAP'), sectors.join(', '));
    const skills = names(['Skills', 'Manufacturing, logistics']);
    assert.ok(skills.includes('Manufacturing') && skills.includes('Logistics'), skills.join(', '));
  });

  it('reads industries as where the person worked: years in them, a list before "roles", the clients served', () => {
    const found = names([
      'Profile',
      "Management accountant with 7 years' experience in FMCG manufacturing and logistics.",
      'Agency recruiter hiring engineering, manufacturing and commercial roles.',
      'Advise employer clients (manufacturing, healthcare, retail) on dismissals.',
      'Data scientist with 4 years in insurance and e-commerce.',
    ]);
    for (const industry of ['Manufacturing', 'Logistics', 'E-commerce management']) {
      assert.ok(!found.includes(industry), `${industry} in ${found.join(', ')}`);
    }
    const skills = names(['Profile', '8 years in welding and logistics planning.']);
    assert.ok(skills.includes('Welding'), `a trade's own skill after "years in" stays: ${skills.join(', ')}`);
  });

  it("reads a job title the person supervises or trains as someone else's job", () => {
    const found = names([
      'Experience',
      'Solicitor, Mersey Law (2019 - now)',
      '- Supervise two trainees and a paralegal.',
    ]);
    assert.ok(!found.includes('Paralegal'), found.join(', '));
    assert.ok(names(['Experience', '- Paralegal support on litigation files.']).includes('Paralegal'));
    const work = names(['Experience', '- Led the DevOps migration and managed a sales team of 12.']);
    assert.ok(work.includes('DevOps'), `work led is no person: ${work.join(', ')}`);
  });

  it('reads the longer ways of saying it: "do not yet have experience of", "no … (GDPR) responsibilities"', () => {
    const found = names([
      'Profile',
      'Compliance analyst. I do not yet have experience of Kubernetes.',
      'Note: no data protection officer (GDPR) responsibilities in current role.',
      'I have no experience with Terraform, but I run Python services daily.',
      'Skills',
      'SQL, Python',
    ]);
    for (const absent of ['Kubernetes', 'GDPR', 'Terraform']) {
      assert.ok(!found.includes(absent), `${absent} in ${found.join(', ')}`);
    }
    assert.ok(found.includes('Python') && found.includes('SQL'), found.join(', '));
  });

  it('leaves out what the person is learning, hopes to learn or would like to do', () => {
    const found = names([
      'Summary',
      'Data analyst. Currently learning Spanish; interested in learning Kubernetes.',
      'Would like to work with React in my next role. Hoping to use Terraform soon. Aspiring UX designer.',
      'Skills',
      'SQL, Python, Rust (learning)',
      'Currently Learning',
      'Java',
    ]);
    for (const absent of ['Spanish', 'Kubernetes', 'React', 'Terraform', 'Rust', 'Java', 'UX design']) {
      assert.ok(!found.includes(absent), `${absent} in ${found.join(', ')}`);
    }
    assert.ok(found.includes('SQL') && found.includes('Python'), found.join(', '));
    const enrolled = names([
      'Certifications',
      'Currently enrolled on the Non-Medical Prescribing (V300) module, completing summer 2027',
      'Due to complete PRINCE2 Practitioner in March',
      'First aid at work',
    ]);
    for (const absent of ['Prescribing', 'PRINCE2']) {
      assert.ok(!enrolled.includes(absent), `${absent} in ${enrolled.join(', ')}`);
    }
    assert.ok(enrolled.length > 0, 'the completed certificate stays');
  });

  it('leaves out skills a pasted job advert only wished for', () => {
    const found = names([
      'Skills',
      'Python, SQL',
      'Nice to have: Kubernetes',
      'Docker is a plus',
      'Java | Go is a plus',
    ]);
    assert.ok(!found.includes('Kubernetes') && !found.includes('Docker') && !found.includes('Go'), found.join(', '));
    assert.ok(found.includes('Java'), 'a wish covers its own cell of a row');
  });

  it('does not credit the person with the work of the professionals they assisted, unless they did it too', () => {
    const assisted = names([
      'Experience',
      'Operations Assistant, Harbour Analytics Ltd',
      'Jan 2022 – present',
      'Supported engineers who ran Kubernetes clusters and Terraform pipelines.',
      'Supported engineers by writing Python scripts.',
    ]);
    assert.ok(!assisted.includes('Kubernetes') && !assisted.includes('Terraform'), assisted.join(', '));
    assert.ok(assisted.includes('Python'), 'what the person did "by …ing" is theirs');
    const withOthers = names(['Profile', 'I run usability testing sessions and share findings with product managers.']);
    assert.ok(!withOthers.includes('Product management'), 'professionals in the plural are other people');
    const forPatients = names(['Profile', 'Assisted patients with medication administration on a surgical ward.']);
    assert.ok(forPatients.includes('Medication administration'), 'work done for someone is the person’s own');

    const alsoOwn = skillsOf([
      'Experience',
      'Platform Engineer, Harbour Analytics Ltd',
      'Jan 2022 – present',
      'Supported engineers who ran Kubernetes clusters.',
      'Ran Kubernetes clusters for three product teams.',
    ]);
    assert.equal(alsoOwn.get('Kubernetes')?.evidence, 'Ran Kubernetes clusters for three product teams.');
  });
});

describe('CV mentions: evidence', () => {
  const cv = [
    'Jane Roe · jane@example.org',
    'Profile',
    `Backend engineer who enjoys calm on-call rotations and readable code, mostly for logistics companies across Europe. Expert in Python and Django; I mentor junior colleagues and write the team's runbooks.`,
    'Skills',
    'Python, Django, PostgreSQL, Docker',
    'Experience',
    'Backend Engineer, Parcel Systems GmbH',
    'Mar 2020 – present',
    '• Tuned PostgreSQL queries for the tracking service.',
  ];
  const skills = analyze(cv).skills;
  const evidence = (name: string) => skills.find((skill) => skill.name === name)?.evidence;

  it('gives every skill the CV words it was read from, verbatim and at most 300 characters', () => {
    const text = cv.join('\n');
    assert.ok(skills.length >= 4);
    for (const skill of skills) {
      assert.ok(skill.evidence.length > 0 && skill.evidence.length <= 300, `${skill.name}: ${skill.evidence}`);
      assert.ok(text.includes(skill.evidence), `${skill.name}: "${skill.evidence}" is in the CV`);
    }
  });

  it('quotes where the skill is shown best: a rating, then use in a job, then a list', () => {
    assert.equal(evidence('Python'), 'Expert in Python and Django', 'the clause of a long paragraph');
    assert.equal(evidence('PostgreSQL'), 'Tuned PostgreSQL queries for the tracking service.');
    assert.equal(evidence('Docker'), 'Python, Django, PostgreSQL, Docker');
  });

  it('cuts a very long sentence around the skill, at words', () => {
    const long = `${'Coordinated deliveries and schedules for regional depots '.repeat(6)}using SAP every day ${'with drivers and planners across the network '.repeat(5)}.`;
    const quoted = analyze(['Profile', long]).skills.find((skill) => skill.name === 'SAP')?.evidence ?? '';
    assert.ok(quoted.length <= 300 && quoted.includes('using SAP every day'), quoted);
    assert.match(quoted, /^….*…$/);
  });
});

describe('CV mentions: layouts', () => {
  const level = (lines: string[], name: string) => skillsOf(lines).get(name);
  const facts = (skill: CvSkillResult | undefined) => [skill?.proficiency_level, skill?.years_of_experience];

  it('reads a line with a long run without a space (a rule of "!", base64) in linear time, as written', () => {
    // 64 KB of "!" took over 10 s in wink-nlp's tokenizer when clauses were cut; the run is blanked before it.
    const run = '!'.repeat(64 * 1024);
    const started = performance.now();
    const found = names(['Skills', `Expert in Python. ${run} Basic SQL.`]);
    assert.ok(performance.now() - started < 5000, `${performance.now() - started} ms`);
    assert.ok(found.includes('Python') && found.includes('SQL'), found.join(', '));
    assert.deepEqual(clausesOf(`Expert in Python. ${'-'.repeat(80)} Basic SQL.`), [
      'Expert in Python.',
      `${'-'.repeat(80)} Basic SQL.`,
    ]);
  });

  it('reads a table row: pipe-separated, tab-separated, or cells a PDF ran together', () => {
    const table = ['Skills', 'Skill | Level | Years', 'Python | Expert | 8 years', 'Java\tAdvanced\t5 years'];
    assert.deepEqual(facts(level(table, 'Python')), ['expert', 8]);
    assert.deepEqual(facts(level(table, 'Java')), ['advanced', 5]);
    assert.deepEqual(facts(level(['Skills', 'Docker Intermediate 3 years'], 'Docker')), ['intermediate', 3]);
    const runTogether = skillsOf(['Skills', 'Python Expert Java Advanced']);
    assert.deepEqual(facts(runTogether.get('Python')), ['expert', null]);
    assert.deepEqual(facts(runTogether.get('Java')), ['advanced', null]);
    // A PDF that put each cell of the row on its own line.
    assert.deepEqual(facts(level(['Skills', 'Kubernetes', 'Advanced', '4 years', 'Go'], 'Kubernetes')), [
      'advanced',
      4,
    ]);
    assert.deepEqual(facts(level(['Skills', 'Kubernetes', 'Advanced', '4 years', 'Go'], 'Go')), ['intermediate', null]);
  });

  it('reads a table of jobs whose cells are tab-separated, dates first', () => {
    const analysis = analyze([
      'Experience',
      '2019 - present\tSenior Associate\tHarbour & Reed LLP, Manchester',
      'Commercial contract drafting and negotiation for technology clients.',
      '2015 - 2019\tSolicitor\tNorthgate Council Legal Services',
      'Employment law advice and tribunal representation.',
      'Admissions',
      'Admitted as a Solicitor of the Senior Courts of England and Wales, 2015',
    ]);
    assert.deepEqual(
      analysis.work_experience.map((job) => [job.job_title, job.company, job.start_date, job.end_date]),
      [
        ['Senior Associate', 'Harbour & Reed LLP', '2019-01', null],
        ['Solicitor', 'Northgate Council Legal Services', '2015-01', '2019-01'],
      ],
    );
    assert.equal(headingSection('Admissions'), 'certifications');
    assert.equal(analysis.professional_domains[0], 'legal');
  });

  it('lets a rating govern the list it opens, not a skill the sentence names later about something else', () => {
    const lines = [
      'Profile',
      'Expert in building REST APIs with Python, and the person colleagues ask when SAP does something unexpected.',
    ];
    assert.equal(level(lines, 'Python')?.proficiency_level, 'expert');
    assert.equal(level(lines, 'SAP')?.proficiency_level, 'intermediate');
  });

  it('reads the ratings CV templates draw: marks and scores', () => {
    const found = skillsOf(['Skills', 'Python ●●●●○', 'SQL ★★★★★', 'Docker ●●○○○', 'Kubernetes 2/5', 'Terraform 9/10']);
    assert.deepEqual(
      ['Python', 'SQL', 'Docker', 'Kubernetes', 'Terraform'].map((name) => found.get(name)?.proficiency_level),
      ['advanced', 'expert', 'intermediate', 'intermediate', 'expert'],
    );
  });

  it('reads "Skill: level" lines and does not take a following word for a rating', () => {
    const lines = ['Skills', 'SQL: advanced', 'Microsoft Excel advanced formulas'];
    assert.equal(level(lines, 'SQL')?.proficiency_level, 'advanced');
    assert.equal(level(lines, 'Microsoft Excel')?.proficiency_level, 'intermediate');
  });

  it('reads spoken languages with their level: CEFR, native, fluent, conversational, basic', () => {
    const lines = [
      'Languages: Spanish (native), French – C1, German: B2',
      'Italian conversational; Portuguese (A2); Dutch basic',
    ];
    const found = skillsOf(lines);
    assert.deepEqual(
      ['Spanish', 'French', 'German', 'Italian', 'Portuguese', 'Dutch'].map(
        (name) => found.get(name)?.proficiency_level,
      ),
      ['expert', 'advanced', 'intermediate', 'intermediate', 'beginner', 'beginner'],
    );
    assert.ok([...found.values()].every((skill) => skill.category === 'language'));
  });

  it('counts the years of a span written right after a skill', () => {
    const found = skillsOf(['Skills', 'Python (2016 – 2022)', 'Kubernetes: since Nov 2023']);
    assert.equal(found.get('Python')?.years_of_experience, 6);
    assert.equal(found.get('Kubernetes')?.years_of_experience, 3.1);
  });

  it('keeps certifications and licences as skills, unless they lapsed', () => {
    assert.ok(!names(['Certifications', 'PRINCE2 Practitioner (expired)']).includes('PRINCE2'));
    const found = skillsOf(['Licences & Tickets', 'PRINCE2 Practitioner (2019)', 'First aid at work']);
    assert.equal(found.get('PRINCE2')?.category, 'domain');
    assert.ok([...found.values()].some((skill) => skill.evidence === 'First aid at work'));
  });

  it('leaves out a skill only met among pastimes, but keeps one the CV also claims, and spoken languages', () => {
    const found = skillsOf([
      'Skills',
      'SQL, photography',
      'Volunteering',
      'Pitch-side physio for a rugby club. Enjoys trail running and cooking.',
      'Interests',
      'Photography, baking and hiking. Speak Vietnamese at home (fluent).',
    ]);
    assert.equal(found.get('SQL')?.proficiency_level, 'intermediate');
    assert.ok(found.has('Photography'), 'listed among the skills too');
    assert.ok(!found.has('Baking'), 'only a hobby');
    assert.ok(!found.has('Cooking'), 'written as a pastime ("Enjoys …")');
    assert.ok(found.has('Vietnamese'), 'a language spoken at home is spoken');
    const claimed = names(['Profile', 'Nurse educator; I enjoy teaching and mentoring newly qualified nurses.']);
    assert.ok(claimed.includes('Teaching'), `work the person enjoys is still their work: ${claimed.join(', ')}`);
  });

  it('knows the headings of many trades, and a heading that opens its own line', () => {
    assert.equal(headingSection('Licences & Tickets'), 'certifications');
    assert.equal(headingSection('Professional Registration'), 'certifications');
    assert.equal(headingSection('Areas of Expertise'), 'skills');
    assert.equal(headingSection('Clinical Placements'), 'experience');
    assert.equal(headingSection('Career History'), 'experience');
    assert.equal(headingSection('Currently Learning'), 'learning');
    assert.equal(headingSection('Driving Licence'), null, 'an item of a list, not a heading');
    // "Skills:" opening a line in a summary makes that line a listing of skills.
    const inline = analyze(['Profile', 'Skills: Python (3 years)']).skills[0];
    assert.equal(inline.name, 'Python');
    assert.equal(inline.years_of_experience, 3);
  });
});

describe('CV mentions: proficiency from the job', () => {
  const job = (title: string, dates: string, bullet: string) => [`${title}, Harbour Analytics Ltd`, dates, bullet];

  it('rates a skill used in a senior or lead job higher than its years alone, in a junior job no higher', () => {
    const senior = skillsOf(['Experience', ...job('Lead Data Analyst', 'Jan 2024 – present', 'Reports in SQL.')]);
    assert.equal(senior.get('SQL')?.proficiency_level, 'advanced'); // under 3 years
    const junior = skillsOf(['Experience', ...job('Junior Data Analyst', 'Jan 2020 – present', 'Reports in SQL.')]);
    assert.equal(junior.get('SQL')?.proficiency_level, 'intermediate'); // nearly 7 years
  });

  it('reads seniority from the titles of any trade: a charge nurse leads, a staff nurse does not', () => {
    const ward = (title: string) =>
      skillsOf(['Experience', `${title}, St Anne's Hospital`, 'Jan 2025 – present', 'Wound care on a surgical ward.']);
    assert.equal(ward('Charge Nurse').get('Wound care')?.proficiency_level, 'advanced');
    assert.equal(ward('Staff Nurse').get('Wound care')?.proficiency_level, 'intermediate');
  });

  it('ranks a skill last used ten or more years ago lower, and a level lower', () => {
    const skills = analyze([
      'Experience',
      ...job('Data Analyst', 'Jan 2020 – present', 'Dashboards in Tableau.'),
      ...job('Data Analyst', 'Jan 2008 – Dec 2014', 'Dashboards in Power BI.'),
    ]).skills;
    const tableau = skills.findIndex((skill) => skill.name === 'Tableau');
    const powerBi = skills.findIndex((skill) => skill.name === 'Power BI');
    assert.ok(tableau >= 0 && powerBi > tableau, skills.map((skill) => skill.name).join(', '));
    assert.equal(skills[powerBi].proficiency_level, 'intermediate'); // 7 years of use are advanced, ten years ago one lower
  });
});

describe('CV mentions: trades and professions outside software', () => {
  const chef = analyze([
    'SOPHIE MARTIN',
    'Pastry Chef',
    'CAREER HISTORY',
    'Head Pastry Chef — The Grove Hotel, London',
    'March 2021 – Present',
    '• Lead a brigade of four; menu development and costing for a 120-cover restaurant.',
    '• Assisted the executive chef with banqueting menus.',
    'Commis Chef at Ocean Brasserie',
    '2010 - 2012',
    'CERTIFICATES',
    'Food Hygiene Level 3',
    'First Aid at Work (2023)',
    'LANGUAGES',
    'French: fluent',
  ]);

  it('reads the jobs of a kitchen: titles and employers without a legal form', () => {
    assert.deepEqual(
      chef.work_experience.map((job) => [job.job_title, job.company]),
      [
        ['Head Pastry Chef', 'The Grove Hotel'],
        ['Commis Chef', 'Ocean Brasserie'],
      ],
    );
  });

  it('keeps credentials and languages, and names no software field for a chef', () => {
    const found = new Map(chef.skills.map((skill) => [skill.name, skill]));
    assert.equal(found.get('French')?.proficiency_level, 'advanced');
    assert.ok(
      chef.skills.some((skill) => skill.category === 'domain' && skill.evidence === 'First Aid at Work (2023)'),
      chef.skills.map((skill) => skill.name).join(', '),
    );
    assert.ok(!chef.professional_domains.includes('software'), chef.professional_domains.join(', '));
    assert.ok(!chef.summary.includes('software'), chef.summary);
  });
});
