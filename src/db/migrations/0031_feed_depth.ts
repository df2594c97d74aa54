import { type Kysely, sql } from 'kysely';

/**
 * The contributor's feed bounded (issue 11; docs/performance.md "A bounded feed"): `task_fit` keeps only each
 * contributor's best 1,000 fits in the feed's order (most shared skills first, ties newest first) — always a prefix of
 * their full ranking — and `task_fit_feeds` holds, per contributor, how many rows they keep (`kept`, the feed's total)
 * and whether fits exist beyond them (`truncated`: a queued refill tops the feed up when it runs low). Unbounded, the
 * table grew as contributors × matching open tasks (17.9 million rows at the bench's scale, about 1.8 billion at 10×).
 *
 * Existing feeds are counted and cut to their best 1,000 here (a migration keeps its own depth: it must not change
 * with `FEED_DEPTH` in the code).
 */
const DEPTH_AT_MIGRATION = 1000;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('task_fit_feeds')
    .addColumn('volunteer_id', 'integer', (c) => c.primaryKey().references('volunteers.id').onDelete('cascade'))
    .addColumn('kept', 'integer', (c) => c.notNull())
    .addColumn('truncated', 'integer', (c) => c.notNull())
    .execute();
  // The refill finds the truncated feeds that ran low with one range of this index.
  await db.schema.createIndex('task_fit_feeds_short').on('task_fit_feeds').columns(['truncated', 'kept']).execute();
  await sql`
    insert into task_fit_feeds (volunteer_id, kept, truncated)
    select volunteer_id,
           case when count(*) > ${sql.lit(DEPTH_AT_MIGRATION)} then ${sql.lit(DEPTH_AT_MIGRATION)} else count(*) end,
           case when count(*) > ${sql.lit(DEPTH_AT_MIGRATION)} then 1 else 0 end
    from task_fit
    group by volunteer_id
  `.execute(db);
  await sql`
    delete from task_fit
    where (volunteer_id, shared_skills, task_id) in (
      select volunteer_id, shared_skills, task_id
      from (
        select volunteer_id, shared_skills, task_id,
               row_number() over (partition by volunteer_id order by shared_skills desc, task_id desc) as place
        from task_fit
      ) ranked
      where place > ${sql.lit(DEPTH_AT_MIGRATION)}
    )
  `.execute(db);
}
