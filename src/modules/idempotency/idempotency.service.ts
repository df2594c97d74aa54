import type { Db } from '../../db/database.ts';
import { parseJson } from '../../shared/json.ts';
import {
  deleteClaim,
  deleteExpiredKeys,
  findKey,
  insertClaim,
  type KeyRequest,
  retakeExpiredKey,
  storeResponse,
  takeOverStaleClaim,
} from './idempotency-keys.repository.ts';

/** How long a key and its response are kept after the first request (Stripe's 24 hours). */
const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * How long a running claim holds its key. Its request has been read whole by the time it claims, so what is left is
 * the handler's work (seconds); a claim older than this belongs to a process that died mid-request, and a retry
 * takes it over instead of getting 409 until the key expires.
 */
const CLAIM_LEASE_MS = 5 * 60 * 1000;

export type KeptResponse = { status: number; headers: Record<string, string>; body: string };

export type ClaimOutcome =
  | { kind: 'claimed'; id: number }
  | { kind: 'replay'; response: KeptResponse }
  /** The key was used for another request: its method and target say which. */
  | { kind: 'mismatch'; method: string; path: string; sameTarget: boolean }
  | { kind: 'running' };

/**
 * What to do with a request that carries a key: run it (the key is now claimed for it), replay the kept response,
 * refuse it as another request under a used key, or refuse it while the first is still running. Every step that
 * takes a key is one conditional statement, so two requests racing for it cannot both win.
 */
export async function claimKey(db: Db, request: KeyRequest, at = new Date()): Promise<ClaimOutcome> {
  const times = { now: at.toISOString(), expiresAt: new Date(at.getTime() + KEY_LIFETIME_MS).toISOString() };
  // Each turn either decides or lost a race to another request that changed the row; a third loss is a 409.
  for (let turn = 0; turn < 3; turn++) {
    const inserted = await insertClaim(db, request, times);
    if (inserted !== undefined) return { kind: 'claimed', id: inserted };
    const row = await findKey(db, request.userId, request.key);
    if (!row) continue; // purged between the two statements
    if (Date.parse(row.expires_at) <= at.getTime()) {
      const retaken = await retakeExpiredKey(db, row.id, request, times);
      if (retaken !== undefined) return { kind: 'claimed', id: retaken };
      continue;
    }
    const sameTarget = row.request_method === request.method && row.request_path === request.path;
    if (!sameTarget || row.request_hash !== request.hash) {
      return { kind: 'mismatch', method: row.request_method, path: row.request_path, sameTarget };
    }
    if (row.response_status === null) {
      const staleBefore = new Date(at.getTime() - CLAIM_LEASE_MS).toISOString();
      if (Date.parse(row.claimed_at) > Date.parse(staleBefore)) return { kind: 'running' };
      const taken = await takeOverStaleClaim(db, row.id, staleBefore, times.now);
      if (taken !== undefined) return { kind: 'claimed', id: taken };
      return { kind: 'running' };
    }
    return {
      kind: 'replay',
      response: {
        status: row.response_status,
        headers: parseJson<Record<string, string>>(row.response_headers, {}),
        body: row.response_body ?? '',
      },
    };
  }
  return { kind: 'running' };
}

/** Keeps the claimed request's response for the key's replays. */
export async function keepResponse(db: Db, claimId: number, response: KeptResponse): Promise<void> {
  await storeResponse(db, claimId, response);
}

/** Frees a claimed key whose response is not kept, so that a retry runs the request again. */
export async function releaseClaim(db: Db, claimId: number): Promise<void> {
  await deleteClaim(db, claimId);
}

/** Deletes the keys whose 24 hours are over (the `idempotency.purge-expired` job); returns how many. */
export async function purgeExpiredKeys(db: Db, at = new Date()): Promise<number> {
  return deleteExpiredKeys(db, at.toISOString());
}
