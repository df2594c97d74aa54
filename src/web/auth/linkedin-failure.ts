import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LinkedinRefusal } from '../../modules/auth/linkedin-account.service.ts';
import { html } from '../html.ts';
import { sendPage } from '../layout.ts';

/** Every way a LinkedIn sign-in can end without signing in, each with a page that says what happened and what next. */
export type LinkedinFailure = LinkedinRefusal | 'cancelled' | 'refused' | 'expired' | 'unavailable' | 'rejected';

type Explanation = { status: number; title: string; text: string; retry: boolean };

const EXPLANATIONS: Record<LinkedinFailure, Explanation> = {
  cancelled: {
    status: 400,
    title: 'Sign-in with LinkedIn was cancelled',
    text: 'You chose not to share your LinkedIn profile with Guild, so you are not signed in. Nothing was changed.',
    retry: true,
  },
  refused: {
    status: 400,
    title: 'LinkedIn did not sign you in',
    text: 'LinkedIn stopped the sign-in before it finished. Please try again in a moment.',
    retry: true,
  },
  expired: {
    status: 400,
    title: 'This sign-in has expired',
    text:
      'We could not match the answer from LinkedIn to a sign-in started in this browser. This happens when the ' +
      'sign-in took too long, was started in another tab or browser, or the page was reloaded. Please start again.',
    retry: true,
  },
  unavailable: {
    status: 502,
    title: 'LinkedIn is not answering',
    text: 'We could not reach LinkedIn to finish signing you in. Please try again in a few minutes.',
    retry: true,
  },
  rejected: {
    status: 400,
    title: 'LinkedIn’s answer could not be verified',
    text: 'For your safety you were not signed in, because the answer from LinkedIn did not pass our checks. Please try again.',
    retry: true,
  },
  'no-email': {
    status: 400,
    title: 'LinkedIn did not share your email address',
    text:
      'Guild needs a valid email address for your account. Add or confirm an email address on LinkedIn and try ' +
      'again, or create an account with a password.',
    retry: true,
  },
  'email-unverified': {
    status: 409,
    title: 'An account with this email already exists',
    text:
      'LinkedIn has not verified this email address, so we cannot connect it to the existing Guild account. Sign ' +
      'in with your email and password, or verify the address on LinkedIn and try again.',
    retry: false,
  },
  'linked-elsewhere': {
    status: 409,
    title: 'This account is connected to another LinkedIn profile',
    text:
      'The Guild account with this email address is already connected to a different LinkedIn profile. Sign in ' +
      'with that LinkedIn profile, or with your email and password.',
    retry: false,
  },
  deactivated: {
    status: 403,
    title: 'This account has been deactivated',
    text: 'Your Guild account has been deactivated, so you cannot sign in. Contact the Guild team if you think this is a mistake.',
    retry: false,
  },
};

export function linkedinFailurePage(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: LinkedinFailure,
  accountType: string | null = null,
) {
  const { status, title, text, retry } = EXPLANATIONS[failure];
  // Trying again keeps the account type a new user asked for.
  const retryUrl = `/api/auth/linkedin/redirect${accountType ? `?account_type=${accountType}` : ''}`;
  return sendPage(request, reply, {
    title,
    status,
    width: 'narrow',
    body: html`<h1>${title}</h1>
<p>${text}</p>
<p class="row">${retry && html`<a class="button" href="${retryUrl}">Try LinkedIn again</a> `}<a class="button${retry ? ' secondary' : ''}" href="/login">Sign in with email and password</a></p>
${failure === 'no-email' && html`<p>New to Guild? <a href="/register">Create an account with a password</a>.</p>`}`,
  });
}
