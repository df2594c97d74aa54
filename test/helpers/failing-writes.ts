import { sql } from 'kysely';
import type { TestContext } from './context.ts';

/**
 * Makes every insert into or update of `table` fail until the returned function is called, to break a transaction
 * at a chosen step and check that nothing of it stays behind (rows or files).
 */
export async function failWrites(
  ctx: TestContext,
  table: 'jobs' | 'companies',
  operation: 'insert' | 'update',
): Promise<() => Promise<void>> {
  const trigger = sql.id(`fail_${operation}_${table}`);
  // On pg-boss, queued jobs are rows of its job table in QUEUE_SCHEMA, not of `jobs`.
  const on =
    table === 'jobs' && ctx.deps.queue.engine === 'pg-boss'
      ? sql.id(ctx.deps.config.queueSchema, 'job')
      : sql.id(table);
  const when = sql.raw(`before ${operation}`);
  if (ctx.deps.dialect === 'postgres') {
    await sql`create or replace function fail_write() returns trigger language plpgsql as $$
      begin raise exception 'write refused by the test'; end $$`.execute(ctx.db);
    await sql`create trigger ${trigger} ${when} on ${on} for each row execute function fail_write()`.execute(ctx.db);
    return async () => {
      await sql`drop trigger ${trigger} on ${on}`.execute(ctx.db);
    };
  }
  await sql`create trigger ${trigger} ${when} on ${on} begin select raise(abort, 'write refused by the test'); end`.execute(
    ctx.db,
  );
  return async () => {
    await sql`drop trigger ${trigger}`.execute(ctx.db);
  };
}
