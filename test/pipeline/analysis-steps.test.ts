import assert from 'node:assert/strict';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import type { AnalysisProvider } from '../../src/ai/stage.ts';
import type { AppDeps } from '../../src/app-deps.ts';
import type { Db } from '../../src/db/database.ts';
import type { JobQueue } from '../../src/jobs/job-queue.ts';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';
import { BRIEF_ANALYSIS_STEPS, CV_ANALYSIS_STEPS } from '../../src/shared/analysis-steps.ts';
import type { FileStorage } from '../../src/storage/file-storage.ts';
import { briefFixture } from '../ai/analysis-fixtures.ts';
import { CV_FIXTURE_DIR } from '../fixtures/cvs/fixtures.ts';
import { apiClient } from '../helpers/client.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { createCompany, createVolunteer } from '../helpers/factories.ts';
import { fileForm } from '../helpers/file-fixtures.ts';
import { challengeRow, postBrief, withHook } from './pipeline-fixtures.ts';

type Seen = { at: string; step: string | null };

/**
 * The deployment's own provider, queue and storage, each first reading the step the analysis has recorded (`read`,
 * on the connection or transaction at hand) into `seen`: before every stage, when the file is read, and when the
 * final transaction queues matching. The stages themselves run for real.
 */
function observingSteps(deps: AppDeps, read: (db: Db) => Promise<string | null>, seen: Seen[]): AppDeps {
  const ai: AnalysisProvider = {
    name: deps.ai.name,
    model: deps.ai.model,
    async run(stage, input) {
      seen.push({ at: `${stage.name} stage`, step: await read(deps.db) });
      return deps.ai.run(stage, input);
    },
  };
  const queue: JobQueue = Object.create(deps.queue);
  queue.enqueue = async (db, name, payload, options) => {
    seen.push({ at: `queue ${name}`, step: await read(db) });
    return deps.queue.enqueue(db, name, payload, options);
  };
  const storage: FileStorage = Object.create(deps.storage);
  storage.read = (key, range) =>
    Readable.from(
      (async function* () {
        seen.push({ at: 'file read', step: await read(deps.db) });
        yield* deps.storage.read(key, range);
      })(),
    );
  return { ...deps, ai, queue, storage };
}

async function challengeStep(db: Db, id: number): Promise<string | null> {
  return (await db.selectFrom('challenges').select('ai_analysis_step').where('id', '=', id).executeTakeFirstOrThrow())
    .ai_analysis_step;
}

async function volunteerStep(db: Db, id: number): Promise<string | null> {
  return (await db.selectFrom('volunteers').select('ai_analysis_step').where('id', '=', id).executeTakeFirstOrThrow())
    .ai_analysis_step;
}

