import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { AccountType } from '../db/schema.ts';
import { type AuthUser, authenticateToken } from '../modules/auth/tokens.service.ts';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the bearer-token hook on every protected API route. */
    user: AuthUser | null;
  }
  interface FastifyContextConfig {
    /** `false` opens a route to anonymous callers (health, the OpenAPI document). */
    auth?: boolean;
    /** Only this account type may call the route; anyone else gets 403 before the body is looked at. */
    accountType?: AccountType;
  }
}

const ACCOUNT_TYPE_MESSAGES: Record<AccountType, string> = {
  company: 'Only company accounts can do this.',
  contributor: 'Only contributor accounts can do this.',
};

/** Bearer-token authentication for the API: 401 before anything else, then the route's account-type rule (403). */
export function installBearerAuth(app: FastifyInstance, db: Db): void {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    // Decide on the route the router matched, never on the raw URL: the router decodes and normalises the path, so
    // `/%61pi/user` reaches the `/api/user` handler while `request.url` does not start with `/api/`. A request that
    // matched no route has no `url` here and ends in the 404 handler, which serves no data.
    if (config.auth === false || !request.routeOptions.url?.startsWith('/api/')) return;
    const user = await userFromHeader(db, request);
    if (!user) throw AppError.unauthenticated();
    request.user = user;
    if (config.accountType && user.account_type !== config.accountType) {
      throw AppError.forbidden(ACCOUNT_TYPE_MESSAGES[config.accountType]);
    }
  });
}

/**
 * The path a request is judged by: the matched route's pattern (`/api/challenges/:id`), which the router found after
 * decoding and normalising the URL; for a request no route matched, the raw path. Use it, not `request.url`, to decide
 * what kind of request this is (`/%61pi/user` is routed as `/api/user`).
 */
export function routedPathOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0];
}

async function userFromHeader(db: Db, request: FastifyRequest): Promise<AuthUser | null> {
  const token = bearerTokenOf(request);
  return token === null ? null : authenticateToken(db, token);
}

/** The token of `Authorization: Bearer <token>`, or null (no header, another scheme). */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1] ?? null;
}

/** The authenticated caller; routes behind the hook always have one. */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw AppError.unauthenticated();
  return request.user;
}
