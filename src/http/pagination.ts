import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** `APP_URL`: the origin (and path, if any) that page links are built on. */
    appUrl: string;
  }
}

/**
 * Page links point at `APP_URL`, never at the request's `Host` or `X-Forwarded-Host`: a client (or a cache between it
 * and the service) cannot make the service hand out links to another site (issue 10, low list).
 */
export function installPageLinks(app: FastifyInstance, appUrl: string): void {
  app.decorate('appUrl', appUrl);
}

export type PageRequest = { page: number; perPage: number; offset: number };

export type PageEnvelope<T> = {
  data: T[];
  links: { first: string; last: string; prev: string | null; next: string | null };
  meta: {
    current_page: number;
    from: number | null;
    last_page: number;
    path: string;
    per_page: number;
    to: number | null;
    total: number;
  };
};

/** What a service returns for a list: one page of items and the total across all pages. */
export type PageOf<T> = { data: T[]; total: number };

/** Items per page when the query does not say (docs/contract.md §1); challenge lists use 15. */
export const DEFAULT_PER_PAGE = 20;

export function pageRequest(
  query: { page?: number; per_page?: number },
  defaultPerPage = DEFAULT_PER_PAGE,
): PageRequest {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? defaultPerPage;
  return { page, perPage, offset: (page - 1) * perPage };
}

/**
 * Builds the envelope. Links keep the request's other query parameters (filters) so that following `next` walks
 * the same list; they are built on `APP_URL` (see installPageLinks).
 */
export function pageEnvelope<T>(request: FastifyRequest, page: PageRequest, data: T[], total: number): PageEnvelope<T> {
  return { data, ...linksAndMeta(request, page, data.length, total) };
}

/** The envelope's links and meta for a page of `count` items. */
function linksAndMeta(
  request: FastifyRequest,
  page: PageRequest,
  count: number,
  total: number,
): Omit<PageEnvelope<never>, 'data'> {
  const [pathname, search = ''] = request.url.split('?');
  const path = `${request.server.appUrl}${pathname}`;
  const lastPage = Math.max(1, Math.ceil(total / page.perPage));
  const linkTo = (n: number) => {
    const params = new URLSearchParams(search);
    params.set('page', String(n));
    return `${path}?${params.toString()}`;
  };
  const from = count > 0 ? page.offset + 1 : null;
  return {
    links: {
      first: linkTo(1),
      last: linkTo(lastPage),
      prev: page.page > 1 ? linkTo(Math.min(page.page - 1, lastPage)) : null,
      next: page.page < lastPage ? linkTo(page.page + 1) : null,
    },
    meta: {
      current_page: page.page,
      from,
      last_page: lastPage,
      path,
      per_page: page.perPage,
      to: from === null ? null : page.offset + count,
      total,
    },
  };
}

/** How the route's serializer begins a page without items: its schema puts `data` first. */
const NO_ITEMS = '{"data":[]';

/**
 * The body of a page whose items are JSON already (each serialized through the item's schema, e.g. kept in
 * KeptItems), for a caller that keeps it (src/http/user-pages.ts): the envelope goes through the route's own
 * serializer with no items, and the items are put into its empty `data`. Nothing outside the schemas is sent: every
 * part was written by a serializer compiled from them. `extra`: the page's properties besides the envelope's (e.g. the
 * notifications' `unread_count`).
 */
export function itemsJsonPageBody(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageRequest,
  items: readonly string[],
  total: number,
  extra: Record<string, unknown> = {},
): string {
  const envelope = reply.serialize({
    data: [],
    ...linksAndMeta(request, page, items.length, total),
    ...extra,
  }) as string;
  if (!envelope.startsWith(NO_ITEMS)) throw new Error('A page schema must begin with its data.');
  return `${NO_ITEMS.slice(0, -1)}${items.join(',')}${envelope.slice(NO_ITEMS.length - 1)}`;
}

/**
 * A list route's whole answer: the page its query asks for, loaded by `load`, in the contract's envelope. Every list
 * route's querystring includes `PageQuery`.
 */
export async function pageResponse<T>(
  request: FastifyRequest & { query: { page?: number; per_page?: number } },
  load: (page: PageRequest) => Promise<PageOf<T>>,
  defaultPerPage?: number,
): Promise<PageEnvelope<T>> {
  const page = pageRequest(request.query, defaultPerPage);
  const { data, total } = await load(page);
  return pageEnvelope(request, page, data, total);
}
