import crypto from 'node:crypto';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../http/app-error.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { CONTENT_TYPES, type FileKind } from '../../storage/file-kinds.ts';
import { removeQuietly, type WarningLogger } from '../../storage/file-storage.ts';
import { storeThenWrite } from '../../storage/store-then-write.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { awardReputation, hasBeenAwarded } from '../reputation/reputation.ts';
import { profileAlreadyCompleted, profileNotFound } from '../users/profile-errors.ts';
import { toVolunteerProfile } from './volunteers.mapper.ts';
import {
  findVolunteerByUserId,
  insertVolunteer,
  lockVolunteerForCv,
  skillsOfVolunteer,
  statisticsOfVolunteer,
  updateVolunteer,
} from './volunteers.repository.ts';
import type {
  CompleteVolunteerProfileBody,
  UpdateVolunteerProfileBody,
  VolunteerProfile,
} from './volunteers.schemas.ts';

async function profileOf(db: Db, userId: number): Promise<VolunteerProfile> {
  const row = await findVolunteerByUserId(db, userId);
  if (!row) throw profileNotFound('contributor');
  const [skills, statistics] = await Promise.all([skillsOfVolunteer(db, row.id), statisticsOfVolunteer(db, row.id)]);
  return toVolunteerProfile(row, skills, statistics);
}

/**
 * The caller's contributor profile id: null for company accounts and for contributors who have not completed a
 * profile. Other modules find "the caller as a contributor" through this one lookup, which the token lookup has
 * usually answered already (`AuthUser.profile_id`).
 */
export async function volunteerIdOf(db: Db, caller: AuthUser): Promise<number | null> {
  if (caller.account_type !== 'contributor') return null;
  return caller.profile_id ?? (await findVolunteerByUserId(db, caller.id))?.id ?? null;
}

export function getVolunteerProfile(db: Db, caller: AuthUser): Promise<VolunteerProfile> {
  return profileOf(db, caller.id);
}

/** A contributor's current CV as a stored file (see `currentCvOf`); 404 without a CV. */
export function storedCvOf(row: { cv_storage_key: string | null; cv_file_name: string | null }): StoredCv {
  if (row.cv_storage_key === null) throw AppError.notFound('CV');
  const kind = row.cv_storage_key.slice(row.cv_storage_key.lastIndexOf('.') + 1) as FileKind;
  return {
    key: row.cv_storage_key,
    fileName: row.cv_file_name ?? `cv.${kind}`,
    contentType: CONTENT_TYPES[kind] ?? 'application/octet-stream',
  };
}
export type StoredCv = { key: string; fileName: string; contentType: string };

/**
 * The caller's current CV as a stored file: its key, the name it was uploaded under, and the content type of the
 * kind sniffed at upload (the key's extension). 404 without a profile or without a CV.
 */
export async function currentCvOf(db: Db, caller: AuthUser): Promise<StoredCv> {
  const row = await findVolunteerByUserId(db, caller.id);
  if (!row) throw profileNotFound('contributor');
  return storedCvOf(row);
}

/** Creates the caller's profile and awards `profile_completed` with it; a second attempt is a 422. */
export async function completeVolunteerProfile(
  db: Db,
  caller: AuthUser,
  body: CompleteVolunteerProfileBody,
): Promise<VolunteerProfile> {
  if (await findVolunteerByUserId(db, caller.id)) throw profileAlreadyCompleted('contributor');
  const now = new Date().toISOString();
  try {
    await db.transaction().execute(async (trx) => {
      const volunteerId = await insertVolunteer(trx, {
        user_id: caller.id,
        field: body.field,
        bio: body.bio ?? null,
        availability_hours_per_week: body.availability_hours_per_week,
        experience_level: null,
        years_of_experience: null,
        professional_domains: '[]',
        education: '[]',
        work_experience: '[]',
        cv_storage_key: null,
        cv_file_name: null,
        cv_uploaded_at: null,
        ai_analysis_confidence: null,
        ai_analysis_error: null,
        ai_analyzed_at: null,
        created_at: now,
        updated_at: now,
      });
      await awardReputation(trx, volunteerId, 'profile_completed', { type: 'volunteer', id: volunteerId });
    });
  } catch (error) {
    // Two simultaneous attempts: the unique user_id lets one through; the other gets the same answer as a retry.
    if (isUniqueViolation(error)) throw profileAlreadyCompleted('contributor');
    throw error;
  }
  return profileOf(db, caller.id);
}

/** Changes the fields that were sent; absent ones keep their values. */
export async function updateVolunteerProfile(
  db: Db,
  caller: AuthUser,
  body: UpdateVolunteerProfileBody,
): Promise<VolunteerProfile> {
  const row = await findVolunteerByUserId(db, caller.id);
  if (!row) throw profileNotFound('contributor');
  const patch = {
    ...(body.availability_hours_per_week !== undefined && {
      availability_hours_per_week: body.availability_hours_per_week,
    }),
    ...(body.field !== undefined && { field: body.field }),
    ...(body.bio !== undefined && { bio: body.bio }),
  };
  if (Object.keys(patch).length > 0) {
    await updateVolunteer(db, row.id, { ...patch, updated_at: new Date().toISOString() });
  }
  return profileOf(db, caller.id);
}

/**
 * Stores the new CV, then in one transaction points the profile at it, marks it for analysis, awards
 * `first_cv_upload` if this contributor never had it, and queues the analysis. The new file is removed if that
 * transaction fails; the previous one only once it committed.
 */
export async function uploadCv(
  deps: AppDeps,
  caller: AuthUser,
  cv: UploadedFile,
  log: WarningLogger,
): Promise<VolunteerProfile> {
  const volunteer = await findVolunteerByUserId(deps.db, caller.id);
  if (!volunteer) throw profileNotFound('contributor');
  const key = `cvs/${volunteer.id}/${crypto.randomBytes(16).toString('hex')}.${cv.kind}`;
  const previousKey = await storeThenWrite(
    deps.storage,
    [{ key, localPath: cv.tempPath }],
    () =>
      deps.db.transaction().execute(async (trx) => {
        const now = new Date().toISOString();
        const locked = await lockVolunteerForCv(trx, volunteer.id, now);
        if (!locked) throw profileNotFound('contributor');
        await updateVolunteer(trx, volunteer.id, {
          cv_storage_key: key,
          cv_file_name: cv.fileName,
          cv_uploaded_at: now,
          ai_analysis_status: 'pending',
          ai_analysis_step: null,
          ai_analysis_error: null,
        });
        if (!(await hasBeenAwarded(trx, volunteer.id, 'first_cv_upload'))) {
          await awardReputation(trx, volunteer.id, 'first_cv_upload', { type: 'volunteer', id: volunteer.id });
        }
        await deps.queue.enqueue(trx, 'volunteer.analyze-cv', { volunteerId: volunteer.id });
        return locked.cv_storage_key;
      }),
    log,
  );
  if (previousKey !== null) await removeQuietly(deps.storage, previousKey, log);
  return profileOf(deps.db, caller.id);
}
