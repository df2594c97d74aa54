import type { Kysely } from 'kysely';

/**
 * Where each task comes from: `source`, the excerpt of the brief it was planned from (null for tasks planned before
 * this column existed), and `skill_reasons`, a JSON list of {name, reason}: why the task needs each required skill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tasks').addColumn('source', 'text').execute();
  await db.schema
    .alterTable('tasks')
    .addColumn('skill_reasons', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
}
