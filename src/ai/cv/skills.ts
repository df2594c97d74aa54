import type { Taxonomy, TaxonomySkill } from '../taxonomy/taxonomy.ts';
import { clausesOf } from './clauses.ts';
import { monthsToYears, unionMonths } from './dates.ts';
import type { CvLine, Section } from './lines.ts';
import type { CvSkillResult, Proficiency } from './schema.ts';
import {
  type Cue,
  cueRightAfter,
  findCues,
  findYearsPhrases,
  LEVEL_RANK,
  linksYearsToSkill,
  yearsRightAfter,
} from './wording.ts';
import { type Job, SELF_EMPLOYED } from './work-history.ts';

/**
 * Skills a CV shows, found through the taxonomy clause by clause, so that each mention is read with the words
 * around it: the rating that governs it ("Expert in Python and Django"; "AWS (advanced)"), the years written
 * beside it ("6 years of PostgreSQL"), and the job it appears in (whose dates count as years of use).
 */
export type SkillEvidence = {
  skill: TaxonomySkill;
  mentions: number;
  /** Order of first appearance, for stable ranking. */
  firstSeen: number;
  rating: Proficiency | null;
  statedYears: number | null;
  jobs: Set<number>;
  sections: Set<Section>;
};

type Mention = { skill: TaxonomySkill; start: number; end: number; count: number };

// Contact details name no skills, however their addresses are spelled ("github.com/react-dev", "jane.design").
// Domains are matched in lower case only, so "ASP.NET" stays a skill.
const CONTACT = new RegExp(
  [
    '\\S+@\\S+',
    '\\b(?:https?:\\/\\/|www\\.)\\S+',
    '\\b[a-z0-9-]+(?:\\.[a-z0-9-]+)*\\.[a-z]{2,}\\/\\S*',
    '\\b[a-z0-9-]+\\.(?:com|org|design|dev|me)\\b',
  ].join('|'),
  'g',
);

/** The line without contact details, nor the employer's name on a job's header line ("Lumen Software SAS"). */
function withoutNames(line: CvLine, job: Job | undefined): string {
  const text = line.text.replace(CONTACT, ' ');
  const employer = job?.headerLines.includes(line.index) ? job.company : '';
  return employer && employer !== SELF_EMPLOYED ? text.replace(employer, ' ') : text;
}

function mentionsIn(clause: string, taxonomy: Taxonomy): Mention[] {
  return taxonomy
    .findInText(clause)
    .map((found) => ({
      skill: found.skill,
      start: found.firstIndex,
      end: found.firstIndex + matchedLength(clause, found.firstIndex, found.skill),
      count: found.mentions,
    }))
    .sort((a, b) => a.start - b.start);
}

/** How long the name or alias found at `index` is; the taxonomy reports where a skill starts, not where it ends. */
function matchedLength(clause: string, index: number, skill: TaxonomySkill): number {
  const here = clause.slice(index).toLowerCase();
  const lengths = [skill.name, ...skill.aliases]
    .filter((form) => here.startsWith(form.toLowerCase()))
    .map((form) => form.length);
  return lengths.length ? Math.max(...lengths) : skill.name.length;
}

function ratingFor(clause: string, mention: Mention, cues: Cue[]): Proficiency | null {
  const after = cueRightAfter(clause, mention.end, cues);
  if (after) return after.level;
  // The rating that opens the clause's list governs it, unless it is a parenthesised rating of an earlier skill.
  const before = cues.filter((cue) => cue.end <= mention.start && !cue.inParentheses).at(-1);
  return before?.level ?? null;
}

function statedYearsFor(clause: string, mention: Mention, mentions: Mention[]): number | null {
  const after = yearsRightAfter(clause, mention.end);
  if (after !== null) return after;
  const phrase = findYearsPhrases(clause)
    .filter((found) => found.end <= mention.start)
    .at(-1);
  if (!phrase) return null;
  let between = clause.slice(phrase.end, mention.start);
  for (const other of mentions) {
    if (other.start >= phrase.end && other.end <= mention.start) {
      between = between.replace(clause.slice(other.start, other.end), ' ');
    }
  }
  return linksYearsToSkill(between) ? phrase.years : null;
}

