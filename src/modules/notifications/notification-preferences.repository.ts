import type { Db } from '../../db/database.ts';

/** A user's e-mail choices per notification type (table `notification_preferences`): only the types they changed. */
export function listPreferences(db: Db, userId: number) {
  return db.selectFrom('notification_preferences').select(['type', 'email']).where('user_id', '=', userId).execute();
}

/** The user's choice for one type, if they made one (a primary-key lookup, in the transaction of the notification). */
export async function findPreference(db: Db, userId: number, type: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('notification_preferences')
    .select('email')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row?.email;
}

/** Sets the user's choice for each given type (an upsert per type, in the caller's transaction). */
export async function savePreferences(
  db: Db,
  userId: number,
  choices: ReadonlyArray<{ type: string; email: string }>,
  now: string,
): Promise<void> {
  for (const choice of choices) {
    await db
      .insertInto('notification_preferences')
      .values({ user_id: userId, type: choice.type, email: choice.email, updated_at: now })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'type']).doUpdateSet({ email: choice.email, updated_at: now }),
      )
      .execute();
  }
}
