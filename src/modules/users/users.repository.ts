import type { Db } from '../../db/database.ts';
import type { NewUser } from '../../db/schema.ts';

export function insertUser(db: Db, user: NewUser) {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/** Emails are unique case-insensitively; they are stored lower-cased so the unique index enforces that. */
export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: number) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function setUserActive(db: Db, id: number, active: boolean, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_active: active ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** The user signed in with this LinkedIn identity (the OpenID Connect `sub`), if any. */
export function findUserByLinkedinId(db: Db, linkedinId: string) {
  return db.selectFrom('users').selectAll().where('linkedin_id', '=', linkedinId).executeTakeFirst();
}

/** Links a LinkedIn identity to an account that has none yet; false when the account already had one. */
export async function linkLinkedinId(db: Db, id: number, linkedinId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ linkedin_id: linkedinId, updated_at: now })
    .where('id', '=', id)
    .where('linkedin_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces a password hash (a rehash at a higher cost) unless the hash changed since it was read. */
export async function replacePasswordHash(
  db: Db,
  id: number,
  oldHash: string,
  newHash: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: newHash, updated_at: now })
    .where('id', '=', id)
    .where('password_hash', '=', oldHash)
    .execute();
}
