import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, type FieldErrors } from '../../http/app-error.ts';
import { hashPassword, verifyPassword } from '../../modules/auth/passwords.ts';
import { createToken, revokeAllTokens } from '../../modules/auth/tokens.service.ts';
import { findUserByEmail } from '../../modules/users/users.repository.ts';
import { createAccount, MIN_PASSWORD_LENGTH, validateNewAccount } from '../../modules/users/users.service.ts';
import { field, formErrorSummary } from '../forms.ts';
import { html } from '../html.ts';
import { csrfField, sendPage } from '../layout.ts';
import { setFlash, signIn, signOut } from '../session.ts';
import { linkedinSignIn } from './linkedin.ts';
import { clearFailures, lockedForSeconds, recordFailure } from './login-throttle.ts';

type Form = Record<string, string | undefined>;

/** Only local paths: `next` must never send a person to another site after signing in. */
function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/(?!\/)[^\s\\]*$/.test(next) ? next : '/dashboard';
}

/**
 * A hash to check a password against when the email is unknown (or the account has no password): every failed
 * sign-in then costs the same time, so response times do not tell which emails have accounts.
 */
let decoyHash: Promise<string> | null = null;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword('not the password of anyone');
  return decoyHash;
}

function text(body: unknown, name: string): string {
  const value = (body as Form | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

export async function authPages(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(linkedinSignIn, deps);

  const loginPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    state: { email?: string; error?: string | null; status?: number; next?: string },
  ) =>
    sendPage(request, reply, {
      title: 'Sign in',
      width: 'narrow',
      status: state.status,
      body: html`<h1>Sign in</h1>
${formErrorSummary(state.error ?? null)}
<form method="post" action="/login" novalidate>
  ${csrfField(reply)}
  <input type="hidden" name="next" value="${state.next ?? '/dashboard'}">
  ${field({ name: 'email', label: 'Email', type: 'email', value: state.email, required: true, attributes: html`autocomplete="email" autofocus` })}
  ${field({ name: 'password', label: 'Password', type: 'password', required: true, attributes: html`autocomplete="current-password"` })}
  <button type="submit">Sign in</button>
</form>
${deps.config.linkedin && html`<p class="or">or</p><p><a class="button secondary" href="/api/auth/linkedin/redirect">Sign in with LinkedIn</a></p>`}
<p>New to Guild? <a href="/register">Create an account</a>.</p>`,
    });

  app.get('/login', async (request, reply) => {
    const next = safeNext((request.query as Form).next);
    if (request.webUser) return reply.redirect(next, 303);
    return loginPage(request, reply, { next });
  });

  app.post('/login', { preHandler: app.csrfProtection }, async (request, reply) => {
    const email = text(request.body, 'email').trim();
    const password = text(request.body, 'password');
    const next = safeNext(text(request.body, 'next'));
    const ip = request.ip;
    const wait = await lockedForSeconds(deps.db, email, ip);
    if (wait > 0) {
      return loginPage(request, reply, {
        email,
        next,
        status: 429,
        error: `Too many failed sign-in attempts. Try again in ${wait} second${wait === 1 ? '' : 's'}.`,
      });
    }
    const user = email ? await findUserByEmail(deps.db, email) : undefined;
    const valid = await verifyPassword(password, user?.password_hash ?? (await decoy()));
    if (!user?.password_hash || !valid || user.is_active !== 1) {
      await recordFailure(deps.db, email, ip);
      const message =
        user?.password_hash && valid
          ? 'This account has been deactivated.'
          : 'These credentials do not match our records.';
      return loginPage(request, reply, { email, next, status: 422, error: message });
    }
    await clearFailures(deps.db, email, ip);
    signIn(request, await createToken(deps.db, user.id, 'web login', deps.config.tokenTtlSeconds));
    return reply.redirect(next, 303);
  });

  const registerPage = (
    request: FastifyRequest,
    reply: FastifyReply,
    state: { values?: Form; errors?: FieldErrors; status?: number },
  ) =>
    sendPage(request, reply, {
      title: 'Create your account',
      width: 'narrow',
      status: state.status,
      body: html`<h1>Create your account</h1>
${formErrorSummary(state.errors ? 'Please correct the fields marked below.' : null)}
<form method="post" action="/register" novalidate>
  ${csrfField(reply)}
  <fieldset>
    <legend>I am joining as</legend>
    ${(['contributor', 'company'] as const).map(
      (type) =>
        html`<label class="choice"><input type="radio" name="account_type" value="${type}"${(state.values?.account_type ?? 'contributor') === type ? html` checked` : ''}> ${type === 'company' ? 'A company posting challenges' : 'A contributor taking on tasks'}</label>`,
    )}
    <p class="error" data-error-for="account_type" role="alert">${state.errors?.account_type?.join(' ')}</p>
  </fieldset>
  ${field({ name: 'name', label: 'Name', value: state.values?.name, errors: state.errors, required: true, attributes: html`autocomplete="name"` })}
  ${field({ name: 'email', label: 'Email', type: 'email', value: state.values?.email, errors: state.errors, required: true, attributes: html`autocomplete="email"` })}
  ${field({ name: 'password', label: 'Password', type: 'password', errors: state.errors, required: true, hint: `At least ${MIN_PASSWORD_LENGTH} characters.`, attributes: html`autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}"` })}
  ${field({ name: 'password_confirmation', label: 'Confirm password', type: 'password', errors: state.errors, required: true, attributes: html`autocomplete="new-password"` })}
  <button type="submit">Create account</button>
</form>
${
  deps.config.linkedin &&
  html`<p class="or">or</p><p>Join with your LinkedIn profile, no password needed:</p>
<p class="row"><a class="button secondary" href="/api/auth/linkedin/redirect?account_type=contributor">Join with LinkedIn as a contributor</a>
<a class="button secondary" href="/api/auth/linkedin/redirect?account_type=company">Join with LinkedIn as a company</a></p>`
}
<p>Already have an account? <a href="/login">Sign in</a>.</p>`,
    });

  app.get('/register', async (request, reply) => {
    if (request.webUser) return reply.redirect('/dashboard', 303);
    return registerPage(request, reply, {});
  });

  app.post('/register', { preHandler: app.csrfProtection }, async (request, reply) => {
    const values: Form = {
      name: text(request.body, 'name'),
      email: text(request.body, 'email').trim(),
      account_type: text(request.body, 'account_type'),
    };
    const account = {
      name: values.name ?? '',
      email: values.email ?? '',
      password: text(request.body, 'password'),
      accountType: values.account_type as 'company' | 'contributor',
    };
    // Every problem at once, next to its field, rather than one per submission.
    const errors = validateNewAccount(account);
    const confirmation = text(request.body, 'password_confirmation');
    if (!confirmation) errors.password_confirmation = ['Please confirm your password.'];
    else if (confirmation !== account.password) {
      errors.password_confirmation = ['The password confirmation does not match.'];
    }
    if (Object.keys(errors).length > 0) return registerPage(request, reply, { values, errors, status: 422 });
    try {
      const user = await createAccount(deps.db, account);
      signIn(request, await createToken(deps.db, user.id, 'web login', deps.config.tokenTtlSeconds));
      setFlash(request, 'Welcome to Guild! Start by completing your profile.');
      return reply.redirect(user.account_type === 'company' ? '/company/profile' : '/profile', 303);
    } catch (error) {
      if (error instanceof AppError && error.errors) {
        return registerPage(request, reply, { values, errors: error.errors, status: 422 });
      }
      throw error;
    }
  });

  app.post('/logout', { preHandler: app.csrfProtection }, async (request, reply) => {
    if (request.webUser) await revokeAllTokens(deps.db, request.webUser.id);
    signOut(request);
    return reply.redirect('/signed-out', 303);
  });

  // The page a logout lands on; like every signed-out page, it removes localStorage.api_token.
  app.get('/signed-out', async (request, reply) =>
    sendPage(request, reply, {
      title: 'Signed out',
      width: 'narrow',
      body: html`<h1>You are signed out</h1><p>Your API tokens were revoked on this and every other device.</p><p><a class="button" href="/login">Sign in again</a></p>`,
    }),
  );
}
