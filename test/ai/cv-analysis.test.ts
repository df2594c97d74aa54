import assert from 'node:assert/strict';
import path from 'node:path';
import { before, describe, it } from 'node:test';
import { Value } from 'typebox/value';
import { type CvAnalysis, CvAnalysisSchema, type ExperienceLevel } from '../../src/ai/cv/index.ts';
import { analyzeCv } from '../../src/ai/cv/local.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import { extractText } from '../../src/ai/text/index.ts';
import { cvFixture, readableCvFiles } from '../fixtures/cvs/fixtures.ts';
import { AS_OF, EXPECTED_CVS } from './cv-fixtures-expected.ts';

/** The offline analyzer on every fixture CV, read from its real PDF, DOCX or DOC file. */
const taxonomy = loadTaxonomy();
const files = readableCvFiles();
const texts = new Map<string, string>();
const analyses = new Map<string, CvAnalysis>();

before(async () => {
  for (const file of files) {
    const { text } = await extractText(cvFixture(file));
    texts.set(file, text);
    analyses.set(file, analyzeCv({ text, asOf: AS_OF }, taxonomy));
  }
});

const cvName = (file: string) => path.parse(file).name;
const skillOf = (analysis: CvAnalysis, term: string) => {
  const canonical = taxonomy.resolve(term)?.name;
  assert.ok(canonical, `the taxonomy knows "${term}"`);
  return analysis.skills.find((skill) => skill.name === canonical);
};

describe('CV analysis (local) on the fixture CVs', () => {
  it('has an expectation for every fixture CV', () => {
    assert.deepEqual([...new Set(files.map(cvName))].sort(), Object.keys(EXPECTED_CVS).sort());
  });

  for (const file of files) {
    it(`${file}: finds the skills the CV plainly lists`, () => {
      const analysis = analyses.get(file)!;
      const missing = EXPECTED_CVS[cvName(file)].skills.filter((term) => !skillOf(analysis, term));
      assert.deepEqual(missing, [], `found: ${analysis.skills.map((skill) => skill.name).join(', ')}`);
    });

    it(`${file}: answers in the schema's shape`, () => {
      const analysis = analyses.get(file)!;
      assert.ok(Value.Check(CvAnalysisSchema, analysis), JSON.stringify([...Value.Errors(CvAnalysisSchema, analysis)]));
      assert.equal(
        new Set(analysis.skills.map((skill) => skill.name)).size,
        analysis.skills.length,
        'skills are unique',
      );
    });

    it(`${file}: reads the career level its dates and titles show`, () => {
      assert.equal(analyses.get(file)!.experience_level, EXPECTED_CVS[cvName(file)].level);
    });

    it(`${file}: is confident enough for the analysis to pass review`, () => {
      assert.ok(analyses.get(file)!.confidence >= 70, `confidence ${analyses.get(file)!.confidence}`);
    });
  }

  it('orders careers: student < junior < mid < senior < expert, and their years likewise', () => {
    const order: ExperienceLevel[] = ['student', 'junior', 'mid', 'senior', 'expert'];
    const chain = [
      'cs-student.pdf',
      'graphic-designer.doc',
      'mobile-developer.pdf',
      'backend-developer.pdf',
      'senior-architect.docx',
    ];
    const levels = chain.map((file) => order.indexOf(analyses.get(file)!.experience_level));
    assert.deepEqual(levels, [0, 1, 2, 3, 4]);
    const years = chain.map((file) => analyses.get(file)!.years_of_experience);
    assert.deepEqual(
      [...years].sort((a, b) => a - b),
      years,
    );
  });

  it('gives the same analysis whatever the format of the same CV', () => {
    // The CV's words are quoted as the file gives them, and the Word binary format stores the dashes of a job's
    // header line ("Backend Developer — Shopfloor AG") as hyphens.
    const dashesFolded = (analysis: CvAnalysis | undefined) => ({
      ...analysis,
      skills: analysis?.skills.map((skill) => ({ ...skill, evidence: skill.evidence.replace(/ [—–] /g, ' - ') })),
    });
    const pdf = dashesFolded(analyses.get('backend-developer.pdf'));
    assert.deepEqual(dashesFolded(analyses.get('backend-developer.docx')), pdf);
    assert.deepEqual(dashesFolded(analyses.get('backend-developer.doc')), pdf);
  });

  it('is deterministic: the same text and date give the same analysis', () => {
    for (const file of files) {
      assert.deepEqual(analyzeCv({ text: texts.get(file)!, asOf: AS_OF }, taxonomy), analyses.get(file));
    }
  });
});