/** The live step of a brief or CV analysis (issue 13, item 3): recorded between stages, shown by the API, cleared. */
for (const dialect of testDialects()) {
  describe(`analysis steps [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('a team brief goes through reading, understanding, planning and inviting, in order, then has no step', async () => {
      const { company, challenge } = await postBrief(ctx, 'software-food-bank-delivery-app');
      assert.equal(await challengeStep(ctx.db, challenge.id), null, 'no step while the analysis waits');
      const seen: Seen[] = [];
      const observed = observingSteps(ctx.deps, (db) => challengeStep(db, challenge.id), seen);
      await jobRegistry['challenge.analyze'].handle(observed, { challengeId: challenge.id });

      const stages = seen.filter((entry) => entry.at.endsWith('stage'));
      assert.deepEqual(stages, [
        { at: 'brief stage', step: 'reading' },
        { at: 'complexity stage', step: 'understanding' },
        { at: 'decomposition stage', step: 'planning' },
      ]);
      const queued = seen.filter((entry) => entry.at === 'queue task.match');
      assert.ok(queued.length > 0);
      assert.ok(queued.every((entry) => entry.step === 'inviting'));
      assert.deepEqual(
        [...new Set(seen.map((entry) => entry.step))],
        [...BRIEF_ANALYSIS_STEPS],
        'every step, in the documented order',
      );

      const row = await challengeRow(ctx.db, challenge.id);
      assert.deepEqual([row.status, row.ai_analysis_step], ['active', null]);
      const read = await apiClient(ctx.app, company.token).get(`/api/challenges/${challenge.id}`);
      assert.equal(read.data.ai_analysis_step, null);
    });

    it('the API shows the step while the brief is analysed; a failed analysis ends with no step', async () => {
      const { company, challenge } = await postBrief(ctx, 'operations-fundraising-gala');
      const api = apiClient(ctx.app, company.token);
      let during: unknown;
      const failing = withHook(ctx.deps, 'complexity', async () => {
        const read = await api.get(`/api/challenges/${challenge.id}`);
        during = [read.data.status, read.data.ai_analysis_step];
        const listed = await api.get('/api/challenges?per_page=100');
        assert.equal(
          listed.data.data.find((c: { id: number }) => c.id === challenge.id).ai_analysis_step,
          'understanding',
        );
        throw new Error('model unavailable');
      });
      const analyze = jobRegistry['challenge.analyze'];
      await assert.rejects(analyze.handle(failing, { challengeId: challenge.id }), /model unavailable/);
      assert.deepEqual(during, ['analyzing', 'understanding']);

      await analyze.onFailed!(failing, { challengeId: challenge.id }, 'Error: model unavailable');
      const row = await challengeRow(ctx.db, challenge.id);
      assert.deepEqual([row.ai_analysis_status, row.ai_analysis_step], ['failed', null]);
    });

    it('an edit of the description during the analysis clears the step, and the overtaken run records no more', async () => {
      const company = await createCompany(ctx.db);
      const api = apiClient(ctx.app, company.token);
      const first = briefFixture('software-clinic-booking-system');
      const created = await api.post('/api/challenges', { title: first.title, description: first.description });
      const id = created.data.id;
      const second = briefFixture('community-volunteer-retention-ideas');
      const seen: Seen[] = [];
      const editing = withHook(
        observingSteps(ctx.deps, (db) => challengeStep(db, id), seen),
        'brief',
        async () => {
          assert.equal((await api.put(`/api/challenges/${id}`, { description: second.description })).statusCode, 200);
        },
      );
      await jobRegistry['challenge.analyze'].handle(editing, { challengeId: id });
      // The edit lands before the brief stage reads; every later stage of the stale run still runs, recording nothing.
      assert.deepEqual(
        seen.map((entry) => entry.at),
        ['brief stage', 'complexity stage', 'decomposition stage'],
      );
      assert.ok(
        seen.every((entry) => entry.step === null),
        'after the edit, neither understanding nor planning is recorded for the stale run',
      );
      assert.equal(await challengeStep(ctx.db, id), null);
    });

    it('a CV goes through reading, understanding and matching, in order, shown by the profile read, then has no step', async () => {
      const person = await createVolunteer(ctx.db);
      const api = apiClient(ctx.app, person.token);
      const bytes = fs.readFileSync(`${CV_FIXTURE_DIR}/mobile-developer.pdf`);
      const uploaded = await api.multipart('POST', '/api/volunteers/upload-cv', fileForm('cv', bytes, 'cv.pdf'));
      assert.equal(uploaded.statusCode, 200, uploaded.body);
      assert.deepEqual([uploaded.data.ai_analysis_status, uploaded.data.ai_analysis_step], ['pending', null]);

      const seen: Seen[] = [];
      let during: unknown;
      const observed = withHook(
        observingSteps(ctx.deps, (db) => volunteerStep(db, person.volunteer.id), seen),
        'cv',
        async () => {
          during = (await api.get('/api/volunteers/profile')).data.ai_analysis_step;
        },
      );
      await jobRegistry['volunteer.analyze-cv'].handle(observed, { volunteerId: person.volunteer.id });

      assert.deepEqual(seen, [
        { at: 'file read', step: 'reading' },
        { at: 'cv stage', step: 'understanding' },
        { at: 'queue volunteer.match', step: 'matching' },
      ]);
      assert.deepEqual(
        seen.map((entry) => entry.step),
        [...CV_ANALYSIS_STEPS],
      );
      assert.equal(during, 'understanding');
      const profile = (await api.get('/api/volunteers/profile')).data;
      assert.deepEqual([profile.ai_analysis_status, profile.ai_analysis_step], ['completed', null]);
    });

    it('a CV analysis that fails ends with no step', async () => {
      const person = await createVolunteer(ctx.db);
      const api = apiClient(ctx.app, person.token);
      const bytes = fs.readFileSync(`${CV_FIXTURE_DIR}/mobile-developer.pdf`);
      await api.multipart('POST', '/api/volunteers/upload-cv', fileForm('cv', bytes, 'cv.pdf'));
      const failing = withHook(ctx.deps, 'cv', () => {
        throw new Error('model unavailable');
      });
      const analyze = jobRegistry['volunteer.analyze-cv'];
      await assert.rejects(analyze.handle(failing, { volunteerId: person.volunteer.id }), /model unavailable/);
      assert.equal(await volunteerStep(ctx.db, person.volunteer.id), 'understanding');
      await analyze.onFailed!(failing, { volunteerId: person.volunteer.id }, 'Error: model unavailable');
      const profile = (await api.get('/api/volunteers/profile')).data;
      assert.deepEqual([profile.ai_analysis_status, profile.ai_analysis_step], ['failed', null]);
    });
  });
}
