import type { TSchema } from 'typebox';
import type { AnalysisProvider, AnalysisStage, LocalContext, StageResult } from '../stage.ts';

/**
 * Every stage answered by its offline analyzer, in the calling thread. Deterministic, no network, no key. The service
 * runs `AI_PROVIDER=local` through `LocalThreadProvider` (the analyses in worker threads, with a deadline); this one is
 * for tools that serve no requests and may pass a taxonomy of their own (the eval, the benchmarks, stage tests).
 */
export class LocalProvider implements AnalysisProvider {
  readonly name = 'local' as const;
  readonly model = null;
  readonly #context: LocalContext;

  constructor(context: LocalContext) {
    this.#context = context;
  }

  async run<I, S extends TSchema>(stage: AnalysisStage<I, S>, input: I): Promise<StageResult<S>> {
    return { output: await stage.local(input, this.#context), provider: this.name, model: null };
  }
}
