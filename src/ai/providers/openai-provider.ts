import OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { ResponseFormatJSONSchema } from 'openai/resources/shared';
import type { TSchema } from 'typebox';
import type { AnalysisProvider, AnalysisStage, StageResult } from '../stage.ts';
import { dropStrictNulls, toJsonSchema, toStrictSchema } from './json-schema.ts';
import {
  apiName,
  type Correction,
  correctionText,
  DEFAULT_RETRY_DELAYS,
  isTransientStatus,
  type ModelSettings,
  type ReplyAnswer,
  type RetryDelays,
  runStage,
  type StructuredModel,
  sdkClientLimits,
} from './structured-output.ts';

/**
 * `AI_PROVIDER=openai`: any endpoint speaking the OpenAI Chat Completions API (OpenAI, Azure OpenAI's v1 endpoint,
 * Ollama, vLLM, …), chosen by `AI_BASE_URL`. The stage's schema goes out as structured output; strict when the schema
 * allows it, so the model is constrained to it, and validated on return either way.
 */
export class OpenAIProvider implements AnalysisProvider {
  readonly name = 'openai' as const;
  readonly model: string;
  readonly #settings: ModelSettings;
  readonly #delays: RetryDelays;
  readonly #client: OpenAI;

  constructor(settings: ModelSettings, delays: RetryDelays = DEFAULT_RETRY_DELAYS) {
    if (!settings.model) throw new Error('AI_MODEL is required for AI_PROVIDER=openai.');
    this.model = settings.model;
    this.#settings = settings;
    this.#delays = delays;
    this.#client = new OpenAI({
      // Local servers (Ollama, vLLM) need no key, but the client insists on one: give it a placeholder and remove
      // the Authorization header it would make from it.
      apiKey: settings.apiKey ?? 'none',
      ...(settings.apiKey === null && { defaultHeaders: { Authorization: null } }),
      baseURL: settings.baseUrl ?? 'https://api.openai.com/v1',
      organization: null,
      project: null,
      ...sdkClientLimits(settings),
    });
  }

  async run<I, S extends TSchema>(stage: AnalysisStage<I, S>, input: I): Promise<StageResult<S>> {
    const model = chatModel(this.#client, this.model, stage.name, stage.schema);
    return runStage(this, model, stage, input, { ...this.#settings, ...this.#delays });
  }
}

function chatModel(client: OpenAI, model: string, stageName: string, schema: TSchema): StructuredModel<ChatCompletion> {
  const strictSchema = toStrictSchema(schema);
  const plainSchema = toJsonSchema(schema);
  const responseFormat: ResponseFormatJSONSchema = {
    type: 'json_schema',
    json_schema: {
      name: apiName(stageName),
      ...(typeof plainSchema.description === 'string' && { description: plainSchema.description }),
      schema: strictSchema ?? plainSchema,
      strict: strictSchema !== null,
    },
  };

  return {
    send(prompt, correction, signal) {
      const messages: ChatCompletionMessageParam[] = [
        { role: 'system', content: prompt.system },
        { role: 'user', content: prompt.user },
        ...correctionMessages(correction),
      ];
      return client.chat.completions.create({ model, messages, response_format: responseFormat }, { signal });
    },
    answer(reply) {
      const answer = parseReply(reply);
      return answer.ok && strictSchema ? { ok: true, value: dropStrictNulls(schema, answer.value) } : answer;
    },
    isTransient(error) {
      if (error instanceof OpenAI.APIConnectionError) return true;
      return error instanceof OpenAI.APIError && isTransientStatus(error.status);
    },
  };
}

function parseReply(reply: ChatCompletion): ReplyAnswer {
  const choice = reply.choices?.[0];
  if (!choice) return { ok: false, problems: ['The reply held no answer.'] };
  if (choice.message.refusal) return { ok: false, problems: [`The model refused: ${choice.message.refusal}`] };
  if (choice.finish_reason === 'length') {
    return { ok: false, problems: ['The answer was cut off before it ended; keep every text field shorter.'] };
  }
  const content = choice.message.content ?? '';
  try {
    return { ok: true, value: JSON.parse(withoutCodeFence(content)) };
  } catch (error) {
    return { ok: false, problems: [`The answer is not valid JSON (${(error as Error).message}).`] };
  }
}

/**
 * Servers that ignore `response_format` (some OpenAI-compatible ones do) leave the model to format its answer, and
 * models like to wrap JSON in a Markdown code fence; the JSON inside is the answer.
 */
function withoutCodeFence(content: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n\s*```\s*$/i.exec(content);
  return fenced ? fenced[1] : content;
}

/** The wrong answer as the model gave it, then what was wrong: the model corrects itself rather than starting over. */
function correctionMessages(correction: Correction<ChatCompletion> | null): ChatCompletionMessageParam[] {
  if (!correction) return [];
  const previous = correction.reply.choices?.[0]?.message.content ?? '';
  return [
    { role: 'assistant', content: previous === '' ? '(no answer)' : previous },
    { role: 'user', content: correctionText(correction.problems) },
  ];
}
