import type { SelectQueryBuilder } from 'kysely';
import type { PageRequest } from '../http/pagination.ts';

/**
 * One page of a filtered, ordered select plus the total row count. The count reuses the same joins and filters
 * with the selection and ordering removed, so the two can never disagree about which rows are in the list.
 * Only for queries without GROUP BY / DISTINCT (their count would be of the underlying rows).
 */
export async function fetchPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageRequest,
): Promise<{ rows: O[]; total: number }> {
  const counting = query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('total')) as unknown as SelectQueryBuilder<DB, TB, { total: number }>;
  const [rows, count] = await Promise.all([
    query.limit(page.perPage).offset(page.offset).execute(),
    counting.executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}
