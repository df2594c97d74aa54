import type { PlannedWorkstream } from '../../ai/decomposition/schema.ts';
import { AnalysisLimitError } from '../../ai/stage.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import {
  type AnalysedBrief,
  applyAnalysisOutcome,
  companyUserOfChallenge,
  endChallengeAnalysisStep,
  insertAnalyses,
  insertWorkstream,
  markChallengeAnalysisFailed,
  recordChallengeAnalysisStep,
  startChallengeAnalysis,
} from '../../modules/challenges/challenge-analysis.repository.ts';
import { recordChallengeStatusChanged } from '../../modules/challenges/challenge-events.ts';
import { notify } from '../../modules/notifications/notify.ts';
import { ensurePlannedSkillIds } from '../../modules/skills/skills.repository.ts';
import { insertPlannedTask, type NewPlannedTask } from '../../modules/tasks/planned-tasks.repository.ts';
import { recordTaskCreated } from '../../modules/tasks/task-events.ts';
import { analysisRowsOf, outcomeOf } from './analysis-records.ts';
import { type ChallengePlan, runChallengeStages } from './run-stages.ts';

type ResolvedWorkstream = Omit<PlannedWorkstream, 'tasks'> & { tasks: NewPlannedTask[] };

/**
 * `challenge.analyze` (docs/contract.md §6 steps 1–3). The stages run outside any transaction; everything they decided
 * is written in one transaction at the end, behind the guard of `applyAnalysisOutcome`, so a run that is repeated, or
 * overtaken by an edit of the description, writes nothing twice and nothing stale. Between stages the run records its
 * step (src/shared/analysis-steps.ts) in a short write of its own, for the pages that watch it. A stage that overruns its limits
 * ends the analysis as `failed` at once (`stopOverrunAnalysis`). Returns whether this run wrote.
 */
export async function analyzeChallenge(deps: AppDeps, challengeId: number): Promise<boolean> {
  const brief = await deps.db.transaction().execute(async (trx) => {
    const started = await startChallengeAnalysis(trx, challengeId, new Date().toISOString());
    if (started) await recordChallengeStatusChanged(trx, challengeId);
    return started;
  });
  if (!brief) return false;
  let plan: ChallengePlan;
  try {
    plan = await runChallengeStages(deps.ai, brief, (step) => recordChallengeAnalysisStep(deps.db, brief, step));
  } catch (error) {
    if (error instanceof AnalysisLimitError) return stopOverrunAnalysis(deps, brief, error);
    throw error;
  }
  if (plan.kind === 'team_execution') await recordChallengeAnalysisStep(deps.db, brief, 'inviting');
  const workstreams = plan.kind === 'team_execution' ? await resolveSkills(deps.db, plan.decomposition.output) : [];

  return deps.db.transaction().execute(async (trx) => {
    const now = new Date().toISOString();
    if (!(await applyAnalysisOutcome(trx, brief, outcomeOf(plan), now))) return false;
    await recordChallengeStatusChanged(trx, brief.id);
    await insertAnalyses(trx, brief.id, analysisRowsOf(plan, brief.description), now);
    for (const [index, workstream] of workstreams.entries()) {
      const workstreamId = await insertWorkstream(
        trx,
        brief.id,
        { title: workstream.title, description: workstream.description, position: index + 1 },
        now,
      );
      for (const task of workstream.tasks) {
        const taskId = await insertPlannedTask(trx, brief.id, workstreamId, task, now);
        await deps.queue.enqueue(trx, 'task.match', { taskId });
        await recordTaskCreated(trx, taskId, brief.id);
      }
    }
    await notifyCompany(trx, brief, plan);
    await endChallengeAnalysisStep(trx, brief.id);
    return true;
  });
}

/** After the last attempt failed: see `markChallengeAnalysisFailed`. */
export async function failChallengeAnalysis(deps: AppDeps, challengeId: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (await markChallengeAnalysisFailed(trx, challengeId, new Date().toISOString())) {
      await recordChallengeStatusChanged(trx, challengeId);
    }
  });
}

/**
 * A stage ran past its deadline or memory (`AnalysisLimitError`): the same brief would again, so the analysis ends
 * now as `failed`, without retries, and the company is told why and what to do (an edited description is analysed
 * anew). Guarded like the outcome: nothing is written when the description changed meanwhile.
 */
async function stopOverrunAnalysis(deps: AppDeps, brief: AnalysedBrief, error: AnalysisLimitError): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await markChallengeAnalysisFailed(trx, brief.id, new Date().toISOString(), brief))) return false;
    await recordChallengeStatusChanged(trx, brief.id);
    const userId = await companyUserOfChallenge(trx, brief.id);
    if (userId === null) return true;
    await notify(trx, {
      userId,
      type: 'challenge_analysis_failed',
      title: 'Challenge analysis stopped',
      message: `${overrunSentence(brief, error)} Shorten the description, or split it into separate challenges, and save it again to have it analysed.`,
      actionUrl: `/challenges/${brief.id}`,
      data: { challenge_id: brief.id },
    });
    return true;
  });
}

function overrunSentence(brief: AnalysedBrief, error: AnalysisLimitError): string {
  const needed = error.limit === 'deadline' ? 'more time' : 'more memory';
  return `The analysis of your challenge "${brief.title}" was stopped: it needed ${needed} than one brief may take.`;
}

/**
 * Each task's skill names as skill ids (rows created on demand). A name the taxonomy lacks is kept in its own words, so
 * matching invites whoever's CV lists the same words (`ensurePlannedSkillIds`).
 */
async function resolveSkills(db: Db, plan: { workstreams: PlannedWorkstream[] }): Promise<ResolvedWorkstream[]> {
  const resolved: ResolvedWorkstream[] = [];
  for (const workstream of plan.workstreams) {
    const tasks: NewPlannedTask[] = [];
    for (const task of workstream.tasks) {
      const names = task.required_skills.map((skill) => skill.name);
      const skillIds = await ensurePlannedSkillIds(db, names);
      // A skill named both ways counts as core.
      const coreIds = new Set(
        await ensurePlannedSkillIds(
          db,
          task.required_skills.filter((skill) => skill.core !== false).map((skill) => skill.name),
        ),
      );
      tasks.push({ ...task, skillIds, supportingSkillIds: skillIds.filter((id) => !coreIds.has(id)) });
    }
    resolved.push({ ...workstream, tasks });
  }
  return resolved;
}

async function notifyCompany(db: Db, challenge: AnalysedBrief, plan: ChallengePlan): Promise<void> {
  const userId = await companyUserOfChallenge(db, challenge.id);
  if (userId === null) return;
  const base = { userId, actionUrl: `/challenges/${challenge.id}`, data: { challenge_id: challenge.id } };
  const title = `"${challenge.title}"`;
  if (plan.kind === 'rejected') {
    await notify(db, {
      ...base,
      type: 'challenge_rejected',
      title: 'Challenge not accepted',
      message: `Your challenge ${title} was not accepted: ${outcomeOf(plan).rejection_reason}`,
    });
    return;
  }
  const message =
    plan.kind === 'community_discussion'
      ? `Your challenge ${title} was analysed and is open for ideas from the community.`
      : `Your challenge ${title} was analysed and planned as ${countTasks(plan)} tasks; we are inviting contributors.`;
  await notify(db, { ...base, type: 'challenge_analyzed', title: 'Challenge analysed', message });
}

function countTasks(plan: Extract<ChallengePlan, { kind: 'team_execution' }>): number {
  return plan.decomposition.output.workstreams.reduce((sum, workstream) => sum + workstream.tasks.length, 0);
}
