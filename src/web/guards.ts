import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error.ts';
import type { AuthUser } from '../modules/auth/tokens.service.ts';

/**
 * Who may open a page, declared once per route in the route table (`config.guard`) and checked by one hook
 * (`checkPageGuard`) before the page runs: `public` pages are open to everyone; the others send a signed-out visitor
 * to sign in (and back afterwards), and the account-type pages answer the other account type with the 403 page.
 */
export type Guard = 'public' | 'signed-in' | 'company' | 'contributor';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every web page by the route table (src/web/routes.ts). */
    guard?: Guard;
  }
}

const WRONG_ACCOUNT: Record<'company' | 'contributor', string> = {
  company:
    'This page is for company accounts. You are signed in with a contributor account: sign in with a company account to open it.',
  contributor:
    'This page is for contributor accounts. You are signed in with a company account: sign in with a contributor account to open it.',
};

/**
 * Sign-in, then back to `next`; `ended` when the visitor's session just ended (its token expired or was revoked), so
 * the form says why they are asked again. app.js sends a page whose API call got a 401 to the same address.
 */
function signInUrl(next: string, ended: boolean): string {
  return `/login?next=${encodeURIComponent(next)}${ended ? '&expired=1' : ''}`;
}

/**
 * The preHandler hook of the web app: the route's guard, after a form post's CSRF check (preValidation) and before
 * the page looks anything up.
 */
export async function checkPageGuard(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const guard = request.routeOptions.config.guard;
  if (guard === undefined || guard === 'public') return;
  const user = request.webUser;
  // Returning the reply ends the request here (Fastify's rule for async hooks that answer).
  if (!user) return reply.redirect(signInUrl(request.url, request.webSessionEnded), 303);
  if (guard !== 'signed-in' && user.account_type !== guard) throw AppError.forbidden(WRONG_ACCOUNT[guard]);
}

/** The signed-in user of a guarded page (the guard let the request through, so there is one). */
export function guardedUser(request: FastifyRequest): AuthUser {
  if (!request.webUser) throw new Error(`${request.url}: a signed-in page without a guard in the route table`);
  return request.webUser;
}
