import type { AnalysisProvider } from '../../src/ai/stage.ts';
import type { AppDeps } from '../../src/app-deps.ts';
import type { Db } from '../../src/db/database.ts';
import { briefFixture } from '../ai/analysis-fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import type { TestContext } from '../helpers/context.ts';
import { createCompany } from '../helpers/factories.ts';

/** A company (with its profile) that posts the brief fixture `name` through the API; returns both. */
export async function postBrief(ctx: TestContext, name: string) {
  const company = await createCompany(ctx.db);
  const { title, description } = briefFixture(name);
  const response = await apiClient(ctx.app, company.token).post('/api/challenges', { title, description });
  if (response.statusCode !== 201) throw new Error(`POST /api/challenges answered ${response.statusCode}`);
  return { company, challenge: response.data as { id: number; title: string } };
}

export function challengeRow(db: Db, id: number) {
  return db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** Everything the analysis writes for a challenge, counted: a repeated run must leave these unchanged. */
export async function writtenFor(db: Db, challengeId: number) {
  const tasks = await db.selectFrom('tasks').select('id').where('challenge_id', '=', challengeId).execute();
  const taskIds = tasks.map((task) => task.id);
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    analyses: await count(
      db.selectFrom('challenge_analyses').select('id').where('challenge_id', '=', challengeId).execute(),
    ),
    workstreams: await count(
      db.selectFrom('workstreams').select('id').where('challenge_id', '=', challengeId).execute(),
    ),
    tasks: taskIds.length,
    taskSkills:
      taskIds.length === 0
        ? 0
        : await count(db.selectFrom('task_skills').select('task_id').where('task_id', 'in', taskIds).execute()),
  };
}

/**
 * The deployment's own provider with `before` run ahead of the named stage: a hook to change the world while a stage
 * "thinks" (an edit arriving during the model call) or to make the stage fail. The stage itself still runs for real.
 */
export function withHook(deps: AppDeps, stageName: string, before: (call: number) => Promise<void> | void): AppDeps {
  let calls = 0;
  const ai: AnalysisProvider = {
    name: deps.ai.name,
    model: deps.ai.model,
    async run(stage, input) {
      if (stage.name === stageName) await before(++calls);
      return deps.ai.run(stage, input);
    },
  };
  return { ...deps, ai };
}

export type PlannedSkill = { name: string; reason: string; core?: boolean };
type Plan = { workstreams: Array<{ tasks: Array<{ required_skills: PlannedSkill[] }> }> };

/**
 * The deployment's own provider, with the first planned task's required skills replaced by `skills`: what a model
 * provider may answer (supporting skills, names the taxonomy lacks) put through the real analysis after it.
 */
export function withFirstTaskSkills(deps: AppDeps, skills: PlannedSkill[]): AppDeps {
  const ai: AnalysisProvider = {
    name: deps.ai.name,
    model: deps.ai.model,
    async run(stage, input) {
      const result = await deps.ai.run(stage, input);
      if (stage.name !== 'decomposition') return result;
      (result.output as Plan).workstreams[0]!.tasks[0]!.required_skills = skills;
      return result;
    },
  };
  return { ...deps, ai };
}
