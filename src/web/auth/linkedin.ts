import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps.ts';
import type { AccountType } from '../../db/schema.ts';
import { MessageBody } from '../../http/schemas.ts';
import { connectLinkedin, hasLinkedin, signInWithLinkedin } from '../../modules/auth/linkedin-account.service.ts';
import { createLinkedinClient, LinkedinExchangeError, newSignInChecks } from '../../modules/auth/linkedin-client.ts';
import { webTokenLifetime } from '../../modules/auth/tokens.service.ts';
import { formPostHooks } from '../csrf.ts';
import { renderErrorPage } from '../error-page.ts';
import { guardedUser } from '../guards.ts';
import { html } from '../html.ts';
import { csrfField, sendPage } from '../layout.ts';
import { setFlash, signIn } from '../session.ts';
import { type LinkedinFailure, linkedinFailurePage } from './linkedin-failure.ts';

/**
 * Sign in with LinkedIn (OpenID Connect, docs/contract.md §4 Auth: GET /auth/linkedin/redirect and /callback). They
 * live under /api as the contract lists them, but they are browser flows: no bearer token, the sealed session carries
 * state, nonce and the PKCE verifier between the two, and every failure is a page a person can act on rather than JSON.
 */
const NOT_CONFIGURED = 'LinkedIn sign-in is not configured on this server.';

const routeOptions = (operationId: string, summary: string, description: string, redirectsTo: string) => ({
  config: { auth: false },
  schema: {
    operationId,
    tags: ['Account'],
    summary,
    description: `${description} Failures are HTML pages for the person in the browser (400, 403, 409, 502).`,
    security: [],
    response: {
      303: Type.Unsafe<undefined>({
        type: 'null',
        description: `See Other: ${redirectsTo}. No body.`,
        headers: { Location: { type: 'string' } },
      }),
      404: MessageBody,
    },
  },
});

function requestedAccountType(query: unknown): AccountType | null {
  const value = (query as Record<string, unknown>).account_type;
  return value === 'company' || value === 'contributor' ? value : null;
}

/** The callback's query exactly as LinkedIn sent it. */
function rawQuery(request: FastifyRequest): URLSearchParams {
  const at = request.url.indexOf('?');
  return new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1));
}

