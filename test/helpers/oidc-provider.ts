import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect server on 127.0.0.1 standing in for LinkedIn in tests (oidc-provider). It behaves like
 * LinkedIn where Guild depends on it: discovery, code flow with PKCE required, `client_secret_post`, and email and
 * profile claims in the ID token. There is no login form: the next sign-in is whoever the test chose with
 * `signInAs` (or a refusal with `denyNext`), completed automatically.
 *
 * Two steps, because the app needs the issuer to start and the provider needs the app's redirect URI: start this
 * server, start the app with `env`, then `registerClient(redirectUri)` before the first sign-in.
 */
export type OidcAccount = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  /** Keep email and name out of the ID token, so the client must ask UserInfo for them. */
  userinfoOnly?: boolean;
};

export type TestOidcProvider = {
  issuer: string;
  /** LINKEDIN_CLIENT_ID, _SECRET and _ISSUER pointing the app at this server (the redirect URI is the default). */
  env: Record<string, string>;
  /** Registers Guild as the client with this redirect URI. */
  registerClient(redirectUri: string): void;
  signInAs(account: OidcAccount): void;
  /** The next sign-in ends with `access_denied`, as when a person refuses consent. */
  denyNext(): void;
  /** While true, the token endpoint answers 503, as a provider having an outage. */
  failTokenEndpoint: boolean;
  close(): Promise<void>;
};

/** The provider's storage for one test run: plain maps, nothing expires (tests are short). */
function memoryAdapter() {
  const records = new Map<string, Record<string, unknown>>();
  return class {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    async upsert(id: string, payload: Record<string, unknown>) {
      records.set(`${this.model}:${id}`, payload);
    }
    async find(id: string) {
      return records.get(`${this.model}:${id}`);
    }
    async findByUid(uid: string) {
      return [...records].find(([key, value]) => key.startsWith(`${this.model}:`) && value.uid === uid)?.[1];
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const record = records.get(`${this.model}:${id}`);
      if (record) record.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      records.delete(`${this.model}:${id}`);
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, value] of records) if (value.grantId === grantId) records.delete(key);
    }
  };
}

const CLIENT_ID = 'guild-test-client';
const CLIENT_SECRET = 'guild-test-client-secret';

export async function startOidcProvider(): Promise<TestOidcProvider> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const accounts = new Map<string, OidcAccount>();
  let next: OidcAccount | 'deny' | null = null;

  const signingKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const adapter = memoryAdapter();
  const createProvider = (redirectUri: string) =>
    new Provider(issuer, {
      adapter,
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: CLIENT_SECRET,
          redirect_uris: [redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
      ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
      // LinkedIn puts the requested claims in the ID token even though an access token is issued too.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx: unknown, sub: string) => {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: (use: string) => {
            const { userinfoOnly, ...claims } = account;
            return use === 'id_token' && userinfoOnly ? { sub } : claims;
          },
        };
      },
    });

  let provider: Provider | null = null;
  let handle: ReturnType<Provider['callback']> | null = null;
  let failTokenEndpoint = false;

  /** Stands in for the provider's login and consent pages: signs in the chosen account and grants what was asked. */
  async function completeInteraction(idp: Provider, request: http.IncomingMessage, response: http.ServerResponse) {
    const details = await idp.interactionDetails(request, response);
    const finish = (result: Record<string, unknown>) =>
      idp.interactionFinished(request, response, result, { mergeWithLastSubmission: false });
    if (details.prompt.name === 'login') {
      const chosen = next;
      next = null;
      if (chosen === null) throw new Error('the test did not choose who signs in (signInAs or denyNext)');
      if (chosen === 'deny') return finish({ error: 'access_denied', error_description: 'The member declined.' });
      return finish({ login: { accountId: chosen.sub } });
    }
    const grant = new idp.Grant({
      accountId: String(details.session?.accountId),
      clientId: String(details.params.client_id),
    });
    grant.addOIDCScope(String(details.params.scope));
    return finish({ consent: { grantId: await grant.save() } });
  }

  server.on('request', (request, response) => {
    if (!provider || !handle || (failTokenEndpoint && request.url?.startsWith('/token'))) {
      response.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      return;
    }
    if (request.url?.startsWith('/interaction/')) {
      completeInteraction(provider, request, response).catch((error: Error) => {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(error.message);
      });
      return;
    }
    handle(request, response);
  });

  return {
    issuer,
    env: { LINKEDIN_CLIENT_ID: CLIENT_ID, LINKEDIN_CLIENT_SECRET: CLIENT_SECRET, LINKEDIN_ISSUER: issuer },
    registerClient(redirectUri) {
      provider = createProvider(redirectUri);
      handle = provider.callback();
    },
    signInAs(account) {
      accounts.set(account.sub, account);
      next = account;
    },
    denyNext() {
      next = 'deny';
    },
    get failTokenEndpoint() {
      return failTokenEndpoint;
    },
    set failTokenEndpoint(value: boolean) {
      failTokenEndpoint = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
