import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Web sign-in tokens expire (issue 10, item 6; docs/security.md): a token issued to the browser keeps its idle
 * lifetime (`idle_seconds`, by which `expires_at` is pushed on while it is used) and the absolute end it is never
 * renewed past (`max_expires_at`). Both are null for integration tokens made with the CLI, whose `expires_at` stays
 * what TOKEN_TTL made it.
 */
export async function up(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  await db.schema.alterTable('personal_access_tokens').addColumn('idle_seconds', 'integer').execute();
  await db.schema.alterTable('personal_access_tokens').addColumn('max_expires_at', types.timestamp).execute();
}
