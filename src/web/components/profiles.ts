import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuthUser } from '../../modules/auth/tokens.service.ts';
import type { CompanyProfile } from '../../modules/companies/companies.schemas.ts';
import { getCompanyProfile } from '../../modules/companies/companies.service.ts';
import type { VolunteerProfile } from '../../modules/volunteers/volunteers.schemas.ts';
import { getVolunteerProfile } from '../../modules/volunteers/volunteers.service.ts';

/** A profile read that treats "not completed yet" as null: the pages then ask for it instead of showing a 404. */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

/** The caller's company profile, or null before it has been completed. */
export function companyProfileOrNull(db: Db, user: AuthUser): Promise<CompanyProfile | null> {
  return orNull(getCompanyProfile(db, user));
}

/** The caller's contributor profile, or null before they have completed it. */
export function contributorProfileOrNull(db: Db, user: AuthUser): Promise<VolunteerProfile | null> {
  return orNull(getVolunteerProfile(db, user));
}
