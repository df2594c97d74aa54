import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from 'typebox';
import { AnalysisLimitError, type AnalysisProvider, type AnalysisStage } from '../ai/stage.ts';
import { Metrics } from './metrics.ts';
import { observeAnalyses } from './observed-provider.ts';

const stage = (name: string): AnalysisStage<string, ReturnType<typeof Type.Object>> => ({
  name,
  schema: Type.Object({}),
  prompt: () => ({ system: '', user: '' }),
  local: () => ({}),
});

/** A provider that answers, overruns or fails as the input says. */
const scripted: AnalysisProvider = {
  name: 'local',
  model: null,
  async run(current, input) {
    if (input === 'overrun') throw new AnalysisLimitError(current.name, 'deadline', 'it ran for too long');
    if (input === 'fail') throw new Error('no answer');
    return { output: {} as never, provider: 'local', model: null };
  },
};

describe('observeAnalyses', () => {
  it('counts each stage run as succeeded, overrun or failed, and passes errors on', async () => {
    const metrics = new Metrics({ processMetrics: false });
    const provider = observeAnalyses(scripted, metrics);
    await provider.run(stage('cv'), 'ok');
    await provider.run(stage('cv'), 'ok');
    await assert.rejects(provider.run(stage('cv'), 'overrun'), AnalysisLimitError);
    await assert.rejects(provider.run(stage('brief'), 'fail'), /no answer/);
    const text = (await metrics.render()).body;
    assert.match(text, /^guild_analysis_runs_total\{stage="cv",outcome="succeeded"\} 2$/m);
    assert.match(text, /^guild_analysis_runs_total\{stage="cv",outcome="overrun"\} 1$/m);
    assert.match(text, /^guild_analysis_runs_total\{stage="brief",outcome="failed"\} 1$/m);
  });
});
