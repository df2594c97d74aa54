import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { AnthropicProvider } from '../../src/ai/providers/anthropic-provider.ts';
import { OpenAIProvider } from '../../src/ai/providers/openai-provider.ts';
import { ModelUnavailableError } from '../../src/ai/providers/structured-output.ts';
import { InvalidModelOutputError } from '../../src/ai/stage.ts';
import { type FakeModelServer, startFakeModelServer } from '../helpers/fake-model-server.ts';
import { modelSettings, quickDelays, sampleInput, skillsStage, validSkills } from './providers-test-stage.ts';

/** The rules every model provider follows, checked on each against the fake server speaking its API. */
for (const kind of ['openai', 'anthropic'] as const) {
  describe(`${kind} provider: answers, retries and failures`, () => {
    let server: FakeModelServer;
    beforeEach(async () => {
      server = await startFakeModelServer();
    });
    afterEach(() => server.close());

    const provider = (env: Record<string, string> = {}) => {
      const baseUrl = kind === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl;
      const config = modelSettings(kind, baseUrl, env);
      return kind === 'openai'
        ? new OpenAIProvider(config.ai, quickDelays)
        : new AnthropicProvider(config.ai, quickDelays);
    };
    const run = (env?: Record<string, string>) => provider(env).run(skillsStage, sampleInput);

    it('returns a valid answer as the stage output, naming provider and model', async () => {
      server.next({ answer: validSkills });
      const result = await run();
      assert.deepEqual(result, { output: validSkills, provider: kind, model: 'test-model-1' });
      assert.equal(server.requests.length, 1);
      assert.equal(server.requests[0].api, kind);
    });

    it('keeps only what the schema names', async () => {
      server.next({
        answer: { ...validSkills, salary: 90_000, skills: [{ name: 'TypeScript', level: 5, years: 6 }] },
      });
      const { output } = await run();
      assert.deepEqual(output, { ...validSkills, skills: [{ name: 'TypeScript', level: 5 }] });
    });

    it('asks again when the answer is not structured, and returns the next valid one', async () => {
      server.next({ text: 'Sure! This person knows TypeScript and PostgreSQL.' }, { answer: validSkills });
      const { output } = await run();
      assert.deepEqual(output, validSkills);
      assert.equal(server.requests.length, 2);
    });

    it('asks again, telling the model what was wrong, when the answer fails the schema', async () => {
      const wrong = { ...validSkills, skills: [{ name: 'TypeScript', level: 9 }], seniority: 'guru' };
      server.next({ answer: wrong }, { answer: validSkills });
      const { output } = await run();
      assert.deepEqual(output, validSkills);
      assert.equal(server.requests.length, 2);
      const retry = JSON.stringify(server.requests[1].body);
      assert.match(retry, /Your previous answer could not be used/);
      assert.match(retry, /- \/skills\/0\/level must be <= 5\./);
      assert.match(retry, /- \/seniority must be one of \\"junior\\", \\"mid\\", \\"senior\\"\./);
    });

    it('asks again when the answer was cut off', async () => {
      server.next({ cutOff: true }, { answer: validSkills });
      assert.deepEqual((await run()).output, validSkills);
      assert.equal(server.requests.length, 2);
    });

    it('fails with InvalidModelOutputError once every attempt answered outside the schema', async () => {
      server.always({ answer: { summary: '', skills: 'TypeScript' } });
      await assert.rejects(run(), (error: unknown) => {
        assert.ok(error instanceof InvalidModelOutputError);
        assert.equal(error.stage, 'cv-skills');
        assert.ok(
          error.problems.includes('/summary must not have fewer than 1 characters.'),
          error.problems.join(' | '),
        );
        assert.ok(error.problems.includes('/skills must be array.'));
        assert.ok(error.problems.includes('The answer must have required properties seniority.'));
        return true;
      });
      assert.equal(server.requests.length, 3);
    });

    it('makes as many attempts as AI_MAX_ATTEMPTS allows', async () => {
      server.always({ text: 'I cannot help with that.' });
      await assert.rejects(run({ AI_MAX_ATTEMPTS: '5' }), InvalidModelOutputError);
      assert.equal(server.requests.length, 5);
    });

    it('gives up on an answer slower than AI_TIMEOUT_MS and asks again', async () => {
      server.next({ delayMs: 5_000, reply: { answer: validSkills } }, { answer: validSkills });
      assert.deepEqual((await run()).output, validSkills);
      assert.equal(server.requests.length, 2);
    });

    it('gives up on an answer that starts but never finishes', async () => {
      server.next({ stall: true }, { answer: validSkills });
      assert.deepEqual((await run()).output, validSkills);
      assert.equal(server.requests.length, 2);
    });

    it('fails cleanly with ModelUnavailableError when every answer is too slow', async () => {
      server.always({ delayMs: 5_000, reply: { answer: validSkills } });
      await assert.rejects(run(), (error: unknown) => {
        assert.ok(error instanceof ModelUnavailableError);
        assert.equal(error.attempts, 3);
        assert.match(error.message, /"cv-skills" after 3 attempt\(s\): no answer within 2000 ms/);
        return true;
      });
      assert.equal(server.requests.length, 3);
    });

    it('repeats a request the server failed (500), and returns the answer that follows', async () => {
      server.next({ status: 500 }, { status: 503 }, { answer: validSkills });
      assert.deepEqual((await run()).output, validSkills);
      assert.equal(server.requests.length, 3);
    });

    it('repeats a request whose connection dropped', async () => {
      server.next({ hangUp: true }, { answer: validSkills });
      assert.deepEqual((await run()).output, validSkills);
      assert.equal(server.requests.length, 2);
    });

    it('fails with ModelUnavailableError when rate limited (429) on every attempt', async () => {
      server.always({ status: 429, message: 'Rate limit reached.' });
      await assert.rejects(run(), (error: unknown) => {
        assert.ok(error instanceof ModelUnavailableError);
        assert.equal((error.cause as { status?: number }).status, 429);
        return true;
      });
      assert.equal(server.requests.length, 3);
    });

    it('does not repeat a request the server refused as wrong (400): the error is thrown at once', async () => {
      server.always({ status: 400, message: 'Unknown model test-model-1.' });
      await assert.rejects(run(), (error: unknown) => {
        assert.ok(!(error instanceof ModelUnavailableError) && !(error instanceof InvalidModelOutputError));
        assert.equal((error as { status?: number }).status, 400);
        assert.match(String(error), /Unknown model test-model-1/);
        return true;
      });
      assert.equal(server.requests.length, 1);
    });
  });
}
