import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { AccountType } from '../../db/schema.ts';
import { AppError, type FieldErrors } from '../../http/app-error.ts';
import { registerWithPassword } from '../../modules/auth/registration.service.ts';
import { webTokenLifetime } from '../../modules/auth/tokens.service.ts';
import { MIN_PASSWORD_LENGTH } from '../../modules/users/users.service.ts';
import { field, formErrorSummary } from '../forms.ts';
import { html } from '../html.ts';
import { csrfField, sendPage } from '../layout.ts';
import { setFlash, signIn } from '../session.ts';
import { formText } from './form-values.ts';

type Values = { name?: string; email?: string; account_type?: string };
type RegisterState = { values?: Values; errors?: FieldErrors; status?: number };

function registerForm(request: FastifyRequest, reply: FastifyReply, deps: AppDeps, state: RegisterState) {
  return sendPage(request, reply, {
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
}

/** `GET /register`: the form; someone already signed in goes to their dashboard. */
export async function registerPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  if (request.webUser) return reply.redirect('/dashboard', 303);
  return registerForm(request, reply, deps, {});
}

/** `POST /register`: the auth module creates the account and its token; problems go back next to their fields. */
export async function submitRegister(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const values: Values = {
    name: formText(request.body, 'name'),
    email: formText(request.body, 'email').trim(),
    account_type: formText(request.body, 'account_type'),
  };
  try {
    const { user, token } = await registerWithPassword(
      deps.db,
      {
        name: values.name ?? '',
        email: values.email ?? '',
        password: formText(request.body, 'password'),
        passwordConfirmation: formText(request.body, 'password_confirmation'),
        accountType: values.account_type as AccountType,
      },
      'web login',
      webTokenLifetime(deps.config),
    );
    signIn(request, token);
    setFlash(request, 'Welcome to Guild! Start by completing your profile.');
    return reply.redirect(user.account_type === 'company' ? '/company/profile' : '/profile', 303);
  } catch (error) {
    if (error instanceof AppError && error.errors) {
      return registerForm(request, reply, deps, { values, errors: error.errors, status: 422 });
    }
    throw error;
  }
}