export async function linkedinSignIn(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const settings = deps.config.linkedin;
  const client = settings ? createLinkedinClient(settings) : null;

  const fail = (
    request: FastifyRequest,
    reply: FastifyReply,
    failure: LinkedinFailure,
    options: { error?: unknown; accountType?: AccountType | null; connecting?: boolean } = {},
  ) => {
    if (options.error) request.log.warn({ err: options.error }, `LinkedIn sign-in failed: ${failure}`);
    return linkedinFailurePage(request, reply, failure, options.accountType ?? null, options.connecting ?? false);
  };

  // "Connect LinkedIn": the only way an existing account gets a LinkedIn profile (issue 10, item 5). The member is
  // signed in (proving control of the account), posts this site's form (CSRF), and the session remembers whose
  // account the answer from LinkedIn is for.
  if (client) {
    app.route({
      method: 'GET',
      url: '/account/linkedin',
      config: { guard: 'signed-in' },
      handler: async (request, reply) => {
        const user = guardedUser(request);
        const connected = await hasLinkedin(deps.db, user.id);
        return sendPage(request, reply, {
          title: 'LinkedIn',
          width: 'narrow',
          // The form's answer is a redirect to LinkedIn, which the page's form-action must allow.
          formTargets: settings ? [new URL(settings.issuer).origin] : [],
          body: connected
            ? html`<h1>LinkedIn</h1><p>Your account is connected to LinkedIn: you can sign in with LinkedIn as well as with your password.</p>`
            : html`<h1>Connect LinkedIn</h1>
<p>Connect your LinkedIn profile to sign in with LinkedIn from now on. Your name, email and password stay as they are.</p>
<form method="post" action="/account/linkedin">${csrfField(reply)}<button type="submit">Connect LinkedIn</button></form>`,
        });
      },
    });
    app.route({
      method: 'POST',
      url: '/account/linkedin',
      config: { guard: 'signed-in' },
      ...formPostHooks(app),
      handler: async (request, reply) => {
        const user = guardedUser(request);
        const checks = newSignInChecks();
        let url: URL;
        try {
          url = await client.authorizationUrl(checks);
        } catch (error) {
          return fail(request, reply, 'unavailable', { error, connecting: true });
        }
        request.session.set('oidc', { ...checks, accountType: null, linkUserId: user.id });
        return reply.redirect(url.href, 303);
      },
    });
  }

  app.get(
    '/api/auth/linkedin/redirect',
    routeOptions(
      'startLinkedInSignIn',
      'Start signing in with LinkedIn (browser flow)',
      'Redirects the browser to LinkedIn. `account_type=company|contributor` chooses the type of a new account ' +
        '(default contributor); an existing account keeps its type. 404 when LinkedIn is not configured.',
      'to LinkedIn',
    ),
    async (request, reply) => {
      if (!client) return reply.status(404).send({ message: NOT_CONFIGURED });
      if (request.webUser) return reply.redirect('/dashboard', 303);
      const checks = newSignInChecks();
      const accountType = requestedAccountType(request.query);
      let url: URL;
      try {
        url = await client.authorizationUrl(checks);
      } catch (error) {
        return fail(request, reply, 'unavailable', { error, accountType });
      }
      request.session.set('oidc', { ...checks, accountType });
      return reply.redirect(url.href, 303);
    },
  );

  app.get(
    '/api/auth/linkedin/callback',
    routeOptions(
      'finishLinkedInSignIn',
      'Finish signing in with LinkedIn (browser flow)',
      'LinkedIn redirects here. Signs in the account linked to the LinkedIn identity, else creates one for a ' +
        'verified email no account uses (an existing account is never linked by email: its owner signs in and ' +
        'connects LinkedIn at /account/linkedin); creates an API token and redirects to /dashboard.',
      'to /dashboard, signed in',
    ),
    async (request, reply) => {
      if (!client) return reply.status(404).send({ message: NOT_CONFIGURED });
      const query = rawQuery(request);
      const pending = request.session.get('oidc');
      // One answer per sign-in: a replayed or reloaded callback finds nothing to match.
      request.session.set('oidc', undefined);
      const accountType = requestedAccountType({ account_type: pending?.accountType });
      const linkUserId = pending?.linkUserId ?? null;
      const connecting = linkUserId !== null;
      if (query.has('error')) {
        const cancelled = ['access_denied', 'user_cancelled_login', 'user_cancelled_authorize'];
        const failure = cancelled.includes(query.get('error') ?? '') ? 'cancelled' : 'refused';
        return fail(request, reply, failure, { accountType, connecting });
      }
      if (!pending || query.get('state') !== pending.state) {
        return fail(request, reply, 'expired', { accountType, connecting });
      }
      // A connection is for the member who started it, still signed in in this browser.
      if (connecting && request.webUser?.id !== linkUserId) return fail(request, reply, 'expired', { connecting });
      try {
        const identity = await client.identify(query, pending);
        if (linkUserId !== null) {
          const connected = await connectLinkedin(deps.db, linkUserId, identity);
          if ('refusal' in connected) return fail(request, reply, connected.refusal, { connecting });
          setFlash(request, 'LinkedIn is connected: you can now sign in with LinkedIn too.');
          return reply.redirect('/account/linkedin', 303);
        }
        const outcome = await signInWithLinkedin(
          deps.db,
          identity,
          accountType ?? 'contributor',
          webTokenLifetime(deps.config),
        );
        if ('refusal' in outcome) return fail(request, reply, outcome.refusal);
        signIn(request, outcome.token);
        if (outcome.created) setFlash(request, 'Welcome to Guild! Start by completing your profile.');
        return reply.redirect('/dashboard', 303);
      } catch (error) {
        if (error instanceof LinkedinExchangeError) {
          return fail(request, reply, error.kind, { error: error.cause, accountType, connecting });
        }
        // Under /api the error handler would answer JSON; a person in a browser gets the HTML 500 page instead.
        request.log.error({ err: error, reqId: request.id }, 'LinkedIn sign-in failed unexpectedly');
        return renderErrorPage(request, reply, 500, 'Server Error');
      }
    },
  );
}
