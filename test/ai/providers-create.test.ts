import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { briefStage } from '../../src/ai/brief/index.ts';
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

  it('answers offline by default, with the stage’s own analyzer run in an analysis thread', async () => {
    const provider = await createProvider(loadConfig({ NODE_ENV: 'test' }));
    try {
      assert.equal(provider.name, 'local');
      const brief = { title: 'A website for our bakery', description: 'Build a website with online ordering.' };
      const result = await provider.run(briefStage, brief);
      const offline = await briefStage.local(brief, { taxonomy: loadTaxonomy() });
      assert.deepEqual(result, { output: offline, provider: 'local', model: null });
      assert.equal(server.requests.length, 0);
    } finally {
      await provider.close?.();
    }
  });

  for (const kind of ['openai', 'anthropic'] as const) {
    it(`AI_PROVIDER=${kind} asks the configured model at AI_BASE_URL`, async () => {
      const baseUrl = kind === 'openai' ? server.openaiBaseUrl : server.anthropicBaseUrl;
      const provider = await createProvider(modelSettings(kind, baseUrl));
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
