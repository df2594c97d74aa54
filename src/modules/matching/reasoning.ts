import { FACTOR_POINTS, NOTABLE_REPUTATION } from './policy.ts';
import { fittingProficiency, type MatchedSkill, type MatchFactors, type TaskNeeds } from './scoring.ts';

/** Stored on the assignment as `match_reasoning` (docs/contract.md §3): why this contributor, in plain sentences. */
export type MatchReasoning = {
  summary: string;
  strengths: string[];
  gaps: string[];
  /** Share of the task's required skills the contributor holds, at any level (0–100). */
  skill_match_percentage: number;
  /** The required skills the contributor holds, with the CV excerpt that shows each: the evidence behind the invitation. */
  matched_skills: Array<{ name: string; proficiency: string; via: string | null; evidence: string | null }>;
};

/** "SQL at advanced level" or, held through a narrower skill, "SQL (as PostgreSQL) at advanced level". */
function heldAs(skill: MatchedSkill): string {
  return `${skill.name}${skill.via ? ` (as ${skill.via})` : ''} at ${skill.proficiency} level`;
}

/** An excerpt short enough for a sentence, cut at a word. */
function quoted(evidence: string): string {
  const text = evidence.replace(/\s+/g, ' ').trim();
  if (text.length <= 160) return `“${text}”`;
  return `“${beforeLastSpace(text.slice(0, 160))}…”`;
}

/** The text up to its last space (all of it when it has none): a word cut in half is dropped. */
function beforeLastSpace(text: string): string {
  const space = text.lastIndexOf(' ');
  return space === -1 ? text : text.slice(0, space);
}

/** Hours with at most one decimal: "2.5", "10". */
function hours(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function points(value: number, max: number): string {
  return `${Math.round(value * 10) / 10}/${max}`;
}

/** "2 other skills of the same field of work": the neighbours that added to the skill points. */
function neighbourSkills(n: number): string {
  return `${n} other ${n === 1 ? 'skill' : 'skills'} of the same field of work`;
}

function neighbourClause(factors: MatchFactors): string {
  return factors.neighbourSkills === 0 ? '' : `, and ${neighbourSkills(factors.neighbourSkills)}`;
}

function skillsSentence(task: TaskNeeds, factors: MatchFactors): string {
  const held = factors.matchedSkills.map(heldAs).join(', ');
  const missing = factors.missingSkills.length > 0 ? ` Missing: ${factors.missingSkills.join(', ')}.` : '';
  return (
    `Skills ${points(factors.points.skills, FACTOR_POINTS.skills)}: ` +
    `${factors.matchedSkills.length} of ${task.skills.length} required skills (${held})${neighbourClause(factors)}.` +
    missing
  );
}

function experienceSentence(factors: MatchFactors): string {
  const head = `Experience ${points(factors.points.experience, FACTOR_POINTS.experience)}: `;
  const { requiredLevel, actualLevel } = factors;
  if (requiredLevel === null) return `${head}the task asks for no particular level.`;
  if (actualLevel === null) return `${head}no experience level on record; the task asks for ${requiredLevel}.`;
  const verdict = factors.points.experience >= FACTOR_POINTS.experience ? 'meets' : 'is below';
  return `${head}${actualLevel} level ${verdict} the ${requiredLevel} level the task asks for.`;
}

function availabilitySentence(factors: MatchFactors): string {
  return (
    `Availability ${points(factors.points.availability, FACTOR_POINTS.availability)}: ` +
    `${hours(factors.freeHours)} free hours a week for about ${hours(factors.neededHours)} the task needs.`
  );
}

function reputationSentence(factors: MatchFactors): string {
  return (
    `Reputation ${points(factors.points.reputation, FACTOR_POINTS.reputation)}: ` +
    `${factors.reputation} points earned on the platform.`
  );
}

/** The sentences for the strengths and gaps lists: every held skill is a strength, every missing one a gap. */
function strengthsAndGaps(factors: MatchFactors): { strengths: string[]; gaps: string[] } {
  const fitting = factors.matchedSkills.filter((skill) => skill.fits);
  const strengths = fitting.map(
    (skill) => `Has ${heldAs(skill)}.${skill.evidence ? ` The CV says: ${quoted(skill.evidence)}` : ''}`,
  );
  if (factors.neighbourSkills > 0) {
    strengths.push(`Also holds ${neighbourSkills(factors.neighbourSkills)}.`);
  }
  const floor = fittingProficiency(factors.requiredLevel);
  const gaps = [
    ...factors.matchedSkills
      .filter((skill) => !skill.fits)
      .map((skill) => `Has ${heldAs(skill)}, which alone does not make a fit (${floor} or above is asked for).`),
    ...factors.missingSkills.map((name) => `Does not list ${name}.`),
  ];

  const { requiredLevel, actualLevel } = factors;
  if (requiredLevel !== null && actualLevel === null) gaps.push('No experience level on record.');
  else if (requiredLevel !== null && actualLevel !== null) {
    if (factors.points.experience >= FACTOR_POINTS.experience) {
      strengths.push(`${capitalised(actualLevel)} level meets the ${requiredLevel} level asked for.`);
    } else {
      gaps.push(`${capitalised(actualLevel)} level is below the ${requiredLevel} level asked for.`);
    }
  }

  if (factors.points.availability >= FACTOR_POINTS.availability) {
    strengths.push(`${hours(factors.freeHours)} free hours a week, at least twice what the task needs.`);
  } else {
    gaps.push(`${hours(factors.freeHours)} free hours a week leave little beyond what the task needs.`);
  }

  if (factors.reputation >= NOTABLE_REPUTATION) {
    strengths.push(`Reputation of ${factors.reputation} points from earlier contributions.`);
  } else if (factors.reputation <= 0) {
    gaps.push('No reputation earned on the platform yet.');
  }
  return { strengths, gaps };
}

function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** One sentence per factor with the points it earned, so the score can be checked by reading the summary. */
export function explainMatch(task: TaskNeeds, score: number, factors: MatchFactors): MatchReasoning {
  const summary = [
    `Match score ${score}/100 for "${task.title}".`,
    skillsSentence(task, factors),
    experienceSentence(factors),
    availabilitySentence(factors),
    reputationSentence(factors),
  ].join(' ');
  return {
    summary,
    ...strengthsAndGaps(factors),
    skill_match_percentage:
      task.skills.length === 0 ? 0 : Math.round((100 * factors.matchedSkills.length) / task.skills.length),
    matched_skills: factors.matchedSkills.map(({ name, proficiency, via, evidence }) => ({
      name,
      proficiency,
      via,
      evidence,
    })),
  };
}
