import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createAccount,
  createAssignment,
  createChallenge,
  createCompany,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';
import { pdfFile } from '../helpers/file-fixtures.ts';

const CV_REFUSED = {
  message: "You can download a contributor's CV only while they are invited to or assigned on one of your tasks.",
};

for (const dialect of testDialects()) {
  describe(`contributor profiles as others read them [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    /** A contributor with a CV on file, a skill with its evidence, a job and a completed task on a public challenge. */
    async function contributorWithRecord() {
      const contributor = await createVolunteer(ctx.db, {
        user: { name: 'Ada Byron' },
        volunteer: {
          experience_level: 'senior',
          work_experience: JSON.stringify([
            { job_title: 'Structural engineer', company: 'Arup', start_date: '2019', end_date: null },
            { job_title: 'Graduate engineer', company: 'Atkins', start_date: '2015', end_date: '2019' },
          ]),
          cv_file_name: 'ada-cv.pdf',
          cv_uploaded_at: new Date().toISOString(),
        },
      });
      const key = `cvs/${contributor.volunteer.id}/${'a'.repeat(32)}.pdf`;
      const local = path.join(ctx.dataDir, 'cv-upload.pdf');
      fs.writeFileSync(local, pdfFile('Ada Byron, structural engineer'));
      await ctx.deps.storage.putFile(key, local);
      await ctx.db
        .updateTable('volunteers')
        .set({ cv_storage_key: key })
        .where('id', '=', contributor.volunteer.id)
        .execute();
      const skill = await addVolunteerSkill(ctx.db, contributor.volunteer.id, 'Structural Design', 'advanced');
      await ctx.db
        .updateTable('volunteer_skills')
        .set({ source: 'cv_analysis', evidence: 'Designed the steel frame of a 12-storey office block.' })
        .where('volunteer_id', '=', contributor.volunteer.id)
        .where('skill_id', '=', skill.id)
        .execute();
      await ctx.db
        .updateTable('volunteers')
        .set({ validation_status: 'passed' })
        .where('id', '=', contributor.volunteer.id)
        .execute();

      const earlier = await createCompany(ctx.db);
      const done = await createChallenge(ctx.db, earlier.company.id, { title: 'Footbridge', status: 'completed' });
      const doneTask = await createTask(ctx.db, done.id, { title: 'Check the loads', status: 'completed' });
      await createAssignment(ctx.db, doneTask.id, contributor.volunteer.id, {
        status: 'completed',
        completed_at: new Date().toISOString(),
        actual_hours: 6,
      });
      const hidden = await createChallenge(ctx.db, earlier.company.id, { title: 'Secret', status: 'archived' });
      const hiddenTask = await createTask(ctx.db, hidden.id, { title: 'Hidden work', status: 'completed' });
      await createAssignment(ctx.db, hiddenTask.id, contributor.volunteer.id, {
        status: 'completed',
        completed_at: new Date().toISOString(),
      });
      return { contributor, doneTask, done };
    }

    it('any signed-in user reads the profile, with headline, skills with evidence and completed tasks, without contact details', async () => {
      const { contributor, doneTask, done } = await contributorWithRecord();
      const company = await createCompany(ctx.db);
      const other = await createVolunteer(ctx.db);
      for (const token of [company.token, other.token]) {
        const response = await apiClient(ctx.app, token).get(`/api/volunteers/${contributor.volunteer.id}`);
        assert.equal(response.statusCode, 200, response.body);
        const profile = response.data.data;
        assert.equal(profile.name, 'Ada Byron');
        assert.equal(profile.headline, 'Structural engineer at Arup');
        assert.deepEqual(
          profile.skills.map((s: { name: string; proficiency_level: string; evidence: string }) => [
            s.name,
            s.proficiency_level,
            s.evidence,
          ]),
          [['Structural engineering', 'advanced', 'Designed the steel frame of a 12-storey office block.']],
        );
        // The archived challenge's task stays off the record others see.
        assert.deepEqual(profile.completed_tasks, [
          {
            task_id: doneTask.id,
            title: 'Check the loads',
            challenge_id: done.id,
            challenge_title: 'Footbridge',
            completed_at: profile.completed_tasks[0].completed_at,
          },
        ]);
        assert.equal(profile.contact, null);
        assert.equal(profile.cv, null);
        assert.ok(!('email' in profile) && !('user_id' in profile) && !('ai_analysis_status' in profile));
        assert.ok(!response.body.includes(contributor.user.email), 'the e-mail appears nowhere');
      }
    });

    it('the contributor sees their own contact details; a company sees them only while the contributor is invited or assigned', async () => {
      const { contributor } = await contributorWithRecord();
      const self = await apiClient(ctx.app, contributor.token).get(`/api/volunteers/${contributor.volunteer.id}`);
      assert.deepEqual(self.data.data.contact, { email: contributor.user.email });

      const company = await createCompany(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const task = await createTask(ctx.db, challenge.id);
      const api = apiClient(ctx.app, company.token);
      const url = `/api/volunteers/${contributor.volunteer.id}`;
      const byStatus: Array<[string, boolean]> = [
        ['invited', true],
        ['accepted', true],
        ['in_progress', true],
        ['submitted', true],
        ['completed', false],
        ['declined', false],
      ];
      const assignment = await createAssignment(ctx.db, task.id, contributor.volunteer.id);
      for (const [status, shown] of byStatus) {
        await ctx.db
          .updateTable('assignments')
          .set({ status: status as 'invited' })
          .where('id', '=', assignment.id)
          .execute();
        const read = await api.get(url);
        assert.equal(read.statusCode, 200);
        assert.deepEqual(read.data.data.contact, shown ? { email: contributor.user.email } : null, status);
        assert.deepEqual(
          read.data.data.cv,
          shown
            ? { file_name: 'ada-cv.pdf', uploaded_at: read.data.data.cv.uploaded_at, download_url: `${url}/cv` }
            : null,
          status,
        );
      }
    });

    it('a company downloads the CV only while the contributor is invited to or assigned on one of its tasks', async () => {
      const { contributor } = await contributorWithRecord();
      const company = await createCompany(ctx.db);
      const api = apiClient(ctx.app, company.token);
      const url = `/api/volunteers/${contributor.volunteer.id}/cv`;

      const before = await api.get(url);
      assert.equal(before.statusCode, 403);
      assert.deepEqual(before.data, CV_REFUSED);

      const challenge = await createChallenge(ctx.db, company.company.id);
      const task = await createTask(ctx.db, challenge.id);
      const assignment = await createAssignment(ctx.db, task.id, contributor.volunteer.id);
      const file = await api.get(url);
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['content-type'], 'application/pdf');
      assert.match(String(file.headers['content-disposition']), /attachment;.*ada-cv\.pdf/);
      assert.equal(file.headers['cache-control'], 'private, no-store');
      assert.deepEqual(file.rawPayload, pdfFile('Ada Byron, structural engineer'));

      const ranged = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${company.token}`, range: 'bytes=0-3' },
      });
      assert.equal(ranged.statusCode, 206);
      assert.equal(ranged.body, '%PDF');

      // Another company, even one the contributor works for elsewhere, is refused; so is this one once the
      // invitation is declined.
      const stranger = await createCompany(ctx.db);
      assert.equal((await apiClient(ctx.app, stranger.token).get(url)).statusCode, 403);
      await ctx.db.updateTable('assignments').set({ status: 'declined' }).where('id', '=', assignment.id).execute();
      assert.deepEqual((await api.get(url)).data, CV_REFUSED);
    });

    it('answers 401, 403 for contributors on the CV, and 404 for unknown, malformed or deactivated contributors and a missing CV', async () => {
      const { contributor } = await contributorWithRecord();
      const company = await createCompany(ctx.db);
      const api = apiClient(ctx.app, company.token);
      assert.equal((await apiClient(ctx.app).get(`/api/volunteers/${contributor.volunteer.id}`)).statusCode, 401);
      assert.equal((await apiClient(ctx.app).get(`/api/volunteers/${contributor.volunteer.id}/cv`)).statusCode, 401);
      const asContributor = await apiClient(ctx.app, contributor.token).get(
        `/api/volunteers/${contributor.volunteer.id}/cv`,
      );
      assert.equal(asContributor.statusCode, 403);

      assert.deepEqual((await api.get('/api/volunteers/999999')).data, { message: 'Contributor not found.' });
      assert.equal((await api.get('/api/volunteers/abc')).statusCode, 404);
      assert.equal((await api.get('/api/volunteers/999999/cv')).statusCode, 404);

      const gone = await createVolunteer(ctx.db, { user: { is_active: 0 } });
      assert.equal((await api.get(`/api/volunteers/${gone.volunteer.id}`)).statusCode, 404);

      const noCv = await createVolunteer(ctx.db);
      const challenge = await createChallenge(ctx.db, company.company.id);
      const task = await createTask(ctx.db, challenge.id);
      await createAssignment(ctx.db, task.id, noCv.volunteer.id);
      const missing = await api.get(`/api/volunteers/${noCv.volunteer.id}/cv`);
      assert.equal(missing.statusCode, 404);
      assert.deepEqual(missing.data, { message: 'CV not found.' });

      // A company without a profile reads profiles too, but downloads nothing.
      const bare = await createAccount(ctx.db, 'company');
      assert.equal(
        (await apiClient(ctx.app, bare.token).get(`/api/volunteers/${contributor.volunteer.id}`)).statusCode,
        200,
      );
      assert.equal(
        (await apiClient(ctx.app, bare.token).get(`/api/volunteers/${contributor.volunteer.id}/cv`)).statusCode,
        403,
      );
    });
  });
}
