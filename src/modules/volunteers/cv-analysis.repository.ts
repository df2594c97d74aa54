import type { Db } from '../../db/database.ts';
import type { CvAnalysisStep } from '../../shared/analysis-steps.ts';
import { holdFeedOf, refreshFeedOf } from '../tasks/task-fit.repository.ts';
import { removedSkillIds } from './volunteer-skills.repository.ts';

/**
 * Analysis states in which a CV may be (re)analysed: queued, interrupted, or failed (an operator's `jobs:retry`).
 * `completed` is left alone: a new upload sets `pending` again, so a completed analysis is one of the current file.
 */
const ANALYSABLE = ['pending', 'processing', 'failed'];

/** Marks the volunteer's current CV as being analysed and returns its key, or null when there is nothing to do. */
export async function startCvAnalysis(db: Db, volunteerId: number, now: string): Promise<string | null> {
  const row = await db
    .updateTable('volunteers')
    .set({ ai_analysis_status: 'processing', ai_analysis_step: 'reading', ai_analysis_error: null, updated_at: now })
    .where('id', '=', volunteerId)
    .where('cv_storage_key', 'is not', null)
    .where('ai_analysis_status', 'in', ANALYSABLE)
    .returning('cv_storage_key')
    .executeTakeFirst();
  return row?.cv_storage_key ?? null;
}

/**
 * The CVs of `volunteerIds` (every contributor's with `'all'`) put back to `pending` for a new analysis after the
 * analyzer improved (`guild cv:reanalyze`); the caller queues their jobs in the same transaction. The profile stays
 * as it is until the new analysis replaces it. Returns the ids of the contributors that have a CV.
 */
export async function markCvsForReanalysis(
  db: Db,
  volunteerIds: readonly number[] | 'all',
  now: string,
): Promise<number[]> {
  if (volunteerIds !== 'all' && volunteerIds.length === 0) return [];
  const rows = await db
    .updateTable('volunteers')
    .set({ ai_analysis_status: 'pending', ai_analysis_step: null, ai_analysis_error: null, updated_at: now })
    .where('cv_storage_key', 'is not', null)
    .$if(volunteerIds !== 'all', (qb) => qb.where('id', 'in', volunteerIds as readonly number[]))
    .returning('id')
    .execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Moves the running analysis of the CV `cvKey` on to `step`: a short write of its own between two stages, outside the
 * final transaction, so that the profile page sees it. A newer upload (another key) or an ended analysis takes none.
 */
export async function recordCvAnalysisStep(
  db: Db,
  volunteerId: number,
  cvKey: string,
  step: CvAnalysisStep,
): Promise<void> {
  await db
    .updateTable('volunteers')
    .set({ ai_analysis_step: step })
    .where('id', '=', volunteerId)
    .where('cv_storage_key', '=', cvKey)
    .where('ai_analysis_status', '=', 'processing')
    .execute();
}

/** The analysis stored its profile: no step any more. The final transaction's last statement, as for briefs. */
export async function endCvAnalysisStep(db: Db, volunteerId: number): Promise<void> {
  await db.updateTable('volunteers').set({ ai_analysis_step: null }).where('id', '=', volunteerId).execute();
}

export async function currentCvKey(db: Db, volunteerId: number): Promise<string | null> {
  const row = await db
    .selectFrom('volunteers')
    .select('cv_storage_key')
    .where('id', '=', volunteerId)
    .executeTakeFirst();
  return row?.cv_storage_key ?? null;
}

export type CvProfile = {
  experience_level: string;
  years_of_experience: number;
  education: unknown[];
  work_experience: unknown[];
  professional_domains: string[];
  ai_analysis_confidence: number;
  validation_status: 'passed' | 'needs_review';
};

/**
 * The guard of the write, and its first statement: stores the profile only while the analysis of `cvKey` is still
 * the one in progress. A newer CV uploaded meanwhile (another key, status `pending`) or another run that already
 * stored it (status `completed`) make it store nothing. The update locks the row on PostgreSQL, so a concurrent run
 * waits for this one's commit and then finds the status changed.
 */
export async function applyCvProfile(
  db: Db,
  volunteerId: number,
  cvKey: string,
  profile: CvProfile,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('volunteers')
    .set({
      experience_level: profile.experience_level,
      years_of_experience: profile.years_of_experience,
      education: JSON.stringify(profile.education),
      work_experience: JSON.stringify(profile.work_experience),
      professional_domains: JSON.stringify(profile.professional_domains),
      ai_analysis_confidence: profile.ai_analysis_confidence,
      validation_status: profile.validation_status,
      ai_analysis_status: 'completed',
      ai_analysis_error: null,
      ai_analyzed_at: now,
      updated_at: now,
    })
    .where('id', '=', volunteerId)
    .where('cv_storage_key', '=', cvKey)
    .where('ai_analysis_status', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A skill the CV shows, with the excerpt it was read from (kept so the profile can show why the skill is there). */
export type FoundSkill = { skillId: number; proficiency: string; years: number | null; evidence: string | null };

/**
 * The CV's skills replace the earlier `cv_analysis` ones. Skills the contributor added by hand are kept as they are,
 * also when the CV shows them too (the contributor's own statement wins), and skills they took off their profile stay
 * off. The contributor's feed of open tasks follows their new skills in the same transaction.
 */
export async function replaceCvSkills(db: Db, volunteerId: number, skills: FoundSkill[], now: string): Promise<void> {
  await holdFeedOf(db, volunteerId);
  await db
    .deleteFrom('volunteer_skills')
    .where('volunteer_id', '=', volunteerId)
    .where('source', '=', 'cv_analysis')
    .execute();
  const manual = await db
    .selectFrom('volunteer_skills')
    .select('skill_id')
    .where('volunteer_id', '=', volunteerId)
    .execute();
  const kept = new Set([...manual.map((row) => row.skill_id), ...(await removedSkillIds(db, volunteerId))]);
  const rows = skills.filter((skill) => !kept.has(skill.skillId));
  if (rows.length > 0) await insertCvSkills(db, volunteerId, rows, now);
  await refreshFeedOf(db, volunteerId);
}

async function insertCvSkills(db: Db, volunteerId: number, rows: FoundSkill[], now: string): Promise<void> {
  await db
    .insertInto('volunteer_skills')
    .values(
      rows.map((skill) => ({
        volunteer_id: volunteerId,
        skill_id: skill.skillId,
        proficiency_level: skill.proficiency,
        years_of_experience: skill.years,
        evidence: skill.evidence,
        source: 'cv_analysis',
        created_at: now,
      })),
    )
    .execute();
}

/**
 * Ends the analysis of `cvKey` as `failed` with the reason the contributor sees; `cvKey` null fails whatever
 * analysis is in progress (after the last attempt, when the key is not known). A failed analysis does not validate
 * the profile, so skills from an earlier CV stop counting for matching until a CV is read.
 */
export async function markCvAnalysisFailed(
  db: Db,
  volunteerId: number,
  cvKey: string | null,
  reason: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('volunteers')
    .set({
      ai_analysis_status: 'failed',
      ai_analysis_step: null,
      ai_analysis_error: reason,
      validation_status: 'failed',
      updated_at: now,
    })
    .where('id', '=', volunteerId)
    .where('ai_analysis_status', 'in', ['pending', 'processing'])
    .$if(cvKey !== null, (qb) => qb.where('cv_storage_key', '=', cvKey!))
    .execute();
}
