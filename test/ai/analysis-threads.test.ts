import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, describe, it } from 'node:test';
import { threadId } from 'node:worker_threads';
import { briefStage } from '../../src/ai/brief/index.ts';
import { LocalThreadProvider } from '../../src/ai/providers/local-thread-provider.ts';
import { AnalysisLimitError } from '../../src/ai/stage.ts';
import { loadTaxonomy } from '../../src/ai/taxonomy/taxonomy.ts';
import { busyStage, hoggingStage, THREAD_STAGES_MODULE } from './analysis-thread-stages.ts';

/**
 * `AI_PROVIDER=local` runs each analysis in a worker thread with a deadline (issue 10, item 1): an analysis that
 * overruns is stopped with a typed error and its thread replaced; waiting for a thread does not count; the threads
 * answer the pipeline's own stages; idle threads do not keep the process alive.
 */
describe('analysis threads', () => {
  const providers: LocalThreadProvider[] = [];
  const provider = (options: { threads?: number; timeoutMs: number; heapMb?: number }) => {
    const made = new LocalThreadProvider({ threads: 1, stageModules: [THREAD_STAGES_MODULE], ...options });
    providers.push(made);
    return made;
  };
  after(() => Promise.all(providers.map((made) => made.close())));

  it('stops an analysis past its deadline with AnalysisLimitError, and the next analysis gets a fresh thread', async () => {
    const analyses = provider({ timeoutMs: 500 });
    const first = await analyses.run(busyStage, { ms: 0 });
    assert.notEqual(first.output.threadId, threadId, 'the analysis ran in another thread');

    const started = performance.now();
    await assert.rejects(analyses.run(busyStage, { ms: 60_000 }), (error) => {
      assert.ok(error instanceof AnalysisLimitError);
      assert.equal(error.stage, 'test-busy');
      assert.equal(error.limit, 'deadline');
      assert.match(error.message, /no answer within 500 ms/);
      return true;
    });
    const elapsed = performance.now() - started;
    assert.ok(elapsed >= 500, `stopped after ${elapsed} ms, before the deadline`);
    assert.ok(elapsed < 10_000, `stopped only after ${elapsed} ms`);

    const next = await analyses.run(busyStage, { ms: 10 });
    assert.notEqual(next.output.threadId, first.output.threadId, 'the stopped thread was replaced');
  });

  it('counts the deadline from when a thread takes the analysis up, not while it waits for one', async () => {
    const analyses = provider({ timeoutMs: 1500 });
    await analyses.run(busyStage, { ms: 0 });
    // One thread: the second analysis waits about a second, then computes about a second; each is within 1.5 s.
    const results = await Promise.all([analyses.run(busyStage, { ms: 1000 }), analyses.run(busyStage, { ms: 1000 })]);
    assert.equal(results.length, 2);
  });

  it('stops an analysis that fills its thread’s heap with AnalysisLimitError, and goes on', async () => {
    const analyses = provider({ timeoutMs: 60_000, heapMb: 96 });
    await assert.rejects(analyses.run(hoggingStage, {}), (error) => {
      assert.ok(error instanceof AnalysisLimitError);
      assert.equal(error.limit, 'memory');
      return true;
    });
    assert.ok((await analyses.run(busyStage, { ms: 0 })).output.threadId > 0);
  });

  it('answers the pipeline’s stages as the offline analyzer does in this thread', async () => {
    const analyses = provider({ timeoutMs: 20_000 });
    const brief = { title: 'Volunteer rota app', description: 'Build a small web app for our volunteer rota.' };
    const { output, provider: name, model } = await analyses.run(briefStage, brief);
    assert.deepEqual(output, await briefStage.local(brief, { taxonomy: loadTaxonomy() }));
    assert.deepEqual([name, model], ['local', null]);
  });

  it('does not keep the process alive while its threads are idle', () => {
    // A process that analyses once and never closes the provider must still end by itself.
    const script = [
      `import { LocalThreadProvider } from ${JSON.stringify(new URL('../../src/ai/providers/local-thread-provider.ts', import.meta.url).href)};`,
      `import { busyStage } from ${JSON.stringify(THREAD_STAGES_MODULE.href)};`,
      `const analyses = new LocalThreadProvider({ threads: 1, timeoutMs: 20000, stageModules: [new URL(${JSON.stringify(THREAD_STAGES_MODULE.href)})] });`,
      'await analyses.run(busyStage, { ms: 0 });',
      "console.log('analysed');",
    ].join('\n');
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stdout.trim(), 'analysed');
  });
});
