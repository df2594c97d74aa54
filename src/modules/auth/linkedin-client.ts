import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';

/**
 * The OpenID Connect side of "Sign in with LinkedIn": discovery, the authorization URL with state, nonce and PKCE
 * (S256), and the code exchange that validates the ID token. Knows nothing about Guild's users.
 */
export type LinkedinSettings = NonNullable<Config['linkedin']>;

/** What one sign-in has to remember between the redirect and the callback (kept in the sealed session). */
export type SignInChecks = { state: string; nonce: string; verifier: string };

export type LinkedinIdentity = { sub: string; email: string | null; emailVerified: boolean; name: string | null };

/** `unavailable`: LinkedIn could not be reached or answered with a server error; `rejected`: its answer did not verify. */
export class LinkedinExchangeError extends Error {
  readonly kind: 'unavailable' | 'rejected';
  constructor(kind: 'unavailable' | 'rejected', cause: unknown) {
    super(`LinkedIn sign-in ${kind}`, { cause });
    this.kind = kind;
  }
}

export type LinkedinClient = {
  authorizationUrl(checks: SignInChecks): Promise<URL>;
  /** Exchanges the code in the callback's query for tokens and returns who signed in. */
  identify(callbackQuery: URLSearchParams, checks: SignInChecks): Promise<LinkedinIdentity>;
};

const SCOPE = 'openid profile email';
const TIMEOUT_SECONDS = 10;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * openid-client refuses plain-HTTP servers. The only exception Guild makes is an issuer on this machine's loopback
 * interface (a local test provider), where nothing travels over a network; any other http:// issuer stays refused.
 */
export function allowsPlainHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && LOOPBACK_HOSTS.has(issuer.hostname);
}

export function newSignInChecks(): SignInChecks {
  return { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier: oidc.randomPKCECodeVerifier() };
}

export function createLinkedinClient(settings: LinkedinSettings): LinkedinClient {
  const issuer = new URL(settings.issuer);
  if (issuer.protocol !== 'https:' && !allowsPlainHttp(issuer)) {
    // Said at start-up rather than at the first sign-in, where it would look like an outage.
    throw new Error(
      `LINKEDIN_ISSUER must be an https:// URL (plain http only for a test server on 127.0.0.1 or localhost); got ${settings.issuer}`,
    );
  }
  // Discovered once per process; a failed discovery is forgotten so that the next sign-in tries again.
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    discovered ??= discover(issuer, settings).catch((error: unknown) => {
      discovered = null;
      throw new LinkedinExchangeError('unavailable', error);
    });
    return discovered;
  };

  return {
    async authorizationUrl(checks) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: settings.redirectUri,
        scope: SCOPE,
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
      });
    },

    async identify(callbackQuery, checks) {
      const config = await configuration();
      // The redirect URI sent with the code must be the registered one, whatever Host the request arrived under.
      const currentUrl = new URL(settings.redirectUri);
      currentUrl.search = callbackQuery.toString();
      try {
        const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          pkceCodeVerifier: checks.verifier,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new Error('no ID token');
        // LinkedIn puts email and name in the ID token; a provider that keeps them for UserInfo is asked there.
        const profile =
          typeof claims.email === 'string' ? claims : await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        return identityOf(claims.sub, profile);
      } catch (error) {
        throw new LinkedinExchangeError(isOutage(error) ? 'unavailable' : 'rejected', error);
      }
    },
  };
}

async function discover(issuer: URL, settings: LinkedinSettings): Promise<oidc.Configuration> {
  return oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
    timeout: TIMEOUT_SECONDS,
    execute: allowsPlainHttp(issuer) ? [oidc.allowInsecureRequests] : [],
  });
}

function identityOf(sub: string, profile: Record<string, unknown>): LinkedinIdentity {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
  const fullName = [text(profile.given_name), text(profile.family_name)].filter(Boolean).join(' ');
  return {
    sub,
    email: text(profile.email),
    emailVerified: profile.email_verified === true || profile.email_verified === 'true',
    name: text(profile.name) ?? text(fullName),
  };
}

/** Network failures, time-outs and server errors: worth trying again later, unlike an answer that did not verify. */
function isOutage(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError) return error.status >= 500;
  if (error instanceof DOMException) return error.name === 'TimeoutError' || error.name === 'AbortError';
  if (error instanceof oidc.ClientError) return error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM';
  return error instanceof TypeError && error.message === 'fetch failed';
}
