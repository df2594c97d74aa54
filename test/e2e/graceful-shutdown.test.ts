import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { cvStage } from '../../src/ai/cv/index.ts';
import { loadConfig } from '../../src/config.ts';
import type { Dialect } from '../../src/db/column-types.ts';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { testDialects } from '../helpers/context.ts';
import { createVolunteer } from '../helpers/factories.ts';
import { type FakeModelServer, startFakeModelServer } from '../helpers/fake-model-server.ts';
import { docxFile, fileForm } from '../helpers/file-fixtures.ts';
import { waitFor } from '../jobs/wait-for.ts';
import { Cleanup, scratchDeploymentEnv } from './e2e-world.ts';
import { queuedPayloads } from './journey.ts';
import { type ServerProcess, startServer, startWorker } from './server-process.ts';

/** A CV analysis the model "answers": valid against the stage's schema, with nothing in it. */
const CV_ANSWER = Value.Create(cvStage.schema);
const UPLOAD = '/api/volunteers/upload-cv';

type Outcome = { status?: number; error?: string };

/** A request on a connection of its own (no keep-alive), so that a refused connection is seen as one. */
function request(url: string, token: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const sent = http.get(url, {
      agent: false,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    sent.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode }));
    });
    sent.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
}

/**
 * A CV upload whose body arrives in two halves: the server has the request (it answered `100 Continue`) when
 * `sendRest` is called, and the response comes after the second half. The request in flight at SIGTERM.
 */
async function slowUpload(baseUrl: string, token: string) {
  const form = new Request('http://localhost', {
    method: 'POST',
    body: fileForm('cv', docxFile('Bob Builder. Skills: carpentry, scheduling.'), 'cv.docx'),
  });
  const body = Buffer.from(await form.arrayBuffer());
  const half = Math.floor(body.length / 2);
  const sent = http.request(new URL(UPLOAD, baseUrl), {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'application/json',
      'content-type': form.headers.get('content-type')!,
      'content-length': String(body.length),
      expect: '100-continue',
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    sent.on('response', (answer) => {
      let text = '';
      answer.on('data', (chunk) => (text += chunk));
      answer.on('end', () => resolve({ status: answer.statusCode!, body: text }));
    });
    sent.on('error', reject);
  });
  await new Promise<void>((resolve) => sent.once('continue', resolve));
  sent.write(body.subarray(0, half));
  return { sendRest: () => sent.end(body.subarray(half)), response };
}

function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * SIGTERM mid-traffic on the real server (`node src/server.ts`, embedded worker) and on a worker process: no request
 * fails except connections refused once the listener closed, a slow upload in flight completes, the job running at
 * the signal completes, a job queued during the shutdown waits for the next worker, and a job still running at the
 * deadline goes back to the queue and is run by another worker. The analysis calls a model on loopback that answers
 * when the test says, so "running at the signal" is a fact, not a timing.
 */
