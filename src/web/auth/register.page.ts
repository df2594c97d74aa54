import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import type { AccountType } from '../../db/schema.ts';
import { AppError, type FieldErrors } from '../../http/app-error.ts';
import { MailDeliveryError } from '../../mail/mailer.ts';
import { MIN_PASSWORD_LENGTH } from '../../modules/auth/password-policy.ts';
import { registerWithPassword } from '../../modules/auth/registration.service.ts';
import { field, formErrorSummary } from '../forms.ts';
import { html } from '../html.ts';
import { csrfField, sendPage } from '../layout.ts';
import { setFlash } from '../session.ts';
import { mailNotSentPage } from './email-confirmation.page.ts';
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

/**
 * `POST /register`: problems with what was typed go back next to their fields. Otherwise the answer is the same
 * whether the address is new or already has an account (the auth module sends the e-mail that differs): a redirect
 * to /register/sent, whose message names the address typed.
 */
export async function submitRegister(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const values: Values = {
    name: formText(request.body, 'name'),
    email: formText(request.body, 'email').trim(),
    account_type: formText(request.body, 'account_type'),
  };
  try {
    await registerWithPassword(
      { db: deps.db, mailer: deps.mailer, appUrl: deps.config.appUrl },
      {
        name: values.name ?? '',
        email: values.email ?? '',
        password: formText(request.body, 'password'),
        passwordConfirmation: formText(request.body, 'password_confirmation'),
        accountType: values.account_type as AccountType,
      },
    );
  } catch (error) {
    if (error instanceof AppError && error.errors) {
      return registerForm(request, reply, deps, { values, errors: error.errors, status: 422 });
    }
    if (error instanceof MailDeliveryError) return mailNotSentPage(request, reply, error);
    throw error;
  }
  setFlash(request, `We sent a link to ${values.email} to confirm it; open it to finish signing up.`);
  return reply.redirect('/register/sent', 303);
}
