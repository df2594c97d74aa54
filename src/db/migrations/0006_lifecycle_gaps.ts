import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Two gaps of the lifecycles (docs/development.md, Lifecycles; docs/api.md, Assignments): `submissions.review_note`,
 * what the company asked to change when it sent a solution back (it travelled only in the notification before); and
 * `assignments.withdrawn_at`, set when an open invitation is withdrawn because its task was filled or completed, or
 * its challenge completed. docs/contract.md §3 fixes the assignment statuses, so a withdrawn invitation is
 * `declined`, and this column tells it from a declined one.
 */
export async function up(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  await db.schema.alterTable('submissions').addColumn('review_note', 'text').execute();
  await db.schema.alterTable('assignments').addColumn('withdrawn_at', types.timestamp).execute();
}
