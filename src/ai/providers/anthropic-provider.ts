import Anthropic from '@anthropic-ai/sdk';
import type { ContentBlockParam, Message, MessageParam, Tool } from '@anthropic-ai/sdk/resources/messages';
import type { TSchema } from 'typebox';
import type { AnalysisProvider, AnalysisStage, StageResult } from '../stage.ts';
import { toJsonSchema } from './json-schema.ts';
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
 * Room for the largest stage answer (a decomposition of up to 5 workstreams × 8 tasks with descriptions and
 * acceptance criteria). The Messages API requires a limit; every current Claude model allows at least this many.
 */
const MAX_OUTPUT_TOKENS = 8192;

/**
 * `AI_PROVIDER=anthropic`: the Messages API, with structured output through one tool whose input schema is the
 * stage's schema and which the model is made to call; the tool's input is the answer, validated like any other.
 */
export class AnthropicProvider implements AnalysisProvider {
  readonly name = 'anthropic' as const;
  readonly model: string;
  readonly #settings: ModelSettings;
  readonly #delays: RetryDelays;
  readonly #client: Anthropic;

  constructor(settings: ModelSettings, delays: RetryDelays = DEFAULT_RETRY_DELAYS) {
    if (!settings.model) throw new Error('AI_MODEL is required for AI_PROVIDER=anthropic.');
    if (!settings.apiKey) throw new Error('AI_API_KEY is required for AI_PROVIDER=anthropic.');
    this.model = settings.model;
    this.#settings = settings;
    this.#delays = delays;
    this.#client = new Anthropic({
      apiKey: settings.apiKey,
      baseURL: settings.baseUrl ?? 'https://api.anthropic.com',
      ...sdkClientLimits(settings),
    });
  }

  async run<I, S extends TSchema>(stage: AnalysisStage<I, S>, input: I): Promise<StageResult<S>> {
    const model = toolModel(this.#client, this.model, stage.name, stage.schema);
    return runStage(this, model, stage, input, { ...this.#settings, ...this.#delays });
  }
}

function toolModel(client: Anthropic, model: string, stageName: string, schema: TSchema): StructuredModel<Message> {
  const inputSchema = toJsonSchema(schema);
  if (inputSchema.type !== 'object') throw new Error(`The schema of stage "${stageName}" must be an object.`);
  const tool: Tool = {
    name: apiName(stageName),
    description:
      typeof inputSchema.description === 'string' ? inputSchema.description : `Record the ${stageName} analysis.`,
    input_schema: inputSchema as Tool.InputSchema,
  };

  return {
    send(prompt, correction, signal) {
      const messages: MessageParam[] = [{ role: 'user', content: prompt.user }, ...correctionMessages(correction)];
      return client.messages.create(
        {
          model,
          max_tokens: MAX_OUTPUT_TOKENS,
          system: prompt.system,
          messages,
          tools: [tool],
          tool_choice: { type: 'tool', name: tool.name },
        },
        { signal },
      );
    },
    answer(reply) {
      return toolInput(reply, tool.name);
    },
    isTransient(error) {
      if (error instanceof Anthropic.APIConnectionError) return true;
      return error instanceof Anthropic.APIError && isTransientStatus(error.status);
    },
  };
}

function toolInput(reply: Message, toolName: string): ReplyAnswer {
  if (reply.stop_reason === 'max_tokens') {
    return { ok: false, problems: ['The answer was cut off before it ended; keep every text field shorter.'] };
  }
  if (reply.stop_reason === 'refusal') return { ok: false, problems: ['The model refused to answer.'] };
  const call = reply.content?.find((block) => block.type === 'tool_use' && block.name === toolName);
  if (call?.type === 'tool_use') return { ok: true, value: call.input };
  return { ok: false, problems: [`The answer must be given by calling the tool "${toolName}", not as text.`] };
}

/**
 * The model's wrong turn as it was, then what was wrong. After a tool call the Messages API requires the next turn
 * to answer it, so the problems travel as that call's error result.
 */
function correctionMessages(correction: Correction<Message> | null): MessageParam[] {
  if (!correction) return [];
  const previous: ContentBlockParam[] = [];
  for (const block of correction.reply.content ?? []) {
    if (block.type === 'text') previous.push({ type: 'text', text: block.text });
    if (block.type === 'tool_use')
      previous.push({ type: 'tool_use', id: block.id, name: block.name, input: block.input });
  }
  const text = correctionText(correction.problems);
  const toolResults: ContentBlockParam[] = previous
    .filter((block) => block.type === 'tool_use')
    .map((block) => ({ type: 'tool_result', tool_use_id: block.id, is_error: true, content: text }));
  return [
    { role: 'assistant', content: previous.length > 0 ? previous : [{ type: 'text', text: '(no answer)' }] },
    { role: 'user', content: toolResults.length > 0 ? toolResults : [{ type: 'text', text }] },
  ];
}
