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
 * A token whose end was set before the uses (by hand, behind the service) is not brought back by the write.
 */
export async function writeTokenUses(db: Db, uses: ReadonlyMap<number, TokenUse>): Promise<void> {
  if (uses.size === 0) return;
  const firstUse = [...uses.values()].map((use) => use.lastUsedAt).sort()[0];
  const stamp = (value: string) => (isPostgres(db) ? sql`cast(${value} as timestamptz)` : sql`${value}`);
  const byToken = (pick: (use: TokenUse) => string | undefined) =>
    sql.join(
      [...uses].flatMap(([tokenId, use]) => {
        const value = pick(use);
        return value === undefined ? [] : [sql`when ${tokenId} then ${stamp(value)}`];
      }),
      sql` `,
    );
  const renewals = [...uses.values()].some((use) => use.expiresAt !== undefined);
  await db
    .updateTable('personal_access_tokens')
    .set({
      last_used_at: sql<string>`case id ${byToken((use) => use.lastUsedAt)} end`,
      ...(renewals ? { expires_at: sql<string>`case id ${byToken((use) => use.expiresAt)} else expires_at end` } : {}),
    })
    .where('id', 'in', [...uses.keys()])
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', firstUse)]))
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
