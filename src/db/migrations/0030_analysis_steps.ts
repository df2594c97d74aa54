import type { Kysely } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * The step a running brief or CV analysis is at (src/shared/analysis-steps.ts), written by the job between its stages
 * so that the pages can show progress (issue 13, item 3). Null while no analysis runs.
 */
export async function up(db: Kysely<unknown>, _types: ColumnTypes): Promise<void> {
  await db.schema.alterTable('challenges').addColumn('ai_analysis_step', 'varchar(20)').execute();
  await db.schema.alterTable('volunteers').addColumn('ai_analysis_step', 'varchar(20)').execute();
}
