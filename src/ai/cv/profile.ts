import type { CvAnalysis, CvSkillResult } from './schema.ts';
import type { SkillEvidence } from './skills.ts';
import { LEVEL_RANK } from './wording.ts';
import { type Job, SELF_EMPLOYED } from './work-history.ts';

/**
 * The parts of the analysis drawn from the others: the fields of work the skills belong to, a readable summary,
 * and how confident the analysis may be given how much of the CV's structure it could read.
 */
const MAX_DOMAINS = 3;

// How much a skill of each kind says about the person's field: the techniques, tools and knowledge of a trade say
// it; a spoken language or a soft skill belongs to every field (a nurse's Spanish is no "communications" career).
const FIELD_SIGNAL: Record<NonNullable<CvSkillResult['category']>, number> = {
  technical: 1,
  tool: 1,
  domain: 1,
  soft: 0.25,
  language: 0.1,
};

/**
 * Fields of the skills found (the taxonomy's fields of work, whatever the profession), weighted by how often and how
 * well each skill shows and how much its kind says about a field; the leading ones.
 */
export function professionalDomains(evidence: Map<string, SkillEvidence>, skills: CvSkillResult[]): string[] {
  const levelOf = new Map(skills.map((skill) => [skill.name, LEVEL_RANK[skill.proficiency_level]]));
  const weights = new Map<string, number>();
  for (const entry of evidence.values()) {
    // A skill in the CV's own words (no category) belongs to no field the taxonomy knows.
    if (entry.skill.category === null) continue;
    const weight =
      (Math.min(entry.mentions, 5) + (levelOf.get(entry.skill.name) ?? 0)) * FIELD_SIGNAL[entry.skill.category];
    for (const field of entry.skill.fields) weights.set(field, (weights.get(field) ?? 0) + weight);
  }
  const ranked = [...weights.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const top = ranked[0]?.[1] ?? 0;
  return ranked
    .filter(([, weight]) => weight >= top * 0.35)
    .slice(0, MAX_DOMAINS)
    .map(([field]) => field);
}

const LEVEL_WORDS: Record<CvAnalysis['experience_level'], string> = {
  student: 'Student',
  junior: 'Junior',
  mid: 'Mid-level',
  senior: 'Senior',
  expert: 'Expert',
};

function list(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

function sentence(text: string): string {
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

function currentRole(latest: Job): string {
  const when = latest.span.ongoing ? 'currently' : 'most recently';
  if (latest.company === SELF_EMPLOYED) return `${when} ${latest.title} (self-employed)`;
  return `${when} ${latest.title}${latest.company ? ` at ${latest.company}` : ''}`;
}

export function summarize(analysis: Omit<CvAnalysis, 'summary' | 'confidence'>, latest: Job | undefined): string {
  const years = analysis.years_of_experience;
  const worked = years > 0 ? `${years} ${years === 1 ? 'year' : 'years'} of work experience` : '';
  const degree = analysis.education[0];
  let opening: string;
  if (analysis.experience_level === 'student' && degree) {
    const subject = degree.field_of_study ? `${degree.field_of_study} student` : 'Student';
    const where = degree.institution ? ` at ${degree.institution}` : '';
    const until = degree.graduation_year ? ` (graduating ${degree.graduation_year})` : '';
    opening = `${subject}${where}${until}${worked ? ` with ${worked}` : ''}`;
  } else {
    const domain = analysis.professional_domains[0];
    opening = `${LEVEL_WORDS[analysis.experience_level]} ${domain ? `${domain} ` : ''}professional`;
    if (worked) opening += ` with ${worked}`;
  }
  if (latest) opening += `, ${currentRole(latest)}`;
  const sentences = [sentence(opening)];

  const rated = (skill: CvSkillResult) => `${skill.name} (${skill.proficiency_level})`;
  const trade = analysis.skills.filter((skill) => skill.category !== 'language').slice(0, 5);
  if (trade.length) sentences.push(`Main skills: ${list(trade.map(rated))}.`);
  const languages = analysis.skills.filter((skill) => skill.category === 'language');
  if (languages.length) sentences.push(`Languages: ${list(languages.map(rated))}.`);
  if (degree && analysis.experience_level !== 'student') {
    const subject = degree.field_of_study ? ` in ${degree.field_of_study}` : '';
    const where = [degree.institution, degree.graduation_year].filter(Boolean).join(', ');
    sentences.push(`Education: ${degree.degree}${subject}${where ? ` (${where})` : ''}.`);
  }
  return sentences.join(' ').slice(0, 1000);
}

/** Points for each kind of structure found; a CV that yields all of them scores near 100. */
export function confidence(input: {
  words: number;
  skills: number;
  jobs: Job[];
  degrees: number;
  headings: number;
  hasEmail: boolean;
}): number {
  const text = input.words >= 150 ? 15 : input.words >= 60 ? 8 : 0;
  const skills = Math.min(25, input.skills * 3);
  const named = input.jobs.filter((job) => job.company !== '').length;
  const jobs = Math.min(20, input.jobs.length * 10) + (input.jobs.length > 0 && named === input.jobs.length ? 5 : 0);
  const education = input.degrees > 0 ? 15 : 0;
  const structure = Math.min(15, input.headings * 4);
  const contact = input.hasEmail ? 5 : 0;
  return Math.min(100, text + skills + jobs + education + structure + contact);
}
