import type { Static, TSchema } from 'typebox';
import type { Taxonomy } from './taxonomy/taxonomy.ts';

/**
 * One analysis: what it reads, what it must answer (a TypeBox schema whose every field carries a description — the
 * model sees those descriptions as instructions), how to ask a model for it, and how to answer offline.
 * Each stage lives in its own folder (`src/ai/<stage>/`): schema.ts, prompt.ts, local.ts, index.ts.
 */
export type StagePrompt = { system: string; user: string };

export type LocalContext = {
  taxonomy: Taxonomy;
};

export type AnalysisStage<I, S extends TSchema> = {
  /** Stable name, used in logs, analysis rows and the fake model servers of the tests. */
  readonly name: string;
  readonly schema: S;
  prompt(input: I): StagePrompt;
  /** The offline analyzer: deterministic, no network, useful on real text. */
  local(input: I, context: LocalContext): Static<S> | Promise<Static<S>>;
  /**
   * Rules the schema cannot express, checked on an answer that already fits it (a task's source must be an excerpt
   * of the brief it plans, …): one sentence per problem, none when the answer holds. A model's answer with problems
   * is asked for again like one that fails the schema; the offline analyzer's own answers are tested against it.
   */
  verify?(output: Static<S>, input: I): string[];
};

export type StageResult<S extends TSchema> = {
  output: Static<S>;
  provider: string;
  model: string | null;
};

/** Runs stages. `local` calls the stage's offline analyzer; model providers ask a model and validate its answer. */
export interface AnalysisProvider {
  readonly name: 'local' | 'openai' | 'anthropic';
  readonly model: string | null;
  run<I, S extends TSchema>(stage: AnalysisStage<I, S>, input: I): Promise<StageResult<S>>;
  /** Releases what the provider holds (the local provider's analysis threads); the entry points call it on exit. */
  close?(): Promise<void>;
}

/** A model answered, but not in the stage's shape after every attempt: the job fails and is retried later. */
export class InvalidModelOutputError extends Error {
  readonly stage: string;
  readonly problems: string[];
  constructor(stage: string, problems: string[]) {
    super(`The model's answer for "${stage}" did not pass its schema and checks: ${problems.slice(0, 5).join('; ')}`);
    this.name = 'InvalidModelOutputError';
    this.stage = stage;
    this.problems = problems;
  }
}

/**
 * The offline analysis of one input ran past a limit of its thread — its deadline (`ANALYSIS_TIMEOUT_MS`) or its heap
 * cap — and the thread was ended. The analyzers are deterministic, so the same input would overrun again: the
 * pipeline ends that analysis as failed with a reason the person sees, rather than retrying it.
 */
export class AnalysisLimitError extends Error {
  readonly stage: string;
  readonly limit: 'deadline' | 'memory';

  constructor(stage: string, limit: 'deadline' | 'memory', detail: string) {
    super(`The offline "${stage}" analysis was stopped: ${detail}.`);
    this.name = 'AnalysisLimitError';
    this.stage = stage;
    this.limit = limit;
  }
}
