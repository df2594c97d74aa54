import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { UNREADABLE_MESSAGES } from '../../src/ai/text/index.ts';
import type { Db } from '../../src/db/database.ts';
import { analyzeCv, CV_ANALYSIS_FAILED_MESSAGE } from '../../src/pipeline/cv-analysis/cv-analysis.service.ts';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';
import { CV_FIXTURE_DIR } from '../fixtures/cvs/fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { addVolunteerSkill, createVolunteer, ensureSkill } from '../helpers/factories.ts';
import { docxFile, fileForm } from '../helpers/file-fixtures.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { withHook } from './pipeline-fixtures.ts';
import { runQueuedJobs } from './run-jobs.ts';

const analyzeJob = jobRegistry['volunteer.analyze-cv'];

function volunteerRow(db: Db, id: number) {
  return db.selectFrom('volunteers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function skillsBySource(db: Db, volunteerId: number) {
  const rows = await db
    .selectFrom('volunteer_skills')
    .innerJoin('skills', 'skills.id', 'volunteer_skills.skill_id')
    .select(['skills.name', 'volunteer_skills.source', 'volunteer_skills.proficiency_level'])
    .where('volunteer_id', '=', volunteerId)
    .execute();
  return new Map(rows.map((row) => [row.name, { source: row.source, proficiency: row.proficiency_level }]));
}

async function matchJobsOf(ctx: TestContext, volunteerId: number) {
  return (await queuedJobs(ctx, 'volunteer.match')).filter((job) => job.payload.volunteerId === volunteerId);
}

/** `volunteer.analyze-cv` (contract §6 step 6) from an upload through the API, run by the real worker. */
for (const dialect of testDialects()) {
  describe(`CV analysis [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    async function upload(token: string, bytes: Buffer, fileName: string) {
      const response = await apiClient(ctx.app, token).multipart(
        'POST',
        '/api/volunteers/upload-cv',
        fileForm('cv', bytes, fileName),
      );
      assert.equal(response.statusCode, 200, response.body);
    }
    const fixture = (name: string) => fs.readFileSync(`${CV_FIXTURE_DIR}/${name}`);

    it('builds the profile from the CV: CV skills replaced, manual ones kept (also when the CV shows them), matching queued', async () => {
      const person = await createVolunteer(ctx.db);
      await addVolunteerSkill(ctx.db, person.volunteer.id, 'Kotlin', 'beginner');
      await addVolunteerSkill(ctx.db, person.volunteer.id, 'Photography', 'advanced');
      const earlier = await ensureSkill(ctx.db, 'COBOL');
      await ctx.db
        .insertInto('volunteer_skills')
        .values({
          volunteer_id: person.volunteer.id,
          skill_id: earlier.id,
          proficiency_level: 'expert',
          years_of_experience: 9,
          source: 'cv_analysis',
          created_at: new Date().toISOString(),
        })
        .execute();

      await upload(person.token, fixture('mobile-developer.pdf'), 'mobile-developer.pdf');
      await runQueuedJobs(ctx);

      const row = await volunteerRow(ctx.db, person.volunteer.id);
      assert.equal(row.ai_analysis_status, 'completed');
      assert.equal(row.ai_analysis_error, null);
      assert.ok(row.ai_analysis_confidence! >= 70);
      assert.equal(row.validation_status, 'passed');
      assert.ok(row.ai_analyzed_at);
      assert.ok(row.experience_level && row.years_of_experience! > 0);

      const profile = (await apiClient(ctx.app, person.token).get('/api/volunteers/profile')).data;
      assert.ok(profile.work_experience.length > 0 && profile.work_experience[0].job_title);
      assert.ok(profile.education.length > 0);
      assert.ok(profile.professional_domains.includes('software'));

      const skills = await skillsBySource(ctx.db, person.volunteer.id);
      assert.equal(skills.has('COBOL'), false, 'skills of the earlier analysis are replaced');
      assert.deepEqual(skills.get('Kotlin'), { source: 'manual', proficiency: 'beginner' });
      assert.deepEqual(skills.get('Photography'), { source: 'manual', proficiency: 'advanced' });
      for (const name of ['Swift', 'Android development', 'Flutter'])
        assert.equal(skills.get(name)?.source, 'cv_analysis');

      const jobs = await matchJobsOf(ctx, person.volunteer.id);
      assert.equal(jobs.length, 1);
    });

    it('returns each CV skill with the CV excerpt it was read from, and leaves out what the CV says the person lacks', async () => {
      const person = await createVolunteer(ctx.db);
      await addVolunteerSkill(ctx.db, person.volunteer.id, 'Photography', 'advanced');
      const cv =
        'Data analyst with six years in retail and logistics reporting for regional supermarket chains. ' +
        'Expert in Python and SQL. No experience with Kubernetes. Currently learning Spanish.';
      await upload(person.token, docxFile(cv), 'analyst.docx');
      await runQueuedJobs(ctx);

      const profile = (await apiClient(ctx.app, person.token).get('/api/volunteers/profile')).data;
      const skills = new Map<string, { evidence: string | null; source: string }>(
        profile.skills.map((skill: { name: string; evidence: string | null; source: string }) => [skill.name, skill]),
      );
      assert.equal(skills.get('Python')?.evidence, 'Expert in Python and SQL.', JSON.stringify(profile));
      assert.equal(skills.get('SQL')?.evidence, 'Expert in Python and SQL.');
      assert.equal(skills.get('Photography')?.evidence, null, 'a skill added by hand quotes nothing');
      assert.ok(!skills.has('Kubernetes') && !skills.has('Spanish'), [...skills.keys()].join(', '));
      for (const [name, skill] of skills) {
        if (skill.source === 'cv_analysis') assert.ok(skill.evidence && cv.includes(skill.evidence), name);
      }
    });

    it('is idempotent: the same job again analyses nothing and queues no second matching', async () => {
      const person = await createVolunteer(ctx.db);
      await upload(person.token, fixture('backend-developer.docx'), 'backend-developer.docx');
      await runQueuedJobs(ctx);
      const before = await skillsBySource(ctx.db, person.volunteer.id);
      const analysedAt = (await volunteerRow(ctx.db, person.volunteer.id)).ai_analyzed_at;

      assert.equal(await analyzeCv(ctx.deps, person.volunteer.id), 'skipped');
      await analyzeJob.handle(ctx.deps, { volunteerId: person.volunteer.id });

      assert.deepEqual(await skillsBySource(ctx.db, person.volunteer.id), before);
      assert.equal((await volunteerRow(ctx.db, person.volunteer.id)).ai_analyzed_at, analysedAt);
      assert.equal((await matchJobsOf(ctx, person.volunteer.id)).length, 1);
    });

    for (const [file, reason] of [
      ['scanned.pdf', UNREADABLE_MESSAGES.no_text_layer],
      ['password-protected.pdf', UNREADABLE_MESSAGES.damaged],
    ] as const) {
      it(`ends as failed with the reason the contributor sees, without a retry: ${file}`, async () => {
        const person = await createVolunteer(ctx.db);
        await upload(person.token, fixture(file), file);
        await runQueuedJobs(ctx);

        const profile = (await apiClient(ctx.app, person.token).get('/api/volunteers/profile')).data;
        assert.equal(profile.ai_analysis_status, 'failed');
        assert.equal(profile.ai_analysis_error, reason);
        assert.equal(profile.validation_status, 'failed');
        const jobs = (await queuedJobs(ctx, 'volunteer.analyze-cv')).filter(
          (job) => job.payload.volunteerId === person.volunteer.id,
        );
        assert.deepEqual(
          jobs.map((job) => job.status),
          ['completed'],
        );
        assert.deepEqual(await matchJobsOf(ctx, person.volunteer.id), []);
      });
    }

    it('leaves a thin CV for review: needs_review below confidence 70', async () => {
      const person = await createVolunteer(ctx.db);
      await upload(person.token, docxFile('Freelance translator. I use Python and SQL.'), 'short.docx');
      await runQueuedJobs(ctx);

      const row = await volunteerRow(ctx.db, person.volunteer.id);
      assert.equal(row.ai_analysis_status, 'completed');
      assert.ok(row.ai_analysis_confidence! < 70, `confidence ${row.ai_analysis_confidence}`);
      assert.equal(row.validation_status, 'needs_review');
      assert.equal((await skillsBySource(ctx.db, person.volunteer.id)).get('Python')?.source, 'cv_analysis');
    });

    it('stores nothing from a CV replaced during its analysis; the newer upload is analysed by its own job', async () => {
      const person = await createVolunteer(ctx.db);
      await upload(person.token, fixture('teacher.doc'), 'teacher.doc');
      const replacing = withHook(ctx.deps, 'cv', () =>
        upload(person.token, fixture('data-scientist.docx'), 'data-scientist.docx'),
      );
      assert.equal(await analyzeCv(replacing, person.volunteer.id), 'skipped');
      let row = await volunteerRow(ctx.db, person.volunteer.id);
      assert.equal(row.ai_analysis_status, 'pending');
      assert.equal((await skillsBySource(ctx.db, person.volunteer.id)).size, 0);

      await runQueuedJobs(ctx);
      row = await volunteerRow(ctx.db, person.volunteer.id);
      assert.equal(row.ai_analysis_status, 'completed');
      const skills = await skillsBySource(ctx.db, person.volunteer.id);
      assert.ok(skills.has('Machine learning'), 'skills of the newer CV');
      assert.equal(skills.has('Curriculum design'), false, 'none of the replaced one');
    });

    it('after the last failed attempt, the analysis is failed with a generic reason instead of stuck in processing', async () => {
      const person = await createVolunteer(ctx.db);
      await upload(person.token, fixture('translator.docx'), 'translator.docx');
      const failing = withHook(ctx.deps, 'cv', () => {
        throw new Error('model unavailable');
      });
      await assert.rejects(analyzeJob.handle(failing, { volunteerId: person.volunteer.id }), /model unavailable/);
      assert.equal((await volunteerRow(ctx.db, person.volunteer.id)).ai_analysis_status, 'processing');

      await analyzeJob.onFailed!(failing, { volunteerId: person.volunteer.id }, 'Error: model unavailable');
      const row = await volunteerRow(ctx.db, person.volunteer.id);
      assert.deepEqual([row.ai_analysis_status, row.ai_analysis_error], ['failed', CV_ANALYSIS_FAILED_MESSAGE]);
    });
  });
}
