import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { LocalThreadProvider } from '../../src/ai/providers/local-thread-provider.ts';
import type { AnalysisProvider } from '../../src/ai/stage.ts';
import { buildApp } from '../../src/app.ts';
import { type AppDeps, closeDeps, createDeps } from '../../src/app-deps.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import type { Dialect } from '../../src/db/column-types.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrator.ts';
import { SCRYPT_COST, useHashCostForTests } from '../../src/modules/auth/passwords.ts';
import { observeAnalyses } from '../../src/observability/observed-provider.ts';

/**
 * Every suite runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (CI sets it). Each context gets its
 * own database (a temp SQLite file, or a fresh PostgreSQL schema) and its own data folder, so files run in parallel.
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL?.trim() || null;

let warned = false;
export function testDialects(): Dialect[] {
  if (!POSTGRES_URL && !warned) {
    warned = true;
    console.log('# TEST_DATABASE_URL is not set: PostgreSQL runs skipped, SQLite only.');
  }
  return POSTGRES_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export type TestContext = {
  app: FastifyInstance;
  db: Db;
  deps: AppDeps;
  dataDir: string;
  close: () => Promise<void>;
};

export type TestDatabase = {
  db: Db;
  dialect: Dialect;
  url: string;
  schema?: string;
  /** PostgreSQL: the schema for pg-boss's tables (QUEUE_SCHEMA), dropped with the database's. */
  queueSchema?: string;
  close: () => Promise<void>;
};

/**
 * Test files run in parallel, each in its own PostgreSQL schema. Kysely's migrator lists the tables of every schema,
 * and that listing fails when another file drops its schema at the same moment ("schema … does not exist"), so
 * migrations and drops across all test processes take turns under one advisory lock.
 */
const SCHEMA_LOCK = 7_340_021;
async function lockSchemaChanges(db: Db): Promise<void> {
  await sql`select pg_advisory_lock(${SCHEMA_LOCK})`.execute(db);
}
async function unlockSchemaChanges(db: Db): Promise<void> {
  await sql`select pg_advisory_unlock(${SCHEMA_LOCK})`.execute(db);
}

/**
 * A change a test makes to a PostgreSQL table's name or shape (a table renamed away and back) takes its turn under the
 * same lock: a table renamed during another file's migration listing fails that listing ("relation … does not exist").
 */
export async function changeSchemaInTurn(
  ctx: TestContext,
  change: (connection: Db) => Promise<unknown>,
): Promise<void> {
  if (ctx.deps.config.dialect === 'sqlite') {
    await change(ctx.db);
    return;
  }
  await ctx.db.connection().execute(async (connection) => {
    await lockSchemaChanges(connection);
    try {
      await change(connection);
    } finally {
      await unlockSchemaChanges(connection);
    }
  });
}

export async function createTestDatabase(dialect: Dialect, dataDir: string): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const url = `sqlite:${path.join(dataDir, 'test.sqlite')}`;
    const handle = createDatabase({ url });
    await migrateToLatest(handle.db, 'sqlite');
    return { db: handle.db, dialect, url, close: handle.destroy };
  }
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const queueSchema = `${schema}_queue`;
  // One connection, so the session-level advisory lock below is taken and released on the same connection.
  const admin = createDatabase({ url: POSTGRES_URL, poolSize: 1 });
  await lockSchemaChanges(admin.db);
  await sql`create schema ${sql.id(schema)}`.execute(admin.db);
  const handle = createDatabase({ url: POSTGRES_URL, schema, poolSize: 10 });
  try {
    await migrateToLatest(handle.db, 'postgres', schema);
  } finally {
    await unlockSchemaChanges(admin.db);
  }
  return {
    db: handle.db,
    dialect,
    url: POSTGRES_URL,
    schema,
    queueSchema,
    close: async () => {
      await handle.destroy();
      await lockSchemaChanges(admin.db);
      try {
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.db);
        await sql`drop schema if exists ${sql.id(queueSchema)} cascade`.execute(admin.db);
      } finally {
        await unlockSchemaChanges(admin.db);
      }
      await admin.destroy();
    },
  };
}

