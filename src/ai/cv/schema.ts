import { type Static, type TSchema, Type } from 'typebox';

/**
 * What a CV analysis answers. Every field is described because a model reads these descriptions as its instructions;
 * the offline analyzer answers in the same shape, and the pipeline stores only an answer that validates.
 */
/**
 * `schema` or null, described on the union: the property's description is what a model reads, whichever of the two
 * it answers with (test/ai/stage-schemas.test.ts checks that every property has one).
 */
function OrNull<T extends TSchema>(schema: T, description: string) {
  return Type.Union([schema, Type.Null()], { description });
}

const YearMonth = () => Type.String({ pattern: '^[0-9]{4}-(0[1-9]|1[0-2])$' });

const ProficiencyLevel = Type.Union(
  [Type.Literal('beginner'), Type.Literal('intermediate'), Type.Literal('advanced'), Type.Literal('expert')],
  {
    description:
      'How well the person masters the skill: from their own wording ("expert in", "advanced", "familiar with", ' +
      '"basic knowledge of"; for languages native/fluent/conversational/basic and CEFR A1–C2) first, otherwise ' +
      'from how many years they used it (1–3 intermediate, 3–8 advanced, 8+ expert), at least advanced when used ' +
      'in a senior or lead role, one level lower when last used ten or more years ago.',
  },
);

const CvSkill = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 100,
      description:
        'The canonical name of the skill, as a skills taxonomy spells it ("JavaScript", not "JS"; "TIG Welding", ' +
        '"Wound Care", "Contract Drafting"). Certifications and licences held are skills too ("PRINCE2", "CSCS ' +
        'Card", "First Aid"), and so are spoken languages ("Spanish"). A skill the CV lists that no taxonomy ' +
        'would name keeps the CV\'s own words for it ("Realtime captioning"), as written in `evidence`.',
    }),
    proficiency_level: ProficiencyLevel,
    category: Type.Union(
      [
        Type.Literal('technical'),
        Type.Literal('soft'),
        Type.Literal('domain'),
        Type.Literal('language'),
        Type.Literal('tool'),
        Type.Null(),
      ],
      {
        description:
          'technical: a technique, method or technology; soft: an interpersonal skill; domain: knowledge of a field ' +
          'of work, or a certification or licence; language: a spoken or signed language; tool: a product, ' +
          'software or equipment used to do the work. Null when the kind of skill cannot be told (a skill the CV ' +
          'lists in words of its own).',
      },
    ),
    years_of_experience: OrNull(
      Type.Number({ minimum: 0, maximum: 60 }),
      'Years the person used the skill: stated ("5 years of Python") or the length of the jobs that mention it. ' +
        'Null when the CV gives no way to tell.',
    ),
    evidence: Type.String({
      minLength: 1,
      maxLength: 300,
      description:
        'The CV excerpt the skill was read from, copied word for word: the one line or clause that shows it best ' +
        '(where the person rates it, states years, or uses it in a job), at most 300 characters, cut at a word. ' +
        'Only a skill the person says they hold: not one they lack ("no experience with"), are still learning or ' +
        'would like to learn, that a job advert only wished for, or that belongs to someone they assisted.',
    }),
  },
  { additionalProperties: false },
);

const CvEducation = Type.Object(
  {
    degree: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The degree or qualification, abbreviations written out ("Bachelor of Science", "PhD").',
    }),
    field_of_study: Type.String({ maxLength: 200, description: 'The subject studied; empty when the CV names none.' }),
    institution: Type.String({ maxLength: 200, description: 'The university or school; empty when not named.' }),
    graduation_year: OrNull(
      Type.Integer({ minimum: 1900, maximum: 2100 }),
      'Year the degree was or is expected to be completed; null when the CV gives no year.',
    ),
  },
  { additionalProperties: false },
);

const CvWorkExperience = Type.Object(
  {
    job_title: Type.String({ minLength: 1, maxLength: 200, description: 'The position held.' }),
    company: Type.String({
      maxLength: 200,
      description: 'The employer; "Self-employed" for freelance work; empty when the CV names none.',
    }),
    start_date: OrNull(
      YearMonth(),
      'First month in the job, YYYY-MM (January when only a year is given); null when the CV gives no date.',
    ),
    end_date: OrNull(YearMonth(), 'Last month in the job, YYYY-MM; null while the person still holds it ("present").'),
    duration_years: OrNull(
      Type.Number({ minimum: 0, maximum: 60 }),
      'Time in the job in years, one decimal, counting an ongoing job up to today; null when the dates are unknown.',
    ),
  },
  { additionalProperties: false },
);

export const CvAnalysisSchema = Type.Object(
  {
    skills: Type.Array(CvSkill, {
      maxItems: 60,
      description: 'Skills the CV shows, most prominent first, each named once.',
    }),
    experience_level: Type.Union(
      [
        Type.Literal('student'),
        Type.Literal('junior'),
        Type.Literal('mid'),
        Type.Literal('senior'),
        Type.Literal('expert'),
      ],
      {
        description:
          'student: still studying with little work experience; junior: under about 2 years or a junior title; ' +
          'mid: about 2–5 years; senior: about 5–12 years or a senior/lead title; expert: 12+ years, or a ' +
          'principal/head/director role after long experience.',
      },
    ),
    years_of_experience: Type.Number({
      minimum: 0,
      maximum: 60,
      description: 'Total years of work, one decimal, counting overlapping jobs once.',
    }),
    education: Type.Array(CvEducation, { maxItems: 20, description: 'Degrees and qualifications, as listed.' }),
    work_experience: Type.Array(CvWorkExperience, { maxItems: 40, description: 'Jobs, most recent first.' }),
    professional_domains: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: 5,
      description:
        'Fields of work the person belongs to, leading one first, named as the skills taxonomy names them: ' +
        'software, data, design, marketing, communications, operations, finance, legal, hr, product, research, ' +
        'education, health, sustainability, engineering, construction, trades, hospitality, logistics, security, ' +
        'public-sector, sales, manufacturing, agriculture, social-care, arts.',
    }),
    summary: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'Two or three sentences a project lead reads to decide whether to invite the person.',
    }),
    confidence: Type.Integer({
      minimum: 0,
      maximum: 100,
      description: 'How sure the analysis is, 0–100: low when the CV is short or its structure could not be read.',
    }),
  },
  { additionalProperties: false, description: 'The analysis of a contributor’s CV.' },
);

export type CvAnalysis = Static<typeof CvAnalysisSchema>;
export type CvSkillResult = Static<typeof CvSkill>;
export type CvEducationResult = Static<typeof CvEducation>;
export type CvWorkResult = Static<typeof CvWorkExperience>;
export type ExperienceLevel = CvAnalysis['experience_level'];
export type Proficiency = CvSkillResult['proficiency_level'];

/** What the CV stage reads. */
export type CvInput = {
  /** The CV's text, as extractText returns it. */
  text: string;
  /**
   * The day the analysis counts "present" up to (YYYY-MM-DD); today when absent. Part of the input so that the
   * same CV analysed with the same date always gives the same answer.
   */
  asOf?: string;
};
