import fs from 'node:fs';
import path from 'node:path';
import type { AnalysisProvider } from '../src/ai/stage.ts';
import { type ChallengePlan, runChallengeStages } from '../src/pipeline/challenge-analysis/run-stages.ts';
import {
  type LabelledSkill,
  type SkillLabelMatcher,
  type SkillScore,
  scoreSkills,
  toLabelledSkill,
} from './skill-labels.ts';
import { contentStems, keywordOccurs } from './stems.ts';

export type Routing = 'community' | 'team' | 'rejected';
export type Piece = { text: string; keywords: readonly string[] };

export type BriefLabel = {
  id: string;
  file: string;
  domain: string;
  routing: Routing;
  unlawful?: boolean;
  required_skills?: LabelledSkill[];
  pieces?: Piece[];
};

/** One task of a plan as the evaluation reads it; `source` exists once decomposition keeps the brief's excerpt. */
export type PlannedTaskView = {
  title: string;
  description: string;
  source: string | null;
  requiredSkills: string[];
  /** The required skills decomposition marks as supporting (`core: false`): they make nobody fit alone. */
  supportingSkills: string[];
  requiredExperienceLevel: string | null;
  estimatedHours: number | null;
};

export type BriefResult = {
  label: BriefLabel;
  routed: Routing;
  /** Why: the rejection reason, or the complexity stage's reasoning for a workable brief. */
  reasons: string | null;
  tasks: PlannedTaskView[];
  /** For team briefs routed to team execution. */
  skills: SkillScore | null;
  piecesCovered: Piece[] | null;
};

const ROUTING_OF_PLAN: Record<ChallengePlan['kind'], Routing> = {
  rejected: 'rejected',
  community_discussion: 'community',
  team_execution: 'team',
};

export function readBriefLabels(dir: string): BriefLabel[] {
  const file = JSON.parse(fs.readFileSync(path.join(dir, 'labels.json'), 'utf8')) as { briefs: BriefLabel[] };
  return file.briefs.map((brief) => ({
    ...brief,
    required_skills: brief.required_skills?.map(toLabelledSkill),
  }));
}

/** The fixture format: the first line is the title, the rest (after a blank line) the description. */
function readBrief(file: string): { title: string; description: string } {
  const [title = '', ...rest] = fs.readFileSync(file, 'utf8').split('\n');
  return { title: title.trim(), description: rest.join('\n').trim() };
}

/** Required skills may be names or `{ name, reason }` objects (the decomposition change adds the reason). */
function skillName(skill: unknown): string {
  return typeof skill === 'string' ? skill : String((skill as { name: unknown }).name);
}

/** A required skill given as `{ name, core: false }`. */
function isSupporting(skill: unknown): boolean {
  return typeof skill === 'object' && skill !== null && (skill as { core?: unknown }).core === false;
}

function tasksOf(plan: ChallengePlan): PlannedTaskView[] {
  if (plan.kind !== 'team_execution') return [];
  return plan.decomposition.output.workstreams.flatMap((workstream) =>
    workstream.tasks.map((task) => {
      const view = task as typeof task & { source?: string | null };
      return {
        title: task.title,
        description: task.description,
        source: view.source ?? null,
        requiredSkills: (task.required_skills as readonly unknown[]).map(skillName),
        supportingSkills: (task.required_skills as readonly unknown[]).filter(isSupporting).map(skillName),
        requiredExperienceLevel: task.required_experience_level ?? null,
        estimatedHours: task.estimated_hours ?? null,
      };
    }),
  );
}

/** A task covers a piece when at least half of the piece's keywords occur (by word stem) in its text. */
export function coveredPieces(pieces: readonly Piece[], tasks: readonly PlannedTaskView[]): Piece[] {
  const taskStems = tasks.map(
    (task) => new Set(contentStems([task.title, task.description, task.source ?? ''].join('\n'))),
  );
  return pieces.filter((piece) =>
    taskStems.some((stems) => {
      const found = piece.keywords.filter((keyword) => keywordOccurs(keyword, stems)).length;
      return found * 2 >= piece.keywords.length;
    }),
  );
}

/** Runs the real analysis chain (brief → complexity → decomposition) on one brief and scores it against its label. */
export async function evaluateBrief(
  ai: AnalysisProvider,
  matcher: SkillLabelMatcher,
  dir: string,
  label: BriefLabel,
  id: number,
): Promise<BriefResult> {
  const plan = await runChallengeStages(ai, { id, ...readBrief(path.join(dir, label.file)) });
  const routed = ROUTING_OF_PLAN[plan.kind];
  const tasks = tasksOf(plan);
  const scored = label.routing === 'team' && routed === 'team';
  const predictedSkills = [...new Set(tasks.flatMap((task) => task.requiredSkills))];
  return {
    label,
    routed,
    reasons: plan.kind === 'rejected' ? plan.brief.output.rejection_reason : plan.complexity.output.reasoning,
    tasks,
    skills: scored ? scoreSkills(matcher, predictedSkills, label.required_skills ?? []) : null,
    piecesCovered: scored ? coveredPieces(label.pieces ?? [], tasks) : null,
  };
}

/**
 * What is wrong with the labels themselves: a missing file, a team brief without skills or pieces, a piece without
 * 2–4 keywords, or a keyword its brief does not contain (keywords are the brief's own words, so a task that copies
 * the brief can cover the piece).
 */
export function briefLabelProblems(dir: string, labels: readonly BriefLabel[]): string[] {
  const problems: string[] = [];
  for (const label of labels) {
    const file = path.join(dir, label.file);
    if (!fs.existsSync(file)) {
      problems.push(`${label.id}: ${label.file} is missing`);
      continue;
    }
    if (label.routing !== 'team') continue;
    if (!label.required_skills?.length) problems.push(`${label.id}: no required skills`);
    if (!label.pieces?.length) problems.push(`${label.id}: no pieces`);
    const { title, description } = readBrief(file);
    const briefStems = new Set(contentStems(`${title}\n${description}`));
    for (const piece of label.pieces ?? []) {
      if (piece.keywords.length < 2 || piece.keywords.length > 4) {
        problems.push(`${label.id}: "${piece.text}" has ${piece.keywords.length} keywords`);
      }
      for (const keyword of piece.keywords.filter((keyword) => !keywordOccurs(keyword, briefStems))) {
        problems.push(`${label.id}: keyword "${keyword}" is not in the brief`);
      }
    }
  }
  return problems;
}
