import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Read versions of one contributor's own pages (issue 11), beside the shared reads' of 0032, so that each process
 * may keep a contributor's rendered page (src/http/shared-reads.ts, `servePage`) and check it with one indexed lookup:
 * - `feed` (subject: the volunteer id): the contributor's kept feed changed. Every write of `task_fit` first upserts
 *   or updates the contributor's `task_fit_feeds` row (whose `kept` is the feed's total; task-fit.repository.ts), so
 *   the bump rides that row: one per contributor a write changes, not one per fit row (a task that opens fits
 *   thousands of contributors; the bench's seed writes millions of fits).
 * - `assignments` (subject: the volunteer id): what the contributor's assignments show changed — an assignment of
 *   theirs, a submission on one or its attachments, their reputation or their name (each assignment embeds them).
 *
 * What a page shows of a task (its title, status, challenge) is its challenge's version (0032): a page is kept with the
 * challenges it names, and checked against the sum of its own version and theirs (versions only grow, rows are never
 * deleted, so the sum moves whenever one of them does). As in 0032, PostgreSQL bumps at the commit (deferred
 * constraint triggers), SQLite at the write.
 */
const BUMP_CONFLICT = 'on conflict (topic, subject_id) do update set version = read_versions.version + 1';

/** The volunteer each row belongs to, from the row image `row` (`new` or `old`) of each table bumping `assignments`. */
const VOLUNTEER_OF: Record<string, (row: 'new' | 'old') => string> = {
  assignments: (row) => `select ${row}.volunteer_id as subject`,
  submissions: (row) => `select volunteer_id as subject from assignments where id = ${row}.assignment_id`,
  submission_attachments: (row) =>
    `select assignments.volunteer_id as subject from submissions
       join assignments on assignments.id = submissions.assignment_id where submissions.id = ${row}.submission_id`,
};

export async function up(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  if (types.dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const bumpWhere = (topic: string, subjects: string) =>
    `insert into read_versions (topic, subject_id, version)
       select distinct '${topic}', subject, 1 from (${subjects}) where subject is not null ${BUMP_CONFLICT};`;
  const trigger = (name: string, event: string, body: string) =>
    sql.raw(`create trigger ${name} after ${event} begin ${body} end`).execute(db);

  await trigger(
    'read_versions_feed_insert',
    'insert on task_fit_feeds',
    bumpWhere('feed', 'select new.volunteer_id as subject'),
  );
  await trigger(
    'read_versions_feed_update',
    'update on task_fit_feeds',
    bumpWhere('feed', 'select new.volunteer_id as subject'),
  );
  await trigger(
    'read_versions_feed_delete',
    'delete on task_fit_feeds',
    bumpWhere('feed', 'select old.volunteer_id as subject'),
  );
  for (const [table, volunteerOf] of Object.entries(VOLUNTEER_OF)) {
    await trigger(
      `read_versions_${table}_own_insert`,
      `insert on ${table}`,
      bumpWhere('assignments', volunteerOf('new')),
    );
    await trigger(
      `read_versions_${table}_own_delete`,
      `delete on ${table}`,
      bumpWhere('assignments', volunteerOf('old')),
    );
    // Both images: a row moved to another assignment (or volunteer) leaves one page and joins another.
    await trigger(
      `read_versions_${table}_own_update`,
      `update on ${table}`,
      bumpWhere('assignments', `${volunteerOf('new')} union ${volunteerOf('old')}`),
    );
  }
  await trigger(
    'read_versions_volunteer_reputation',
    'update of reputation_score on volunteers when old.reputation_score is not new.reputation_score',
    bumpWhere('assignments', 'select new.id as subject'),
  );
  await trigger(
    'read_versions_volunteer_name',
    'update of name on users when old.name is not new.name',
    bumpWhere('assignments', 'select id as subject from volunteers where user_id = new.id'),
  );
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // read_versions_bump is 0032's.
  await sql`
    create function read_versions_on_feed() returns trigger language plpgsql as $$
    begin
      perform read_versions_bump('feed', case when tg_op = 'DELETE' then old.volunteer_id else new.volunteer_id end);
      return null;
    end
    $$
  `.execute(db);
  const ownAssignments = (table: string, volunteerOf: (row: 'new' | 'old') => string) =>
    sql
      .raw(`
        create function read_versions_on_${table}_own() returns trigger language plpgsql as $$
        begin
          if tg_op in ('INSERT', 'UPDATE') then
            perform read_versions_bump('assignments', subject) from (${volunteerOf('new')}) as owner where subject is not null;
          end if;
          if tg_op = 'DELETE' or tg_op = 'UPDATE' then
            perform read_versions_bump('assignments', subject) from (${volunteerOf('old')}) as owner where subject is not null;
          end if;
          return null;
        end
        $$
      `)
      .execute(db);
  for (const [table, volunteerOf] of Object.entries(VOLUNTEER_OF)) await ownAssignments(table, volunteerOf);
  await sql`
    create function read_versions_on_volunteer_reputation() returns trigger language plpgsql as $$
    begin
      perform read_versions_bump('assignments', new.id);
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create function read_versions_on_volunteer_name() returns trigger language plpgsql as $$
    begin
      perform read_versions_bump('assignments', volunteers.id) from volunteers where user_id = new.id;
      return null;
    end
    $$
  `.execute(db);
  const deferred = (name: string, event: string, fn: string, when = '') =>
    sql
      .raw(
        `create constraint trigger ${name} after ${event} deferrable initially deferred for each row ${when}
         execute function ${fn}()`,
      )
      .execute(db);
  await deferred('read_versions_feed', 'insert or update or delete on task_fit_feeds', 'read_versions_on_feed');
  for (const table of Object.keys(VOLUNTEER_OF)) {
    await deferred(
      `read_versions_${table}_own`,
      `insert or update or delete on ${table}`,
      `read_versions_on_${table}_own`,
    );
  }
  await deferred(
    'read_versions_volunteer_reputation',
    'update of reputation_score on volunteers',
    'read_versions_on_volunteer_reputation',
    'when (old.reputation_score is distinct from new.reputation_score)',
  );
  await deferred(
    'read_versions_volunteer_name',
    'update of name on users',
    'read_versions_on_volunteer_name',
    'when (old.name is distinct from new.name)',
  );
}
