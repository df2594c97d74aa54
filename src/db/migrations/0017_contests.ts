import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Community challenges as contests (issue 12, item 6; docs/api.md, Contests). On `challenges`: the optional
 * `deadline` at which ideas and votes close, the `prize` and `judging_criteria` texts, `is_public` (the opt-in
 * signed-out page) and `winners_announced_at`, set once when the company announces its winners. On `ideas`:
 * `shortlisted_at` and `winner_rank` (1 = first place). `idea_comments` is the thread under each idea, read
 * oldest first.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('challenges').addColumn('deadline', t.timestamp).execute();
  await db.schema.alterTable('challenges').addColumn('prize', 'text').execute();
  await db.schema.alterTable('challenges').addColumn('judging_criteria', 'text').execute();
  await db.schema
    .alterTable('challenges')
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('challenges').addColumn('winners_announced_at', t.timestamp).execute();
  await db.schema.alterTable('ideas').addColumn('shortlisted_at', t.timestamp).execute();
  await db.schema.alterTable('ideas').addColumn('winner_rank', 'integer').execute();

  await db.schema
    .createTable('idea_comments')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('idea_id', 'integer', (c) => c.notNull().references('ideas.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idea_comments_idea_id').on('idea_comments').columns(['idea_id', 'id']).execute();
}
