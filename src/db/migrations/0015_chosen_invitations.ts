import type { Kysely } from 'kysely';

/**
 * Invitations a company makes itself (issue 12, item 3; docs/api.md, Choosing people): `assignments.invited_by` says
 * who chose the contributor, `matching` (every invitation before this migration) or `company`, and
 * `assignments.invitation_note` keeps what the company wrote to them (null for matching's invitations). A company
 * withdrawing an invitation reuses `withdrawn_at` (0006).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('assignments')
    .addColumn('invited_by', 'varchar(16)', (column) => column.notNull().defaultTo('matching'))
    .execute();
  await db.schema.alterTable('assignments').addColumn('invitation_note', 'text').execute();
}
