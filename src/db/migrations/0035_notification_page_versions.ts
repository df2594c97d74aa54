import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Read versions of a user's notification pages (issue 11), so that each process may keep a rendered page whole
 * (src/http/shared-reads.ts, `servePage`) and check it with one lookup on `read_versions`' primary key:
 * - `notification_page` (subject: the user id): any of the user's notifications inserted, changed (read) or deleted.
 *   The page's total and unread badge are the kept counts (0009), written in the same transactions as those rows.
 * - `team` (subject: the team id): a membership of the team added, answered or removed: what a team invitation shows
 *   (answered, withdrawn).
 *
 * What else a page shows is covered by the versions of 0032 and 0034, which the page names with its rows: its
 * challenges (title, state), the tasks it names (their challenges'), and the assignments it names (their contributors'
 * `assignments`). Rows are never deleted, as in 0032.
 *
 * Deadlocks on PostgreSQL: the bumps are deferred to the commit (constraint triggers, `initially deferred`), as in 0032
 * and 0034, and cannot wait on one another in a cycle:
 * - a `notification_page` row is bumped only at the commit of a transaction that wrote the user's notifications, and
 *   every such write of the service changes the user's `notification_counts` row first, in the same transaction
 *   (notifications.repository.ts; several users' counts in user id order), holding its lock to the end: two
 *   transactions bumping one user's row are already one after the other on that lock before either reaches its
 *   commit, so no transaction ever waits for a `notification_page` row held by another (an immediate trigger would:
 *   a read mark updates the notification before its counts, an insert after them).
 * - a `team` row is bumped by the writes of one team's members, and the service changes the members of one team per
 *   transaction (teams.repository.ts), so a transaction holds at most one such row when it waits for another; only a
 *   cascade (a contributor or a challenge deleted) bumps several, once, at its commit.
 * SQLite writes one transaction at a time: its triggers bump at the write.
 */
const BUMP_CONFLICT = 'on conflict (topic, subject_id) do update set version = read_versions.version + 1';

/** For each table, the topic it bumps and the subject of a row image (`new` or `old`). */
const BUMPS = [
  { table: 'notifications', topic: 'notification_page', subject: (row: 'new' | 'old') => `${row}.user_id` },
  { table: 'team_members', topic: 'team', subject: (row: 'new' | 'old') => `${row}.team_id` },
] as const;

export async function up(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  if (types.dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const bump = (topic: string, subject: string) =>
    `insert into read_versions (topic, subject_id, version) values ('${topic}', ${subject}, 1) ${BUMP_CONFLICT};`;
  const trigger = (name: string, event: string, body: string) =>
    sql.raw(`create trigger ${name} after ${event} begin ${body} end`).execute(db);
  for (const { table, topic, subject } of BUMPS) {
    await trigger(`read_versions_${topic}_insert`, `insert on ${table}`, bump(topic, subject('new')));
    await trigger(`read_versions_${topic}_delete`, `delete on ${table}`, bump(topic, subject('old')));
    // A row moved to another user or team leaves one page and joins another: both are bumped.
    await trigger(
      `read_versions_${topic}_update`,
      `update on ${table}`,
      bump(topic, subject('new')) +
        `insert into read_versions (topic, subject_id, version)
           select '${topic}', ${subject('old')}, 1 where ${subject('old')} is not ${subject('new')} ${BUMP_CONFLICT};`,
    );
  }
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  // read_versions_bump is 0032's.
  for (const { table, topic, subject } of BUMPS) {
    await sql
      .raw(`
        create function read_versions_on_${topic}() returns trigger language plpgsql as $$
        begin
          if tg_op in ('INSERT', 'UPDATE') then
            perform read_versions_bump('${topic}', ${subject('new')});
          end if;
          if tg_op = 'DELETE' or (tg_op = 'UPDATE' and ${subject('old')} is distinct from ${subject('new')}) then
            perform read_versions_bump('${topic}', ${subject('old')});
          end if;
          return null;
        end
        $$
      `)
      .execute(db);
    await sql
      .raw(
        `create constraint trigger read_versions_${topic} after insert or update or delete on ${table}
         deferrable initially deferred for each row execute function read_versions_on_${topic}()`,
      )
      .execute(db);
  }
}
