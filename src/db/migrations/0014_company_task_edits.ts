import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * The company corrects the analysis (issue 12, item 1; docs/api.md, "Correcting the analysis"):
 * - `tasks.position`, the task's place in its workstream (0 for tasks planned before: they keep their id order);
 * - `origin` on tasks and workstreams, `analysis` (planned by the brief's analysis) or `company` (added by it), and
 *   `company_edited_at`, when the company last changed one the analysis planned: what the challenge page marks as
 *   the company's, and what a new plan would have to keep;
 * - `task_skills.level`, the least proficiency a contributor must hold the skill at (null: the task's experience
 *   level decides, as before);
 * - `challenge_changes`, the history of those edits, newest last. The ids of the workstream and task stay after they
 *   are removed (no foreign key), so the history still says what was removed.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('tasks')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('tasks')
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('analysis'))
    .execute();
  await db.schema.alterTable('tasks').addColumn('company_edited_at', t.timestamp).execute();
  await db.schema
    .alterTable('workstreams')
    .addColumn('origin', 'text', (c) => c.notNull().defaultTo('analysis'))
    .execute();
  await db.schema.alterTable('workstreams').addColumn('company_edited_at', t.timestamp).execute();
  await db.schema.alterTable('task_skills').addColumn('level', 'text').execute();

  await db.schema
    .createTable('challenge_changes')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('challenge_id', 'integer', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('workstream_id', 'integer')
    .addColumn('task_id', 'integer')
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('challenge_changes_challenge_id')
    .on('challenge_changes')
    .columns(['challenge_id', 'id'])
    .execute();
}
