import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Whether a task's required skill is core (issue 8, item 5): matching makes nobody fit on a supporting skill alone
 * (the report at the end of an audit, the schedule of a booking app), and takes neighbouring skills from the core
 * ones only. 1 = core, 0 = supporting; existing rows are core, as every skill counted before.
 */
export async function up(db: Kysely<unknown>, _types: ColumnTypes): Promise<void> {
  await db.schema
    .alterTable('task_skills')
    .addColumn('core', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}
