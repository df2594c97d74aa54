import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { apiClient } from '../helpers/client.ts';
import { changeSchemaInTurn, createTestContext, type TestContext, testDialects } from '../helpers/context.ts';
import { type S3TestServer, startS3Server } from '../helpers/s3-server.ts';

const ALL_OK = { database: 'ok', queue: 'ok', storage: 'ok' };

/**
 * `GET /api/health/ready` names each check's state: the database, the job queue and the object store. A stopped
 * database is in hardening-database-outage.test.ts (through a TCP proxy); here the queue and the store fail alone.
 */
for (const dialect of testDialects()) {
  describe(`Readiness [${dialect}]`, () => {
    let ctx: TestContext;
    before(async () => {
      ctx = await createTestContext(dialect);
    });
    after(() => ctx.close());

    const ready = () => apiClient(ctx.app).get('/api/health/ready');

    it('answers 200 with every check ok', async () => {
      const response = await ready();
      assert.equal(response.statusCode, 200);
      assert.deepEqual(response.data, { status: 'ok', checks: ALL_OK, dialect });
    });

    it('answers 503 naming the queue when its table cannot be read, and 200 again once it can', async () => {
      // The table queue's `jobs`, or pg-boss's job table in the context's queue schema.
      const [table, away] = dialect === 'sqlite' ? ['jobs', 'jobs_away'] : ['job', 'job_away'];
      const inSchema = (name: string) =>
        dialect === 'sqlite' ? sql.id(name) : sql.id(ctx.deps.config.queueSchema, name);
      await changeSchemaInTurn(ctx, (db) => sql`alter table ${inSchema(table)} rename to ${sql.id(away)}`.execute(db));
      try {
        const response = await ready();
        assert.equal(response.statusCode, 503);
        assert.equal(response.headers['retry-after'], '5');
        assert.deepEqual(response.data, {
          status: 'unavailable',
          checks: { database: 'ok', queue: 'failed', storage: 'ok' },
          dialect,
        });
      } finally {
        await changeSchemaInTurn(ctx, (db) =>
          sql`alter table ${inSchema(away)} rename to ${sql.id(table)}`.execute(db),
        );
      }
      assert.equal((await ready()).statusCode, 200);
    });

    it('answers 503 stopping, without Retry-After and with Connection: close, once the process is stopping', async () => {
      ctx.deps.lifecycle.beginStopping();
      const response = await ready();
      assert.equal(response.statusCode, 503);
      assert.equal(response.headers['retry-after'], undefined);
      assert.deepEqual(response.data, { status: 'stopping', checks: ALL_OK, dialect });
      assert.equal(response.headers.connection, 'close', 'clients are asked to open their next connection elsewhere');
      const live = await apiClient(ctx.app).get('/api/health');
      assert.equal(live.statusCode, 200, 'liveness stays 200: the process is not to be killed for stopping');
    });
  });

  describe(`Readiness with a store that cannot be used [${dialect}]`, () => {
    let ctx: TestContext;
    let blocker: string;
    before(async () => {
      // A file where the storage folder's parent should be: the folder can never be created (not even by root).
      blocker = path.join(os.tmpdir(), `guild-not-a-folder-${process.pid}-${dialect}`);
      fs.writeFileSync(blocker, '');
      ctx = await createTestContext(dialect, { STORAGE_DIR: path.join(blocker, 'storage') });
    });
    after(async () => {
      await ctx.close();
      fs.rmSync(blocker, { force: true });
    });

    it('starts anyway and answers 503 naming the storage; liveness stays 200', async () => {
      const response = await apiClient(ctx.app).get('/api/health/ready');
      assert.equal(response.statusCode, 503);
      assert.equal(response.headers['retry-after'], '5');
      assert.deepEqual(response.data, {
        status: 'unavailable',
        checks: { database: 'ok', queue: 'ok', storage: 'failed' },
        dialect,
      });
      assert.equal((await apiClient(ctx.app).get('/api/health')).statusCode, 200);
    });
  });
}

// The store does not depend on the database engine: one run is enough.
describe('Readiness with an object store that goes away [sqlite]', () => {
  let s3: S3TestServer;
  let s3Running = false;
  let ctx: TestContext;
  before(async () => {
    s3 = await startS3Server();
    s3Running = true;
    ctx = await createTestContext('sqlite', s3.env);
  });
  after(async () => {
    await ctx.close();
    if (s3Running) await s3.stop();
  });

  it('answers 200 while the bucket answers, and 503 naming the storage once the server is gone', async () => {
    const up = await apiClient(ctx.app).get('/api/health/ready');
    assert.equal(up.statusCode, 200, up.body);
    assert.deepEqual(up.data.checks, ALL_OK);
    await s3.stop();
    s3Running = false;
    const down = await apiClient(ctx.app).get('/api/health/ready');
    assert.equal(down.statusCode, 503);
    assert.equal(down.headers['retry-after'], '5');
    assert.deepEqual(down.data, {
      status: 'unavailable',
      checks: { database: 'ok', queue: 'ok', storage: 'failed' },
      dialect: 'sqlite',
    });
  });
});
