import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';
import { CV_FIXTURE_DIR } from '../fixtures/cvs/fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';
import { fileForm } from '../helpers/file-fixtures.ts';

/**
 * The feed (`GET /tasks/available`) is kept in `task_fit` by the writes that change it (docs/performance.md): these
 * tests drive those writes through the API and the analysis job and read every affected feed right after.
 */
for (const dialect of testDialects()) {
  describe(`tasks: the kept feed follows the writes [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const feedOf = async (token: string) => {
      const response = await apiClient(ctx.app, token).get('/api/tasks/available');
      assert.equal(response.statusCode, 200);
      return (response.data.data as Array<{ id: number }>).map((task) => task.id);
    };

    /** A company's open challenge with one task needing `skill`, and two contributors holding it. */
    async function twoContributorsAndATask(skill: string) {
      const owner = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
      const task = await createTask(ctx.db, challenge.id, { skills: [skill] });
      const first = await createVolunteer(ctx.db);
      const second = await createVolunteer(ctx.db);
      for (const person of [first, second]) await addVolunteerSkill(ctx.db, person.volunteer.id, skill);
      assert.deepEqual(await feedOf(first.token), [task.id]);
      assert.deepEqual(await feedOf(second.token), [task.id]);
      return { owner, challenge, task, first, second };
    }

    it('a task filled by an accepted invitation leaves every feed at once', async () => {
      const { task, first, second } = await twoContributorsAndATask('Feed-Accept');
      const invitation = await createAssignment(ctx.db, task.id, first.volunteer.id, { status: 'invited' });
      assert.deepEqual(await feedOf(first.token), [], 'an invitee is no longer offered the task');
      assert.deepEqual(await feedOf(second.token), [task.id]);

      const accepted = await apiClient(ctx.app, first.token).post(`/api/assignments/${invitation.id}/accept`);
      assert.equal(accepted.statusCode, 200, accepted.body);
      assert.deepEqual(await feedOf(second.token), []);
    });

    for (const action of ['complete', 'archive'] as const) {
      it(`a challenge the company marks ${action === 'complete' ? 'completed' : 'archived'} takes its tasks out of every feed`, async () => {
        const { owner, challenge, first, second } = await twoContributorsAndATask(`Feed-${action}`);
        const moved = await apiClient(ctx.app, owner.token).post(`/api/challenges/${challenge.id}/${action}`);
        assert.equal(moved.statusCode, 200, moved.body);
        assert.deepEqual(await feedOf(first.token), []);
        assert.deepEqual(await feedOf(second.token), []);
      });
    }

    it('a new CV changes the feed within the analysis job', async () => {
      const owner = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, owner.company.id, { status: 'active' });
      const person = await createVolunteer(ctx.db);
      const manual = await addVolunteerSkill(ctx.db, person.volunteer.id, 'Feed-Handwritten');
      const byHand = await createTask(ctx.db, challenge.id, { skills: [manual.name] });
      const mobile = await createTask(ctx.db, challenge.id, { skills: ['Kotlin', 'Swift'] });
      assert.deepEqual(await feedOf(person.token), [byHand.id]);

      const bytes = fs.readFileSync(`${CV_FIXTURE_DIR}/mobile-developer.pdf`);
      const uploaded = await apiClient(ctx.app, person.token).multipart(
        'POST',
        '/api/volunteers/upload-cv',
        fileForm('cv', bytes, 'mobile-developer.pdf'),
      );
      assert.equal(uploaded.statusCode, 200, uploaded.body);
      assert.deepEqual(await feedOf(person.token), [byHand.id], 'the upload alone changes no skill');

      // The analysis job alone: the matching it queues would invite the person and hide the task from the feed.
      await jobRegistry['volunteer.analyze-cv'].handle(ctx.deps, { volunteerId: person.volunteer.id });
      assert.deepEqual(await feedOf(person.token), [mobile.id, byHand.id], 'both mobile skills first, then one');
    });
  });
}
