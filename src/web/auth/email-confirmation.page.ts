import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps.ts';
import { AppError } from '../../http/app-error.ts';
import { MailDeliveryError } from '../../mail/mailer.ts';
import {
  CONFIRMATION_HOURS,
  checkConfirmationLink,
  confirmEmail,
  resendConfirmationLink,
} from '../../modules/auth/email-confirmation.service.ts';
import type { LinkRefusal } from '../../modules/auth/single-use-links.ts';
import { webTokenLifetime } from '../../modules/auth/tokens.service.ts';
import { EMAIL_TOO_LONG, MAX_EMAIL_LENGTH } from '../../modules/users/users.service.ts';
import { html } from '../html.ts';
import { csrfField, sendPage } from '../layout.ts';
import { setFlash, signIn } from '../session.ts';
import { formText } from './form-values.ts';

/**
 * The pages around a confirmation link (docs/security.md, registration): "check your e-mail" after registering or
 * asking for a new link, the link itself, and its refusals.
 */

/** `GET /register/sent`: where registration and "send me a new link" lead; the flash names the address. */
export async function linkSentPage(request: FastifyRequest, reply: FastifyReply) {
  return sendPage(request, reply, {
    title: 'Check your e-mail',
    width: 'narrow',
    body: html`<h1>Check your e-mail</h1>
<p>The link in the message works once, for ${CONFIRMATION_HOURS} hours. It may take a minute to arrive; if it does
not, look in your spam folder.</p>
<p>Already confirmed your address? <a href="/login">Sign in</a>.</p>`,
  });
}

/**
 * The e-mail could not be handed to the mail server. Both answers of registration send one, so this page tells no
 * more about the address than the usual one does.
 */
export function mailNotSentPage(request: FastifyRequest, reply: FastifyReply, error: MailDeliveryError) {
  request.log.error({ err: error }, 'an e-mail could not be sent');
  return sendPage(request, reply, {
    title: 'The e-mail could not be sent',
    width: 'narrow',
    status: 503,
    body: html`<h1>The e-mail could not be sent</h1>
<p>We could not send the e-mail just now. Please try again in a few minutes; what you entered is not lost if you go
back.</p>`,
  });
}

const REFUSALS: Record<LinkRefusal, string> = {
  expired: `This link has expired: links work for ${CONFIRMATION_HOURS} hours. Sign in with your e-mail and password to get a new one.`,
  invalid:
    'This link does not work: it was already used, a newer link replaced it, or it was not copied whole. If you have confirmed your address, sign in.',
};

/** A mailed link that does not work (400), saying why and what to do (`reason`); shared with the reset link. */
export function linkRefusedPage(request: FastifyRequest, reply: FastifyReply, reason: string) {
  return sendPage(request, reply, {
    title: 'This link does not work',
    width: 'narrow',
    status: 400,
    body: html`<h1>This link does not work</h1><p>${reason}</p><p><a href="/login">Sign in</a></p>`,
  });
}

/**
 * `GET /register/confirm?token=…`: the link from the e-mail. Opening it only asks to confirm: programs that open
 * links in e-mails to check them (mail scanners, previews) would otherwise use it up before the person does.
 */
export async function confirmPage(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const token = formText(request.query, 'token');
  const refusal = await checkConfirmationLink(deps.db, token);
  if (refusal) return linkRefusedPage(request, reply, REFUSALS[refusal]);
  // The page carries the link's secret: no cache keeps it.
  reply.header('cache-control', 'no-store');
  return sendPage(request, reply, {
    title: 'Confirm your e-mail address',
    width: 'narrow',
    body: html`<h1>Confirm your e-mail address</h1>
<p>Confirm the address to finish signing up; you are then signed in.</p>
<form method="post" action="/register/confirm">
  ${csrfField(reply)}
  <input type="hidden" name="token" value="${token}">
  <button type="submit">Confirm and sign in</button>
</form>`,
  });
}

/** `POST /register/confirm`: uses the link, signs in as sign-in does (the session holds the new API token). */
export async function submitConfirm(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const outcome = await confirmEmail(deps.db, formText(request.body, 'token'), webTokenLifetime(deps.config));
  if ('refusal' in outcome) return linkRefusedPage(request, reply, REFUSALS[outcome.refusal]);
  signIn(request, outcome.token);
  setFlash(request, 'Your e-mail address is confirmed. Welcome to Guild! Start by completing your profile.');
  return reply.redirect(outcome.user.account_type === 'company' ? '/company/profile' : '/profile', 303);
}

/**
 * `POST /register/resend` (the button the sign-in page shows an unconfirmed account): a new link when an unconfirmed
 * account has this address; the same answer otherwise.
 */
export async function submitResend(request: FastifyRequest, reply: FastifyReply, deps: AppDeps) {
  const email = formText(request.body, 'email').trim();
  if (email.length > MAX_EMAIL_LENGTH) throw AppError.field('email', EMAIL_TOO_LONG);
  try {
    await resendConfirmationLink({ db: deps.db, mailer: deps.mailer, appUrl: deps.config.appUrl }, email);
  } catch (error) {
    if (error instanceof MailDeliveryError) return mailNotSentPage(request, reply, error);
    throw error;
  }
  setFlash(request, `If ${email} is waiting to be confirmed, we sent a new link to it.`);
  return reply.redirect('/register/sent', 303);
}
