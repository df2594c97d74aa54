import { setTimeout as sleep } from 'node:timers/promises';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { Config } from '../../config.ts';
import { type AnalysisStage, InvalidModelOutputError, type StagePrompt, type StageResult } from '../stage.ts';

/**
 * The one retry loop behind every model provider. A provider only knows how to send a request to its API and where
 * the answer sits in the reply; asking again, telling the model what was wrong, timing out, backing off and
 * validating against the stage's schema happen here, once.
 */

/** What a reply carried: the parsed answer, or why there is none (plain text where JSON was due, a refusal, …). */
export type ReplyAnswer = { ok: true; value: unknown } | { ok: false; problems: string[] };

/** The previous reply and what was wrong with it, so the next request can show the model its mistake. */
export type Correction<Reply> = { reply: Reply; problems: string[] };

export interface StructuredModel<Reply> {
  /** One request to the API. `signal` aborts it when the attempt's time is up. */
  send(prompt: StagePrompt, correction: Correction<Reply> | null, signal: AbortSignal): Promise<Reply>;
  /** The answer in a reply, before validation. */
  answer(reply: Reply): ReplyAnswer;
  /** Whether a failed request is worth repeating (network, timeout, 429, 5xx) rather than a mistake (400, 401). */
  isTransient(error: unknown): boolean;
}

export type RetryPolicy = {
  maxAttempts: number;
  timeoutMs: number;
  /** Wait before the first repeat of a failed request; doubled for each further one, up to `maxDelayMs`. */
  firstDelayMs: number;
  maxDelayMs: number;
};

export type RetryDelays = Pick<RetryPolicy, 'firstDelayMs' | 'maxDelayMs'>;

export const DEFAULT_RETRY_DELAYS: RetryDelays = { firstDelayMs: 500, maxDelayMs: 5_000 };

/** `AI_BASE_URL`, `AI_API_KEY`, `AI_MODEL`, `AI_TIMEOUT_MS`, `AI_MAX_ATTEMPTS`. */
export type ModelSettings = Config['ai'];

/** The model could not be reached, or kept failing, for every attempt: the job fails and is retried later. */
export class ModelUnavailableError extends Error {
  readonly stage: string;
  readonly attempts: number;
  constructor(stage: string, attempts: number, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`The model did not answer "${stage}" after ${attempts} attempt(s): ${reason}`, { cause });
    this.name = 'ModelUnavailableError';
    this.stage = stage;
    this.attempts = attempts;
  }
}

/**
 * Asks the model for the stage's answer until one passes the stage's schema and its verifier. An answer that fails
 * either is asked for again at once, with the problems listed; a request that fails for a passing reason is repeated
 * after a short, growing wait. Either way at most `maxAttempts` requests are made, and the last failure is thrown.
 */
async function requestStructured<Reply, I, S extends TSchema>(
  model: StructuredModel<Reply>,
  stage: AnalysisStage<I, S>,
  input: I,
  policy: RetryPolicy,
): Promise<Static<S>> {
  const prompt = stage.prompt(input);
  let correction: Correction<Reply> | null = null;
  let failure: { problems: string[] } | { error: unknown } = { problems: [] };
  let failedRequests = 0;

  for (let attempt = 1; attempt <= policy.maxAttempts; attempt++) {
    if (failedRequests > 0 && 'error' in failure) await sleep(retryDelay(policy, failedRequests));

    const signal = AbortSignal.timeout(policy.timeoutMs);
    let reply: Reply;
    try {
      reply = await model.send(prompt, correction, signal);
    } catch (error) {
      if (signal.aborted) {
        failure = { error: new Error(`no answer within ${policy.timeoutMs} ms`, { cause: error }) };
      } else if (model.isTransient(error)) {
        failure = { error };
      } else {
        throw error;
      }
      failedRequests++;
      continue;
    }

    const answer = model.answer(reply);
    const checked = answer.ok ? checkAnswer(stage, input, answer.value) : { problems: answer.problems };
    if ('output' in checked) return checked.output;
    const { problems } = checked;
    correction = { reply, problems };
    failure = { problems };
  }

  if ('error' in failure) throw new ModelUnavailableError(stage.name, policy.maxAttempts, failure.error);
  throw new InvalidModelOutputError(stage.name, failure.problems);
}

