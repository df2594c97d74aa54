import { type Kysely, sql } from 'kysely';

/**
 * The contributor's feed kept, not computed (issue 11; docs/performance.md): one row per contributor and open task they
 * share a skill with, holding how many skills they share. `GET /tasks/available` reads a page from the primary key
 * (contributor, shared skills, task) instead of ranking every candidate per request; the writes that open or close a
 * task, change a contributor's skills or give them an assignment keep it in the same transaction
 * (`src/modules/tasks/task-fit.repository.ts`). `task_fit_task_id` serves closing a task. Existing data is filled in
 * here with the same condition as `rebuildTaskFit` (a migration keeps its own copy: it must not change with the code).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('task_fit')
    .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
    .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
    .addColumn('shared_skills', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('task_fit_pk', ['volunteer_id', 'shared_skills', 'task_id'])
    .execute();
  await sql`
    insert into task_fit (volunteer_id, task_id, shared_skills)
    select volunteer_skills.volunteer_id, task_skills.task_id, count(*)
    from task_skills
    join tasks on tasks.id = task_skills.task_id
    join challenges on challenges.id = tasks.challenge_id
    join volunteer_skills on volunteer_skills.skill_id = task_skills.skill_id
    where tasks.status in ('pending', 'matching')
      and challenges.status in ('active', 'in_progress')
      and not exists (
        select 1 from assignments
        where assignments.task_id = task_skills.task_id and assignments.volunteer_id = volunteer_skills.volunteer_id
      )
    group by volunteer_skills.volunteer_id, task_skills.task_id
  `.execute(db);
  // Built after the rows: inserting millions of rows into an index in another order than the table's is far slower.
  await db.schema.createIndex('task_fit_task_id').on('task_fit').columns(['task_id', 'volunteer_id']).execute();
}
