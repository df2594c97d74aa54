import type { Kysely } from 'kysely';

/**
 * Skills rows are now written when a CV or a task first names them (`ensureSkillIds`), resolved through the taxonomy
 * in code, so the copy of every alias in `skill_aliases` is no longer read or written. Rows already in `skills` stay:
 * ids held by contributors and tasks keep their meaning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('skill_aliases').ifExists().execute();
}
