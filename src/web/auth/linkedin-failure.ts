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
    status: 400,
    title: 'LinkedIn has not verified your email address',
    text:
      'Guild only uses an email address LinkedIn has verified, so that nobody can use an address that is not theirs. ' +
      'Nothing was created or changed. Verify your email address on LinkedIn and try again, or create an account ' +
      'with a password.',
    retry: true,
  },
  'account-exists': {
    status: 409,
    title: 'An account with this email already exists',
    text:
      'For your safety, LinkedIn is not connected to an existing Guild account automatically, and nothing was ' +
      'created or changed. Sign in with your email and password, then connect LinkedIn from your account.',
    retry: false,
  },
  'linked-elsewhere': {
    status: 409,
    title: 'This account is connected to another LinkedIn profile',
    text: 'Your Guild account is already connected to a different LinkedIn profile. Sign in with that LinkedIn profile, or with your email and password.',
    retry: false,
  },
  'profile-taken': {
    status: 409,
    title: 'This LinkedIn profile is connected to another account',
    text: 'This LinkedIn profile already signs in to a different Guild account, so it was not connected to yours. Nothing was changed.',
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
  connecting = false,
) {
  const { status, title, text, retry } = EXPLANATIONS[failure];
  // Trying again keeps the account type a new user asked for; a signed-in member connecting starts from their account.
  const retryUrl = `/api/auth/linkedin/redirect${accountType ? `?account_type=${accountType}` : ''}`;
  const actions = connecting
    ? html`<a class="button" href="/account/linkedin">Back to your account</a>`
    : html`${retry && html`<a class="button" href="${retryUrl}">Try LinkedIn again</a> `}<a class="button${retry ? ' secondary' : ''}" href="${failure === 'account-exists' ? '/login?next=/account/linkedin' : '/login'}">Sign in with email and password</a>`;
  return sendPage(request, reply, {
    title,
    status,
    width: 'narrow',
    body: html`<h1>${title}</h1>
<p>${text}</p>
<p class="row">${actions}</p>
${!connecting && (failure === 'no-email' || failure === 'email-unverified') && html`<p>New to Guild? <a href="/register">Create an account with a password</a>.</p>`}`,
  });
}
