import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Contributors who can act (issue 13, item 1; docs/api.md, "Invitations", "Applying for a task", "Editing one's
 * skills"):
 * - `assignments.expires_at`: when an open invitation lapses (`INVITATION_TTL_HOURS` after it was made); null for
 *   invitations made before this migration and for every other status. The partial index serves the expiry job,
 *   which looks only at open invitations past their time.
 * - `task_interests`: a contributor's application for an open task, with their note; one per contributor and task.
 * - `volunteer_skill_removals`: the skills a contributor took off their profile, so that a new CV analysis does not
 *   put them back.
 */
export async function up(db: Kysely<unknown>, t: ColumnTypes): Promise<void> {
  await db.schema.alterTable('assignments').addColumn('expires_at', t.timestamp).execute();
  await sql`create index assignments_open_invitation_expiry on assignments (expires_at)
    where status = 'invited'`.execute(db);

  await db.schema
    .createTable('task_interests')
    .addColumn('id', t.id, (c) => c.primaryKey())
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('note', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('task_interests_task_volunteer', ['task_id', 'volunteer_id'])
    .execute();
  await db.schema
    .createIndex('task_interests_volunteer_id')
    .on('task_interests')
    .columns(['volunteer_id', 'task_id'])
    .execute();

  await db.schema
    .createTable('volunteer_skill_removals')
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('skill_id', 'integer', (c) => c.notNull().references('skills.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('volunteer_skill_removals_pk', ['volunteer_id', 'skill_id'])
    .execute();
}
