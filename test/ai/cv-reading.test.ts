import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Value } from 'typebox/value';
import { findDateRanges, formatMonth, monthOfDate, unionMonths } from '../../src/ai/cv/dates.ts';
import { CvAnalysisSchema } from '../../src/ai/cv/index.ts';
import { headingSection } from '../../src/ai/cv/lines.ts';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';

/** The rules of the offline CV analyzer, each on a few lines of CV written for it. */
const taxonomy = loadTaxonomy();
const AS_OF = '2026-11-01';
const analyze = (lines: string[]) => analyzeCv({ text: lines.join('\n'), asOf: AS_OF }, taxonomy);
const skill = (lines: string[], name: string) => analyze(lines).skills.find((entry) => entry.name === name);

describe('CV reading: dates', () => {
  const asOf = monthOfDate(AS_OF);
  const range = (text: string) =>
    findDateRanges(text, asOf).map(
      (span) => `${formatMonth(span.start)}..${span.ongoing ? 'now' : formatMonth(span.end)}`,
    );

  it('reads the ways CVs write a range', () => {
    assert.deepEqual(range('Mar 2020 – Present'), ['2020-03..now']);
    assert.deepEqual(range('Engineer, Acme Ltd (01/2023 – present)'), ['2023-01..now']);
    assert.deepEqual(range('September 2019 to August 2023'), ['2019-09..2023-08']);
    assert.deepEqual(range('(2023-06 – 2025-02)'), ['2023-06..2025-02']);
    assert.deepEqual(range('Sept. 2016 - Dec. 2017'), ['2016-09..2017-12']);
    assert.deepEqual(range('2015-2018'), ['2015-01..2018-01']);
    assert.deepEqual(range('since March 2019'), ['2019-03..now']);
  });

  it('finds no range in numbers that are not dates', () => {
    assert.deepEqual(range('from 40 to 6 minutes; Key Stage 3 to A-level; 8 to 5 working days'), []);
    assert.deepEqual(range('Dean’s List 2024, 2025'), []);
  });

  it('counts months in overlapping spans once', () => {
    const span = (start: string, end: string) => ({
      start: monthOfDate(`${start}-01`),
      end: monthOfDate(`${end}-01`),
      yearsOnly: false,
      ongoing: false,
    });
    assert.equal(unionMonths([span('2018-01', '2019-12'), span('2019-01', '2021-12')]), 48);
    assert.equal(unionMonths([span('2018-01', '2018-12'), span('2020-01', '2020-12')]), 24);
  });
});

describe('CV reading: sections', () => {
  it('knows headings by the word they end on, the first keyword deciding', () => {
    assert.equal(headingSection('Work Experience'), 'experience');
    assert.equal(headingSection('Clinical Experience:'), 'experience');
    assert.equal(headingSection('Education and Training'), 'education');
    assert.equal(headingSection('Technical Skills'), 'skills');
    assert.equal(headingSection('Personal Statement'), 'summary');
    assert.equal(headingSection('Senior Project Manager'), null);
    assert.equal(headingSection('Skills: Python, Go'), null);
  });
});

describe('CV reading: work history and years', () => {
  const cv = [
    'Experience',
    'Data Engineer, Beta Analytics GmbH',
    'Jan 2019 – Dec 2021',
    'Built pipelines in Python on PostgreSQL.',
    'Backend Developer — Acme Software Ltd, Berlin',
    'Jan 2018 – Dec 2019',
    'Wrote services in Go and PostgreSQL.',
    'Education',
    'BSc Computer Science, University of Leeds, 2017',
  ];

  it('reads each job with its title, employer and dates, most recent first', () => {
    assert.deepEqual(analyze(cv).work_experience, [
      {
        job_title: 'Data Engineer',
        company: 'Beta Analytics GmbH',
        start_date: '2019-01',
        end_date: '2021-12',
        duration_years: 3,
      },
      {
        job_title: 'Backend Developer',
        company: 'Acme Software Ltd',
        start_date: '2018-01',
        end_date: '2019-12',
        duration_years: 2,
      },
    ]);
  });

  it('counts overlapping jobs once in the total and in a skill’s years', () => {
    const analysis = analyze(cv);
    assert.equal(analysis.years_of_experience, 4);
    assert.equal(analysis.skills.find((entry) => entry.name === 'PostgreSQL')?.years_of_experience, 4);
    assert.equal(analysis.skills.find((entry) => entry.name === 'Go')?.years_of_experience, 2);
  });

  it('reads jobs whose dates come first, as in a table with the dates on the left', () => {
    const analysis = analyze([
      'Career',
      '2019 – present | Principal Engineer | Orbit Systems B.V., Utrecht',
      'Jul 2015 – Dec 2018',
      'Software Engineer, Nordwind Consulting, Hamburg',
      'Built Java services.',
    ]);
    assert.deepEqual(
      analysis.work_experience.map((job) => [job.job_title, job.company, job.start_date, job.end_date]),
      [
        ['Principal Engineer', 'Orbit Systems B.V.', '2019-01', null],
        ['Software Engineer', 'Nordwind Consulting', '2015-07', '2018-12'],
      ],
    );
  });

  it('calls freelance work self-employed', () => {
    const [job] = analyze(['Experience', 'Freelance Illustrator, Porto', 'May 2021 – present']).work_experience;
    assert.equal(job.company, 'Self-employed');
  });

  it('credits years stated next to a skill, before or after it', () => {
    assert.equal(
      skill(['Skills', '5+ years of professional experience with Java and Spring Boot'], 'Spring Boot')
        ?.years_of_experience,
      5,
    );
    assert.equal(skill(['Skills', 'Python (3 years), Docker'], 'Python')?.years_of_experience, 3);
    assert.equal(skill(['Skills', 'Python (3 years), Docker'], 'Docker')?.years_of_experience, null);
    // The years of a career, not of the skill named later in the sentence.
    assert.equal(
      skill(['Profile', 'Engineer with 9 years of experience building APIs in Python.'], 'Python')?.years_of_experience,
      null,
    );
  });
});

