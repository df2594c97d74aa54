import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createScratchDatabase } from '../../bench/scratch-database.ts';
import { loadConfig } from '../../src/config.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { createStorage } from '../../src/storage/create-storage.ts';
import type { FileStorage } from '../../src/storage/file-storage.ts';
import { POSTGRES_URL } from '../helpers/context.ts';
import { type S3TestServer, startS3Server } from '../helpers/s3-server.ts';
import { waitFor } from '../jobs/wait-for.ts';
import type { Cleanup } from './e2e-world.ts';
import { E2E_APP_URL } from './http-client.ts';
import { type NodeProcess, type ServerProcess, startServer, startWorker } from './server-process.ts';

/**
 * A deployment over several hosts, as the README's "Running at scale" describes it, on one machine: two API
 * processes (`node src/server.ts` with EMBEDDED_WORKER=false) and one worker (`node src/worker.ts`), sharing one
 * PostgreSQL database (a scratch database of its own), one object store (s3rver on loopback, as
 * STORAGE_URL=s3://…) and one SESSION_SECRET, each with a data folder of its own (temp files, the mail outbox), as
 * separate machines would have. `db` is a direct handle on the database, for the queue's state and for changes made
 * behind the service's back.
 */
export type Deployment = {
  api1: ServerProcess;
  api2: ServerProcess;
  worker: NodeProcess;
  db: Db;
  /** The object store as the processes use it, to see what they stored. */
  storage: FileStorage;
  /** The DATA_DIR of API 1, API 2 and the worker, each its own. */
  dataDirs: string[];
  processes: () => NodeProcess[];
};

const READY_TIMEOUT_MS = 30_000;

/** A temp folder removed by the cleanup. */
function tempDir(cleanup: Cleanup, prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  cleanup.defer(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The object store every process shares: a real S3-compatible server (s3rver) on loopback, as STORAGE_URL=s3://… */
async function sharedObjectStore(cleanup: Cleanup): Promise<S3TestServer> {
  const store = await startS3Server({ bucket: 'guild-many-processes', prefix: 'uploads' });
  cleanup.defer(() => store.stop());
  return store;
}

/**
 * Starts the three processes at once on a fresh database, as a deployment's hosts come up together: they migrate
 * it concurrently (the migrations' lock lets one of them do it). Resolves when both APIs answer their readiness
 * check and the worker polls its queue; whatever started is stopped by `cleanup`, also when another failed to start.
 */
export async function startDeployment(cleanup: Cleanup): Promise<Deployment> {
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
  const scratch = await createScratchDatabase(POSTGRES_URL, 'guild_multi');
  cleanup.defer(() => scratch.drop());
  const store = await sharedObjectStore(cleanup);
  // Built from scratch so that the developer's own DATABASE_URL, STORAGE_DIR or PORT cannot leak into the run.
  const shared: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'production',
    DATABASE_URL: scratch.url,
    APP_URL: E2E_APP_URL,
    SESSION_SECRET: crypto.randomBytes(32).toString('base64url'),
    EMBEDDED_WORKER: 'false',
    // The worker looks for due jobs this often when it has none: the test waits for its results.
    WORKER_POLL_MS: '50',
    ...store.env,
  };
  const host = (name: string) => ({ ...shared, DATA_DIR: tempDir(cleanup, `guild-${name}-`) });
  const hosts = [host('api1'), host('api2'), host('worker')];

  const started = await Promise.allSettled([startServer(hosts[0]), startServer(hosts[1]), startWorker(hosts[2])]);
  for (const result of started) if (result.status === 'fulfilled') cleanup.defer(() => result.value.stop());
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  const [api1, api2, worker] = started.map((result) => (result as PromiseFulfilledResult<NodeProcess>).value) as [
    ServerProcess,
    ServerProcess,
    NodeProcess,
  ];
  await Promise.all([whenReady(api1, 'API 1'), whenReady(api2, 'API 2')]);

  const database = createDatabase({ url: scratch.url, poolSize: 2 });
  cleanup.defer(() => database.destroy());
  const storage = await createStorage(loadConfig(host('test')));
  cleanup.defer(() => storage.close?.());
  return {
    api1,
    api2,
    worker,
    db: database.db,
    storage,
    dataDirs: hosts.map((env) => env.DATA_DIR),
    processes: () => [api1, api2, worker],
  };
}

/** Polls `GET /api/health/ready` until it answers 200, as a load balancer does before it sends traffic. */
async function whenReady(server: ServerProcess, name: string): Promise<void> {
  let last = 'no answer';
  try {
    await waitFor(
      `${name} to be ready`,
      async () => {
        const response = await fetch(new URL('/api/health/ready', server.url)).catch((error: Error) => error);
        last = response instanceof Error ? response.message : `${response.status} ${await response.text()}`;
        return !(response instanceof Error) && response.status === 200;
      },
      READY_TIMEOUT_MS,
    );
  } catch (error) {
    throw new Error(`${(error as Error).message} Last answer: ${last}\n--- ${name} ---\n${server.logTail()}`);
  }
}
