import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { Type } from 'typebox';
import { OpenAIProvider } from '../../src/ai/providers/openai-provider.ts';
import type { AnalysisStage } from '../../src/ai/stage.ts';
import { type FakeModelServer, startFakeModelServer } from '../helpers/fake-model-server.ts';
import { modelSettings, quickDelays, sampleInput, skillsStage, validSkills } from './providers-test-stage.ts';

describe('openai provider: what it sends', () => {
  let server: FakeModelServer;
  beforeEach(async () => {
    server = await startFakeModelServer();
  });
  afterEach(() => server.close());

  const provider = (env: Record<string, string> = {}) =>
    new OpenAIProvider(modelSettings('openai', server.openaiBaseUrl, env).ai, quickDelays);

  it('sends the model, the stage prompts and the schema as strict structured output', async () => {
    server.next({ answer: validSkills });
    await provider().run(skillsStage, sampleInput);

    const [{ body, headers }] = server.requests;
    assert.equal(body.model, 'test-model-1');
    assert.deepEqual(body.messages, [
      { role: 'system', content: 'You read CVs and list the skills they show.' },
      { role: 'user', content: `CV excerpt:\n${sampleInput.cv}` },
    ]);
    assert.equal(headers.authorization, 'Bearer test-key');

    const format = body.response_format;
    assert.equal(format.type, 'json_schema');
    assert.equal(format.json_schema.name, 'cv-skills');
    assert.equal(format.json_schema.description, 'The skills a CV excerpt shows.');
    assert.equal(format.json_schema.strict, true);
    const schema = format.json_schema.schema;
    // Strict mode: closed objects, every property required, the optional one as "this or null".
    assert.equal(schema.additionalProperties, false);
    assert.deepEqual(schema.required, ['summary', 'skills', 'seniority', 'notes']);
    assert.deepEqual(schema.properties.notes, {
      anyOf: [{ type: 'string', description: 'Anything a reviewer should know.' }, { type: 'null' }],
    });
    assert.equal(schema.properties.skills.items.additionalProperties, false);
    assert.deepEqual(schema.properties.skills.items.properties.level, {
      type: 'integer',
      minimum: 1,
      maximum: 5,
      description: 'Proficiency from 1 (beginner) to 5 (expert).',
    });
  });

  it('reads a null for an optional field as absent, and keeps a given value', async () => {
    server.next({ answer: { ...validSkills, notes: null } }, { answer: { ...validSkills, notes: 'Led a team of 4.' } });
    const absent = await provider().run(skillsStage, sampleInput);
    assert.deepEqual(absent.output, validSkills);
    assert.equal('notes' in absent.output, false);
    const given = await provider().run(skillsStage, sampleInput);
    assert.equal(given.output.notes, 'Led a team of 4.');
  });

  it('shows the model its previous answer and what was wrong with it', async () => {
    server.next({ text: '{"summary": "Backend developer", ' }, { answer: validSkills });
    await provider().run(skillsStage, sampleInput);

    const retry = server.requests[1].body.messages;
    assert.equal(retry.length, 4);
    assert.deepEqual(retry.slice(0, 2), server.requests[0].body.messages);
    assert.deepEqual(retry[2], { role: 'assistant', content: '{"summary": "Backend developer", ' });
    assert.equal(retry[3].role, 'user');
    assert.match(retry[3].content, /^Your previous answer could not be used:\n- The answer is not valid JSON \(/);
  });

  it('reads JSON wrapped in a Markdown code fence, as servers that ignore the schema return it', async () => {
    server.next(
      { text: `Here it is:\n${JSON.stringify(validSkills)}` },
      { text: `\`\`\`json\n${JSON.stringify(validSkills)}\n\`\`\`` },
    );
    const { output } = await provider().run(skillsStage, sampleInput);
    assert.deepEqual(output, validSkills);
    assert.equal(server.requests.length, 2, 'prose around the JSON is not an answer; a fenced block is');
  });

  it('sends no Authorization header when no key is configured (local servers such as Ollama)', async () => {
    server.next({ answer: validSkills });
    await provider({ AI_API_KEY: '' }).run(skillsStage, sampleInput);
    assert.equal(server.requests[0].headers.authorization, undefined);
  });

  it('sends a schema that strict mode cannot take as non-strict, unchanged, and still validates the answer', async () => {
    const TagsSchema = Type.Object({
      counts: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: 'Mentions per tag.' }),
    });
    const tagsStage: AnalysisStage<string, typeof TagsSchema> = {
      name: 'tag counts',
      schema: TagsSchema,
      prompt: (text) => ({ system: 'Count the tags.', user: text }),
      local: () => ({ counts: {} }),
    };
    server.next({ answer: { counts: { api: -1 } } }, { answer: { counts: { api: 2, mobile: 1 } } });
    const { output } = await provider().run(tagsStage, '#api #api #mobile');

    assert.deepEqual(output, { counts: { api: 2, mobile: 1 } });
    const format = server.requests[0].body.response_format.json_schema;
    assert.equal(format.name, 'tag_counts');
    assert.equal(format.strict, false);
    assert.deepEqual(format.schema, JSON.parse(JSON.stringify(TagsSchema)));
    assert.match(server.requests[1].body.messages[3].content, /\/counts\/api must be >= 0/);
  });
});
