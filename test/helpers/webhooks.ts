import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';
import { startWebhookRelay } from '../../src/pipeline/webhooks/webhook-relay.ts';
import { waitFor } from '../jobs/wait-for.ts';
import { apiClient } from './client.ts';
import type { TestContext } from './context.ts';

export type ReceivedWebhook = { headers: http.IncomingHttpHeaders; body: string; json: any };

/**
 * A webhook endpoint on loopback: records every request and answers the statuses queued with `answer` (200 once
 * they are used up), with an optional body.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const answers: { status: number; body?: string; headers?: Record<string, string> }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body, json: JSON.parse(body) });
      const answer = answers.shift() ?? { status: 200 };
      response.writeHead(answer.status, answer.headers);
      response.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** Queues the answers of the next requests. */
    answer(...next: { status: number; body?: string; headers?: Record<string, string> }[]) {
      answers.push(...next);
    },
    /** Waits until `count` requests came in, and returns them. */
    waitForRequests(count: number) {
      return waitFor(`${count} webhook requests`, async () => received.length >= count && received.slice(0, count));
    },
    /** Waits for a request whose body passes `match`, and returns that body. */
    waitForEvent(what: string, match: (event: any) => boolean) {
      return waitFor(what, async () => received.find((request) => match(request.json))?.json);
    },
    /** The types of the events received so far, in order. */
    types: () => received.map((request) => request.json.type as string),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

const silent = { info() {}, warn() {}, error() {} };

/**
 * Runs what delivers webhooks in production beside the test application: the job worker of its engine and the
 * outbox relay. The context should be made with a short WORKER_POLL_MS (see DELIVERY_ENV).
 */
export async function startDelivering(ctx: TestContext) {
  const worker = await ctx.deps.queue.startWorker(jobRegistry, ctx.deps, silent, { only: ['webhook.deliver'] });
  const relay = startWebhookRelay(ctx.deps, silent);
  return {
    stop: async () => {
      await relay.stop();
      await worker.stop();
    },
  };
}

/** Settings of a context whose tests send webhooks to receivers on 127.0.0.1 and retry at once. */
export const DELIVERY_ENV = {
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
  WEBHOOK_RETRY_DELAYS: '0,0',
  WORKER_POLL_MS: '20',
};

/** Creates a webhook for the owner of `token` to `url`; returns its id and secret. */
export async function createWebhook(ctx: TestContext, token: string, url: string, events: string[] = ['*']) {
  const response = await apiClient(ctx.app, token).post('/api/webhooks', { url, events });
  if (response.statusCode !== 201)
    throw new Error(`POST /api/webhooks answered ${response.statusCode}: ${response.body}`);
  return response.data.data as { id: number; secret: string };
}

/** A delivery of the webhook's log once it has settled (not pending), as the API shows it. */
export async function settledDelivery(ctx: TestContext, token: string, webhookId: number, deliveryId: number) {
  const api = apiClient(ctx.app, token);
  return waitFor(`delivery ${deliveryId} to settle`, async () => {
    const response = await api.get(`/api/webhooks/${webhookId}/deliveries/${deliveryId}`);
    return response.data?.data?.status !== 'pending' && response.data.data;
  });
}
