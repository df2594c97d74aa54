import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { revokeAllTokens, revokeToken } from '../../modules/auth/tokens.service.ts';
import { html } from '../html.ts';
import { csrfField, sendPage } from '../layout.ts';
import { signOut } from '../session.ts';

/**
 * Signing out (issue 13, item 4). "Sign out" ends this browser's session and revokes the one API token it holds, so
 * a second browser or an integration stays signed in; "Sign out everywhere" is its own, explained action that
 * revokes every token of the account, which ends every browser session too (each session is its token).
 */

/** `POST /logout`: this browser only. Signed out already (an ended session), it just lands on the page. */
export async function submitLogout(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  if (request.webUser) await revokeToken(deps.db, request.webUser.id, request.webUser.token_id);
  signOut(request);
  return reply.redirect('/signed-out', 303);
}

/** `POST /logout/everywhere`: every token of the account, this browser's included (public, as `/logout` is). */
export async function submitLogoutEverywhere(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  if (request.webUser) await revokeAllTokens(deps.db, request.webUser.id);
  signOut(request);
  return reply.redirect('/signed-out?everywhere=1', 303);
}

/** `GET /account/sign-out-everywhere`: what it does, before the button that does it. */
export function signOutEverywherePage(request: FastifyRequest, reply: FastifyReply) {
  return sendPage(request, reply, {
    title: 'Sign out everywhere',
    width: 'narrow',
    body: html`<h1>Sign out everywhere</h1>
<p>“Sign out” in the menu signs you out of this browser only. This signs you out of <strong>every</strong> browser
and device where you are signed in to Guild, and revokes every API token of your account, including the tokens made
for integrations with <code>guild token:create</code>: anything using one of them stops working until it gets a new
one.</p>
<p>Use it when you signed in on a computer that is not yours, lost a device, or think a token has leaked. You can
sign in again straight away.</p>
<form method="post" action="/logout/everywhere">
  ${csrfField(reply)}
  <button type="submit" class="danger">Sign out everywhere</button>
  <a class="button secondary" href="/dashboard">Cancel</a>
</form>`,
  });
}

/** The page a sign-out lands on; like every signed-out page, it removes localStorage.api_token. */
export function signedOutPage(request: FastifyRequest, reply: FastifyReply) {
  const everywhere = (request.query as Record<string, unknown>).everywhere === '1';
  return sendPage(request, reply, {
    title: 'Signed out',
    width: 'narrow',
    body: html`<h1>You are signed out</h1>
${
  everywhere
    ? html`<p>You are signed out of every browser and device, and every API token of your account was revoked.</p>`
    : html`<p>You are signed out of this browser and its API token was revoked. Other browsers and devices where you
are signed in stay signed in; to end those too, sign in and choose “Sign out everywhere” under Your account on
your profile page.</p>`
}
<p><a class="button" href="/login">Sign in again</a></p>`,
  });
}