/**
 * The SDK client's own limits, for a provider whose requests go through `requestStructured`: the deadline that counts
 * is requestStructured's (it also covers reading the body), so the client's only backs it up; and retries happen in
 * requestStructured, where they are counted against AI_MAX_ATTEMPTS.
 */
export function sdkClientLimits(settings: ModelSettings): { timeout: number; maxRetries: 0 } {
  return { timeout: settings.timeoutMs + 1_000, maxRetries: 0 };
}

/** A model provider's `run`: the stage's answer from `model`, labelled with the provider and model that gave it. */
export async function runStage<Reply, I, S extends TSchema>(
  provider: { readonly name: string; readonly model: string },
  model: StructuredModel<Reply>,
  stage: AnalysisStage<I, S>,
  input: I,
  policy: RetryPolicy,
): Promise<StageResult<S>> {
  const output = await requestStructured(model, stage, input, policy);
  return { output, provider: provider.name, model: provider.model };
}

/** The answer cleaned to what the schema names, when it fits the schema and passes the stage's verifier. */
function checkAnswer<I, S extends TSchema>(
  stage: AnalysisStage<I, S>,
  input: I,
  value: unknown,
): { output: Static<S> } | { problems: string[] } {
  const problems = schemaProblems(stage.schema, value);
  if (problems.length > 0) return { problems };
  const output = Value.Clean(stage.schema, value) as Static<S>;
  const rejected = stage.verify?.(output, input).slice(0, MAX_PROBLEMS) ?? [];
  return rejected.length > 0 ? { problems: rejected } : { output };
}

const MAX_PROBLEMS = 20;

/** What is wrong with a value against a schema, one sentence per problem, each naming where (a JSON pointer). */
export function schemaProblems(schema: TSchema, value: unknown): string[] {
  if (Value.Check(schema, value)) return [];
  const problems = new Set<string>();
  // A union of literals fails once per literal; the model is better told the values it may choose from.
  const allowedValues = new Map<string, unknown[]>();
  for (const error of Value.Errors(schema, value)) {
    const where = error.instancePath === '' ? 'The answer' : error.instancePath;
    if (error.keyword === 'const') {
      allowedValues.set(where, [...(allowedValues.get(where) ?? []), error.params.allowedValue]);
      continue;
    }
    const allowed = allowedValues.get(where);
    if (error.keyword === 'anyOf' && allowed) {
      problems.add(`${where} must be one of ${allowed.map((item) => JSON.stringify(item)).join(', ')}.`);
      allowedValues.delete(where);
    } else {
      problems.add(`${where} ${error.message}.`);
    }
    if (problems.size === MAX_PROBLEMS) break;
  }
  for (const [where, allowed] of allowedValues) problems.add(`${where} must be ${JSON.stringify(allowed[0])}.`);
  return [...problems].slice(0, MAX_PROBLEMS);
}

/** The text that tells the model why its previous answer was not accepted. */
export function correctionText(problems: string[]): string {
  return [
    'Your previous answer could not be used:',
    ...problems.map((problem) => `- ${problem}`),
    'Answer again, completely, so that the answer matches the schema exactly and none of these problems remain.',
  ].join('\n');
}

/** Statuses worth repeating a request for: rate limited, timed out at a gateway, or a server-side failure. */
export function isTransientStatus(status: number | undefined): boolean {
  return status === 408 || status === 409 || status === 429 || (status !== undefined && status >= 500);
}

/** A stage name as the APIs accept it for a schema or tool name: letters, digits, `_` and `-`, at most 64. */
export function apiName(stageName: string): string {
  return stageName.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64) || 'answer';
}

/** Jittered so that many workers retrying after one outage do not arrive together. */
function retryDelay(policy: RetryPolicy, failedRequests: number): number {
  const base = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (failedRequests - 1));
  return Math.round(base * (0.75 + Math.random() * 0.25));
}
