import type { Db } from '../../db/database.ts';

/**
 * The two kinds of single-use link mailed to an account's address, one table each, owned by the auth module:
 * `email_confirmations` (a new account's address) and `password_resets`. Both keep the same columns, so one set of
 * queries serves them.
 */
export type LinkTable = 'email_confirmations' | 'password_resets';

export async function insertLink(
  db: Db,
  table: LinkTable,
  row: { user_id: number; token_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db.insertInto(table).values(row).execute();
}

/** Forgets every link of this kind sent to the account: a newer one, or what the link was for, replaces them. */
export async function deleteLinksOfUser(db: Db, table: LinkTable, userId: number): Promise<void> {
  await db.deleteFrom(table).where('user_id', '=', userId).execute();
}

export function findLink(db: Db, table: LinkTable, tokenHash: string) {
  return db.selectFrom(table).select(['user_id', 'expires_at']).where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** When the account's newest link of this kind was sent (undefined: none waiting). */
export async function newestLinkSentAt(db: Db, table: LinkTable, userId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max('created_at').as('sent_at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.sent_at ?? undefined;
}

/**
 * Takes a link out of the table and says whose it was: of two uses at once, exactly one gets the row (the delete is
 * one statement), so a link works once.
 */
export function takeLink(db: Db, table: LinkTable, tokenHash: string) {
  return db
    .deleteFrom(table)
    .where('token_hash', '=', tokenHash)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
}
