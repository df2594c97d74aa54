import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { briefStage } from '../../src/ai/brief/index.ts';
import { OpenAIProvider } from '../../src/ai/providers/openai-provider.ts';
import { type FakeModelServer, startFakeModelServer } from '../helpers/fake-model-server.ts';
import { modelSettings, quickDelays } from './providers-test-stage.ts';

const brief = {
  title: 'Volunteer shift app for our food bank',
  description:
    'We run a food bank with 120 volunteers and plan shifts in a shared spreadsheet. We want a simple mobile app ' +
    'where volunteers see open shifts and sign up, backed by an API and a database our coordinator can manage. ' +
    'It must work on older Android phones and be ready before the winter appeal in November.',
};

/** What a model might answer for the brief above, field by field as the brief stage asks. */
const modelAnswer = {
  workable: true,
  rejection_reason: null,
  refined_brief:
    'Build a mobile app for the food bank’s 120 volunteers to see open shifts and sign up, replacing the shared ' +
    'spreadsheet, with an API and a database the coordinator manages. It must run on older Android phones and be ' +
    'ready before the November winter appeal.',
  field: 'software',
  score: 7,
  summary: 'A shift sign-up app for food bank volunteers, with an API and a coordinator-managed database.',
  objectives: ['Volunteers can see open shifts and sign up from a phone.', 'The coordinator manages shifts.'],
  constraints: ['Must work on older Android phones.', 'Ready before the winter appeal in November.'],
  success_criteria: ['Shifts are planned in the app instead of the spreadsheet.'],
  stakeholders: ['Volunteers', 'Volunteer coordinator'],
  risks: ['The November deadline is close.'],
  recommended_approach:
    'Start with the shift list and sign-up flow on Android, backed by a small API and database. Pilot it with a ' +
    'few volunteers before the appeal.',
  confidence_score: 80,
};

describe('the brief stage through an OpenAI-compatible model', () => {
  let server: FakeModelServer;
  before(async () => {
    server = await startFakeModelServer();
  });
  after(() => server.close());

  it('sends the brief with the stage schema in strict form, and stores only an answer that validates', async () => {
    const provider = new OpenAIProvider(modelSettings('openai', server.openaiBaseUrl).ai, quickDelays);
    server.next({ answer: { ...modelAnswer, score: 12 } }, { answer: modelAnswer });

    const result = await provider.run(briefStage, brief);

    assert.deepEqual(result, { output: modelAnswer, provider: 'openai', model: 'test-model-1' });
    const [first, retry] = server.requests.map((request) => request.body);
    assert.match(first.messages[1].content, /Volunteer shift app for our food bank/);
    assert.match(first.messages[1].content, /older Android phones/);
    assert.equal(first.response_format.json_schema.name, 'brief');
    assert.equal(first.response_format.json_schema.strict, true);
    assert.deepEqual(first.response_format.json_schema.schema.required, Object.keys(briefStage.schema.properties));
    assert.match(retry.messages.at(-1).content, /- \/score must be <= 10\./);
  });
});
