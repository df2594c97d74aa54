import csrf from '@fastify/csrf-protection';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/**
 * CSRF protection of the web forms. Every form carries a token (`_csrf`) made from a secret kept in the sealed session
 * (@fastify/csrf-protection), checked once the form's body is read. Checks that need no body run before a byte of it
 * is read (issue 10, low list), so a forged post costs neither the parsing of a form nor the reading of a file:
 *
 * - a browser that says the post comes from another site (`Sec-Fetch-Site: cross-site` or `same-site`) is refused;
 * - a post without a CSRF secret in its session is refused: no page of this site was opened in that session, so no
 *   token can be right. A post from another site arrives this way, because the session cookie is `SameSite=Lax`;
 * - a multipart post must carry its token in the `X-CSRF-Token` header, where it is checked at once: no form of the
 *   web app is multipart (files go to the API, with the bearer token, which a forged post cannot carry either).
 */

/** @fastify/csrf-protection keeps the secret in the session under `_csrf` (its default `sessionKey`). */
declare module '@fastify/secure-session' {
  interface SessionData {
    _csrf: string;
  }
}
const FOREIGN_SITES = new Set(['cross-site', 'same-site']);

export async function installCsrf(app: FastifyInstance): Promise<void> {
  // The token is read from the `_csrf` field once the body is read, else from the `X-CSRF-Token` header.
  await app.register(csrf, { sessionPlugin: '@fastify/secure-session' });
}

/** The error handler answers a 403 with "This form has expired or did not come from this site…". */
function forgedPost(): Error {
  return Object.assign(new Error('The form did not come from this site.'), { statusCode: 403 });
}

function isMultipart(request: FastifyRequest): boolean {
  return /^multipart\//i.test(request.headers['content-type'] ?? '');
}

/**
 * The hooks of a web form's POST route: the checks that need no body in `onRequest`, the token in the body in
 * `preValidation` (after the body is read, before the page's guard).
 */
export function formPostHooks(app: FastifyInstance) {
  function refuseForgedPostEarly(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
    if (FOREIGN_SITES.has(String(request.headers['sec-fetch-site']).toLowerCase()) || !request.session.get('_csrf')) {
      done(forgedPost());
    } else if (isMultipart(request)) {
      // The whole check now, on the header's token: a multipart body is never read without one.
      app.csrfProtection.call(app, request, reply, done);
    } else {
      done();
    }
  }
  return { onRequest: refuseForgedPostEarly, preValidation: app.csrfProtection };
}
