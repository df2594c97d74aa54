import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError, type FieldErrors } from '../../http/app-error.ts';
import { MailDeliveryError } from '../../mail/mailer.ts';
import { MIN_PASSWORD_LENGTH } from '../../modules/auth/password-policy.ts';
import {
  checkResetLink,
  passwordChangedMail,
  RESET_HOURS,
  requestPasswordReset,
  resetPassword,
} from '../../modules/auth/password-reset.service.ts';
import type { LinkRefusal } from '../../modules/auth/single-use-links.ts';
import { webTokenLifetime } from '../../modules/auth/tokens.service.ts';
import { field, formErrorSummary } from '../forms.ts';
import { html } from '../html.ts';
import { csrfField, sendPage } from '../layout.ts';
import { setFlash, signIn } from '../session.ts';
import { linkRefusedPage, mailNotSentPage } from './email-confirmation.page.ts';
import { formText } from './form-values.ts';

/**
 * Password reset (docs/security.md, Password reset): `/forgot-password` asks for the address and answers the same
 * whatever it is; `/reset-password?token=…` is the mailed link, which sets a new password and signs in.
 */
const HOURS = `${RESET_HOURS} hour${RESET_HOURS === 1 ? '' : 's'}`;

const REFUSALS: Record<LinkRefusal, string> = {
  expired: `This link has expired: reset links work for ${HOURS}. Ask for a new one on the “Forgot your password?” page.`,
  invalid:
    'This link does not work: it was already used, a newer link replaced it, or it was not copied whole. Ask for a new one on the “Forgot your password?” page.',
};

function refused(request: FastifyRequest, reply: FastifyReply, refusal: LinkRefusal) {
  return linkRefusedPage(request, reply, REFUSALS[refusal]);
}

function forgotForm(
  request: FastifyRequest,
  reply: FastifyReply,
  state: { email?: string; errors?: FieldErrors; status?: number },
) {
  return sendPage(request, reply, {
    title: 'Forgot your password?',
    width: 'narrow',
    status: state.status,
    body: html`<h1>Forgot your password?</h1>
${formErrorSummary(state.errors ? 'Please correct the field marked below.' : null)}
<p>Enter the e-mail address of your account. We will send it a link to choose a new password.</p>
<form method="post" action="/forgot-password" novalidate>
  ${csrfField(reply)}
  ${field({ name: 'email', label: 'Email', type: 'email', value: state.email, errors: state.errors, required: true, attributes: html`autocomplete="email" autofocus` })}
  <button type="submit">Send me a reset link</button>
</form>
<p><a href="/login">Back to sign in</a></p>`,
  });
}

/** `GET /forgot-password`: the form (also for someone signed in, who may want to change a password they forgot). */
export async function forgotPasswordPage(request: FastifyRequest, reply: FastifyReply) {
  return forgotForm(request, reply, {});
}

/** `POST /forgot-password`: mails the link (or a note when no account has the address); the same answer either way. */
export async function submitForgotPassword(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const email = formText(request.body, 'email').trim();
  try {
    await requestPasswordReset({ db: deps.db, mailer: deps.mailer, appUrl: deps.config.appUrl }, email);
  } catch (error) {
    if (error instanceof AppError && error.errors) {
      return forgotForm(request, reply, { email, errors: error.errors, status: 422 });
    }
    if (error instanceof MailDeliveryError) return mailNotSentPage(request, reply, error);
    throw error;
  }
  setFlash(request, `We sent an e-mail to ${email} with what to do next.`);
  return reply.redirect('/forgot-password/sent', 303);
}

/** `GET /forgot-password/sent`: where asking leads; the flash names the address. */
export async function resetSentPage(request: FastifyRequest, reply: FastifyReply) {
  return sendPage(request, reply, {
    title: 'Check your e-mail',
    width: 'narrow',
    body: html`<h1>Check your e-mail</h1>
<p>If the address has a Guild account, the message holds a link to choose a new password. The link works once, for
${HOURS}. It may take a minute to arrive; if it does not, look in your spam folder.</p>
<p>Remembered it? <a href="/login">Sign in</a>.</p>`,
  });
}

function resetForm(
  request: FastifyRequest,
  reply: FastifyReply,
  state: { token: string; errors?: FieldErrors; status?: number },
) {
  // The page carries the link's secret: no cache keeps it.
  reply.header('cache-control', 'no-store');
  return sendPage(request, reply, {
    title: 'Choose a new password',
    width: 'narrow',
    status: state.status,
    body: html`<h1>Choose a new password</h1>
${formErrorSummary(state.errors ? 'Please correct the fields marked below.' : null)}
<p>Once it is saved you are signed in here, and signed out on every other device.</p>
<form method="post" action="/reset-password" novalidate>
  ${csrfField(reply)}
  <input type="hidden" name="token" value="${state.token}">
  ${field({ name: 'password', label: 'New password', type: 'password', errors: state.errors, required: true, hint: `At least ${MIN_PASSWORD_LENGTH} characters.`, attributes: html`autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" autofocus` })}
  ${field({ name: 'password_confirmation', label: 'Confirm new password', type: 'password', errors: state.errors, required: true, attributes: html`autocomplete="new-password"` })}
  <button type="submit">Save the new password</button>
</form>`,
  });
}

/**
 * `GET /reset-password?token=…`: the mailed link. Opening it only shows the form, so mail scanners that open links
 * do not use it up.
 */
export async function resetPasswordPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const token = formText(request.query, 'token');
  const refusal = await checkResetLink(deps, token);
  if (refusal) return refused(request, reply, refusal);
  return resetForm(request, reply, { token });
}

/** `POST /reset-password`: the new password; on success the account's other sessions end and this one signs in. */
export async function submitResetPassword(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const token = formText(request.body, 'token');
  let outcome: Awaited<ReturnType<typeof resetPassword>>;
  try {
    outcome = await resetPassword(
      deps,
      {
        secret: token,
        password: formText(request.body, 'password'),
        passwordConfirmation: formText(request.body, 'password_confirmation'),
      },
      webTokenLifetime(deps.config),
    );
  } catch (error) {
    if (error instanceof AppError && error.errors) {
      return resetForm(request, reply, { token, errors: error.errors, status: 422 });
    }
    throw error;
  }
  if ('refusal' in outcome) return refused(request, reply, outcome.refusal);
  signIn(request, outcome.token);
  // The password is changed whether or not the notice goes out: a mail server away for a moment is only logged.
  await deps.mailer.send(passwordChangedMail(deps.config.appUrl, outcome.user.email)).catch((error: unknown) => {
    request.log.error({ err: error }, 'the password-changed notice could not be sent');
  });
  setFlash(
    request,
    'Your password is changed and you are signed in. Every other session of your account was signed out.',
  );
  return reply.redirect('/dashboard', 303);
}
