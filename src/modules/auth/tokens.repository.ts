import { sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import { type Db, isPostgres } from '../../db/database.ts';
import type { TokenUse } from './token-uses.ts';

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

/**
 * Writes token uses (token-uses.ts) in one statement: each token's last use and, for a web token, its moved idle end.
 * A renewal moves a token's end only from the end its use saw, so an end set before the use or after it (by hand,
 * behind the service) stays; the last use is a hint and is always written.
 */
export async function writeTokenUses(db: Db, uses: ReadonlyMap<number, TokenUse>): Promise<void> {
  if (uses.size === 0) return;
  const stamp = (value: string) => (isPostgres(db) ? sql`cast(${value} as timestamptz)` : sql`${value}`);
  const lastUses = sql.join(
    [...uses].map(([tokenId, use]) => sql`when ${tokenId} then ${stamp(use.lastUsedAt)}`),
    sql` `,
  );
  // A renewal moves the end only from the end its use saw: one set after the use stays.
  const renewals = [...uses].flatMap(([tokenId, use]) =>
    use.expiresAt === undefined || use.seenExpiresAt == null
      ? []
      : [sql`when id = ${tokenId} and expires_at = ${stamp(use.seenExpiresAt)} then ${stamp(use.expiresAt)}`],
  );
  await db
    .updateTable('personal_access_tokens')
    .set({
      last_used_at: sql<string>`case id ${lastUses} end`,
      ...(renewals.length > 0
        ? { expires_at: sql<string>`case ${sql.join(renewals, sql` `)} else expires_at end` }
        : {}),
    })
    .where('id', 'in', [...uses.keys()])
    .execute();
}

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