for (const dialect of testDialects()) {
  describe(`Graceful shutdown [${dialect}]`, () => {
    const cleanup = new Cleanup();
    let model: FakeModelServer;
    let env: Record<string, string>;
    let database: DatabaseHandle;

    before(async () => {
      model = await startFakeModelServer();
      cleanup.defer(() => model.close());
      env = {
        ...(await scratchDeploymentEnv(dialect, cleanup, 'shutdown')),
        AI_PROVIDER: 'openai',
        AI_MODEL: 'fake-model',
        AI_BASE_URL: model.openaiBaseUrl,
        AI_MAX_ATTEMPTS: '1',
        WORKER_POLL_MS: '50',
        WORKER_CONCURRENCY: '1',
      };
      database = createDatabase({ url: loadConfig(env).databaseUrl, poolSize: 2 });
      cleanup.defer(() => database.destroy());
    });
    after(() => cleanup.run());

    const analysisStatus = async (volunteerId: number) =>
      (
        await database.db
          .selectFrom('volunteers')
          .select('ai_analysis_status')
          .where('id', '=', volunteerId)
          .executeTakeFirstOrThrow()
      ).ai_analysis_status;
    const cvJobs = () =>
      queuedPayloads(database.db, 'volunteer.analyze-cv') as Promise<Array<{ status: string; volunteerId: number }>>;

    let server: ServerProcess;
    let alice: Awaited<ReturnType<typeof createVolunteer>>;
    let bob: Awaited<ReturnType<typeof createVolunteer>>;

    it('finishes the requests and the job in flight at SIGTERM, refuses only new connections, and exits 0', async () => {
      // A drain delay, as behind a balancer: readiness says "stopping" while the listener is still open.
      server = await startServer({ ...env, SHUTDOWN_DELAY_MS: '3000' });
      cleanup.defer(() => server.stop());
      alice = await createVolunteer(database.db);
      bob = await createVolunteer(database.db);

      // Alice's CV analysis is running at the signal: the worker waits for the model, which waits for the test.
      const modelAnswers = gate();
      model.next({ gate: modelAnswers.opened, reply: { answer: CV_ANSWER } });
      const form = fileForm('cv', docxFile('Alice Smith. Skills: Python, PostgreSQL.'), 'cv.docx');
      const uploaded = await fetch(new URL(UPLOAD, server.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${alice.token}`, accept: 'application/json' },
        body: form,
      });
      assert.equal(uploaded.status, 200, await uploaded.text());
      await waitFor('the worker to ask the model about the CV', async () => model.requests.length === 1);

      // Bob's upload is in flight: the server has its headers and half its body.
      const upload = await slowUpload(server.url, bob.token);

      // What the server received and answered, from its request log.
      const received = new Set<unknown>();
      const answered = new Map<unknown, unknown>();
      let shuttingDown = false;
      server.onLog((entry) => {
        if (entry.msg === 'shutting down') shuttingDown = true;
        const url = (entry.req as { url?: string } | undefined)?.url;
        if (entry.msg === 'incoming request' && url === '/api/user') received.add(entry.reqId);
        if (entry.msg === 'request completed' && received.has(entry.reqId)) {
          answered.set(entry.reqId, (entry.res as { statusCode?: number }).statusCode);
        }
      });

      // Traffic from four clients until each is refused.
      const outcomes: Outcome[] = [];
      const client = async () => {
        for (;;) {
          const outcome = await request(new URL('/api/user', server.url).toString(), alice.token);
          outcomes.push(outcome);
          if (outcome.error === 'ECONNREFUSED') return;
        }
      };
      const traffic = Promise.all([client(), client(), client(), client()]);
      await waitFor('some traffic', async () => outcomes.length >= 20);

      const exited = server.terminate();
      await waitFor('the server to start its shutdown', async () => shuttingDown);
      const readiness = await fetch(new URL('/api/health/ready', server.url));
      assert.equal(readiness.status, 503);
      assert.equal(readiness.headers.get('connection'), 'close', 'a stopping server asks clients to reconnect');
      assert.equal(((await readiness.json()) as { status: string }).status, 'stopping');
      await traffic;
      upload.sendRest();
      const bobsUpload = await upload.response;
      assert.equal(bobsUpload.status, 200, `the upload in flight completes: ${bobsUpload.body}`);
      modelAnswers.open();
      assert.equal(await exited, 0, server.logTail());

      // A request either got its 200, or its connection never reached the application: refused after the listener
      // closed, or reset by the system when the listener closed with the connection still waiting to be accepted.
      const ok = outcomes.filter((outcome) => outcome.status === 200).length;
      const unreached = outcomes.filter(
        (outcome) => outcome.error === 'ECONNREFUSED' || outcome.error === 'ECONNRESET',
      );
      assert.equal(ok + unreached.length, outcomes.length, JSON.stringify(outcomes.filter((o) => o.status !== 200)));
      assert.equal(received.size, ok, 'every request the server received was answered, and with a 200');
      assert.deepEqual(new Set(answered.values()), new Set([200]));
      assert.equal(answered.size, ok);
      assert.equal(outcomes.filter((outcome) => outcome.error === 'ECONNREFUSED').length, 4);

      // Alice's job ran to its end; Bob's, queued during the shutdown, waits for the next worker.
      assert.equal(await analysisStatus(alice.volunteer.id), 'completed');
      assert.deepEqual(
        (await cvJobs()).map(({ status, volunteerId }) => [volunteerId, status]),
        [
          [alice.volunteer.id, 'completed'],
          [bob.volunteer.id, 'pending'],
        ],
      );
      assert.deepEqual(server.errors(), []);
    });

    it("hands a worker's job still running at the deadline back to the queue, and the next worker runs it", async () => {
      const held = gate();
      model.next({ gate: held.opened, reply: { answer: CV_ANSWER } });
      const impatient = await startWorker({ ...env, SHUTDOWN_TIMEOUT_MS: '300' });
      cleanup.defer(() => impatient.stop());
      await waitFor("the worker to ask the model about Bob's CV", async () => model.requests.length === 2);
      assert.equal(await impatient.terminate(), 1, 'the deadline cut a job short');
      assert.match(impatient.logTail(), /handed back to the queue/);
      held.open();
      assert.equal(await analysisStatus(bob.volunteer.id), 'processing');
      assert.deepEqual(
        (await cvJobs()).map(({ status }) => status),
        ['completed', 'pending'],
      );

      model.always({ answer: CV_ANSWER });
      const next = await startWorker(env);
      cleanup.defer(() => next.stop());
      await waitFor("Bob's CV to be analysed", async () => (await analysisStatus(bob.volunteer.id)) === 'completed');
      assert.equal(await next.stop(), 0);
      assert.equal(await runsCounted(dialect, database), 1, 'the interrupted run was not counted as an attempt');
    });
  });
}

/** The attempts counted on the last CV job: the table queue's `attempts`, pg-boss's retries + 1. */
async function runsCounted(dialect: Dialect, database: DatabaseHandle): Promise<number> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ attempts: number }>`
      select attempts from jobs where name = 'volunteer.analyze-cv' order by id desc limit 1`.execute(database.db);
    return rows[0].attempts;
  }
  const { rows } = await sql<{ retries: number }>`
    select retry_count as retries from pgboss.job where name = 'volunteer.analyze-cv'
     order by created_on desc limit 1`.execute(database.db);
  return rows[0].retries + 1;
}
