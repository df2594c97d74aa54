import assert from 'node:assert/strict';

/** The public address the journey's server is configured with: not where the test reaches it (127.0.0.1:port). */
export const E2E_APP_URL = 'https://guild.example';

// biome-ignore lint/suspicious/noExplicitAny: a JSON body; the assertions check its shape, not the compiler.
export type Json = any;
export type HttpResponse = { status: number; headers: Headers; body: Json };
/** A JSON or multipart body, and the status the call must answer (200 unless said). */
export type Send = { json?: unknown; form?: FormData; expect?: number };

/**
 * A client over real HTTP (`fetch`), sending what an integration sends: `Accept: application/json` and the bearer
 * token. Each call states the status it expects and returns the parsed body; a different status fails the step
 * with the method, path and body, so the failure says what the server answered. Redirects are not followed.
 */
export function httpClient(baseUrl: string, token?: string) {
  async function request(method: string, path: string, send: Omit<Send, 'expect'> = {}): Promise<HttpResponse> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    let body: string | FormData | undefined;
    if (send.form) body = send.form;
    else if (send.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(send.json);
    }
    const response = await fetch(new URL(path, baseUrl), { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    const isJson = response.headers.get('content-type')?.startsWith('application/json') ?? false;
    return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text };
  }

  async function expectResponse(method: string, path: string, send: Send = {}): Promise<HttpResponse> {
    const expected = send.expect ?? 200;
    const response = await request(method, path, send);
    const said = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
    assert.equal(response.status, expected, `${method} ${path} answered ${response.status}, not ${expected}: ${said}`);
    // docs/contract.md §1: every /api answer is JSON and carries the request id (the 303 of submit-solution has none).
    if (path.startsWith('/api/') && expected !== 303) {
      assert.match(response.headers.get('content-type') ?? '', /^application\/json; charset=utf-8$/);
    }
    assert.ok(response.headers.get('x-request-id'), `${method} ${path} has no x-request-id`);
    return response;
  }

  return {
    /** The whole response (status, headers, body), e.g. to read a redirect's Location. */
    expectResponse,
    get: async (path: string, expect = 200) => (await expectResponse('GET', path, { expect })).body,
    post: async (path: string, send: Send = {}) => (await expectResponse('POST', path, send)).body,
    put: async (path: string, send: Send = {}) => (await expectResponse('PUT', path, send)).body,
    delete: async (path: string, expect = 200) => (await expectResponse('DELETE', path, { expect })).body,
  };
}

export type HttpClient = ReturnType<typeof httpClient>;

const ENVELOPE_KEYS = ['data', 'links', 'meta'];

/**
 * The contract's list envelope (§1) for the first page of a list of `total` items, `perPage` to a page; returns the
 * items. `extraKeys` are top-level members a list adds (notifications add `unread_count`).
 */
export function pageItems(page: Json, expected: { total: number; perPage: number; extraKeys?: string[] }): Json[] {
  assert.deepEqual(Object.keys(page).sort(), [...ENVELOPE_KEYS, ...(expected.extraKeys ?? [])].sort());
  const lastPage = Math.max(1, Math.ceil(expected.total / expected.perPage));
  const onPage = Math.min(expected.total, expected.perPage);
  assert.deepEqual(
    { ...page.meta, path: undefined },
    {
      current_page: 1,
      from: onPage > 0 ? 1 : null,
      last_page: lastPage,
      path: undefined,
      per_page: expected.perPage,
      to: onPage > 0 ? onPage : null,
      total: expected.total,
    },
  );
  // Built on APP_URL, the address users reach (a proxy's), never on the host the request came in on.
  assert.ok(page.meta.path.startsWith(`${E2E_APP_URL}/api/`), page.meta.path);
  const pageOf = (link: string | null) => {
    if (link === null) return null;
    assert.ok(link.startsWith(`${page.meta.path}?`), link);
    return new URL(link).searchParams.get('page');
  };
  assert.deepEqual(
    [pageOf(page.links.first), pageOf(page.links.last), pageOf(page.links.prev), pageOf(page.links.next)],
    ['1', String(lastPage), null, lastPage > 1 ? '2' : null],
  );
  assert.equal(page.data.length, onPage);
  return page.data;
}

/** The contract's error body (§1): a message sentence, and on validation failures the fields that failed. */
export function assertErrorBody(body: Json, message: RegExp | string, fields?: string[]): void {
  assert.equal(typeof body.message, 'string');
  if (typeof message === 'string') assert.equal(body.message, message);
  else assert.match(body.message, message);
  if (fields === undefined) return;
  assert.deepEqual(Object.keys(body.errors).sort(), [...fields].sort());
  for (const field of fields) {
    assert.ok(body.errors[field].every((text: unknown) => typeof text === 'string'));
  }
}

/** The ids of a list's items, in order. */
export function idsOf(items: Json[]): number[] {
  return items.map((item) => item.id);
}
