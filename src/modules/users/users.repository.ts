import { compiledOnce } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';
import type { AccountType, NewUser } from '../../db/schema.ts';

export function insertUser(db: Db, user: NewUser) {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/** Emails are unique case-insensitively; they are stored lower-cased so the unique index enforces that. */
export function findUserByEmail(db: Db, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function findUserById(db: Db, id: number) {
  const [user] = await userById(db, id);
  return user;
}

const userById = compiledOnce((db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id));

export async function setUserActive(db: Db, id: number, active: boolean, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_active: active ? 1 : 0, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Marks the address proved (a confirmation link was opened); an address proved before keeps its first date. */
export async function markEmailVerified(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .execute();
}

/**
 * A registration again for an address whose account was never confirmed: the newest registration's name, password
 * and account type replace the unconfirmed ones. False when the address was confirmed in the meantime (then the
 * account is left as it is).
 */
export async function replaceUnverifiedAccount(
  db: Db,
  id: number,
  account: { name: string; password_hash: string; account_type: AccountType },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ ...account, updated_at: now })
    .where('id', '=', id)
    .where('email_verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
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

/** Sets a new password (a reset by e-mail): whatever the account had before, a password or none. */
export async function setPasswordHash(db: Db, id: number, hash: string, now: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: hash, updated_at: now }).where('id', '=', id).execute();
}