describe('CV reading: ratings', () => {
  it('lets a rating govern the skills that follow it in its clause, and no further', () => {
    const lines = ['Skills', 'Expert in Python and Django; basic knowledge of Rust', 'Docker'];
    assert.equal(skill(lines, 'Python')?.proficiency_level, 'expert');
    assert.equal(skill(lines, 'Django')?.proficiency_level, 'expert');
    assert.equal(skill(lines, 'Rust')?.proficiency_level, 'beginner');
    assert.equal(skill(lines, 'Docker')?.proficiency_level, 'intermediate');
  });

  it('keeps the highest rating a CV gives a skill', () => {
    assert.equal(skill(['Skills', 'Familiar with SQL', 'SQL (advanced)'], 'SQL')?.proficiency_level, 'advanced');
  });

  it('does not read a rating word inside a skill’s own name', () => {
    assert.equal(skill(['Certifications', 'Basic Life Support (BLS)'], 'First aid')?.proficiency_level, 'intermediate');
  });

  it('rates a skill met only in studies as beginner', () => {
    const lines = ['Education', 'BSc Computer Science, University of Ghent, 2025', 'Coursework in Haskell and Prolog'];
    assert.equal(skill(lines, 'Haskell')?.proficiency_level, 'beginner');
  });
});

describe('CV reading: career level', () => {
  const career = (title: string, start: string) =>
    analyze(['Experience', `${title}, Orbit Systems Ltd`, `${start} – present`]).experience_level;

  it('reads the level from the years worked', () => {
    assert.deepEqual(
      ['Jan 2026', 'Jan 2023', 'Jan 2019', 'Jan 2012'].map((start) => career('Software Engineer', start)),
      ['junior', 'mid', 'senior', 'expert'],
    );
  });

  it('lets the latest title correct the years: senior, lead, head of, junior', () => {
    assert.equal(career('Senior Software Engineer', 'Jan 2022'), 'senior');
    assert.equal(career('Head of Engineering', 'Jan 2016'), 'expert');
    assert.equal(career('Software Engineer', 'Jan 2016'), 'senior');
    assert.equal(career('Junior Developer', 'Jan 2016'), 'junior');
  });
});

describe('CV reading: what is not a skill', () => {
  it('ignores contact details and employers’ names', () => {
    const analysis = analyze([
      'Jane Roe · jane@python.example.org · github.com/janeroe/react-demo',
      'Experience',
      'Data Analyst, Lumen Software SAS, Lyon',
      'Jan 2020 – Dec 2022',
      'Reporting in Excel.',
    ]);
    const names = analysis.skills.map((entry) => entry.name);
    assert.ok(!names.includes('Python') && !names.includes('React') && !names.includes('SAS'), names.join(', '));
    assert.ok(names.includes('Microsoft Excel'));
  });
});

describe('CV reading: education', () => {
  it('writes degrees out and finds subject, school and graduation year', () => {
    const analysis = analyze([
      'Education',
      'MSc in Statistics — Université de Lyon, 2016 – 2018',
      'BA (Hons) Economics, King’s College London, 2015',
      'Bachelor of Science in Nursing',
      'University College Cork',
      'Sep 2023 – expected May 2027',
    ]);
    assert.deepEqual(analysis.education, [
      {
        degree: 'Master of Science',
        field_of_study: 'Statistics',
        institution: 'Université de Lyon',
        graduation_year: 2018,
      },
      {
        degree: 'Bachelor of Arts',
        field_of_study: 'Economics',
        institution: "King's College London",
        graduation_year: 2015,
      },
      {
        degree: 'Bachelor of Science',
        field_of_study: 'Nursing',
        institution: 'University College Cork',
        graduation_year: 2027,
      },
    ]);
  });

  it('calls someone still studying with little work a student', () => {
    const analysis = analyze([
      'Education',
      'BSc Physics, University of Oslo',
      '2024 – expected 2027',
      'Skills',
      'Python',
    ]);
    assert.equal(analysis.experience_level, 'student');
  });
});

describe('CV reading: texts that are barely a CV', () => {
  for (const [label, text] of [
    ['empty', ''],
    ['one line', 'Curriculum vitae'],
    ['noise', '%%%% 12 34 ---- ¶¶¶ 2019 2020 – 2018 – present'],
    ['very long', 'Python developer. '.repeat(5000)],
  ] as const) {
    it(`still answers in the schema's shape, with low confidence: ${label}`, () => {
      const analysis = analyzeCv({ text, asOf: AS_OF }, taxonomy);
      assert.ok(Value.Check(CvAnalysisSchema, analysis), JSON.stringify([...Value.Errors(CvAnalysisSchema, analysis)]));
      assert.ok(analysis.confidence < 70, `confidence ${analysis.confidence}`);
    });
  }
});
