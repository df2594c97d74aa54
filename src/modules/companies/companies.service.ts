import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { UploadedFile } from '../../http/uploads.ts';
import { removeQuietly, type WarningLogger } from '../../storage/file-storage.ts';
import { storeThenWrite } from '../../storage/store-then-write.ts';
import type { AuthUser } from '../auth/tokens.service.ts';
import { type LogoKind, logoUrlOf, newLogoKey } from '../files/logo-files.ts';
import { profileAlreadyCompleted, profileNotFound } from '../users/profile-errors.ts';
import { toCompanyProfile } from './companies.mapper.ts';
import {
  challengeSummariesOf,
  companiesOfChallenges,
  findCompanyByUserId,
  insertCompany,
  updateCompany,
} from './companies.repository.ts';
import type { CompanyProfile, CompleteCompanyProfileBody, UpdateCompanyProfileBody } from './companies.schemas.ts';

async function profileOf(db: Db, userId: number): Promise<CompanyProfile> {
  const row = await findCompanyByUserId(db, userId);
  if (!row) throw profileNotFound('company');
  return toCompanyProfile(row, await challengeSummariesOf(db, row.id));
}

/**
 * The caller's company profile id: null for contributor accounts and for companies that have not completed a
 * profile. Other modules find "the caller as a company" through this one lookup, which the token lookup has usually
 * answered already (`AuthUser.profile_id`).
 */
export async function companyIdOf(db: Db, caller: AuthUser): Promise<number | null> {
  if (caller.account_type !== 'company') return null;
  return caller.profile_id ?? (await findCompanyByUserId(db, caller.id))?.id ?? null;
}

/** A challenge's company as cards show it: the same small object every challenge read embeds. */
export type ChallengeCompany = { id: number; company_name: string; logo_url: string | null };

/**
 * The company of each of `challengeIds`, for the task cards of one page (issue 13, item 3): one query for the whole
 * page, so the shared task feed query (`/api/tasks/available`, kept cheap by issue 11) is not widened by a join. No
 * access check: a challenge's company name and logo are public wherever the challenge is seen, and the ids come from
 * tasks the caller was already shown.
 */
export async function companiesByChallenge(
  db: Db,
  challengeIds: readonly number[],
): Promise<Map<number, ChallengeCompany>> {
  const ids = [...new Set(challengeIds)];
  if (ids.length === 0) return new Map();
  const rows = await companiesOfChallenges(db, ids);
  return new Map(
    rows.map((row) => [
      row.challenge_id,
      { id: row.id, company_name: row.company_name, logo_url: logoUrlOf(row.logo_storage_key) },
    ]),
  );
}

export function getCompanyProfile(db: Db, caller: AuthUser): Promise<CompanyProfile> {
  return profileOf(db, caller.id);
}

type ProfileChange = { deps: AppDeps; caller: AuthUser; logo: UploadedFile | undefined; log: WarningLogger };

/**
 * Stores a new logo before the row that names it is written, and takes it back out if that write fails, so no
 * request leaves a file that nothing points to.
 */
function withStoredLogo<T>(
  { deps, logo, log }: ProfileChange,
  write: (logoKey: string | null) => Promise<T>,
): Promise<T> {
  const logoKey = logo ? newLogoKey(logo.kind as LogoKind) : null;
  const files = logo && logoKey ? [{ key: logoKey, localPath: logo.tempPath }] : [];
  return storeThenWrite(deps.storage, files, () => write(logoKey), log);
}

/** Creates the caller's company profile, with its logo when one was sent; a second attempt is a 422. */
export async function completeCompanyProfile(
  change: ProfileChange,
  body: CompleteCompanyProfileBody,
): Promise<CompanyProfile> {
  const { deps, caller } = change;
  if (await findCompanyByUserId(deps.db, caller.id)) throw profileAlreadyCompleted('company');
  const now = new Date().toISOString();
  await withStoredLogo(change, async (logoKey) => {
    try {
      await insertCompany(deps.db, {
        user_id: caller.id,
        company_name: body.company_name,
        industry: body.industry ?? null,
        website: body.website ?? null,
        description: body.description ?? null,
        logo_storage_key: logoKey,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      // Two simultaneous attempts: the unique user_id lets one through; the other gets the same answer as a retry.
      if (isUniqueViolation(error)) throw profileAlreadyCompleted('company');
      throw error;
    }
  });
  return profileOf(deps.db, caller.id);
}

/**
 * Changes the fields that were sent; absent ones keep their values. A new logo replaces the old one and `logo: null`
 * removes it; the old file is deleted only after the change committed.
 */
export async function updateCompanyProfile(
  change: ProfileChange,
  body: UpdateCompanyProfileBody,
): Promise<CompanyProfile> {
  const { deps, caller, log } = change;
  const company = await findCompanyByUserId(deps.db, caller.id);
  if (!company) throw profileNotFound('company');
  const result = await withStoredLogo(change, (logoKey) => {
    const logoChanges = logoKey !== null || body.logo === null;
    const patch = {
      ...(body.company_name !== undefined && { company_name: body.company_name }),
      ...(body.industry !== undefined && { industry: body.industry }),
      ...(body.website !== undefined && { website: body.website }),
      ...(body.description !== undefined && { description: body.description }),
      ...(logoChanges && { logo_storage_key: logoKey }),
      updated_at: new Date().toISOString(),
    };
    return deps.db.transaction().execute(async (trx) => {
      const updated = await updateCompany(trx, company.id, patch);
      if (!updated) throw profileNotFound('company');
      return { logoChanges, previousLogoKey: updated.previousLogoKey };
    });
  });
  if (result.logoChanges && result.previousLogoKey) await removeQuietly(deps.storage, result.previousLogoKey, log);
  return profileOf(deps.db, caller.id);
}
