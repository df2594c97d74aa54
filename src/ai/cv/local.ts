import { LANGUAGE_WORK_AREA } from '../taxonomy/skill-areas.ts';
import type { Taxonomy } from '../taxonomy/taxonomy.ts';
import { normalizeText } from '../text/normalize.ts';
import { monthOfDate } from './dates.ts';
import { findEducation } from './education.ts';
import { experienceLevel, latestJob, totalYears } from './experience.ts';
import { countHeadings, cvLines } from './lines.ts';
import { confidence, professionalDomains, summarize } from './profile.ts';
import type { CvAnalysis, CvInput, CvSkillResult } from './schema.ts';
import { collectSkillEvidence, rankSkills, withQualificationLevels } from './skills.ts';
import { findJobs, toWorkExperience } from './work-history.ts';
import { writtenLanguage } from './written-language.ts';

/** "name@example.org": an at sign, then a domain ending in letters (checked after the at sign only, in one pass). */
function isEmailAddress(word: string): boolean {
  const at = word.indexOf('@');
  return at > 0 && /\.\p{L}{2,}/u.test(word.slice(at + 1));
}

/**
 * The language the CV is written in is shown by the CV itself, so it is not listed as a skill (written-language.ts) —
 * except for people whose trade is languages (translation, interpreting, localisation), for whom it is a working
 * language a task may ask for by name.
 */
function withoutWrittenLanguage(skills: CvSkillResult[], text: string, taxonomy: Taxonomy): CvSkillResult[] {
  const own = writtenLanguage(text);
  if (own === null) return skills;
  const languageWork = skills.some(
    (skill) => skill.category !== 'language' && taxonomy.resolve(skill.name)?.areas.includes(LANGUAGE_WORK_AREA),
  );
  return languageWork ? skills : skills.filter((skill) => !(skill.category === 'language' && skill.name === own));
}

/**
 * The offline CV analyzer: reads the CV's sections, jobs and degrees from its layout and wording, finds its skills
 * through the taxonomy, and rates each from the person's own words and the years they used it. Deterministic: the
 * same text and date give the same analysis.
 */
export function analyzeCv(input: CvInput, taxonomy: Taxonomy): CvAnalysis {
  // Tab-separated cells (a table copied as text) would fold into spaces: they become the cell bars of a table row.
  const text = normalizeText(input.text.replace(/\t+/g, ' | '));
  const asOf = monthOfDate(input.asOf ?? new Date().toISOString().slice(0, 10));
  const lines = cvLines(text);
  const jobs = findJobs(lines, asOf);
  const education = findEducation(lines);
  const evidence = collectSkillEvidence(lines, jobs, taxonomy, asOf);
  const ranked = withoutWrittenLanguage(rankSkills(evidence, jobs, asOf), text, taxonomy);
  // The fields the CV places the person in, from the levels the CV's own words give: a qualification of the leading
  // one then takes the years the person has worked in it.
  const domains = professionalDomains(evidence, ranked);
  const skills = withQualificationLevels(ranked, evidence, jobs, domains[0]);
  const years = totalYears(jobs);
  const partial = {
    skills,
    experience_level: experienceLevel({ years, jobs, education, lines, asOf }),
    years_of_experience: years,
    education,
    work_experience: toWorkExperience(jobs),
    professional_domains: domains,
  };
  return {
    ...partial,
    summary: summarize(partial, latestJob(jobs)),
    confidence: confidence({
      words: text.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length,
      skills: skills.length,
      jobs,
      degrees: education.length,
      headings: countHeadings(text),
      hasEmail: text.split(/\s/).some(isEmailAddress),
    }),
  };
}
