import { AppError } from '../../http/app-error.ts';

const MAX_ID = 2_147_483_647;

/** A path id as the API reads it: anything but a positive integer in range names nothing (the 404 page). */
function pathId(raw: string, resource: string): number {
  const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > MAX_ID) throw AppError.notFound(resource);
  return id;
}

/** The path parameter `name` of a page's URL (`/challenges/:id`) as an id, or the 404 page. */
export function idParam(request: { params: unknown }, resource: string, name = 'id'): number {
  const raw = (request.params as Record<string, unknown> | undefined)?.[name];
  return pathId(typeof raw === 'string' ? raw : '', resource);
}

/** An optional id in the query (`?task_id=`): absent or empty is null; anything but a valid id is the 404 page. */
export function idQuery(request: { query: unknown }, name: string, resource: string): number | null {
  const raw = (request.query as Record<string, unknown> | undefined)?.[name];
  if (raw === undefined || raw === '') return null;
  return pathId(typeof raw === 'string' ? raw : '', resource);
}
