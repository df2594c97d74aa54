import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { type PasswordSignIn, signInWithPassword } from '../../modules/auth/password-sign-in.service.ts';
import { webTokenLifetime } from '../../modules/auth/tokens.service.ts';
import { EMAIL_TOO_LONG } from '../../modules/users/users.service.ts';
import { field, formErrorSummary } from '../forms.ts';
import { html } from '../html.ts';
import { csrfField, sendPage } from '../layout.ts';
import { signIn } from '../session.ts';
import { formText, safeNext } from './form-values.ts';

type LoginState = {
  email?: string;
  error?: string | null;
  status?: number;
  next?: string;
  /** The account's address is not confirmed: the page offers a new link. */
  unverified?: boolean;
  /** Sent here because the session ended (`?expired=1`, from the guard or app.js after an API call's 401). */
  expired?: boolean;
};

const SESSION_ENDED = 'Your session has ended. Sign in again to continue.';

function loginForm(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, state: LoginState) {
  return sendPage(request, reply, {
    title: 'Sign in',
    width: 'narrow',
    status: state.status,
    body: html`<h1>Sign in</h1>
${state.expired && !state.error && html`<p class="flash" role="status">${SESSION_ENDED}</p>`}
${formErrorSummary(state.error ?? null)}
<form method="post" action="/login" novalidate>
  ${csrfField(reply)}
  <input type="hidden" name="next" value="${state.next ?? '/dashboard'}">
  ${field({ name: 'email', label: 'Email', type: 'email', value: state.email, required: true, attributes: html`autocomplete="email" autofocus` })}
  ${field({ name: 'password', label: 'Password', type: 'password', required: true, attributes: html`autocomplete="current-password"` })}
  <button type="submit">Sign in</button>
</form>
<p><a href="/forgot-password">Forgot your password?</a></p>
${
  state.unverified &&
  html`<form method="post" action="/register/resend">
  ${csrfField(reply)}
  <input type="hidden" name="email" value="${state.email}">
  <p>No e-mail, or the link expired? <button type="submit" class="link">Send me a new link</button></p>
</form>`
}
${deps.config.linkedin && html`<p class="or">or</p><p><a class="button secondary" href="/api/auth/linkedin/redirect">Sign in with LinkedIn</a></p>`}
<p>New to Guild? <a href="/register">Create an account</a>.</p>`,
  });
}

/** `GET /login`: the form; someone already signed in goes straight on to `next`. */
export async function loginPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const query = request.query as Record<string, unknown>;
  const next = safeNext(query.next);
  if (request.webUser) return reply.redirect(next, 303);
  return loginForm(request, reply, deps, { next, expired: query.expired === '1' });
}

function refusalOf(outcome: Exclude<PasswordSignIn, { token: string }>): {
  status: number;
  error: string;
  unverified?: boolean;
} {
  switch (outcome.refusal) {
    case 'locked': {
      const wait = outcome.waitSeconds;
      return {
        status: 429,
        error: `Too many failed sign-in attempts. Try again in ${wait} second${wait === 1 ? '' : 's'}.`,
      };
    }
    case 'deactivated':
      return {
        status: 422,
        error:
          'This account has been deactivated, so it cannot sign in. Contact the Guild team if you think this is a mistake.',
      };
    case 'email-too-long':
      return { status: 422, error: EMAIL_TOO_LONG };
    case 'unverified':
      return {
        status: 403,
        error: 'Confirm your e-mail address first: open the link we sent to it when you registered.',
        unverified: true,
      };
    case 'invalid-credentials':
      return {
        status: 422,
        error:
          'The email address or password is wrong. Check both, or use “Forgot your password?” to set a new password.',
      };
  }
}

/** `POST /login`: signs in through the auth module (throttled per email and IP), then on to `next`. */
export async function submitLogin(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const email = formText(request.body, 'email').trim();
  const password = formText(request.body, 'password');
  const next = safeNext(formText(request.body, 'next'));
  const outcome = await signInWithPassword(
    deps.db,
    { email, password, ip: request.ip },
    'web login',
    webTokenLifetime(deps.config),
  );
  if (!('token' in outcome)) return loginForm(request, reply, deps, { email, next, ...refusalOf(outcome) });
  signIn(request, outcome.token);
  return reply.redirect(next, 303);
}
