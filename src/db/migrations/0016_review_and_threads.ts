import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Issue 12, items 4 and 5. `challenge_messages`: the company ↔ team thread of a challenge (`task_id` null) and the
 * thread of one task with its assignee (`task_id` set); a removed task takes its private thread with it rather than
 * showing it to the whole team. `assignments.rating` (1–5) and `assignments.review_comment`: what the company said
 * when it approved the work (docs/api.md, Assignments and Challenge messages).
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('challenge_messages')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('challenge_id', 'integer', (c) => c.notNull().references('challenges.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.references('tasks.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('challenge_messages_thread')
    .on('challenge_messages')
    .columns(['challenge_id', 'task_id', 'id'])
    .execute();
  await db.schema
    .alterTable('assignments')
    .addColumn('rating', 'integer', (c) => c.check(sql`rating between 1 and 5`))
    .execute();
  await db.schema.alterTable('assignments').addColumn('review_comment', 'text').execute();
}
