import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { AnthropicProvider } from '../../src/ai/providers/anthropic-provider.ts';
import { type FakeModelServer, startFakeModelServer } from '../helpers/fake-model-server.ts';
import {
  modelSettings,
  quickDelays,
  SkillsSchema,
  sampleInput,
  skillsStage,
  validSkills,
} from './providers-test-stage.ts';

describe('anthropic provider: what it sends', () => {
  let server: FakeModelServer;
  beforeEach(async () => {
    server = await startFakeModelServer();
  });
  afterEach(() => server.close());

  const provider = () => new AnthropicProvider(modelSettings('anthropic', server.anthropicBaseUrl).ai, quickDelays);

  it('sends the model, the stage prompts and one forced tool whose input schema is the stage schema', async () => {
    server.next({ answer: validSkills });
    await provider().run(skillsStage, sampleInput);

    const [{ body, headers }] = server.requests;
    assert.equal(body.model, 'test-model-1');
    assert.equal(body.system, 'You read CVs and list the skills they show.');
    assert.deepEqual(body.messages, [{ role: 'user', content: `CV excerpt:\n${sampleInput.cv}` }]);
    assert.ok(body.max_tokens > 0);
    // The official client decides the header (a bearer token in this version, x-api-key in older ones).
    assert.ok([headers.authorization, headers['x-api-key']].some((value) => String(value).endsWith('test-key')));
    assert.deepEqual(body.tools, [
      {
        name: 'cv-skills',
        description: 'The skills a CV excerpt shows.',
        input_schema: JSON.parse(JSON.stringify(SkillsSchema)),
      },
    ]);
    assert.deepEqual(body.tool_choice, { type: 'tool', name: 'cv-skills' });
  });

  it('answers a wrong tool call with an error result that lists the problems', async () => {
    server.next({ answer: { ...validSkills, skills: [{ name: 'TypeScript', level: 0 }] } }, { answer: validSkills });
    await provider().run(skillsStage, sampleInput);

    const [first, retry] = server.requests.map((request) => request.body);
    assert.equal(retry.messages.length, 3);
    assert.deepEqual(retry.messages[0], first.messages[0]);
    const [call] = retry.messages[1].content;
    assert.equal(retry.messages[1].role, 'assistant');
    assert.equal(call.type, 'tool_use');
    assert.equal(call.name, 'cv-skills');
    assert.deepEqual(call.input.skills, [{ name: 'TypeScript', level: 0 }]);
    assert.equal(retry.messages[2].role, 'user');
    const [result] = retry.messages[2].content;
    assert.equal(result.type, 'tool_result');
    assert.equal(result.tool_use_id, call.id);
    assert.equal(result.is_error, true);
    assert.match(result.content, /- \/skills\/0\/level must be >= 1\./);
  });

  it('answers plain text with a text turn telling the model to call the tool', async () => {
    server.next({ text: 'This person is a senior TypeScript developer.' }, { answer: validSkills });
    const { output } = await provider().run(skillsStage, sampleInput);

    assert.deepEqual(output, validSkills);
    const retry = server.requests[1].body.messages;
    assert.deepEqual(retry[1], {
      role: 'assistant',
      content: [{ type: 'text', text: 'This person is a senior TypeScript developer.' }],
    });
    assert.equal(retry[2].content[0].type, 'text');
    assert.match(retry[2].content[0].text, /must be given by calling the tool "cv-skills", not as text/);
  });

  it('repeats a request while the API is overloaded (529)', async () => {
    server.next({ status: 529, message: 'Overloaded' }, { answer: validSkills });
    assert.deepEqual((await provider().run(skillsStage, sampleInput)).output, validSkills);
    assert.equal(server.requests.length, 2);
  });
});
