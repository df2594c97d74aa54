import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { CV_FIXTURE_DIR } from '../fixtures/cvs/fixtures.ts';
import { assertAccountTypeGate, assertFieldErrors } from '../helpers/assertions.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createAccount, createChallenge, createCompany, createTask, createVolunteer } from '../helpers/factories.ts';
import { fileForm } from '../helpers/file-fixtures.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { runQueuedJobs } from '../pipeline/run-jobs.ts';

type Skill = { name: string; proficiency_level: string; source: string; evidence: string | null };

/**
 * A contributor corrects their skills (issue 13, item 1): `PATCH /api/volunteers/profile/skills` removes a wrong
 * one and adds a missing one with its level; both survive a new CV analysis, the CV evidence stays, and the feed
 * of available tasks follows.
 */
for (const dialect of testDialects()) {
  describe(`editing one's skills [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const cv = () => fs.readFileSync(`${CV_FIXTURE_DIR}/mobile-developer.pdf`);
    const skillsOf = (profile: { skills: Skill[] }) => new Map(profile.skills.map((skill) => [skill.name, skill]));

    async function analysedContributor() {
      const person = await createVolunteer(ctx.db, { volunteer: { availability_hours_per_week: 30 } });
      const client = apiClient(ctx.app, person.token);
      const uploaded = await client.multipart('POST', '/api/volunteers/upload-cv', fileForm('cv', cv(), 'cv.pdf'));
      assert.equal(uploaded.statusCode, 200, uploaded.body);
      await runQueuedJobs(ctx);
      const profile = (await client.get('/api/volunteers/profile')).data;
      return { person, client, profile };
    }

    it('removes a wrong skill, adds a missing one, re-levels one; all kept through a new CV analysis', async () => {
      const { person, client, profile } = await analysedContributor();
      const before = skillsOf(profile);
      assert.equal(before.get('Flutter')?.source, 'cv_analysis');
      const swiftEvidence = before.get('Swift')?.evidence;
      assert.ok(swiftEvidence, 'the CV shows Swift');

      const edited = await client.patch('/api/volunteers/profile/skills', {
        remove: ['flutter'],
        add: [
          { name: 'Rust', proficiency_level: 'advanced' },
          { name: 'swift', proficiency_level: 'expert' },
        ],
      });
      assert.equal(edited.statusCode, 200, edited.body);
      const after = skillsOf(edited.data);
      assert.equal(after.has('Flutter'), false);
      assert.deepEqual(
        { level: after.get('Rust')?.proficiency_level, source: after.get('Rust')?.source },
        { level: 'advanced', source: 'manual' },
      );
      assert.equal(after.get('Swift')?.proficiency_level, 'expert');
      assert.equal(after.get('Swift')?.source, 'manual');
      assert.equal(after.get('Swift')?.evidence, swiftEvidence, 'the CV evidence stays visible');
      assert.ok(
        (await queuedJobs(ctx, 'volunteer.match')).some((job) => job.payload.volunteerId === person.volunteer.id),
      );

      const again = await client.multipart('POST', '/api/volunteers/upload-cv', fileForm('cv', cv(), 'cv.pdf'));
      assert.equal(again.statusCode, 200, again.body);
      await runQueuedJobs(ctx);
      const reanalysed = (await client.get('/api/volunteers/profile')).data;
      assert.equal(reanalysed.ai_analysis_status, 'completed');
      const kept = skillsOf(reanalysed);
      assert.equal(kept.has('Flutter'), false, 'a removed skill stays removed');
      assert.equal(kept.get('Rust')?.proficiency_level, 'advanced');
      assert.equal(kept.get('Swift')?.proficiency_level, 'expert');
      assert.equal(kept.get('Swift')?.evidence, swiftEvidence);
      assert.equal(kept.get('Android development')?.source, 'cv_analysis', 'the rest comes from the CV');

      // Added back by hand: the contributor's own again.
      const restored = await client.patch('/api/volunteers/profile/skills', {
        add: [{ name: 'Flutter', proficiency_level: 'beginner' }],
      });
      assert.equal(skillsOf(restored.data).get('Flutter')?.source, 'manual');
    });

    it('changes the feed of available tasks at once', async () => {
      const { client } = await analysedContributor();
      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const rustTask = await createTask(ctx.db, challenge.id, { skills: ['Rust'], title: 'Port the parser to Rust' });
      const flutterTask = await createTask(ctx.db, challenge.id, { skills: ['Flutter'], title: 'Flutter screens' });
      const feed = async () =>
        ((await client.get('/api/tasks/available?per_page=100')).data.data as { id: number }[]).map((task) => task.id);
      assert.ok((await feed()).includes(flutterTask.id));
      assert.ok(!(await feed()).includes(rustTask.id));

      const edited = await client.patch('/api/volunteers/profile/skills', {
        remove: ['Flutter'],
        add: [{ name: 'Rust', proficiency_level: 'intermediate' }],
      });
      assert.equal(edited.statusCode, 200, edited.body);
      assert.ok(!(await feed()).includes(flutterTask.id));
      assert.ok((await feed()).includes(rustTask.id));
    });

    it('refuses unknown skills, removing one not listed, one skill both ways, and bad bodies, changing nothing', async () => {
      const person = await createVolunteer(ctx.db);
      const client = apiClient(ctx.app, person.token);
      await assertFieldErrors(
        (body) => client.patch('/api/volunteers/profile/skills', body),
        [
          [{ add: [{ name: 'Quidditch refereeing', proficiency_level: 'expert' }] }, 'add', 'does not know the skill'],
          [{ remove: ['Python'] }, 'remove', 'does not list the skill "Python"'],
          [{ add: [{ name: 'Python', proficiency_level: 'guru' }] }, 'add.proficiency_level', ''],
          [{ add: [{ name: '', proficiency_level: 'expert' }] }, 'add.name', ''],
          [{ remove: 'Python' }, 'remove', ''],
        ],
      );
      const added = await client.patch('/api/volunteers/profile/skills', {
        add: [{ name: 'Python', proficiency_level: 'advanced' }],
      });
      assert.equal(added.statusCode, 200, added.body);
      const both = await client.patch('/api/volunteers/profile/skills', {
        add: [{ name: 'Python', proficiency_level: 'expert' }],
        remove: ['python'],
      });
      assert.equal(both.statusCode, 422);
      assert.match(both.data.errors.add[0], /cannot be both added and removed/);
      const profile = (await client.get('/api/volunteers/profile')).data;
      assert.deepEqual(
        profile.skills.map((skill: Skill) => [skill.name, skill.proficiency_level]),
        [['Python', 'advanced']],
      );
      const empty = await client.patch('/api/volunteers/profile/skills', {});
      assert.equal(empty.statusCode, 200);
    });

    it('is for contributors with a profile', async () => {
      const company = await createCompany(ctx.db);
      await assertAccountTypeGate(ctx.app, [['PATCH', '/api/volunteers/profile/skills']], {
        otherTypeToken: company.token,
        body: {},
        message: 'Only contributor accounts can do this.',
      });
      const newcomer = await createAccount(ctx.db, 'contributor');
      const response = await apiClient(ctx.app, newcomer.token).patch('/api/volunteers/profile/skills', {});
      assert.equal(response.statusCode, 404);
      assert.match(response.data.message, /^Contributor profile not found/);
    });
  });
}
