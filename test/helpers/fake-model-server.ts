import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A model API on loopback that speaks just enough of OpenAI's Chat Completions (`POST /v1/chat/completions`) and
 * Anthropic's Messages (`POST /v1/messages`) for the providers, and answers what each test scripts. Every request it
 * receives is recorded, so a test can check what a provider actually sent.
 */
export type FakeReply =
  /** A structured answer: the message content as JSON (OpenAI), the forced tool's input (Anthropic). */
  | { answer: unknown }
  /** Plain text where a structured answer was due. */
  | { text: string }
  /** An answer that ran out of output tokens half-way. */
  | { cutOff: true }
  /** An API error, in the API's own error shape. */
  | { status: number; message?: string }
  /** `reply` after `delayMs`, or never if the client gives up first. */
  | { delayMs: number; reply: FakeReply }
  /** `reply` once `gate` resolves: the test holds a model call (and the job making it) in flight. */
  | { gate: Promise<unknown>; reply: FakeReply }
  /** A reply that starts (status and headers, the first bytes) and never finishes. */
  | { stall: true }
  /** The connection closed without any reply. */
  | { hangUp: true };

export type ReceivedRequest = {
  api: 'openai' | 'anthropic';
  headers: http.IncomingHttpHeaders;
  // biome-ignore lint/suspicious/noExplicitAny: a recorded request body is whatever JSON the client sent.
  body: any;
};

export type FakeModelServer = {
  /** For `AI_PROVIDER=openai`: OpenAI-compatible base URLs end in /v1. */
  openaiBaseUrl: string;
  /** For `AI_PROVIDER=anthropic`: the API's origin. */
  anthropicBaseUrl: string;
  requests: ReceivedRequest[];
  /** Replies for the next requests, in order. */
  next(...replies: FakeReply[]): void;
  /** The reply once the scripted ones are used up (by default a 500 saying nothing is scripted). */
  always(reply: FakeReply): void;
  close(): Promise<void>;
};

export async function startFakeModelServer(): Promise<FakeModelServer> {
  const queue: FakeReply[] = [];
  let fallback: FakeReply = { status: 500, message: 'The fake model server has no reply scripted.' };
  const requests: ReceivedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer(async (request, response) => {
    const api = request.url === '/v1/chat/completions' ? 'openai' : request.url === '/v1/messages' ? 'anthropic' : null;
    if (request.method !== 'POST' || api === null) {
      response.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    requests.push({ api, headers: request.headers, body });
    respond(response, api, body, queue.shift() ?? fallback);
  });

  function respond(response: http.ServerResponse, api: ReceivedRequest['api'], body: unknown, reply: FakeReply) {
    if ('delayMs' in reply) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) respond(response, api, body, reply.reply);
      }, reply.delayMs);
      timers.add(timer);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    if ('gate' in reply) {
      void reply.gate.then(() => {
        if (!response.destroyed) respond(response, api, body, reply.reply);
      });
      return;
    }
    if ('stall' in reply) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"id": ');
      return;
    }
    if ('hangUp' in reply) {
      response.socket?.destroy();
      return;
    }
    if ('status' in reply) {
      const message = reply.message ?? http.STATUS_CODES[reply.status] ?? 'Error';
      sendJson(response, reply.status, api === 'openai' ? openaiError(message) : anthropicError(reply.status, message));
      return;
    }
    sendJson(response, 200, api === 'openai' ? chatCompletion(body, reply) : anthropicMessage(body, reply));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    openaiBaseUrl: `${origin}/v1`,
    anthropicBaseUrl: origin,
    requests,
    next: (...replies) => void queue.push(...replies),
    always: (reply) => void (fallback = reply),
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

type ContentReply = Extract<FakeReply, { answer: unknown } | { text: string } | { cutOff: true }>;

// biome-ignore lint/suspicious/noExplicitAny: request bodies are the client's JSON.
function chatCompletion(request: any, reply: ContentReply) {
  const content = 'answer' in reply ? JSON.stringify(reply.answer) : 'text' in reply ? reply.text : '{"';
  return {
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        finish_reason: 'cutOff' in reply ? 'length' : 'stop',
        logprobs: null,
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: request bodies are the client's JSON.
function anthropicMessage(request: any, reply: ContentReply) {
  const toolName = request.tool_choice?.name ?? request.tools?.[0]?.name;
  const content =
    'answer' in reply
      ? [{ type: 'tool_use', id: `toolu_${randomUUID().replaceAll('-', '')}`, name: toolName, input: reply.answer }]
      : [{ type: 'text', text: 'text' in reply ? reply.text : 'The analysis begins with' }];
  return {
    id: `msg_${randomUUID().replaceAll('-', '')}`,
    type: 'message',
    role: 'assistant',
    model: request.model,
    content,
    stop_reason: 'cutOff' in reply ? 'max_tokens' : 'answer' in reply ? 'tool_use' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 100, output_tokens: 50 },
  };
}

function openaiError(message: string) {
  return { error: { message, type: 'server_error', param: null, code: null } };
}

function anthropicError(status: number, message: string) {
  const type = status === 429 ? 'rate_limit_error' : status === 529 ? 'overloaded_error' : 'api_error';
  return { type: 'error', error: { type, message } };
}

function sendJson(response: http.ServerResponse, status: number, value: unknown) {
  const body = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  response.end(body);
}
