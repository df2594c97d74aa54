import type { SelectQueryBuilder } from 'kysely';
import type { PageRequest } from '../http/pagination.ts';

/** Anything that reads a window of rows: a select query with its selection and order in place. */
type RowsQuery<O> = { limit(n: number): { offset(n: number): { execute(): Promise<O[]> } } };

type PageOfRows<O> = { rows: O[]; total: number };

/** Kysely's output type of a query that selects nothing yet: what `filtered` queries are. */
// biome-ignore lint/complexity/noBannedTypes: this is the exact type Kysely gives such a query.
export type Unselected = {};

// biome-ignore lint/suspicious/noExplicitAny: the implementation serves both typed overloads above it.
type AnySelect = SelectQueryBuilder<any, any, any>;

/**
 * One page of a list plus the total row count, both from the same conditions so they cannot disagree. Not for
 * grouped or DISTINCT queries (the count would be of the underlying rows).
 *
 * - `fetchPage(query, page)`: `query` is complete (selection and order); the count drops both.
 * - `fetchPage(filtered, page, toRows)`: `filtered` holds only the joins and conditions that decide which rows are in
 *   the list; `toRows` adds what the response embeds (more joins, the selection) and the order. The count then runs
 *   on `filtered` alone and never pays for the embedding joins.
 */
export function fetchPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
): Promise<PageOfRows<O>>;
export function fetchPage<DB, TB extends keyof DB, O>(
  filtered: SelectQueryBuilder<DB, TB, Unselected>,
  page: PageRequest,
  toRows: (filtered: SelectQueryBuilder<DB, TB, Unselected>) => RowsQuery<O>,
): Promise<PageOfRows<O>>;
export async function fetchPage(
  query: AnySelect,
  page: PageRequest,
  toRows?: (filtered: AnySelect) => RowsQuery<unknown>,
): Promise<PageOfRows<unknown>> {
  const rowsQuery = toRows ? toRows(query) : query;
  const counted = toRows ? query : query.clearSelect().clearOrderBy();
  const [rows, count] = await Promise.all([
    rowsQuery.limit(page.perPage).offset(page.offset).execute(),
    counted.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/**
 * Where a page of a list of `total` items lies, counted from the nearer end: `desc` from the list's first item
 * (the list's own order, when it is newest or best first), or `asc` from its last. Null when the page is past the end.
 * Walking an index from the nearer end keeps the last page as cheap as the first.
 */
export function windowFromNearerEnd(
  total: number,
  page: PageRequest,
): { direction: 'asc' | 'desc'; offset: number; limit: number } | null {
  if (page.offset >= total) return null;
  const limit = Math.min(page.perPage, total - page.offset);
  const fromOldest = total - page.offset - limit;
  return fromOldest < page.offset
    ? { direction: 'asc', offset: fromOldest, limit }
    : { direction: 'desc', offset: page.offset, limit };
}
