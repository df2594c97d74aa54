import { type Kysely, sql } from 'kysely';
import type { ColumnTypes } from '../column-types.ts';

/**
 * Read versions (issue 11): a number per shared read that grows with every committed write changing what that read
 * shows, so that each process may keep the read's rendered body and check it with one indexed lookup
 * (src/http/shared-reads.ts). Two topics:
 * - `challenge_list` (subject 0): any challenge inserted, changed or deleted, any company changed (name, logo);
 * - `challenge` (subject: the challenge id): the challenge, its company, workstreams, tasks, analyses, ideas, votes
 *   on its ideas, and the names of its ideas' authors.
 *
 * Kept by triggers, like the challenge counts (0021): challenges, tasks and ideas are written by repositories, jobs,
 * operator commands, the bench's seed and the test factories, and none of them can forget a bump. Rows are never
 * deleted: a version must not start again at 1 for a challenge id that comes back (SQLite may reuse the highest id).
 *
 * On PostgreSQL the triggers are deferred to the commit (constraint triggers, `initially deferred`): the version row
 * is then locked only for the moment of the commit, not through the whole transaction, so the one `challenge_list`
 * row does not make every challenge write wait for the longest open one, and a write that locks a challenge and then
 * its tasks (completion, progress) cannot deadlock with one that takes them in the other order through the bump.
 * The bump still commits with the write or not at all.
 */
const BUMP_CONFLICT = 'on conflict (topic, subject_id) do update set version = read_versions.version + 1';

/** Tables whose rows belong to one challenge through their own `challenge_id`. */
const CHALLENGE_PARTS = ['workstreams', 'tasks', 'challenge_analyses', 'ideas'] as const;

export async function up(db: Kysely<unknown>, types: ColumnTypes): Promise<void> {
  await db.schema
    .createTable('read_versions')
    .addColumn('topic', 'text', (column) => column.notNull())
    .addColumn('subject_id', 'integer', (column) => column.notNull())
    .addColumn('version', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('read_versions_pkey', ['topic', 'subject_id'])
    .execute();
  if (types.dialect === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);
}

/** SQLite writes one transaction at a time, so its triggers run at the write (no lock to hold any shorter). */
async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  const bumpChallenge = (id: string) =>
    `insert into read_versions (topic, subject_id, version) values ('challenge', ${id}, 1) ${BUMP_CONFLICT};`;
  const bumpList = `insert into read_versions (topic, subject_id, version) values ('challenge_list', 0, 1) ${BUMP_CONFLICT};`;
  const bumpChallengesWhere = (condition: string) =>
    `insert into read_versions (topic, subject_id, version)
       select distinct 'challenge', challenge_id, 1 from (${condition}) where true ${BUMP_CONFLICT};`;
  const trigger = (name: string, event: string, body: string) =>
    sql.raw(`create trigger ${name} after ${event} begin ${body} end`).execute(db);

  await trigger('read_versions_challenge_insert', 'insert on challenges', bumpChallenge('new.id') + bumpList);
  await trigger('read_versions_challenge_update', 'update on challenges', bumpChallenge('new.id') + bumpList);
  await trigger('read_versions_challenge_delete', 'delete on challenges', bumpChallenge('old.id') + bumpList);
  await trigger(
    'read_versions_company_update',
    'update on companies',
    bumpList + bumpChallengesWhere('select id as challenge_id from challenges where company_id = new.id'),
  );
  for (const table of CHALLENGE_PARTS) {
    await trigger(`read_versions_${table}_insert`, `insert on ${table}`, bumpChallenge('new.challenge_id'));
    await trigger(`read_versions_${table}_delete`, `delete on ${table}`, bumpChallenge('old.challenge_id'));
    await trigger(
      `read_versions_${table}_update`,
      `update on ${table}`,
      bumpChallenge('new.challenge_id') +
        bumpChallengesWhere('select old.challenge_id as challenge_id where old.challenge_id is not new.challenge_id'),
    );
  }
  const ideaOfVote = (row: 'new' | 'old') => `select challenge_id from ideas where id = ${row}.idea_id`;
  await trigger('read_versions_idea_votes_insert', 'insert on idea_votes', bumpChallengesWhere(ideaOfVote('new')));
  await trigger('read_versions_idea_votes_update', 'update on idea_votes', bumpChallengesWhere(ideaOfVote('new')));
  await trigger('read_versions_idea_votes_delete', 'delete on idea_votes', bumpChallengesWhere(ideaOfVote('old')));
  await trigger(
    'read_versions_author_name',
    'update of name on users when old.name is not new.name',
    bumpChallengesWhere(
      'select ideas.challenge_id from ideas join volunteers on volunteers.id = ideas.volunteer_id where volunteers.user_id = new.id',
    ),
  );
}

async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function read_versions_bump(bumped_topic text, subject integer) returns void
    language sql as $$
      insert into read_versions (topic, subject_id, version) values (bumped_topic, subject, 1)
        on conflict (topic, subject_id) do update set version = read_versions.version + 1
    $$
  `.execute(db);
  // One function per kind of row; tg_op says which row image is there.
  await sql`
    create function read_versions_on_challenge() returns trigger language plpgsql as $$
    begin
      perform read_versions_bump('challenge', case when tg_op = 'DELETE' then old.id else new.id end);
      perform read_versions_bump('challenge_list', 0);
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create function read_versions_on_company() returns trigger language plpgsql as $$
    begin
      perform read_versions_bump('challenge_list', 0);
      perform read_versions_bump('challenge', challenges.id) from challenges where company_id = new.id;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create function read_versions_on_challenge_part() returns trigger language plpgsql as $$
    begin
      if tg_op in ('INSERT', 'UPDATE') then
        perform read_versions_bump('challenge', new.challenge_id);
      end if;
      if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.challenge_id is distinct from new.challenge_id) then
        perform read_versions_bump('challenge', old.challenge_id);
      end if;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create function read_versions_on_vote() returns trigger language plpgsql as $$
    begin
      perform read_versions_bump('challenge', ideas.challenge_id) from ideas
        where ideas.id = case when tg_op = 'DELETE' then old.idea_id else new.idea_id end;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create function read_versions_on_author_name() returns trigger language plpgsql as $$
    begin
      perform read_versions_bump('challenge', challenge_id) from (
        select distinct ideas.challenge_id from ideas
          join volunteers on volunteers.id = ideas.volunteer_id where volunteers.user_id = new.id
      ) as authored;
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
  await deferred('read_versions_challenge', 'insert or update or delete on challenges', 'read_versions_on_challenge');
  await deferred('read_versions_company', 'update on companies', 'read_versions_on_company');
  for (const table of CHALLENGE_PARTS) {
    await deferred(
      `read_versions_${table}`,
      `insert or update or delete on ${table}`,
      'read_versions_on_challenge_part',
    );
  }
  await deferred('read_versions_idea_votes', 'insert or update or delete on idea_votes', 'read_versions_on_vote');
  await deferred(
    'read_versions_author_name',
    'update of name on users',
    'read_versions_on_author_name',
    'when (old.name is distinct from new.name)',
  );
}