describe('CV analysis (local): proficiency and years', () => {
  const skill = (file: string, term: string) => skillOf(analyses.get(file)!, term)!;

  it('takes the rating from the wording around the skill', () => {
    assert.equal(skill('backend-developer.pdf', 'Python').proficiency_level, 'expert'); // "Expert in Python and Django"
    assert.equal(skill('backend-developer.pdf', 'Django').proficiency_level, 'expert');
    assert.equal(skill('backend-developer.pdf', 'Kubernetes').proficiency_level, 'advanced'); // "Proficient: …"
    assert.equal(skill('backend-developer.pdf', 'Go').proficiency_level, 'beginner'); // "Basic knowledge of Go …"
    assert.equal(skill('backend-developer.pdf', 'Terraform').proficiency_level, 'beginner');
    assert.equal(skill('cs-student.pdf', 'Docker').proficiency_level, 'beginner'); // "Familiar with Docker"
    assert.equal(skill('mobile-developer.pdf', 'Kotlin').proficiency_level, 'expert'); // "Expert in Kotlin"
    assert.equal(skill('mobile-developer.pdf', 'Flutter').proficiency_level, 'intermediate'); // "Intermediate: …"
  });

  it('takes a rating written right after the skill for that skill only', () => {
    assert.equal(skill('devops-engineer.docx', 'Terraform').proficiency_level, 'expert'); // "Terraform (expert)"
    assert.equal(skill('devops-engineer.docx', 'Google Cloud Platform').proficiency_level, 'beginner'); // "(basic)"
    assert.equal(skill('data-scientist.docx', 'R').proficiency_level, 'advanced'); // "R (advanced)"
    assert.equal(skill('data-scientist.docx', 'NumPy').proficiency_level, 'intermediate'); // listed after "(advanced)"
  });

  it('rates spoken languages from native, fluent and CEFR levels', () => {
    const translator = (term: string) => skill('translator.docx', term);
    assert.deepEqual(
      ['Spanish', 'English', 'French', 'German'].map((term) => translator(term).proficiency_level),
      ['expert', 'expert', 'advanced', 'intermediate'],
    );
    assert.ok(['Spanish', 'German'].every((term) => translator(term).category === 'language'));
  });

  it('counts the years a skill was used: stated, or the jobs that mention it, overlaps once', () => {
    // "6 years of PostgreSQL performance tuning", and PostgreSQL in jobs from June 2020 to now.
    assert.equal(skill('backend-developer.pdf', 'PostgreSQL').years_of_experience, 6.5); // 78 months
    // "Expert in Java (17 years)"
    assert.equal(skill('senior-architect.docx', 'Java').years_of_experience, 17);
    // Kafka only in the current job, since 2019.
    assert.equal(skill('senior-architect.docx', 'Kafka').years_of_experience, 7.9);
    // Listed as a skill with no date anywhere near it.
    assert.equal(skill('backend-developer.pdf', 'Git').years_of_experience, null);
  });

  it('rates a skill without wording from its years of use', () => {
    // Oracle in two jobs, 2009–2019: ten years.
    assert.equal(skill('senior-architect.docx', 'Oracle').proficiency_level, 'expert');
    assert.equal(skill('accountant.doc', 'QuickBooks').proficiency_level, 'advanced'); // one job of 3 years
  });

  it('puts the skills of the trade before spoken languages', () => {
    const names = analyses.get('backend-developer.pdf')!.skills.map((entry) => entry.name);
    assert.deepEqual(names.slice(0, 3), ['Python', 'PostgreSQL', 'Django']);
    assert.deepEqual(names.slice(-1), ['German']);
    assert.ok(!names.includes('English'), 'the language the CV is written in is not listed');
  });
});

describe('CV analysis (local): domains and summary', () => {
  it('names the field of work the skills belong to first', () => {
    const lead = (file: string) => analyses.get(file)!.professional_domains[0];
    assert.equal(lead('backend-developer.pdf'), 'software');
    assert.equal(lead('data-scientist.docx'), 'data');
    assert.equal(lead('ux-designer.pdf'), 'design');
    assert.equal(lead('digital-marketer.doc'), 'marketing');
    assert.equal(lead('registered-nurse.docx'), 'health');
    assert.equal(lead('accountant.doc'), 'finance');
    assert.equal(lead('teacher.doc'), 'education');
  });

  it('sums up level, years, current role, main skills, languages and education', () => {
    assert.equal(
      analyses.get('backend-developer.pdf')!.summary,
      'Senior software professional with 8.3 years of work experience, currently Senior Backend Engineer at ' +
        'Parcelway GmbH. Main skills: Python (expert), PostgreSQL (advanced), Django (expert), Redis (advanced) and ' +
        'Docker (advanced). Languages: German (expert). Education: Bachelor of Science in ' +
        'Computer Science (Technical University of Munich, 2018).',
    );
  });

  it('sums up a student by their studies', () => {
    assert.match(
      analyses.get('cs-student.pdf')!.summary,
      /^Computer Science student at University of Toronto \(graduating 2027\) with 0\.7 years of work experience, most recently Software Development Intern at Maplewave Technologies\./,
    );
  });
});
