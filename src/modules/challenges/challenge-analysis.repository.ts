import type { Db } from '../../db/database.ts';
import type { BriefAnalysisStep } from '../../shared/analysis-steps.ts';
import { CHALLENGE_TRANSITIONS } from './challenges.state.ts';

/** Statuses in which a challenge waits for (or is under) brief analysis; the job leaves every other one alone. */
const ANALYSABLE_STATUSES = CHALLENGE_TRANSITIONS.start_analysis.from;

export type AnalysedBrief = { id: number; title: string; description: string };

/**
 * Marks the challenge as under analysis and returns the brief as it reads now, or null when the challenge is gone or
 * has left the analysable statuses (already analysed, archived): then there is nothing to do.
 */
export async function startChallengeAnalysis(db: Db, id: number, now: string): Promise<AnalysedBrief | null> {
  const result = await db
    .updateTable('challenges')
    .set({
      status: CHALLENGE_TRANSITIONS.start_analysis.to,
      ai_analysis_status: 'processing',
      ai_analysis_step: 'reading',
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', 'in', [...ANALYSABLE_STATUSES])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  const row = await db
    .selectFrom('challenges')
    .select(['id', 'title', 'description'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Moves the running analysis of `brief` on to `step`: a short write of its own between two stages, outside the final
 * transaction, so that the pages watching the challenge see it. Guarded like the outcome: a run overtaken by an edit
 * of the description (or one that already ended) writes no step.
 */
export async function recordChallengeAnalysisStep(
  db: Db,
  brief: AnalysedBrief,
  step: BriefAnalysisStep,
): Promise<void> {
  await db
    .updateTable('challenges')
    .set({ ai_analysis_step: step })
    .where('id', '=', brief.id)
    .where('status', '=', CHALLENGE_TRANSITIONS.start_analysis.to)
    .where('description', '=', brief.description)
    .execute();
}

/**
 * The analysis wrote its outcome: no step any more. The last statement of the final transaction, after the tasks are
 * queued for matching, so that everything written under `inviting` reads it (test/pipeline/analysis-steps.test.ts).
 */
export async function endChallengeAnalysisStep(db: Db, id: number): Promise<void> {
  await db.updateTable('challenges').set({ ai_analysis_step: null }).where('id', '=', id).execute();
}

export type AnalysisOutcome = {
  status: typeof CHALLENGE_TRANSITIONS.open.to | typeof CHALLENGE_TRANSITIONS.reject.to;
  refined_brief: string | null;
  field: string | null;
  score: number;
  complexity_level: number | null;
  challenge_type: string | null;
  rejection_reason: string | null;
};

/**
 * The guard of the final write, and its first statement: applies the outcome only while the challenge is still under
 * analysis of the description that was analysed. A description edited meanwhile (the edit puts the challenge back
 * to `submitted` and queues a new run) or another run that already wrote (the challenge left `analyzing`) make it
 * apply nothing. The title is not compared: a title-only edit queues no new analysis (challenges.service), so
 * refusing here would leave the challenge under analysis for good. On PostgreSQL the update locks the row, so a
 * concurrent run waits for the other's commit and then finds the challenge changed.
 */
export async function applyAnalysisOutcome(
  db: Db,
  brief: AnalysedBrief,
  outcome: AnalysisOutcome,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('challenges')
    .set({ ...outcome, ai_analysis_status: 'completed', updated_at: now })
    .where('id', '=', brief.id)
    .where('status', 'in', [...CHALLENGE_TRANSITIONS.open.from, ...CHALLENGE_TRANSITIONS.reject.from])
    .where('description', '=', brief.description)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The analysis ended without an outcome: the challenge goes back to `submitted` with the analysis `failed`, so the
 * company sees it and may edit the brief (which queues a new analysis) and an operator may re-run the job. After the
 * last attempt any run's analysis ends so; given the brief a run analysed, only while the description is still that
 * one (an edit meanwhile queued a newer run, which this one must not mark). Returns whether it marked.
 */
export async function markChallengeAnalysisFailed(
  db: Db,
  id: number,
  now: string,
  analysed: AnalysedBrief | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable('challenges')
    .set({
      status: CHALLENGE_TRANSITIONS.analysis_failed.to,
      ai_analysis_status: 'failed',
      ai_analysis_step: null,
      updated_at: now,
    })
    .where('id', '=', id)
    .where('status', 'in', [...CHALLENGE_TRANSITIONS.analysis_failed.from])
    .$if(analysed !== null, (qb) => qb.where('description', '=', analysed!.description))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export type NewAnalysisRow = {
  stage: 'brief' | 'complexity' | 'decomposition';
  summary: string | null;
  objectives: string[];
  constraints: string[];
  success_criteria: string[];
  stakeholders: string[];
  risks: string[];
  recommended_approach: string | null;
  confidence_score: number | null;
  provider: string;
  model: string | null;
};

export async function insertAnalyses(db: Db, challengeId: number, rows: NewAnalysisRow[], now: string): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('challenge_analyses')
    .values(
      rows.map((row) => ({
        challenge_id: challengeId,
        stage: row.stage,
        summary: row.summary,
        objectives: JSON.stringify(row.objectives),
        constraints: JSON.stringify(row.constraints),
        success_criteria: JSON.stringify(row.success_criteria),
        stakeholders: JSON.stringify(row.stakeholders),
        risks: JSON.stringify(row.risks),
        recommended_approach: row.recommended_approach,
        confidence_score: row.confidence_score,
        provider: row.provider,
        model: row.model,
        created_at: now,
      })),
    )
    .execute();
}

export async function insertWorkstream(
  db: Db,
  challengeId: number,
  values: { title: string; description: string; position: number },
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('workstreams')
    .values({ challenge_id: challengeId, ...values, status: 'active', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The user to notify about a challenge: its company's account. */
export async function companyUserOfChallenge(db: Db, challengeId: number): Promise<number | null> {
  const row = await db
    .selectFrom('challenges')
    .innerJoin('companies', 'companies.id', 'challenges.company_id')
    .select('companies.user_id')
    .where('challenges.id', '=', challengeId)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/**
 * The challenges whose brief the analysis may run on again (`guild brief:reanalyze`), one by id or all: those awaiting
 * their analysis (submitted: waiting, or back after a failed analysis; analyzing) and those the analysis rejected
 * (which `reconsiderRejectedChallenges` puts back first). Briefs that already became tasks or ideas are not among
 * them: analysing them again would replace work under way.
 */
export async function challengesToReanalyse(db: Db, id: number | null): Promise<{ id: number; status: string }[]> {
  return db
    .selectFrom('challenges')
    .select(['id', 'status'])
    .where('status', 'in', [...ANALYSABLE_STATUSES, ...CHALLENGE_TRANSITIONS.reconsider.from])
    .$if(id !== null, (qb) => qb.where('id', '=', id!))
    .orderBy('id')
    .execute();
}

/** The `reconsider` move: rejected briefs wait for their analysis again, without the old rejection's reason. */
export async function reconsiderRejectedChallenges(db: Db, ids: number[], now: string): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('challenges')
    .set({
      status: CHALLENGE_TRANSITIONS.reconsider.to,
      ai_analysis_status: 'pending',
      ai_analysis_step: null,
      rejection_reason: null,
      updated_at: now,
    })
    .where('id', 'in', ids)
    .where('status', 'in', [...CHALLENGE_TRANSITIONS.reconsider.from])
    .execute();
}
