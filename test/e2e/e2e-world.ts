import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../../bench/scratch-database.ts';
import { loadConfig } from '../../src/config.ts';
import type { Dialect } from '../../src/db/column-types.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { type CliResult, lastLine, ROOT, runProcess } from '../cli/cli-harness.ts';
import { POSTGRES_URL } from '../helpers/context.ts';
import { E2E_APP_URL } from './http-client.ts';
import { type NodeProcess, type ServerProcess, startServer, startWorker } from './server-process.ts';

/**
 * Undo steps run in reverse order of creation, each one even when an earlier one failed, so that a step that fails
 * half-way (a server that never starts, a database that cannot be created) still leaves no process or folder behind.
 */
export class Cleanup {
  readonly #steps: Array<() => unknown> = [];

  defer(step: () => unknown): void {
    this.#steps.push(step);
  }

  async run(): Promise<void> {
    const failures: unknown[] = [];
    for (const step of this.#steps.splice(0).reverse()) {
      try {
        await step();
      } catch (error) {
        failures.push(error);
      }
    }
    if (failures.length > 0) throw new AggregateError(failures, 'Cleanup failed.');
  }
}

/**
 * One deployment as a user runs it: a temp DATA_DIR, a fresh database (the SQLite file under DATA_DIR, or a scratch
 * PostgreSQL database), the server started with `node src/server.ts` (it migrates on start) without the embedded
 * worker, job workers started with `node src/worker.ts` when the journey wants its jobs run, and the command line run
 * as separate processes, all against the same environment. `db` is a direct handle on the same database, for
 * reading the jobs the API queued and whether the worker finished them.
 */
export type E2eWorld = {
  baseUrl: string;
  server: ServerProcess;
  db: Db;
  guild: (...args: string[]) => Promise<CliResult>;
  /** Starts a worker process; one still running at the end is stopped by the cleanup. */
  startWorker: () => Promise<NodeProcess>;
  /** The server and every worker started so far, for the check that none logged an error. */
  processes: () => NodeProcess[];
};

/**
 * The environment of a new deployment, built from scratch so that the developer's own DATABASE_URL, TOKEN_TTL or
 * PORT cannot leak into the run: a temp DATA_DIR and, on PostgreSQL, a scratch database (on SQLite the database is
 * the file the service makes under DATA_DIR). `cleanup` removes both.
 */
export async function scratchDeploymentEnv(
  dialect: Dialect,
  cleanup: Cleanup,
  name: string,
): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `guild-${name}-`));
  cleanup.defer(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', NODE_ENV: 'production', DATA_DIR: dataDir };
  if (dialect === 'postgres') {
    if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
    const scratch = await createScratchDatabase(POSTGRES_URL, `guild_${name}`);
    cleanup.defer(() => scratch.drop());
    env.DATABASE_URL = scratch.url;
  }
  return env;
}

/**
 * Two API processes on one new deployment with no worker, and a connection of the test's own to their database. One
 * after the other: the first migrates the database and writes the session key the second reads.
 */
export async function startTwoApis(
  dialect: Dialect,
  cleanup: Cleanup,
  name: string,
): Promise<{ servers: ServerProcess[]; db: Db }> {
  const env = { ...(await scratchDeploymentEnv(dialect, cleanup, name)), EMBEDDED_WORKER: 'false' };
  const servers: ServerProcess[] = [];
  for (let index = 0; index < 2; index++) {
    const server = await startServer(env);
    cleanup.defer(() => server.stop());
    servers.push(server);
  }
  const database = createDatabase({ url: loadConfig(env).databaseUrl, poolSize: 2 });
  cleanup.defer(() => database.destroy());
  return { servers, db: database.db };
}

export async function createE2eWorld(dialect: Dialect, cleanup: Cleanup): Promise<E2eWorld> {
  const env: Record<string, string> = {
    ...(await scratchDeploymentEnv(dialect, cleanup, 'e2e')),
    EMBEDDED_WORKER: 'false',
    APP_URL: E2E_APP_URL,
    // The worker looks for due jobs this often when it has none: the journey waits for its results.
    WORKER_POLL_MS: '50',
  };

  const server = await startServer(env);
  cleanup.defer(() => server.stop());

  const database = createDatabase({ url: loadConfig(env).databaseUrl, poolSize: 2 });
  cleanup.defer(() => database.destroy());

  const workers: NodeProcess[] = [];
  return {
    baseUrl: server.url,
    server,
    db: database.db,
    guild: (...args) => runProcess(process.execPath, [path.join(ROOT, 'src/cli.ts'), ...args], env),
    startWorker: async () => {
      const worker = await startWorker(env);
      cleanup.defer(() => worker.stop());
      workers.push(worker);
      return worker;
    },
    processes: () => [server, ...workers],
  };
}

/** Runs a `guild` command that must succeed and returns what it printed. */
export async function guildOk(world: E2eWorld, ...args: string[]): Promise<string> {
  const result = await world.guild(...args);
  if (result.code !== 0) {
    throw new Error(`guild ${args.join(' ')} exited with ${result.code}:\n${result.stderr}${result.stdout}`);
  }
  return result.stdout;
}

/** `guild user:create` then `guild token:create`, as an operator sets up an account; returns the printed token. */
export async function accountWithToken(
  world: E2eWorld,
  account: { type: 'company' | 'contributor'; email: string; name: string },
): Promise<string> {
  await guildOk(
    world,
    'user:create',
    '--type',
    account.type,
    '--email',
    account.email,
    '--name',
    account.name,
    '--password',
    'correct horse battery',
  );
  return lastLine(await guildOk(world, 'token:create', '--email', account.email, '--name', 'e2e'));
}