export function collectSkillEvidence(lines: CvLine[], jobs: Job[], taxonomy: Taxonomy): Map<string, SkillEvidence> {
  const evidence = new Map<string, SkillEvidence>();
  let order = 0;
  for (const line of lines) {
    const job = jobs.findIndex((candidate) => line.index >= candidate.firstLine && line.index <= candidate.lastLine);
    for (const clause of clausesOf(withoutNames(line, jobs[job]))) {
      const mentions = mentionsIn(clause, taxonomy);
      if (mentions.length === 0) continue;
      // A rating word inside a skill's own name ("Advanced Cardiac Life Support") rates nothing.
      const cues = findCues(clause).filter(
        (cue) => !mentions.some((mention) => cue.index < mention.end && cue.end > mention.start),
      );
      for (const mention of mentions) {
        const entry = evidence.get(mention.skill.slug) ?? {
          skill: mention.skill,
          mentions: 0,
          firstSeen: order++,
          rating: null,
          statedYears: null,
          jobs: new Set<number>(),
          sections: new Set<Section>(),
        };
        entry.mentions += mention.count;
        entry.sections.add(line.section);
        if (job >= 0) entry.jobs.add(job);
        const rating = ratingFor(clause, mention, cues);
        if (rating && (!entry.rating || LEVEL_RANK[rating] > LEVEL_RANK[entry.rating])) entry.rating = rating;
        const years = statedYearsFor(clause, mention, mentions);
        if (years !== null) entry.statedYears = Math.max(entry.statedYears ?? 0, years);
        evidence.set(mention.skill.slug, entry);
      }
    }
  }
  return evidence;
}

/** Years of use: stated, or the jobs that mention the skill (overlaps once), whichever is more. */
function yearsOfUse(entry: SkillEvidence, jobs: Job[]): number | null {
  const spans = [...entry.jobs].map((index) => jobs[index].span);
  const fromJobs = spans.length ? monthsToYears(unionMonths(spans)) : null;
  if (entry.statedYears === null) return fromJobs;
  return Math.min(60, Math.max(entry.statedYears, fromJobs ?? 0));
}

/**
 * The person's own rating first; otherwise the years of use once they reach one; otherwise intermediate for a skill
 * the CV claims (in its skills, summary or jobs) and beginner for one only met in studies or in under a year of use.
 */
function proficiency(entry: SkillEvidence, years: number | null): Proficiency {
  if (entry.rating) return entry.rating;
  if (years !== null && years >= 1) {
    if (years >= 8) return 'expert';
    if (years >= 3) return 'advanced';
    return 'intermediate';
  }
  const claimed = [...entry.sections].some((section) => !['education', 'projects'].includes(section));
  const briefUse = years !== null && !entry.sections.has('skills');
  return claimed && !briefUse ? 'intermediate' : 'beginner';
}

const MAX_SKILLS = 40;

export function rankSkills(evidence: Map<string, SkillEvidence>, jobs: Job[]): CvSkillResult[] {
  const skills = [...evidence.values()].map((entry) => {
    const years = yearsOfUse(entry, jobs);
    const level = proficiency(entry, years);
    // Prominence: how well and how long the person knows it, whether they list it as a skill, how often the CV
    // names it. Spoken languages go after the skills of the trade.
    const listed = entry.sections.has('skills') ? 3 : 0;
    const weight =
      (LEVEL_RANK[level] * 2 + listed + Math.min(entry.mentions, 5) + Math.min(years ?? 0, 10) / 2) *
      (entry.skill.category === 'language' ? 0.5 : 1);
    return {
      entry,
      weight,
      result: {
        name: entry.skill.name,
        proficiency_level: level,
        category: entry.skill.category,
        years_of_experience: years,
      },
    };
  });
  skills.sort((a, b) => b.weight - a.weight || a.entry.firstSeen - b.entry.firstSeen);
  return skills.slice(0, MAX_SKILLS).map((skill) => skill.result);
}
