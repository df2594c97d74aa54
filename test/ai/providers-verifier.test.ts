import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { type BriefAnalysis, briefStage } from '../../src/ai/brief/index.ts';
import { type Decomposition, type DecompositionInput, decompositionStage } from '../../src/ai/decomposition/index.ts';
import { AnthropicProvider } from '../../src/ai/providers/anthropic-provider.ts';
import { OpenAIProvider } from '../../src/ai/providers/openai-provider.ts';
import { InvalidModelOutputError } from '../../src/ai/stage.ts';
import { type FakeModelServer, startFakeModelServer } from '../helpers/fake-model-server.ts';
import { modelSettings, quickDelays } from './providers-test-stage.ts';

const input: DecompositionInput = {
  title: 'Stock control at our warehouse',
  description:
    'We need help to introduce a simple inventory system, label and map the warehouse locations, and write ' +
    'standard operating procedures the volunteers can follow.',
  refined_brief: '',
  field: 'operations',
  complexity_level: 3,
  objectives: [],
};

const task = (title: string, source: string) => ({
  title,
  description: `${title}.`,
  source,
  required_skills: [{ name: 'Inventory management', reason: 'The brief asks for an inventory system.' }],
  required_experience_level: 'mid' as const,
  expected_output: `${title}: done.`,
  acceptance_criteria: ['Volunteers can use it.'],
  estimated_hours: 10,
  complexity_score: 4,
});

const plan = (firstSource: string): Decomposition => ({
  summary: 'Two workstreams from the brief.',
  workstreams: [
    {
      title: 'Inventory',
      description: 'The inventory system and locations.',
      tasks: [
        task('Introduce a simple inventory system', firstSource),
        task('Label and map the warehouse locations', 'label and map the warehouse locations'),
      ],
    },
    {
      title: 'Procedures',
      description: 'How volunteers work.',
      tasks: [
        task('Write standard operating procedures', 'write standard operating procedures the volunteers can follow'),
        task('Train the volunteers on the procedures', 'standard operating procedures the volunteers can follow'),
      ],
    },
  ],
  confidence_score: 70,
});

const grounded = plan('introduce a simple inventory system');
/** Schema-valid, but its first task quotes nothing the brief says. */
const invented = plan('Set up the web frontend project');

/** The stage's verifier binds model answers the way the schema does, on every model provider. */
for (const kind of ['openai', 'anthropic'] as const) {
  describe(`${kind} provider: the stage's verifier`, () => {
    let server: FakeModelServer;
    beforeEach(async () => {
      server = await startFakeModelServer();
    });
    afterEach(() => server.close());

    const run = () => {
      const baseUrl = kind === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl;
      const config = modelSettings(kind, baseUrl);
      const provider =
        kind === 'openai' ? new OpenAIProvider(config.ai, quickDelays) : new AnthropicProvider(config.ai, quickDelays);
      return provider.run(decompositionStage, input);
    };

    it('asks again, naming the problem, when a task quotes no excerpt of the brief', async () => {
      server.next({ answer: invented }, { answer: grounded });
      const { output } = await run();
      assert.deepEqual(output, grounded);
      assert.equal(server.requests.length, 2);
      const retry = JSON.stringify(server.requests[1].body);
      assert.match(retry, /\/workstreams\/0\/tasks\/0\/source is not an excerpt of the brief/);
    });

    it('fails with InvalidModelOutputError when every answer breaks the rules', async () => {
      server.always({ answer: invented });
      await assert.rejects(run(), (error: unknown) => {
        assert.ok(error instanceof InvalidModelOutputError);
        assert.match(error.problems[0], /source is not an excerpt of the brief/);
        return true;
      });
    });
  });
}

const reviewsBrief = {
  title: 'Reviews for our new dental clinic',
  description:
    'We would like a writer to publish 60 positive reviews of our dental clinic on Google from different accounts, ' +
    'as if from patients, over the next two months. We pay £8 per review.',
};
const briefAnswer = (workable: boolean): BriefAnalysis => ({
  workable,
  rejection_reason: workable ? null : 'It asks for fake reviews posted under false identities.',
  refined_brief: 'Reviews for a dental clinic.',
  field: 'marketing',
  score: workable ? 6 : 1,
  summary: 'Reviews for a dental clinic.',
  objectives: workable ? ['Publish 60 reviews.'] : [],
  constraints: [],
  success_criteria: [],
  stakeholders: [],
  risks: [],
  recommended_approach: 'Write the reviews.',
  confidence_score: 60,
});

/** The brief stage's verifier holds a model's routing to the offline refusal rules, on every model provider. */
for (const kind of ['openai', 'anthropic'] as const) {
  describe(`${kind} provider: the brief stage's refusal rules`, () => {
    let server: FakeModelServer;
    beforeEach(async () => {
      server = await startFakeModelServer();
    });
    afterEach(() => server.close());

    const run = (input: { title: string; description: string }) => {
      const baseUrl = kind === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl;
      const config = modelSettings(kind, baseUrl);
      const provider =
        kind === 'openai' ? new OpenAIProvider(config.ai, quickDelays) : new AnthropicProvider(config.ai, quickDelays);
      return provider.run(briefStage, input);
    };

    it('asks again, naming the reason, when a model accepts a request the rules refuse', async () => {
      server.next({ answer: briefAnswer(true) }, { answer: briefAnswer(false) });
      const { output } = await run(reviewsBrief);
      assert.equal(output.workable, false);
      assert.equal(server.requests.length, 2);
      const retry = JSON.stringify(server.requests[1].body);
      assert.match(retry, /workable must be false: Guild's rules refuse this brief/);
      assert.match(retry, /fake reviews, ratings or posts written under false identities/);
    });

    it('asks again when a model accepts a brief whose purpose shows only across its sentences', async () => {
      server.next({ answer: briefAnswer(true) }, { answer: briefAnswer(false) });
      const { output } = await run({
        title: 'Productivity insight for our call centre',
        description:
          'We have 30 agents working from home. We want a tool on their laptops that records the screen every few ' +
          'minutes and copies their personal chats. Agents will not be told about it.',
      });
      assert.equal(output.workable, false);
      assert.equal(server.requests.length, 2);
      assert.match(JSON.stringify(server.requests[1].body), /read together, its sentences ask to watch people/);
    });

    it('fails with InvalidModelOutputError when the model keeps accepting it', async () => {
      server.always({ answer: briefAnswer(true) });
      await assert.rejects(run(reviewsBrief), (error: unknown) => {
        assert.ok(error instanceof InvalidModelOutputError);
        assert.match(error.problems[0], /workable must be false/);
        return true;
      });
    });

    it("takes a model's acceptance of a legitimate brief at once", async () => {
      server.next({ answer: briefAnswer(true) });
      const { output } = await run({
        title: 'Collecting honest feedback from patients',
        description:
          'We would like a simple way to ask every patient for an honest review a week after their appointment, ' +
          'and a monthly summary of what they tell us.',
      });
      assert.equal(output.workable, true);
      assert.equal(server.requests.length, 1);
    });
  });
}
