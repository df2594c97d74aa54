import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createScratchDatabase } from '../../bench/scratch-database.ts';
import { buildApp } from '../../src/app.ts';
import { type AppDeps, createDeps } from '../../src/app-deps.ts';
import { loadConfig } from '../../src/config.ts';
import { createDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { isDatabaseUnavailable } from '../../src/db/errors.ts';
import { startServer } from '../e2e/server-process.ts';
import { type ApiResponse, apiClient } from '../helpers/client.ts';
import {
  createTestContext,
  createTestDatabaseInTempFolder,
  POSTGRES_URL,
  type TestContext,
  type TestDatabaseInTempFolder,
  testDialects,
} from '../helpers/context.ts';
import { createAccount } from '../helpers/factories.ts';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

/**
 * Issue 10, item 9: a database that goes away must not end the API process. While it is away requests get 503 with
 * Retry-After (never a stack trace), the readiness check says so while liveness stays 200, and when it comes back
 * the same process serves again without a restart.
 */

function assertUnavailable(response: ApiResponse, what: string) {
  assert.equal(response.statusCode, 503, `${what}: ${response.body}`);
  assert.equal(response.headers['retry-after'], '5', what);
  assert.deepEqual(Object.keys(response.data), ['message'], what);
  assert.match(response.data.message, /database cannot be reached/);
  assert.doesNotMatch(response.body, /\bat \S+:\d+|node_modules|ECONN|terminated/, `${what} leaks no internals`);
}

/** Asks until `accept` holds (bounded), and returns every status seen on the way. */
async function until(ask: () => Promise<ApiResponse>, accept: (r: ApiResponse) => boolean, ms = 20_000) {
  const seen: number[] = [];
  const deadline = Date.now() + ms;
  for (;;) {
    const response = await ask();
    seen.push(response.statusCode);
    if (accept(response)) return seen;
    if (Date.now() > deadline) assert.fail(`Still not accepted after ${ms} ms; statuses seen: ${seen.join(', ')}.`);
    await sleep(100);
  }
}

for (const dialect of testDialects()) {
  describe(`Health checks [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    it('answers liveness without the database and readiness with it, without a token', async () => {
      const live = await apiClient(ctx.app).get('/api/health');
      assert.equal(live.statusCode, 200);
      assert.deepEqual(live.data, { status: 'ok', dialect });
      const ready = await apiClient(ctx.app).get('/api/health/ready');
      assert.equal(ready.statusCode, 200);
      assert.deepEqual(ready.data, { status: 'ok', checks: { database: 'ok', queue: 'ok', storage: 'ok' }, dialect });
    });
  });
}

describe('SQLite locked by another process [sqlite]', () => {
  let ctx: TestContext;
  before(async () => {
    ctx = await createTestContext('sqlite');
  });
  after(() => ctx.close());

  it('answers a write 503 with Retry-After while another connection holds the write lock, then 200', async () => {
    const { token } = await createAccount(ctx.db, 'contributor');
    const api = apiClient(ctx.app, token);
    const other = new DatabaseSync(path.join(ctx.dataDir, 'test.sqlite'));
    try {
      other.exec('BEGIN IMMEDIATE');
      assertUnavailable(await api.post('/api/notifications/mark-all-read'), 'a write while locked');
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
    const response = await api.post('/api/notifications/mark-all-read');
    assert.equal(response.statusCode, 200, response.body);
  });
});

/**
 * The application's pool and pg-boss (started, with its maintenance) reach PostgreSQL through a TCP proxy the test cuts and restores, in this
 * process: an unhandled `error` event would end the test process and fail the file.
 */
describe('PostgreSQL outage [postgres]', { skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set' }, () => {
  let database: TestDatabaseInTempFolder;
  let proxy: TcpProxy;
  let proxied: DatabaseHandle;
  let deps: AppDeps;
  let app: FastifyInstance;
  let token: string;
  const warn = console.warn;

  before(async () => {
    // The pool's warnings about closed connections are expected here; keep the test output readable.
    console.warn = () => {};
    database = await createTestDatabaseInTempFolder('postgres');
    const target = new URL(POSTGRES_URL!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const url = new URL(POSTGRES_URL!);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    proxied = createDatabase({ url: url.toString(), schema: database.schema, poolSize: 4 });
    const config = loadConfig(
      { NODE_ENV: 'test', DATA_DIR: database.dataDir, QUEUE_SCHEMA: database.queueSchema! },
      { databaseUrl: url.toString(), dialect: 'postgres' },
    );
    deps = await createDeps(config, proxied);
    app = await buildApp(deps);
    await app.ready();
    await deps.queue.start(app.log);
    ({ token } = await createAccount(database.db, 'contributor'));
  });

  after(async () => {
    await proxy.open();
    await app.close();
    await deps.queue.stop();
    await proxied.destroy();
    await proxy.close();
    await database.close();
    console.warn = warn;
  });

  it('keeps the process up through a cut under traffic: 503 with Retry-After while away, 200 after', async () => {
    const api = apiClient(app, token);
    assert.equal((await api.get('/api/user')).statusCode, 200);
    assert.equal((await api.get('/api/health/ready')).statusCode, 200);

    // A query running and a connection checked out but idle when the connection breaks: both report an `error`
    // event on their client, which used to end the process.
    const running = sql`select pg_sleep(30)`.execute(proxied.db).then(
      () => 'the query should have failed',
      (error: unknown) => error,
    );
    let releaseHeld = () => {};
    let heldReady = () => {};
    const holding = new Promise<void>((resolve) => (heldReady = resolve));
    const held = proxied.db
      .connection()
      .execute(async (connection) => {
        await sql`select 1`.execute(connection);
        heldReady();
        await new Promise<void>((resolve) => (releaseHeld = resolve));
      })
      .catch((error: unknown) => error);
    await holding;
    const inFlight = Array.from({ length: 20 }, (_, i) =>
      i % 2 === 0 ? api.get('/api/user') : api.post('/api/notifications/mark-all-read'),
    );
    await sleep(50);
    await proxy.close();

    assert.ok(isDatabaseUnavailable(await running), 'the running query failed as "database unavailable"');
    releaseHeld();
    await held;
    for (const response of await Promise.all(inFlight)) {
      assert.ok([200, 503].includes(response.statusCode), `in flight: ${response.statusCode} ${response.body}`);
      if (response.statusCode === 503) assertUnavailable(response, 'in flight');
    }

    // Reads, writes and the bearer check itself while the database is away; pg-boss's maintenance fails meanwhile
    // too (its pool goes through the proxy).
    assertUnavailable(await api.get('/api/notifications'), 'a read');
    assertUnavailable(await api.post('/api/notifications/mark-all-read'), 'a write');
    // `GET /api/user` reads nothing but the token, which the process may still answer from its cache until it hears
    // that its listening connection dropped too (moments after the cut, as the socket's end arrives); from then on
    // nothing is answered from the cache, so the bearer check itself fails as unavailable.
    const bearer = await until(
      () => api.get('/api/user'),
      (response) => response.statusCode === 503,
      5_000,
    );
    assert.ok(
      bearer.every((status) => status === 200 || status === 503),
      `the bearer check answered ${bearer.join(', ')}`,
    );
    assertUnavailable(await api.get('/api/user'), 'the bearer check');
    await sleep(500);
    const live = await api.get('/api/health');
    assert.equal(live.statusCode, 200, 'liveness does not depend on the database');
    const ready = await api.get('/api/health/ready');
    assert.equal(ready.statusCode, 503);
    assert.equal(ready.headers['retry-after'], '5');
    assert.deepEqual(ready.data, {
      status: 'unavailable',
      // pg-boss's own pool goes through the proxy too.
      checks: { database: 'failed', queue: 'failed', storage: 'ok' },
      dialect: 'postgres',
    });

    const acceptedBefore = proxy.accepted();
    await proxy.open();
    const seen = await until(
      () => api.get('/api/health/ready'),
      (response) => response.statusCode === 200,
    );
    assert.ok(
      seen.every((status) => status === 503 || status === 200),
      `readiness answered ${seen.join(', ')}`,
    );
    assert.equal((await api.get('/api/user')).statusCode, 200);
    const write = await api.post('/api/notifications/mark-all-read');
    assert.equal(write.statusCode, 200, write.body);
    assert.ok(proxy.accepted() > acceptedBefore, 'the pool opened new connections');
  });

  it('survives pg_terminate_backend on its connections, in a query and idle, and serves again', async () => {
    const api = apiClient(app, token);
    // Requests at once leave several idle connections in the pool.
    for (const response of await Promise.all(Array.from({ length: 4 }, () => api.get('/api/user')))) {
      assert.equal(response.statusCode, 200);
    }
    const running = sql`select pg_sleep(30)`.execute(proxied.db).then(
      () => 'the query should have failed',
      (error: unknown) => error,
    );
    // Exactly the sessions opened through this test's proxy (the application's pool and pg-boss's), no other test's;
    // once the sleeping query is seen running among them.
    const sessions = () =>
      sql<{ pid: number; query: string }>`
      select pid, query from pg_stat_activity
      where client_addr = '127.0.0.1' and client_port = any(${proxy.upstreamPorts()})`.execute(database.db);
    for (let i = 0; i < 100; i++) {
      if ((await sessions()).rows.some((row) => row.query === 'select pg_sleep(30)')) break;
      await sleep(50);
    }
    const { rows } = await sessions();
    assert.ok(rows.length >= 2, 'the sleeping session and at least one other');
    for (const { pid } of rows) await sql`select pg_terminate_backend(${pid})`.execute(database.db);

    assert.ok(isDatabaseUnavailable(await running), 'the terminated query failed as "database unavailable"');
    const seen = await until(
      () => api.get('/api/user'),
      (response) => response.statusCode === 200,
      10_000,
    );
    assert.ok(
      seen.every((status) => status === 503 || status === 200),
      `reads answered ${seen.join(', ')}`,
    );
    assert.equal((await api.post('/api/notifications/mark-all-read')).statusCode, 200);
    assert.equal((await api.get('/api/health/ready')).statusCode, 200);
  });
});

/**
 * The same through the real server process (`node src/server.ts`, with its embedded job worker) over real HTTP: the
 * process must still be there, answering, after the database went away under traffic and came back.
 */
describe('PostgreSQL outage, server process [postgres]', {
  skip: POSTGRES_URL ? false : 'TEST_DATABASE_URL is not set',
}, () => {
  it('stays up under traffic while the database is cut off, answering 503 with Retry-After, then 200', async () => {
    const scratch = await createScratchDatabase(POSTGRES_URL!, 'guild_outage');
    const target = new URL(POSTGRES_URL!);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-outage-'));
    const url = new URL(scratch.url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const server = await startServer({
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      WORKER_POLL_MS: '200',
    });
    const direct = createDatabase({ url: scratch.url, poolSize: 1 });
    try {
      const { token } = await createAccount(direct.db, 'company');
      const seen = new Map<string, number>();
      let phase = 'up';
      let running = true;
      const ask = async (path: string) => {
        const response = await fetch(new URL(path, server.url), { headers: { authorization: `Bearer ${token}` } });
        const body = await response.text();
        if (response.status === 503) {
          assert.equal(response.headers.get('retry-after'), '5', `${path}: ${body}`);
          assert.doesNotMatch(body, /\bat \S+:\d+|node_modules/, `${path} leaks no stack`);
        }
        const key = `${phase} ${path} ${response.status}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
      };
      const traffic = (async () => {
        while (running) {
          await Promise.all([ask('/api/health'), ask('/api/health/ready'), ask('/api/challenges')]);
          await sleep(20);
        }
      })();
      await sleep(500);
      phase = 'down';
      await proxy.close();
      await sleep(2_500);
      phase = 'back';
      await proxy.open();
      const deadline = Date.now() + 20_000;
      while ((await fetch(new URL('/api/health/ready', server.url))).status !== 200) {
        assert.ok(Date.now() < deadline, 'ready again within 20 s');
        await sleep(100);
      }
      await sleep(300);
      running = false;
      await traffic;

      const statuses = [...seen.keys()];
      assert.ok(!statuses.some((key) => / 5(0[0-2]|0[4-9])$/.test(key)), `no other 5xx: ${statuses.join(', ')}`);
      assert.ok(seen.get('down /api/health/ready 503'), 'readiness said the database is away');
      assert.ok(seen.get('down /api/health 200'), 'liveness stayed 200');
      assert.ok(seen.get('down /api/challenges 503'), 'a read while the database is away is a 503');
      assert.ok(seen.get('back /api/challenges 200'), 'reads are served again by the same process');
    } finally {
      await server.stop();
      await direct.destroy();
      await proxy.close();
      await scratch.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
