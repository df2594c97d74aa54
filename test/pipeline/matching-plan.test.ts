import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CompiledQuery } from 'kysely';
import { taskCandidatesQuery } from '../../src/modules/volunteers/candidates.repository.ts';
import { createTestDatabaseInTempFolder, type TestDatabase } from '../helpers/context.ts';
import { createChallenge, createCompany, createTask, ensureSkill } from '../helpers/factories.ts';
import { contributor } from './matching-fixtures.ts';

/**
 * "Index the skills; do not score everyone against everything" (issue 3): the candidate query must start from the
 * task's skills in `volunteer_skills_skill_id` and reach each contributor by key, never scanning contributors, users,
 * skill rows or assignments. SQLite only: its plan is fixed by the query and the indexes, whereas PostgreSQL's
 * planner rightly switches to hash joins over whole tables when a popular skill makes most contributors candidates,
 * so a plan assertion there would test the statistics rather than the query (the benchmark measures both engines).
 */
describe('matching candidate query plan [sqlite]', () => {
  let database: TestDatabase;
  before(async () => {
    database = await createTestDatabaseInTempFolder('sqlite');
  });
  after(async () => {
    await database.close();
  });

  it('searches volunteer_skills by skill id and reaches contributors, users and held tasks by key', async () => {
    const { db } = database;
    const names = ['Plan skill A', 'Plan skill B', 'Plan skill C', 'Plan skill D'];
    for (let n = 0; n < 40; n++) {
      await contributor(db, { skills: { [names[n % 4]]: 'advanced', [names[(n + 1) % 4]]: 'expert' } });
    }
    const company = await createCompany(db);
    const challenge = await createChallenge(db, company.company.id);
    const task = await createTask(db, challenge.id, { skills: names.slice(0, 2) });
    const skills = await Promise.all(names.slice(0, 2).map((name) => ensureSkill(db, name)));

    const search = { taskId: task.id, skillIds: skills.map((skill) => skill.id), minimumWeeklyHours: 2 };
    const query = taskCandidatesQuery(db, search).compile();
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    const steps = plan.rows.map((row) => row.detail);
    const detail = steps.join('\n');
    assert.ok(
      steps.some((step) => /^SEARCH volunteer_skills USING INDEX volunteer_skills_skill_id \(skill_id=\?\)/.test(step)),
      detail,
    );
    assert.ok(
      steps.some((step) => /^SEARCH volunteers USING INTEGER PRIMARY KEY/.test(step)),
      detail,
    );
    assert.ok(
      steps.some((step) => /^SEARCH users USING INTEGER PRIMARY KEY/.test(step)),
      detail,
    );
    // Nothing is scanned: not the contributors, and not the platform's assignments (their held task is found by key).
    for (const table of ['volunteer_skills', 'volunteers', 'users', 'assignments', 'held', 'held_task']) {
      assert.ok(!steps.some((step) => step.startsWith(`SCAN ${table}`)), `${table} scanned:\n${detail}`);
    }
    // And the query finds the contributors holding either skill: 30 of the 40.
    assert.equal(new Set((await taskCandidatesQuery(db, search).execute()).map((r) => r.volunteer_id)).size, 30);
  });
});
