import type { Db } from '../../db/database.ts';

/** The confirmation links of new accounts (table `email_confirmations`, owned by the auth module). */
export async function insertConfirmation(
  db: Db,
  row: { user_id: number; token_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db.insertInto('email_confirmations').values(row).execute();
}

/** Forgets every link sent to this account: a new registration or a new link replaces them. */
export async function deleteConfirmationsOfUser(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('email_confirmations').where('user_id', '=', userId).execute();
}

export function findConfirmation(db: Db, tokenHash: string) {
  return db
    .selectFrom('email_confirmations')
    .select(['user_id', 'expires_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/**
 * Takes a link out of the table and says whose it was: of two uses at once, exactly one gets the row (the delete is
 * one statement), so a link works once.
 */
export function takeConfirmation(db: Db, tokenHash: string) {
  return db
    .deleteFrom('email_confirmations')
    .where('token_hash', '=', tokenHash)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
}
