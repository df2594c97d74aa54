import type { Db } from '../../db/database.ts';

/** `idempotency_keys`: the keys of POST requests per user (migration 0012); idempotency.service.ts owns the rules. */

export type KeyRequest = {
  userId: number;
  key: string;
  method: string;
  path: string;
  hash: string;
};

type ClaimTimes = { now: string; expiresAt: string };

/** A key's columns as a first request takes it: this request's, no response yet, claimed and expiring from now. */
function freshClaim(request: KeyRequest, times: ClaimTimes) {
  return {
    request_method: request.method,
    request_path: request.path,
    request_hash: request.hash,
    response_status: null,
    response_headers: null,
    response_body: null,
    claimed_at: times.now,
    expires_at: times.expiresAt,
    created_at: times.now,
  };
}

/**
 * Takes the key for a first request, or does nothing when the user already has it: the unique (user_id, key) lets
 * exactly one of two concurrent first requests in. Returns the new row's id, or undefined.
 */
export async function insertClaim(db: Db, request: KeyRequest, times: ClaimTimes): Promise<number | undefined> {
  const row = await db
    .insertInto('idempotency_keys')
    .values({ user_id: request.userId, key: request.key, ...freshClaim(request, times) })
    .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export function findKey(db: Db, userId: number, key: string) {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** Reuses an expired row the purge has not deleted yet for a new first request, unless another request did first. */
export async function retakeExpiredKey(
  db: Db,
  id: number,
  request: KeyRequest,
  times: ClaimTimes,
): Promise<number | undefined> {
  const row = await db
    .updateTable('idempotency_keys')
    .set(freshClaim(request, times))
    .where('id', '=', id)
    .where('expires_at', '<=', times.now)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Takes over a claim still running since before `staleBefore` (its process died), unless another request did first. */
export async function takeOverStaleClaim(
  db: Db,
  id: number,
  staleBefore: string,
  now: string,
): Promise<number | undefined> {
  const row = await db
    .updateTable('idempotency_keys')
    .set({ claimed_at: now })
    .where('id', '=', id)
    .where('response_status', 'is', null)
    .where('claimed_at', '<=', staleBefore)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

export async function storeResponse(
  db: Db,
  id: number,
  response: { status: number; headers: Record<string, string>; body: string },
): Promise<void> {
  await db
    .updateTable('idempotency_keys')
    .set({
      response_status: response.status,
      response_headers: JSON.stringify(response.headers),
      response_body: response.body,
    })
    .where('id', '=', id)
    .execute();
}

/** Gives a claim up (its response is not kept), so that the key's next request runs. */
export async function deleteClaim(db: Db, id: number): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('id', '=', id).where('response_status', 'is', null).execute();
}

export async function deleteExpiredKeys(db: Db, now: string): Promise<number> {
  const result = await db.deleteFrom('idempotency_keys').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
