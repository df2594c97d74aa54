import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { addVolunteerSkill, createCompany, createVolunteer } from '../helpers/factories.ts';

for (const dialect of testDialects()) {
  describe(`find people by skill [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function person(name: string, skills: Record<string, string>, reputation = 0) {
      const made = await createVolunteer(ctx.db, { user: { name }, volunteer: { reputation_score: reputation } });
      for (const [skill, level] of Object.entries(skills))
        await addVolunteerSkill(ctx.db, made.volunteer.id, skill, level);
      return made;
    }

    it('finds contributors holding the skill (or a narrower one) at the level or above, best hold first, paginated', async () => {
      const company = await createCompany(ctx.db);
      const api = apiClient(ctx.app, company.token);
      await person('Sql Expert', { SQL: 'expert' });
      await person('Postgres Advanced', { PostgreSQL: 'advanced' }, 50);
      await person('Sql Advanced', { SQL: 'advanced' }, 10);
      await person('Sql Beginner', { SQL: 'beginner' });
      await person('Python Only', { Python: 'expert' });
      const gone = await person('Gone', { SQL: 'expert' });
      await ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', gone.user.id).execute();
      // A CV skill counts only once the CV analysis passed validation, as in matching.
      const unchecked = await person('Unchecked', { SQL: 'expert' });
      await ctx.db
        .updateTable('volunteer_skills')
        .set({ source: 'cv_analysis' })
        .where('volunteer_id', '=', unchecked.volunteer.id)
        .execute();

      const response = await api.get('/api/volunteers?skill=sql&min_level=advanced');
      assert.equal(response.statusCode, 200, response.body);
      assert.deepEqual(
        response.data.data.map((card: { name: string }) => card.name),
        ['Sql Expert', 'Postgres Advanced', 'Sql Advanced'],
      );
      assert.equal(response.data.meta.total, 3);
      const postgres = response.data.data[1];
      assert.deepEqual(postgres.skills, [
        { name: 'SQL', proficiency_level: 'advanced', via: 'PostgreSQL', evidence: null, fits: true, verified: true },
      ]);
      assert.equal(postgres.reputation_score, 50);
      assert.ok('headline' in postgres && 'completed_tasks' in postgres);

      const everyone = await api.get('/api/volunteers?skill=SQL&per_page=2&page=2');
      assert.deepEqual(
        everyone.data.data.map((card: { name: string }) => card.name),
        ['Sql Advanced', 'Sql Beginner'],
      );
      assert.equal(everyone.data.meta.total, 4);
      assert.match(everyone.data.links.prev, /skill=SQL/);
    });

    it('a known skill nobody holds is an empty page; an unknown one is a 422 on skill', async () => {
      const company = await createCompany(ctx.db);
      const api = apiClient(ctx.app, company.token);
      const nobody = await api.get('/api/volunteers?skill=Bricklaying&min_level=expert');
      assert.equal(nobody.statusCode, 200);
      assert.deepEqual(nobody.data.data, []);

      const unknown = await api.get('/api/volunteers?skill=Flibbertigibbet');
      assert.equal(unknown.statusCode, 422);
      assert.deepEqual(unknown.data.errors, {
        skill: [
          'Guild knows no skill called "Flibbertigibbet". Try another name for it (skills are searched by their names and aliases).',
        ],
      });
      assert.equal((await api.get('/api/volunteers')).statusCode, 422);
      assert.equal((await api.get('/api/volunteers?skill=SQL&min_level=guru')).statusCode, 422);
      assert.equal((await api.get('/api/volunteers?skill=SQL&per_page=500')).statusCode, 422);
    });

    it('is for companies: 401 without a token, 403 for contributors', async () => {
      assert.equal((await apiClient(ctx.app).get('/api/volunteers?skill=SQL')).statusCode, 401);
      const someone = await createVolunteer(ctx.db);
      const refused = await apiClient(ctx.app, someone.token).get('/api/volunteers?skill=SQL');
      assert.equal(refused.statusCode, 403);
      assert.deepEqual(refused.data, { message: 'Only company accounts can do this.' });
    });
  });
}
