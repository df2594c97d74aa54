import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createTestContext, type TestContext } from '../helpers/context.ts';

/**
 * The rate limit on sign-in, registration and LinkedIn sign-in (src/http/rate-limit.ts), over real HTTP: the server
 * listens and is called with fetch. The test speaks from 127.0.0.1 as a trusted proxy, so X-Forwarded-For stands for
 * the client address, as TRUST_PROXY resolves it. Posts without a form's CSRF token are refused (403) after they are
 * counted, which keeps each attempt cheap: the limit comes before anything reads the body. Nothing here depends on
 * the database engine, so it runs once.
 */
const LIMITED = /Too many sign-in and registration requests from your address\. Try again in \d+ seconds?\./;

async function listen(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

function caller(base: string, client: string) {
  return (method: 'GET' | 'POST', path: string) =>
    fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        accept: 'text/html',
        'x-forwarded-for': client,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: method === 'POST' ? 'email=someone%40example.test&password=not+checked' : undefined,
    });
}

describe('rate limit on sign-in and registration, over HTTP', () => {
  let ctx: TestContext;
  let base: string;
  before(async () => {
    ctx = await createTestContext('sqlite', { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_AUTH_MAX: '10' });
    base = await listen(ctx);
  });
  after(() => ctx.close());

  it('answers the 11th attempt in a minute with 429, Retry-After and a page saying when to try again', async () => {
    const send = caller(base, '198.51.100.1');
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await send('POST', '/login');
      assert.equal(response.status, 403, `attempt ${attempt} reaches the form check`);
      assert.equal(response.headers.get('x-ratelimit-remaining'), String(10 - attempt));
    }
    const refused = await send('POST', '/login');
    assert.equal(refused.status, 429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    assert.ok(retryAfter > 50 && retryAfter <= 60, `Retry-After: ${retryAfter}`);
    assert.match(refused.headers.get('content-type') ?? '', /^text\/html/);
    const page = await refused.text();
    assert.match(page, /Too many attempts/);
    assert.match(page, LIMITED);
  });

  it('counts sign-in, registration, the confirmation and password reset routes and LinkedIn together; the API side answers JSON', async () => {
    const send = caller(base, '198.51.100.2');
    const routes: Array<['GET' | 'POST', string]> = [
      ['POST', '/login'],
      ['POST', '/register'],
      ['POST', '/register/confirm'],
      ['POST', '/register/resend'],
      ['POST', '/forgot-password'],
      ['POST', '/reset-password'],
      ['GET', '/api/auth/linkedin/redirect'],
      ['GET', '/api/auth/linkedin/callback'],
    ];
    for (let attempt = 0; attempt < 10; attempt++) {
      const [method, path] = routes[attempt % routes.length];
      assert.notEqual((await send(method, path)).status, 429, `${method} ${path}`);
    }
    for (const [method, path] of routes) {
      assert.equal((await send(method, path)).status, 429, `${method} ${path}`);
    }
    const api = await send('GET', '/api/auth/linkedin/redirect');
    assert.equal(api.status, 429);
    assert.ok(Number(api.headers.get('retry-after')) > 0);
    assert.match(((await api.json()) as { message: string }).message, LIMITED);
  });

  it('is in the API reference of the limited routes under /api, and of no other', async () => {
    const doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>;
    };
    for (const path of ['/api/auth/linkedin/redirect', '/api/auth/linkedin/callback']) {
      assert.ok(doc.paths[path].get.responses['429'].headers?.['Retry-After'], path);
    }
    const others = Object.entries(doc.paths).filter(([path]) => !path.startsWith('/api/auth/linkedin/'));
    assert.ok(others.length > 10);
    // The rate limit's 429 is the one with Retry-After; another 429 (the notification stream's cap per account) is
    // no rate limit.
    for (const [path, operations] of others) {
      for (const operation of Object.values(operations)) {
        assert.equal(operation.responses['429']?.headers?.['Retry-After'], undefined, path);
      }
    }
  });

  it('leaves every other route, and other addresses, alone', async () => {
    const limited = caller(base, '198.51.100.3');
    for (let attempt = 0; attempt < 11; attempt++) await limited('POST', '/register');
    assert.equal((await limited('POST', '/register')).status, 429);
    assert.equal((await limited('GET', '/login')).status, 200, 'the sign-in page itself');
    assert.equal((await limited('GET', '/register')).status, 200);
    assert.equal((await limited('GET', '/forgot-password')).status, 200, 'the forgot-password form itself');
    assert.equal((await limited('GET', '/api/health')).status, 200);
    assert.equal((await limited('GET', '/')).status, 200);
    assert.equal((await caller(base, '198.51.100.4')('POST', '/register')).status, 403, 'another address');
  });
});

describe('rate limit windows', () => {
  let ctx: TestContext;
  let base: string;
  before(async () => {
    ctx = await createTestContext('sqlite', {
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_AUTH_MAX: '10',
      RATE_LIMIT_AUTH_WINDOW_SECONDS: '2',
    });
    base = await listen(ctx);
  });
  after(() => ctx.close());

  it('counts again from zero once the window is over', async () => {
    const send = caller(base, '198.51.100.5');
    // All at once, so they fall in one window however busy the machine is: exactly one is over the limit.
    const statuses = (await Promise.all(Array.from({ length: 11 }, () => send('POST', '/login')))).map((r) => r.status);
    assert.deepEqual(
      statuses.filter((status) => status === 429),
      [429],
    );
    const refused = await send('POST', '/login');
    assert.equal(refused.status, 429);
    const wait = Number(refused.headers.get('retry-after'));
    assert.ok(wait >= 1 && wait <= 2, `Retry-After: ${wait}`);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    assert.equal((await send('POST', '/login')).status, 403, 'a new window');
  });
});

describe('rate limit turned off (RATE_LIMIT_AUTH_MAX=0)', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext('sqlite', { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_AUTH_MAX: '0' });
  });
  after(() => ctx.close());

  it('lets every attempt through to the form check', async () => {
    const base = await listen(ctx);
    const send = caller(base, '198.51.100.6');
    for (let attempt = 0; attempt < 15; attempt++) assert.equal((await send('POST', '/login')).status, 403);
  });
});
