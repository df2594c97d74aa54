import { DATA_BLOCK_RULE, dataBlock } from '../prompt-data.ts';
import type { StagePrompt } from '../stage.ts';
import type { CvInput } from './schema.ts';

/** CVs longer than this are cut: the start holds the profile, recent jobs and skills; the rest costs tokens. */
const MAX_CV_CHARACTERS = 24_000;

export function cvPrompt(input: CvInput): StagePrompt {
  const today = input.asOf ?? new Date().toISOString().slice(0, 10);
  return {
    system: [
      'You read CVs for Guild, a platform that invites contributors to project tasks that fit their skills.',
      'Answer with the JSON object the schema describes, and nothing else. Use only what the CV says: never invent',
      'a skill, employer, degree or date. CVs come from every profession (care, trades, hospitality, law,',
      'teaching, engineering, software…). Name each skill once, by its common canonical name ("JavaScript", not',
      '"JS"; "Wound Care"; "TIG Welding"), certifications and licences held and spoken languages included; a skill',
      "the CV lists that has no common name keeps the CV's own words, with category null. Give each skill",
      'the proficiency the CV supports: the person\'s own wording first ("expert in", "advanced", "familiar with",',
      '"basic knowledge of", "native", "C1"), else the years they used it. List only skills the person says they',
      'hold: leave out what they lack ("no experience with"), are learning or hope to learn, what a job advert',
      'wished for, and the work of people they assisted ("assisted the surgeon in …"). For each skill, copy as',
      '`evidence` the CV line or clause that shows it best, word for word. Count overlapping jobs once in the',
      'total years of experience. Dates are YYYY-MM. Lower the confidence when the text is short, garbled or not',
      'a CV.',
      DATA_BLOCK_RULE,
    ].join(' '),
    user: [
      `Today is ${today}; "present" means today.`,
      'The CV follows in its block.',
      dataBlock('CV', input.text.slice(0, MAX_CV_CHARACTERS)),
    ].join('\n'),
  };
}
