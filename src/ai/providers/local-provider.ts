import type { TSchema } from 'typebox';
import type { AnalysisProvider, AnalysisStage, LocalContext, StageResult } from '../stage.ts';

/** `AI_PROVIDER=local`: every stage answered by its offline analyzer. Deterministic, no network, no key. */
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
