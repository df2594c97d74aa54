import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { BriefAnalysis } from '../../src/ai/brief/schema.ts';
import { ComplexityAssessment } from '../../src/ai/complexity/schema.ts';
import { Decomposition } from '../../src/ai/decomposition/schema.ts';
import { toJsonSchema, toStrictSchema } from '../../src/ai/providers/json-schema.ts';
import { notificationsOf } from '../helpers/assignment-fixtures.ts';
import { createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { type FakeModelServer, startFakeModelServer } from '../helpers/fake-model-server.ts';
import { queuedJobs } from '../helpers/queued-jobs.ts';
import { challengeRow, postBrief, writtenFor } from './pipeline-fixtures.ts';
import { runQueuedJobs } from './run-jobs.ts';

/**
 * `AI_PROVIDER=openai` with a base URL and a model: the same challenge chain (brief → complexity → decomposition)
 * runs through that model, here a fake OpenAI-compatible server on loopback, with the real worker.
 */

const briefAnswer = {
  workable: true,
  rejection_reason: null,
  refined_brief: 'Build a delivery planning app for the food bank: volunteers see routes, staff plan the rounds.',
  field: 'software',
  score: 8,
  summary: 'A route-planning app for food bank deliveries.',
  objectives: ['Plan delivery rounds', 'Show volunteers their routes'],
  constraints: ['Launch within three months'],
  success_criteria: ['Every round is planned in the app'],
  stakeholders: ['Volunteers', 'Warehouse staff'],
  risks: ['Volunteers may not adopt a new tool'],
  recommended_approach: 'Start with the data model and API, then build the planning screens.',
  confidence_score: 85,
};

const complexityAnswer = {
  complexity_level: 3,
  challenge_type: 'team_execution',
  reasoning: 'A backend and a front end that must be coordinated by a team.',
  skill_areas: ['Backend & APIs', 'Web apps'],
  confidence_score: 80,
};

/** A planned task grounded in the food bank brief: `source` is an excerpt of it (the stage's verifier checks). */
const task = (title: string, skills: string[], source: string) => ({
  title,
  description: `${title} for the delivery planner.`,
  source,
  required_skills: skills.map((name) => ({ name, reason: `The brief's ${title.toLowerCase()} needs ${name}.` })),
  required_experience_level: 'mid',
  expected_output: `${title}: done and documented.`,
  acceptance_criteria: [`${title} is reviewed and merged`],
  estimated_hours: 12,
  complexity_score: 5,
});

const decompositionAnswer = {
  summary: 'The work splits into the backend and the planning front end.',
  workstreams: [
    {
      title: 'Backend',
      description: 'The data model and the API behind the planner.',
      tasks: [
        task('Design the database schema', ['PostgreSQL'], 'every delivery needs to be stored in a central database'),
        task('Build the rounds API', ['Node.js', 'PostgreSQL'], 'The app should talk to an API'),
      ],
    },
    {
      title: 'Planning screens',
      description: 'The screens staff use to plan rounds and volunteers use to see them.',
      tasks: [
        task('Build the round planner', ['React', 'TypeScript'], "shows the day's deliveries"),
        task('Test the planner with staff', ['User research'], 'lets them mark a parcel as delivered or failed'),
      ],
    },
  ],
  confidence_score: 75,
};

/** The response_format schema the OpenAI provider sends for a stage schema. */
const sentSchema = (schema: TSchema) => JSON.parse(JSON.stringify(toStrictSchema(schema) ?? toJsonSchema(schema)));

for (const dialect of testDialects()) {
  describe(`challenge analysis through AI_PROVIDER=openai [${dialect}]`, () => {
    let server: FakeModelServer;
    let ctx: TestContext;
    before(async () => {
      server = await startFakeModelServer();
      ctx = await createTestContext(dialect, {
        AI_PROVIDER: 'openai',
        AI_BASE_URL: server.openaiBaseUrl,
        AI_MODEL: 'test-model-1',
        AI_API_KEY: 'k',
      });
    });
    after(async () => {
      await ctx.close();
      await server.close();
    });

    it('the scripted answers are valid against their stage schemas', () => {
      assert.ok(Value.Check(BriefAnalysis, briefAnswer), 'brief answer');
      assert.ok(Value.Check(ComplexityAssessment, complexityAnswer), 'complexity answer');
      assert.ok(Value.Check(Decomposition, decompositionAnswer), 'decomposition answer');
    });

    it('runs brief, complexity and decomposition through the model and writes exactly its plan', async () => {
      assert.equal(ctx.deps.ai.name, 'openai');
      const first = server.requests.length;
      server.next({ answer: briefAnswer }, { answer: complexityAnswer }, { answer: decompositionAnswer });

      const { company, challenge } = await postBrief(ctx, 'software-food-bank-delivery-app');
      assert.equal((await challengeRow(ctx.db, challenge.id)).status, 'submitted');
      assert.deepEqual(
        (await queuedJobs(ctx, 'challenge.analyze')).filter((job) => job.payload.challengeId === challenge.id).length,
        1,
      );
      await runQueuedJobs(ctx);

      // The model got the three stages, in order, with its name and each stage's schema.
      const requests = server.requests.slice(first);
      assert.equal(requests.length, 3);
      assert.deepEqual(
        requests.map((request) => request.api),
        ['openai', 'openai', 'openai'],
      );
      for (const request of requests) {
        assert.equal(request.body.model, 'test-model-1');
        assert.equal(request.headers.authorization, 'Bearer k');
        assert.equal(request.body.response_format.type, 'json_schema');
      }
      assert.deepEqual(
        requests.map((request) => request.body.response_format.json_schema.name),
        ['brief', 'complexity', 'decomposition'],
      );
      assert.deepEqual(requests[0].body.response_format.json_schema.schema, sentSchema(BriefAnalysis));
      assert.deepEqual(requests[1].body.response_format.json_schema.schema, sentSchema(ComplexityAssessment));
      assert.deepEqual(requests[2].body.response_format.json_schema.schema, sentSchema(Decomposition));

      const row = await challengeRow(ctx.db, challenge.id);
      assert.equal(row.status, 'active');
      assert.equal(row.ai_analysis_status, 'completed');
      assert.equal(row.challenge_type, 'team_execution');
      assert.equal(row.complexity_level, 3);
      assert.equal(row.refined_brief, briefAnswer.refined_brief);
      assert.equal(row.field, 'software');
      assert.equal(row.score, 8);

      const analyses = await ctx.db
        .selectFrom('challenge_analyses')
        .select(['stage', 'provider', 'model', 'summary'])
        .where('challenge_id', '=', challenge.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(
        analyses.map((analysis) => [analysis.stage, analysis.provider, analysis.model]),
        [
          ['brief', 'openai', 'test-model-1'],
          ['complexity', 'openai', 'test-model-1'],
          ['decomposition', 'openai', 'test-model-1'],
        ],
      );
      assert.equal(analyses[0].summary, briefAnswer.summary);

      const workstreams = await ctx.db
        .selectFrom('workstreams')
        .select(['id', 'title', 'position'])
        .where('challenge_id', '=', challenge.id)
        .orderBy('position')
        .execute();
      assert.deepEqual(
        workstreams.map((workstream) => [workstream.position, workstream.title]),
        [
          [1, 'Backend'],
          [2, 'Planning screens'],
        ],
      );
      const planned = [];
      for (const workstream of workstreams) {
        const tasks = await ctx.db
          .selectFrom('tasks')
          .select(['id', 'title', 'source', 'skill_reasons'])
          .where('workstream_id', '=', workstream.id)
          .orderBy('id')
          .execute();
        for (const { id, title, source, skill_reasons } of tasks) {
          const answered = decompositionAnswer.workstreams.flatMap((w) => w.tasks).find((t) => t.title === title)!;
          assert.equal(source, answered.source);
          assert.deepEqual(JSON.parse(skill_reasons), answered.required_skills);
          const skills = await ctx.db
            .selectFrom('task_skills')
            .innerJoin('skills', 'skills.id', 'task_skills.skill_id')
            .select('skills.name')
            .where('task_skills.task_id', '=', id)
            .execute();
          planned.push([workstream.title, title, skills.map((skill) => skill.name).sort()]);
        }
      }
      assert.deepEqual(
        planned,
        decompositionAnswer.workstreams.flatMap((workstream) =>
          workstream.tasks.map((t) => [workstream.title, t.title, t.required_skills.map((skill) => skill.name).sort()]),
        ),
      );
      assert.deepEqual(await writtenFor(ctx.db, challenge.id), {
        analyses: 3,
        workstreams: 2,
        tasks: 4,
        taskSkills: 6,
      });
      assert.deepEqual(
        (await notificationsOf(ctx.db, company.user.id)).map((n) => n.type),
        ['challenge_analyzed'],
      );
    });

    it('a brief answer invalid on every attempt fails the job for now and writes nothing', async () => {
      const first = server.requests.length;
      const invalid = { ...briefAnswer, score: 42, workable: 'yes' };
      assert.equal(Value.Check(BriefAnalysis, invalid), false);
      // AI_MAX_ATTEMPTS defaults to 3: three invalid answers, then nothing more is scripted.
      server.next({ answer: invalid }, { answer: invalid }, { answer: invalid });

      const { company, challenge } = await postBrief(ctx, 'software-clinic-booking-system');
      await runQueuedJobs(ctx);

      const requests = server.requests.slice(first);
      assert.equal(requests.length, 3, 'three attempts at the brief, no later stage');
      for (const request of requests) {
        assert.equal(request.body.model, 'test-model-1');
        assert.equal(request.body.response_format.json_schema.name, 'brief');
      }
      // Each retry shows the model what was wrong with its answer.
      assert.match(requests[1].body.messages.at(-1).content, /^Your previous answer could not be used:/);

      const row = await challengeRow(ctx.db, challenge.id);
      assert.notEqual(row.status, 'active');
      assert.deepEqual([row.status, row.ai_analysis_status], ['analyzing', 'processing']);
      assert.equal(row.challenge_type, null);
      assert.deepEqual(await writtenFor(ctx.db, challenge.id), {
        analyses: 0,
        workstreams: 0,
        tasks: 0,
        taskSkills: 0,
      });
      assert.deepEqual(await notificationsOf(ctx.db, company.user.id), []);
      // The job failed this attempt and waits for a later one.
      const job = (await queuedJobs(ctx, 'challenge.analyze')).find((j) => j.payload.challengeId === challenge.id);
      assert.equal(job?.status, 'pending');
    });
  });
}