/** A test database with a temporary data folder of its own (`dataDir`), which `close` removes after the database. */
export type TestDatabaseInTempFolder = TestDatabase & { dataDir: string };

export async function createTestDatabaseInTempFolder(dialect: Dialect): Promise<TestDatabaseInTempFolder> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-test-'));
  const database = await createTestDatabase(dialect, dataDir);
  return {
    ...database,
    dataDir,
    close: async () => {
      try {
        await database.close();
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** The configuration a test application runs with, on `database` and `dataDir`; `env` adds or overrides. */
export function testConfig(
  dialect: Dialect,
  database: TestDatabase,
  dataDir: string,
  env: Record<string, string> = {},
) {
  return loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      // Suites sign in and register many people from one address within a minute; the limit has its own tests.
      RATE_LIMIT_AUTH_MAX: '0',
      ...(database.queueSchema ? { QUEUE_SCHEMA: database.queueSchema } : {}),
      ...env,
    },
    { databaseUrl: database.url, dialect },
  );
}

/**
 * The scrypt cost of the passwords a test context hashes: the same algorithm and code path as the service's, at a
 * small cost (1 MiB, about a millisecond instead of about 0.3 s). Every registration and sign-in still hashes or
 * checks the password for real; only the tests of the cost itself need SCRYPT_COST.
 */
const TEST_HASH_COST = { N: 2 ** 10, r: 8, p: 1 };

/**
 * One pool of analysis threads per test process, shared by its contexts (per thread count and deadline): a thread
 * reads the taxonomy and builds its phrase index as it starts (1–4 s), which each context paid again with a pool of
 * its own. The analyses still run in worker threads, as `AI_PROVIDER=local` runs them. Idle threads do not keep the
 * process alive (test/ai/analysis-threads.test.ts), so the pools are never closed.
 */
const analysisPools = new Map<string, LocalThreadProvider>();
function sharedAnalysisThreads(config: Config): AnalysisProvider {
  const key = `${config.analysisThreads}/${config.analysisTimeoutMs}`;
  let pool = analysisPools.get(key);
  if (!pool) {
    pool = new LocalThreadProvider({ threads: config.analysisThreads, timeoutMs: config.analysisTimeoutMs });
    analysisPools.set(key, pool);
  }
  const threads = pool;
  // Without `close`: a context's closeDeps must not end the threads the next context uses.
  return { name: threads.name, model: threads.model, run: (stage, input) => threads.run(stage, input) };
}

/**
 * `ai`: another provider for the application and its jobs (the analysis-thread tests' own stages); closed with it.
 * Without it, `AI_PROVIDER=local` (the default) analyses in the process's shared threads. `servicePasswordCost`: hash
 * passwords at SCRYPT_COST, for tests of the cost itself (otherwise TEST_HASH_COST, for the whole process).
 */
export async function createTestContext(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: { ai?: AnalysisProvider; servicePasswordCost?: boolean } = {},
): Promise<TestContext> {
  useHashCostForTests(options.servicePasswordCost ? SCRYPT_COST : TEST_HASH_COST);
  const database = await createTestDatabaseInTempFolder(dialect);
  const { dataDir } = database;
  const config = testConfig(dialect, database, dataDir, env);
  const created = await createDeps(config, database);
  const ai = options.ai ?? (config.aiProvider === 'local' ? sharedAnalysisThreads(config) : undefined);
  // The provider createDeps made holds no thread until its first analysis; it is released here, unused.
  if (ai) await created.ai.close?.();
  // Counted in the metrics as createDeps counts its own provider's analyses.
  const deps: AppDeps = ai ? { ...created, ai: observeAnalyses(ai, created.metrics) } : created;
  const app = await buildApp(deps);
  await app.ready();
  await deps.queue.start(app.log);
  return {
    app,
    db: database.db,
    deps,
    dataDir,
    close: async () => {
      await app.close();
      await deps.queue.stop();
      await closeDeps(deps);
      await database.close();
    },
  };
}
