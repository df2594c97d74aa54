import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Kept challenge counts (issue 11): how many challenges each company has in each status, so that the total of the
 * challenge list is a sum over a few hundred kept rows instead of a count over every visible challenge.
 *
 * Kept by triggers rather than by the challenges repository: every write to `challenges.status` or
 * `challenges.company_id` — the repository's moves, the operator commands, the bench's bulk seed and the test
 * factories alike — changes the counts in its own statement, so no write path can forget them. The rows are per
 * company, not global per status: a global row would be one hot row that every challenge's move in the whole service
 * locks until its transaction commits (the brief analysis plans tasks in that transaction). On PostgreSQL a move
 * touches its two rows in a fixed order (by status), so two moves in opposite directions cannot deadlock.
 */
export async function up(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('challenge_counts')
    .addColumn('company_id', 'integer', (column) => column.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('total', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('challenge_counts_pkey', ['company_id', 'status'])
    .execute();
  // The public statuses summed over every company read this index alone.
  await db.schema.createIndex('challenge_counts_status').on('challenge_counts').columns(['status', 'total']).execute();
  await sql`
    insert into challenge_counts (company_id, status, total)
    select company_id, status, count(*) from challenges group by company_id, status
  `.execute(db);
  if (types.dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const add = (row: 'new' | 'old') => `
    insert into challenge_counts (company_id, status, total) values (${row}.company_id, ${row}.status, 1)
      on conflict (company_id, status) do update set total = total + 1;`;
  const remove = (row: 'new' | 'old') => `
    update challenge_counts set total = total - 1 where company_id = ${row}.company_id and status = ${row}.status;`;
  await sql
    .raw(`create trigger challenge_counts_on_insert after insert on challenges begin ${add('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger challenge_counts_on_delete after delete on challenges begin ${remove('old')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger challenge_counts_on_update after update of status, company_id on challenges
       when old.status is not new.status or old.company_id is not new.company_id
       begin ${remove('old')} ${add('new')} end`,
    )
    .execute(db);
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function challenge_counts_change(company integer, state text, delta integer) returns void
    language sql as $$
      insert into challenge_counts (company_id, status, total) values (company, state, delta)
        on conflict (company_id, status) do update set total = challenge_counts.total + delta
    $$
  `.execute(db);
  await sql`
    create function challenge_counts_keep() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform challenge_counts_change(new.company_id, new.status, 1);
      elsif tg_op = 'DELETE' then
        perform challenge_counts_change(old.company_id, old.status, -1);
      elsif (old.company_id, old.status) < (new.company_id, new.status) then
        perform challenge_counts_change(old.company_id, old.status, -1);
        perform challenge_counts_change(new.company_id, new.status, 1);
      else
        perform challenge_counts_change(new.company_id, new.status, 1);
        perform challenge_counts_change(old.company_id, old.status, -1);
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger challenge_counts_on_insert_or_delete after insert or delete on challenges
    for each row execute function challenge_counts_keep()
  `.execute(db);
  await sql`
    create trigger challenge_counts_on_update after update of status, company_id on challenges
    for each row when (old.status is distinct from new.status or old.company_id is distinct from new.company_id)
    execute function challenge_counts_keep()
  `.execute(db);
}
