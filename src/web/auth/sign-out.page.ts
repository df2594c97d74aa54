import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { revokeAllTokens } from '../../modules/auth/tokens.service.ts';
import { html } from '../html.ts';
import { sendPage } from '../layout.ts';
import { signOut } from '../session.ts';

/** `POST /logout`: revokes every API token of the account (this and other devices) and ends the session. */
export async function submitLogout(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  if (request.webUser) await revokeAllTokens(deps.db, request.webUser.id);
  signOut(request);
  return reply.redirect('/signed-out', 303);
}

/** The page a logout lands on; like every signed-out page, it removes localStorage.api_token. */
export function signedOutPage(request: FastifyRequest, reply: FastifyReply) {
  return sendPage(request, reply, {
    title: 'Signed out',
    width: 'narrow',
    body: html`<h1>You are signed out</h1><p>Your API tokens were revoked on this and every other device.</p><p><a class="button" href="/login">Sign in again</a></p>`,
  });
}
