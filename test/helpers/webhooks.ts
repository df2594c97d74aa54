import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Db } from '../../src/db/database.ts';
import type { JobName } from '../../src/jobs/job-names.ts';
import { usersWhoMayHaveWebhooks } from '../../src/modules/webhooks/webhook-subscribers.ts';
import { insertWebhook, usersWithActiveWebhooks } from '../../src/modules/webhooks/webhooks.repository.ts';
import { jobRegistry } from '../../src/pipeline/job-registry.ts';
import { startOutboxRelay } from '../../src/pipeline/outbox-relay.ts';
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
  const answers: Answer[] = [];
  /** For each answer with `endless`, how many bytes were written before the client hung up. */
  const endlessWritten: number[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body, json: JSON.parse(body) });
      const answer = answers.shift() ?? { status: 200 };
      response.writeHead(answer.status, answer.headers);
      if (answer.endless) return writeUntilHungUp(response, endlessWritten);
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
    endlessWritten,
    answer(...next: Answer[]) {
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

/** `endless`: a body that goes on (up to 64 MB) until the client stops reading and hangs up. */
type Answer = { status: number; body?: string; headers?: Record<string, string>; endless?: boolean };

const ENDLESS_LIMIT = 64 * 1024 * 1024;

function writeUntilHungUp(response: http.ServerResponse, written: number[]): void {
  const chunk = Buffer.alloc(16 * 1024, 'a');
  let total = 0;
  const index = written.push(0) - 1;
  const more = () => {
    while (!response.destroyed && total < ENDLESS_LIMIT) {
      total += chunk.length;
      written[index] = total;
      if (!response.write(chunk)) return void response.once('drain', more);
    }
    if (!response.destroyed) response.end();
  };
  more();
}

const silent = { info() {}, warn() {}, error() {} };

/**
 * Runs what delivers webhooks (or, with `jobs`, other outbox jobs such as notification e-mails) in production beside
 * the test application: the job worker of its engine and the outbox relay. The context should be made with a short
 * WORKER_POLL_MS (see DELIVERY_ENV).
 */
export async function startDelivering(ctx: TestContext, jobs: readonly JobName[] = ['webhook.deliver']) {
  const worker = await ctx.deps.queue.startWorker(jobRegistry, ctx.deps, silent, { only: jobs });
  const relay = startOutboxRelay(ctx.deps, silent);
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

/**
 * A webhook row written directly, past the API's checks of its URL: for a URL the API would refuse (one that now
 * resolves to loopback) or a subscription a test needs without a round trip. Returns its id.
 */
export async function insertWebhookRow(
  db: Db,
  userId: number,
  overrides: { url?: string; events?: string[]; secret?: string } = {},
): Promise<number> {
  const { id } = await insertWebhook(db, {
    user_id: userId,
    url: overrides.url ?? 'https://hooks.example.com/guild',
    events: JSON.stringify(overrides.events ?? ['notification.created']),
    description: null,
    secret: overrides.secret ?? 'whsec_test',
    now: new Date().toISOString(),
  });
  return id;
}

/**
 * Waits until the process's set of webhook subscribers on `db` is trusted (webhook-subscribers.ts): from then on a
 * write none of whose recipients has a webhook runs no webhook statement. On PostgreSQL that is once the process
 * listens for the news of new subscribers, a moment after the database is opened.
 */
export async function subscribersKnown(db: Db): Promise<void> {
  const nobody = 0;
  await waitFor('the set of webhook subscribers', async () => {
    const first = await usersWhoMayHaveWebhooks(db, [nobody], usersWithActiveWebhooks);
    const second = await usersWhoMayHaveWebhooks(db, [nobody], usersWithActiveWebhooks);
    return first.length === 0 && second.length === 0;
  });
}
