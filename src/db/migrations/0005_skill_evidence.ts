import type { Kysely } from 'kysely';

/**
 * The CV excerpt each skill of a contributor was read from (at most 300 characters), shown under the skill on the
 * profile and returned in the API, so that the person and the companies that invite them see why the skill is there.
 * Null for skills added by hand and for skills stored before this column existed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('volunteer_skills').addColumn('evidence', 'text').execute();
}
