import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../http/app-error.ts';
import type { AuthUser } from '../../../modules/auth/tokens.service.ts';
import { requireWebUser } from '../../session.ts';

/**
 * The company's pages: a signed-out visitor is sent to sign in (and back), a contributor account gets the 403 page
 * (the error handler renders the thrown error as a page).
 */
export function requireCompany(request: FastifyRequest, reply: FastifyReply): AuthUser | null {
  const user = requireWebUser(request, reply);
  if (user && user.account_type !== 'company') {
    throw AppError.forbidden('This page is for company accounts. Your account is a contributor account.');
  }
  return user;
}
