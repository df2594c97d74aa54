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
    if (config.auth === false || !request.url.startsWith('/api/')) return;
    const user = await userFromHeader(db, request);
    if (!user) throw AppError.unauthenticated();
    request.user = user;
    if (config.accountType && user.account_type !== config.accountType) {
      throw AppError.forbidden(ACCOUNT_TYPE_MESSAGES[config.accountType]);
    }
  });
}

async function userFromHeader(db: Db, request: FastifyRequest): Promise<AuthUser | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return null;
  return authenticateToken(db, match[1]);
}

/** The authenticated caller; routes behind the hook always have one. */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw AppError.unauthenticated();
  return request.user;
}
