import type { PageRequest } from '../../http/pagination.ts';

/** `?page=` of a list page: anything that is not a positive integer is the first page, as a person would expect. */
export function pageOf(query: unknown, perPage: number): PageRequest {
  const raw = (query as Record<string, unknown> | undefined)?.page;
  const parsed = typeof raw === 'string' && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  const page = Math.max(1, parsed);
  return { page, perPage, offset: (page - 1) * perPage };
}
