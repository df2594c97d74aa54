import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import secureSession from '@fastify/secure-session';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.ts';
import { type AuthUser, authenticateToken } from '../modules/auth/tokens.service.ts';
import { installCsrf } from './csrf.ts';

/**
 * The browser session: a sealed (encrypted and authenticated) cookie holding the user's API token. The token is
 * checked against the database on every page, so `POST /api/auth/logout`, a web logout elsewhere or a deactivation
 * ends the browser session too; there is one source of truth for "signed in".
 */
declare module '@fastify/secure-session' {
  interface SessionData {
    token: string;
    /**
     * OpenID Connect state, nonce and PKCE verifier between the LinkedIn redirect and its callback; `linkUserId` when
     * a signed-in member started "Connect LinkedIn" (src/web/auth/linkedin.ts).
     */
    oidc: { state: string; nonce: string; verifier: string; accountType: string | null; linkUserId?: number };
    flash: string;
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user of a web page, or null. */
    webUser: AuthUser | null;
    webToken: string | null;
    /** The session held a token that has ended (expired, revoked): sign-in then says so. */
    webSessionEnded: boolean;
  }
}

const KEY_BYTES = 32;

function sessionKey(deps: AppDeps): Buffer {
  if (deps.config.sessionSecret) return crypto.createHash('sha256').update(deps.config.sessionSecret).digest();
  const file = path.join(deps.config.dataDir, 'session.key');
  try {
    const key = fs.readFileSync(file);
    if (key.length === KEY_BYTES) return key;
  } catch {
    // first start: create it below
  }
  fs.mkdirSync(deps.config.dataDir, { recursive: true });
  const key = crypto.randomBytes(KEY_BYTES);
  try {
    fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    // another process created it first: use theirs
    return fs.readFileSync(file);
  }
}

export async function installWebSession(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(secureSession, {
    key: sessionKey(deps),
    cookieName: 'guild_session',
    cookie: {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: deps.config.appUrl.startsWith('https://'),
      maxAge: 14 * 24 * 3600,
    },
  });
  await installCsrf(app);

  app.decorateRequest('webUser', null);
  app.decorateRequest('webToken', null);
  app.decorateRequest('webSessionEnded', false);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/') && !request.url.startsWith('/api/auth/linkedin/')) return;
    const token = request.session.get('token');
    if (!token) return;
    const user = await authenticateToken(deps.db, token);
    if (user) {
      request.webUser = user;
      request.webToken = token;
    } else {
      request.session.set('token', undefined);
      request.webSessionEnded = true;
    }
  });
}

export function signIn(request: FastifyRequest, token: string): void {
  request.session.regenerate();
  request.session.set('token', token);
}

export function signOut(request: FastifyRequest): void {
  request.session.delete();
}

/** One message shown on the next page (e.g. after a redirect). */
export function setFlash(request: FastifyRequest, message: string): void {
  request.session.set('flash', message);
}

export function takeFlash(request: FastifyRequest): string | null {
  const message = request.session.get('flash') ?? null;
  if (message) request.session.set('flash', undefined);
  return message;
}
