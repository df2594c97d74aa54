import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { TSchema } from 'typebox';
import { AnalysisLimitError, type AnalysisProvider, type AnalysisStage, type StageResult } from '../stage.ts';
import type { AnalysisTask, AnalysisThreadData } from './analysis-thread.ts';

/**
 * `AI_PROVIDER=local` as the service runs it: every stage's offline analyzer runs in a worker thread of a small pool
 * (piscina), so an analysis that computes for long never holds the event loop that answers HTTP (issue 10, item 1).
 * An analysis that overruns its deadline, or the thread's heap cap, ends its thread (the only way to stop code that
 * computes) and fails with `AnalysisLimitError`; the next analysis gets a fresh thread. Threads start on the first
 * analysis, are kept between analyses (each reads the taxonomy once), and do not keep the process alive while idle.
 */
export type AnalysisThreadOptions = {
  /** Threads analysing at the same time (ANALYSIS_THREADS); more analyses wait in the pool's queue. */
  threads: number;
  /**
   * Deadline of one analysis (ANALYSIS_TIMEOUT_MS), counted from when a thread takes it up: neither its wait behind
   * other analyses nor a new thread's start (reading the taxonomy, 1–4 s) counts against the input.
   */
  timeoutMs: number;
  /** Modules whose exported stages the threads know besides the pipeline's (a test's own stages). */
  stageModules?: URL[];
  /** Heap cap of each thread. */
  heapMb?: number;
};

/**
 * Heap for one analysis thread: the taxonomy with its phrase index (about 26 MB), the NLP model and one input's work
 * take about 100 MB; an input that needs several times that is not a CV or a brief a person wrote.
 */
const THREAD_HEAP_MB = 384;

export class LocalThreadProvider implements AnalysisProvider {
  readonly name = 'local' as const;
  readonly model = null;
  readonly #pool: Piscina<AnalysisTask, unknown>;
  readonly #timeoutMs: number;

  constructor(options: AnalysisThreadOptions) {
    const workerData: AnalysisThreadData = { stageModules: (options.stageModules ?? []).map(String) };
    this.#pool = new Piscina({
      filename: new URL('./analysis-thread.ts', import.meta.url).href,
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? THREAD_HEAP_MB },
      workerData,
    });
    // A thread that dies while idle is replaced by the next analysis; the pool reports it here, not to anyone waiting.
    this.#pool.on('error', () => {});
    this.#timeoutMs = options.timeoutMs;
  }

  async run<I, S extends TSchema>(stage: AnalysisStage<I, S>, input: I): Promise<StageResult<S>> {
    // The thread says when it takes the task up; the deadline starts then.
    const { port1: startedHere, port2: startedThere } = new MessageChannel();
    const deadline = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    startedHere.once('message', () => {
      timer = setTimeout(() => deadline.abort(), this.#timeoutMs);
    });
    try {
      const task: AnalysisTask = { stage: stage.name, input, started: startedThere };
      const output = await this.#pool.run(task, { signal: deadline.signal, transferList: [startedThere] });
      return { output: output as StageResult<S>['output'], provider: this.name, model: null };
    } catch (error) {
      if (deadline.signal.aborted) {
        throw new AnalysisLimitError(stage.name, 'deadline', `no answer within ${this.#timeoutMs} ms`);
      }
      if ((error as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY') {
        throw new AnalysisLimitError(stage.name, 'memory', 'the analysis thread ran out of its heap');
      }
      throw error;
    } finally {
      clearTimeout(timer);
      startedHere.close();
    }
  }

  /** Ends the threads (an analysis still running fails); the entry points and tests call it on exit. */
  async close(): Promise<void> {
    await this.#pool.destroy();
  }
}
