import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/openapi.ts';

/** The API's named schemas by name: `Schemas['Challenge']`, `Schemas['Error']`, … */
export type Schemas = components['schemas'];

export type GuildClientOptions = {
  /** Where the API is served: the deployment's APP_URL (the document's `servers`), e.g. `https://guild.example.org`. */
  baseUrl: string;
  /** An API token (`guild token:create`, or the web sign-in's); omit it for the public endpoints only. */
  token?: string;
  /** Another fetch (a test double, a proxying agent); the global one by default. */
  fetch?: (request: Request) => Promise<Response>;
};

/** A client for every operation of the document: `guild.GET('/api/challenges/{id}', { params: { path: { id } } })`. */
export type GuildClient = Client<paths, 'application/json'>;

/**
 * An openapi-fetch client typed by the generated `paths`: each call answers `{ data, error, response }`, where `data`
 * is the 2xx body and `error` the 4xx/5xx body (`Schemas['Error']`: `message`, and `errors` by field on a 422).
 */
export function createGuildClient({ baseUrl, token, fetch }: GuildClientOptions): GuildClient {
  return createClient<paths, 'application/json'>({
    baseUrl,
    fetch,
    headers: { Accept: 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
  });
}

/** An API answer that was not a 2xx, thrown by `unwrap`. */
export class GuildApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const message = (body as { message?: unknown } | undefined)?.message;
    super(typeof message === 'string' ? message : `The Guild API answered ${status}.`);
    this.name = 'GuildApiError';
    this.status = status;
    this.body = body;
  }

  /** The field errors of a 422 (`{ title: ['The title field is required.'] }`), empty otherwise. */
  get fieldErrors(): Record<string, string[]> {
    return (this.body as Schemas['Error'] | undefined)?.errors ?? {};
  }
}

/** The body of a call that succeeded, or a `GuildApiError`: for code that would rather throw than branch. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw new GuildApiError(response.status, error);
  return data as T;
}

type Page<T> = { data: T[]; meta: { current_page: number; last_page: number } };

/**
 * Every item of a paginated list, page after page: `for await (const c of allPages((page) =>
 * guild.GET('/api/challenges', { params: { query: { page } } })))`. Pages are read as the loop asks for them; a page
 * that fails throws a `GuildApiError`.
 */
export async function* allPages<T>(
  readPage: (page: number) => Promise<{ data?: Page<T>; error?: unknown; response: Response }>,
): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const { data, meta } = await unwrap(readPage(page));
    yield* data;
    if (meta.current_page >= meta.last_page) return;
  }
}
