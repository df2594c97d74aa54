import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
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
