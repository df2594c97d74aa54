import { compiledOncePerShape } from '../../db/compiled-once.ts';
import type { Db } from '../../db/database.ts';

/** A user's e-mail choices per notification type (table `notification_preferences`): only the types they changed. */
export function listPreferences(db: Db, userId: number) {
  return db.selectFrom('notification_preferences').select(['type', 'email']).where('user_id', '=', userId).execute();
}

/**
 * The choices the given users made for the given types (the rows that exist; a user who changed nothing has none), in
 * one select on the (user_id, type) key, in the transaction of the notifications.
 */
export function findPreferences(db: Db, userIds: readonly number[], types: readonly string[]) {
  const users = [...new Set(userIds)];
  const typeNames = [...new Set(types)];
  // Compiled once per number of users and of types (one and one when a write notifies one user).
  return preferencesOf(
    db,
    `${users.length}/${typeNames.length}`,
    (inner, ...values) =>
      inner
        .selectFrom('notification_preferences')
        .select(['user_id', 'type', 'email'])
        .where('user_id', 'in', values.slice(0, users.length) as number[])
        .where('type', 'in', values.slice(users.length) as string[]),
    [...users, ...typeNames],
  );
}

const preferencesOf = compiledOncePerShape<{ user_id: number; type: string; email: string }>();

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
