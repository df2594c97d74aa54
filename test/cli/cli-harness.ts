import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { createScratchDatabase } from '../../bench/scratch-database.ts';
import { buildApp } from '../../src/app.ts';
import { createDeps } from '../../src/app-deps.ts';
import { loadConfig } from '../../src/config.ts';
import type { Dialect } from '../../src/db/column-types.ts';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { childEnv } from '../helpers/child-env.ts';
import { POSTGRES_URL } from '../helpers/context.ts';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLI = path.join(ROOT, 'src/cli.ts');

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs a program to its end, feeding `stdin`, and collects what it printed. */
export function runProcess(command: string, args: string[], env: NodeJS.ProcessEnv, stdin = ''): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: childEnv(env), cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

type Guild = (args: string[], options?: { env?: Record<string, string>; stdin?: string }) => Promise<CliResult>;

/** Runs `node src/cli.ts …` as a child process with exactly this environment (plus per-call additions). */
export function guildWith(env: Record<string, string>): Guild {
  return (args, options = {}) =>
    runProcess(process.execPath, [CLI, ...args], { ...env, ...options.env }, options.stdin ?? '');
}

/**
 * A database the CLI (a real child process) and an in-process API share: the default SQLite file under a temp
 * DATA_DIR, or a fresh PostgreSQL database. The environment is built from scratch so that the developer's own
 * DATABASE_URL or TOKEN_TTL cannot leak into a run.
 */
export type CliWorld = {
  dataDir: string;
  env: Record<string, string>;
  db: Db;
  app: FastifyInstance;
  guild: Guild;
  close: () => Promise<void>;
};

/** `extraEnv` adds to the scratch environment (e.g. an S3 store's STORAGE_URL and credentials). */
export async function createCliWorld(dialect: Dialect, extraEnv: Record<string, string> = {}): Promise<CliWorld> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guild-cli-'));
  const scratch = dialect === 'postgres' ? await createScratchDatabase(POSTGRES_URL!, 'guild_cli') : null;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...extraEnv,
  };
  const config = loadConfig(env);
  const database = createDatabase({ url: config.databaseUrl, poolSize: 2 });
  const app = await buildApp(await createDeps(config, database));
  await app.ready();
  return {
    dataDir,
    env,
    db: database.db,
    app,
    guild: guildWith(env),
    close: async () => {
      await app.close();
      await database.destroy();
      await scratch?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The plaintext token `token:create` printed: the last line of its output. */
export function lastLine(text: string): string {
  return text.trimEnd().split('\n').at(-1) ?? '';
}

/** A `node` older than 24 on PATH (outside node_modules), to check that bin/guild.js re-runs itself under Node 24. */
export async function findOlderNode(): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'node');
    if (dir.includes('node_modules') || !fs.existsSync(candidate)) continue;
    const { stdout } = await runProcess(candidate, ['-p', 'process.versions.node'], process.env);
    if (Number(stdout.split('.')[0]) < 24) return candidate;
  }
  return null;
}
