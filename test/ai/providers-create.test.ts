import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createProvider } from '../../src/ai/providers/index.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import { loadConfig } from '../../src/config.ts';
import { type FakeModelServer, startFakeModelServer } from '../helpers/fake-model-server.ts';
import { modelSettings, sampleInput, skillsStage, validSkills } from './providers-test-stage.ts';

describe('createProvider: AI_PROVIDER picks who answers', () => {
  let server: FakeModelServer;
  before(async () => {
    server = await startFakeModelServer();
  });
  after(() => server.close());
  const context = { taxonomy: loadTaxonomy() };

  it('answers offline by default, with the stage’s own analyzer', async () => {
    const provider = createProvider(loadConfig({ NODE_ENV: 'test' }), context);
    assert.equal(provider.name, 'local');
    const result = await provider.run(skillsStage, sampleInput);
    assert.deepEqual(result, { output: skillsStage.local(sampleInput, context), provider: 'local', model: null });
    assert.equal(server.requests.length, 0);
  });

  for (const kind of ['openai', 'anthropic'] as const) {
    it(`AI_PROVIDER=${kind} asks the configured model at AI_BASE_URL`, async () => {
      const baseUrl = kind === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl;
      const provider = createProvider(modelSettings(kind, baseUrl), context);
      assert.equal(provider.name, kind);
      assert.equal(provider.model, 'test-model-1');

      server.next({ answer: validSkills });
      const before = server.requests.length;
      const result = await provider.run(skillsStage, sampleInput);
      assert.deepEqual(result, { output: validSkills, provider: kind, model: 'test-model-1' });
      assert.equal(server.requests.length, before + 1);
      assert.equal(server.requests.at(-1)?.api, kind);
    });
  }
});
