import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertAccountTypeGate, assertFieldErrors, type FieldErrorCase } from '../helpers/assertions.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import {
  addVolunteerSkill,
  createAccount,
  createAssignment,
  createChallenge,
  createCompany,
  createIdea,
  createTask,
  createVolunteer,
} from '../helpers/factories.ts';
import { fileForm, pdfFile } from '../helpers/file-fixtures.ts';

const VALID = { availability_hours_per_week: 12, field: 'Data science', bio: 'I like numbers.' };

for (const dialect of testDialects()) {
  describe(`contributor profile [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const reputationEvents = (volunteerId: number) =>
      ctx.db.selectFrom('reputation_events').selectAll().where('volunteer_id', '=', volunteerId).execute();

    it('answers 401 without a token and 403 to company accounts on every endpoint', async () => {
      const company = await createCompany(ctx.db);
      const endpoints = [
        ['POST', '/api/volunteers/complete-profile'],
        ['GET', '/api/volunteers/profile'],
        ['PUT', '/api/volunteers/profile'],
        ['POST', '/api/volunteers/upload-cv'],
      ] as const;
      await assertAccountTypeGate(ctx.app, endpoints, {
        otherTypeToken: company.token,
        body: VALID,
        message: 'Only contributor accounts can do this.',
      });
      const upload = await apiClient(ctx.app, company.token).multipart(
        'POST',
        '/api/volunteers/upload-cv',
        fileForm('cv', pdfFile(), 'cv.pdf'),
      );
      assert.equal(upload.statusCode, 403);
    });

    it('completes a profile once: 201 with the profile, 10 reputation points in the same write', async () => {
      const { user, token } = await createAccount(ctx.db, 'contributor');
      const api = apiClient(ctx.app, token);
      const created = await api.post('/api/volunteers/complete-profile', VALID);
      assert.equal(created.statusCode, 201);
      assert.equal(created.data.user_id, user.id);
      assert.equal(created.data.name, user.name);
      assert.equal(created.data.field, 'Data science');
      assert.equal(created.data.bio, 'I like numbers.');
      assert.equal(created.data.availability_hours_per_week, 12);
      assert.equal(created.data.reputation_score, 10);
      assert.equal(created.data.cv, null);
      assert.equal(created.data.ai_analysis_status, 'none');
      assert.equal(created.data.validation_status, 'pending');
      assert.deepEqual(created.data.skills, []);
      assert.deepEqual(created.data.professional_domains, []);
      assert.deepEqual(created.data.statistics, {
        tasks_completed: 0,
        hours_contributed: 0,
        active_assignment_id: null,
        ideas_submitted: 0,
      });

      const again = await api.post('/api/volunteers/complete-profile', { ...VALID, field: 'Other' });
      assert.equal(again.statusCode, 422);
      assert.deepEqual(again.data, { message: 'You have already completed your contributor profile.' });
      const events = await reputationEvents(created.data.id);
      assert.deepEqual(
        events.map((event) => [event.reason, event.points]),
        [['profile_completed', 10]],
      );
      const profile = await api.get('/api/volunteers/profile');
      assert.equal(profile.data.field, 'Data science');
      assert.equal(profile.data.reputation_score, 10);
    });

    it('lets exactly one of two simultaneous completions through', async () => {
      const { user, token } = await createAccount(ctx.db, 'contributor');
      const api = apiClient(ctx.app, token);
      const answers = await Promise.all([
        api.post('/api/volunteers/complete-profile', VALID),
        api.post('/api/volunteers/complete-profile', VALID),
      ]);
      assert.deepEqual(answers.map((answer) => answer.statusCode).sort(), [201, 422]);
      const rows = await ctx.db.selectFrom('volunteers').select('id').where('user_id', '=', user.id).execute();
      assert.equal(rows.length, 1);
      assert.equal((await reputationEvents(rows[0].id)).length, 1);
    });

    it('accepts a form body, with the number given as text', async () => {
      const { token } = await createAccount(ctx.db, 'contributor');
      const response = await apiClient(ctx.app, token).post(
        '/api/volunteers/complete-profile',
        'availability_hours_per_week=0&field=+Design+&bio=',
        { 'content-type': 'application/x-www-form-urlencoded' },
      );
      assert.equal(response.statusCode, 201);
      assert.equal(response.data.availability_hours_per_week, 0);
      assert.equal(response.data.field, 'Design');
      assert.equal(response.data.bio, null);
    });

    it('validates every field of complete-profile', async () => {
      const { token } = await createAccount(ctx.db, 'contributor');
      const api = apiClient(ctx.app, token);
      const cases: FieldErrorCase[] = [
        [{ field: 'x' }, 'availability_hours_per_week', 'The availability hours per week field is required.'],
        [{ ...VALID, availability_hours_per_week: '10' }, 'availability_hours_per_week', 'must be an integer'],
        [{ ...VALID, availability_hours_per_week: 10.5 }, 'availability_hours_per_week', 'must be an integer'],
        [{ ...VALID, availability_hours_per_week: -1 }, 'availability_hours_per_week', 'must be at least 0'],
        [{ ...VALID, availability_hours_per_week: 169 }, 'availability_hours_per_week', 'not be greater than 168'],
        [{ availability_hours_per_week: 5 }, 'field', 'The field field is required.'],
        [{ ...VALID, field: '   ' }, 'field', 'The field field is required.'],
        [{ ...VALID, field: 42 }, 'field', 'The field must be a string.'],
        [{ ...VALID, field: 'x'.repeat(256) }, 'field', 'The field must not be greater than 255 characters.'],
        [{ ...VALID, bio: 'x'.repeat(2001) }, 'bio', 'The bio must not be greater than 2000 characters.'],
        [{ ...VALID, bio: ['list'] }, 'bio', 'The bio must be a string.'],
      ];
      await assertFieldErrors((body) => api.post('/api/volunteers/complete-profile', body), cases);
      assert.equal((await api.get('/api/volunteers/profile')).statusCode, 404, 'nothing was written');

      // Limits count characters, not bytes, and are inclusive.
      const atLimits = await api.post('/api/volunteers/complete-profile', {
        availability_hours_per_week: 168,
        field: 'é'.repeat(255),
        bio: '🎉'.repeat(2000),
      });
      assert.equal(atLimits.statusCode, 201);
    });

    it('answers 404 with directions on every profile endpoint before the profile exists', async () => {
      const { token } = await createAccount(ctx.db, 'contributor');
      const api = apiClient(ctx.app, token);
      for (const response of [
        await api.get('/api/volunteers/profile'),
        await api.put('/api/volunteers/profile', { bio: 'x' }),
        await api.multipart('POST', '/api/volunteers/upload-cv', fileForm('cv', pdfFile(), 'cv.pdf')),
      ]) {
        assert.equal(response.statusCode, 404);
        assert.deepEqual(response.data, {
          message: 'Contributor profile not found. Complete it first with POST /api/volunteers/complete-profile.',
        });
      }
    });

    it('reads skills with their details and statistics from assignments and ideas', async () => {
      const { volunteer, token } = await createVolunteer(ctx.db);
      const { company } = await createCompany(ctx.db);
      await addVolunteerSkill(ctx.db, volunteer.id, 'TypeScript', 'expert');
      await addVolunteerSkill(ctx.db, volunteer.id, 'Accessibility', 'intermediate');
      const challenge = await createChallenge(ctx.db, company.id);
      const done = [5.5, 4];
      for (const hours of done) {
        const task = await createTask(ctx.db, challenge.id);
        await createAssignment(ctx.db, task.id, volunteer.id, { status: 'completed', actual_hours: hours });
      }
      const activeTask = await createTask(ctx.db, challenge.id);
      const active = await createAssignment(ctx.db, activeTask.id, volunteer.id, { status: 'in_progress' });
      const declinedTask = await createTask(ctx.db, challenge.id);
      await createAssignment(ctx.db, declinedTask.id, volunteer.id, { status: 'declined', actual_hours: 99 });
      const community = await createChallenge(ctx.db, company.id, { challenge_type: 'community_discussion' });
      await createIdea(ctx.db, community.id, volunteer.id);
      await createIdea(ctx.db, community.id, volunteer.id, { status: 'pending_review' });

      const response = await apiClient(ctx.app, token).get('/api/volunteers/profile');
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.data.statistics, {
        tasks_completed: 2,
        hours_contributed: 9.5,
        active_assignment_id: active.id,
        ideas_submitted: 2,
      });
      assert.deepEqual(
        response.data.skills.map((skill: Record<string, unknown>) => ({ ...skill, id: typeof skill.id })),
        [
          {
            id: 'number',
            name: 'Accessibility',
            proficiency_level: 'intermediate',
            category: 'technical',
            years_of_experience: 3,
            source: 'manual',
            evidence: null,
          },
          {
            id: 'number',
            name: 'TypeScript',
            proficiency_level: 'expert',
            category: 'technical',
            years_of_experience: 3,
            source: 'manual',
            evidence: null,
          },
        ],
      );
    });

    it('shows what the CV analysis found, dropping malformed entries', async () => {
      const { token } = await createVolunteer(ctx.db, {
        volunteer: {
          experience_level: 'senior',
          years_of_experience: 7.5,
          professional_domains: JSON.stringify(['Health', 3, 'Logistics']),
          education: JSON.stringify([{ degree: 'MSc', institution: 'TU Delft', graduation_year: 2015 }, 'junk']),
          work_experience: 'not json',
          ai_analysis_status: 'completed',
          ai_analysis_confidence: 82,
          validation_status: 'passed',
        },
      });
      const { data } = await apiClient(ctx.app, token).get('/api/volunteers/profile');
      assert.equal(data.experience_level, 'senior');
      assert.equal(data.years_of_experience, 7.5);
      assert.deepEqual(data.professional_domains, ['Health', 'Logistics']);
      assert.deepEqual(data.education, [
        { degree: 'MSc', field_of_study: null, institution: 'TU Delft', graduation_year: 2015 },
      ]);
      assert.deepEqual(data.work_experience, []);
      assert.equal(data.ai_analysis_confidence, 82);
      assert.equal(data.validation_status, 'passed');
    });
  });
}
