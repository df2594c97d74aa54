import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';

export function insertToken(
  db: Db,
  values: {
    user_id: number;
    name: string;
    token_hash: string;
    expires_at: string | null;
    idle_seconds: number | null;
    max_expires_at: string | null;
    created_at: string;
  },
) {
  return db
    .insertInto('personal_access_tokens')
    .values({ ...values, last_used_at: null })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/**
 * The token with its user and the user's company or contributor profile (each at most one row, by a unique index) in
 * one query: this runs on every API request the token cache does not answer.
 */
export async function findTokenWithUser(db: Db, tokenId: number) {
  const [row] = await tokenWithUser(db, tokenId);
  return row;
}

const tokenWithUser = compiledOnce((db, tokenId: number) =>
  db
    .selectFrom('personal_access_tokens as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .leftJoin('companies as c', 'c.user_id', 'u.id')
    .leftJoin('volunteers as v', 'v.user_id', 'u.id')
    .select([
      't.id as token_id',
      't.token_hash',
      't.expires_at',
      't.last_used_at',
      't.idle_seconds',
      't.max_expires_at',
      'u.id',
      'u.name',
      'u.email',
      'u.account_type',
      'u.is_active',
      'u.created_at',
      'c.id as company_id',
      'v.id as volunteer_id',
    ])
    .where('t.id', '=', tokenId),
);

/** Marks the token used at `now`; a web token's idle end moves to `expiresAt` in the same write. */
export async function touchToken(db: Db, tokenId: number, now: string, expiresAt?: string): Promise<void> {
  if (expiresAt === undefined) await tokenTouch(db, now, tokenId);
  else await webTokenTouch(db, now, expiresAt, tokenId);
}

const tokenTouch = compiledOnce((db, now: string, tokenId: number) =>
  db.updateTable('personal_access_tokens').set({ last_used_at: now }).where('id', '=', tokenId),
);
const webTokenTouch = compiledOnce((db, now: string, expiresAt: string, tokenId: number) =>
  db.updateTable('personal_access_tokens').set({ last_used_at: now, expires_at: expiresAt }).where('id', '=', tokenId),
);

export async function deleteTokensOfUser(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('personal_access_tokens').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes one token of the user (a token id of someone else deletes nothing); whether it was there. */
export async function deleteTokenOfUser(db: Db, userId: number, tokenId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('personal_access_tokens')
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
