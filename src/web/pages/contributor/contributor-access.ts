import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import type { PageRequest } from '../../../http/pagination.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import type { VolunteerProfile } from '../../../modules/volunteers/volunteers.schemas.ts';
import { getVolunteerProfile } from '../../../modules/volunteers/volunteers.service.ts';
import { requireWebUser } from '../../session.ts';

/**
 * The contributor's pages: a signed-out visitor is sent to sign in (and back), a company account gets the 403 page
 * (the error handler renders the thrown error as a page).
 */
export function requireContributor(request: FastifyRequest, reply: FastifyReply): AuthUser | null {
  const user = requireWebUser(request, reply);
  if (user && user.account_type !== 'contributor') {
    throw AppError.forbidden('This page is for contributor accounts. Your account is a company account.');
  }
  return user;
}

/** The caller's profile, or null before they have completed it (the pages then invite them to). */
export async function profileOrNull(db: Db, user: AuthUser): Promise<VolunteerProfile | null> {
  try {
    return await getVolunteerProfile(db, user);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return null;
    throw error;
  }
}

/** `?page=` of a list page: anything that is not a positive integer is the first page, as a person would expect. */
export function pageOf(query: unknown, perPage: number): PageRequest {
  const raw = (query as Record<string, unknown> | undefined)?.page;
  const parsed = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  const page = Math.max(1, parsed);
  return { page, perPage, offset: (page - 1) * perPage };
}
