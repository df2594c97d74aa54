import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ensureCvSkillIds } from '../../src/modules/skills/skills.repository.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { addVolunteerSkill, createVolunteer } from '../helpers/factories.ts';
import { parsePage } from '../helpers/page.ts';
import { signedIn, withPassword } from './contributor-session.ts';

/**
 * The skills editor on the contributor's profile (issue 13, item 1): per skill a level to set and a confirmed
 * Remove, an add form with a level, the CV's words still under each skill, and what edits mean for re-analysis.
 */
for (const dialect of testDialects()) {
  describe(`the skills editor on the profile [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('offers remove (confirmed), re-level and add through PATCH /api/volunteers/profile/skills, evidence shown', async () => {
      const { user, volunteer } = await createVolunteer(ctx.db, {
        user: await withPassword(),
        volunteer: { ai_analysis_status: 'completed', validation_status: 'passed' },
      });
      const flutter = await addVolunteerSkill(ctx.db, volunteer.id, 'Flutter', 'advanced');
      await ctx.db
        .updateTable('volunteer_skills')
        .set({ source: 'cv_analysis', evidence: 'Flutter apps for <i>two</i> clinics' })
        .where('volunteer_id', '=', volunteer.id)
        .where('skill_id', '=', flutter.id)
        .execute();
      const client = await signedIn(ctx.app, user.email);
      const page = parsePage((await client.get('/profile')).body);

      assert.match(page.text, /Your edits are kept when your CV is analysed again/);
      assert.match(page.text, /Flutter “Flutter apps for <i>two<\/i> clinics”/, 'the CV evidence, escaped');
      const forms = page.forms().filter((form) => form.target === '/api/volunteers/profile/skills');
      assert.equal(forms.length, 3, 'set level, remove, add');
      assert.ok(forms.every((form) => form.method === 'PATCH'));
      const remove = forms.find((form) => form.hiddenValue('remove.0') === 'Flutter');
      assert.ok(remove, 'a remove form for the skill');
      assert.match(String(remove.confirm), /^Remove Flutter from your skills\? It stays off your profile/);
      assert.match(page.text, /Remove Flutter/);
      const level = page.control('Level of Flutter');
      assert.equal(level.value, 'advanced');
      assert.deepEqual(
        level.options.map((option) => option.value),
        ['beginner', 'intermediate', 'advanced', 'expert'],
      );
      assert.ok(page.control('Skill'), 'the add form names the skill');
      assert.equal(page.control('Level').value, 'intermediate');
      assert.ok(page.buttons().some((button) => button.text === 'Add skill'));
    });

    it('a skill the CV listed in its own words shows with its excerpt, under Other, and its forms work', async () => {
      const { user, volunteer, token } = await createVolunteer(ctx.db, {
        user: await withPassword(),
        volunteer: { ai_analysis_status: 'completed', validation_status: 'passed' },
      });
      const [skillId] = await ensureCvSkillIds(ctx.db, ['Foam carving']);
      await ctx.db
        .insertInto('volunteer_skills')
        .values({
          volunteer_id: volunteer.id,
          skill_id: skillId!,
          proficiency_level: 'expert',
          years_of_experience: null,
          source: 'cv_analysis',
          evidence: 'Foam carving (expert), prop weathering',
          created_at: new Date().toISOString(),
        })
        .execute();
      const client = await signedIn(ctx.app, user.email);
      const page = parsePage((await client.get('/profile')).body);
      assert.match(page.text, /Foam carving “Foam carving \(expert\), prop weathering”/);
      assert.match(page.text, /other · from your CV/);
      assert.equal(page.control('Level of Foam carving').value, 'expert');
      const forms = page.forms().filter((form) => form.target === '/api/volunteers/profile/skills');
      assert.ok(forms.some((form) => form.hiddenValue('add.0.name') === 'Foam carving'));
      const remove = forms.find((form) => form.hiddenValue('remove.0') === 'Foam carving');
      assert.ok(remove, 'a remove form for the skill');

      // What the forms send, as app.js builds it: re-level, then remove.
      const api = apiClient(ctx.app, token);
      const relevel = { add: [{ name: 'Foam carving', proficiency_level: 'advanced' }] };
      assert.equal((await api.patch('/api/volunteers/profile/skills', relevel)).statusCode, 200);
      assert.equal((await api.patch('/api/volunteers/profile/skills', { remove: ['Foam carving'] })).statusCode, 200);
      assert.doesNotMatch(parsePage((await client.get('/profile')).body).text, /Foam carving/);
    });

    it('without skills, the page says how they come and still offers to add one', async () => {
      const { user } = await createVolunteer(ctx.db, { user: await withPassword() });
      const client = await signedIn(ctx.app, user.email);
      const page = parsePage((await client.get('/profile')).body);
      assert.match(page.text, /No skills yet: they appear here once your CV has been analysed, or add them below\./);
      assert.ok(page.buttons().some((button) => button.text === 'Add skill'));
    });
  });
}
