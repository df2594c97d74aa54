import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type Running = {
  url: string;
  /** CPU time (user + system) the process has used so far, in seconds; null where /proc is not available. */
  cpuSeconds: () => number | null;
  /** Resident set size now, in bytes; null where /proc is not available. */
  rssBytes: () => number | null;
  /** The highest resident set size the process has had (VmHWM), in bytes; null where /proc is not available. */
  peakRssBytes: () => number | null;
  stop: () => Promise<void>;
};

/** Linux reports CPU time in clock ticks of 1/100 s (CLK_TCK) on every common platform. */
const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid: number | undefined): () => number | null {
  return () => {
    try {
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    } catch {
      return null;
    }
  };
}

/** A size line of /proc/<pid>/status (`VmRSS` now, `VmHWM` the peak), in bytes. */
function statusBytesOf(pid: number | undefined, field: 'VmRSS' | 'VmHWM'): () => number | null {
  const line = new RegExp(`^${field}:\\s+(\\d+) kB$`, 'm');
  return () => {
    try {
      const kilobytes = line.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return kilobytes === undefined ? null : Number(kilobytes) * 1024;
    } catch {
      return null;
    }
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
}

/** Fails when the child dies before it is ready, with what it said, instead of waiting for a timeout. */
function exitedEarly(child: ChildProcess, label: string): Promise<never> {
  const early = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`${label} exited early (code ${code}, signal ${signal}).`))),
  );
  early.catch(() => {}); // once the child is ready, its later exit (when stopped) is no error
  return early;
}

/**
 * Waits until GET /api/health answers 200. With `quickMs`, until it has answered within `quickMs` `times` times in a
 * row, 100 ms apart: between runs, the requests still queued from the previous run (autocannon gives up on slow
 * requests, the server does not) must be done before the next run starts, or one endpoint's backlog is billed to the
 * next. One quick answer is not enough: a health check can slip in between the queries of requests still running.
 */
export async function waitForHealth(url: string, timeoutMs: number, quickMs = Number.POSITIVE_INFINITY, times = 1) {
  const deadline = Date.now() + timeoutMs;
  let quickInARow = 0;
  for (;;) {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/api/health`);
      quickInARow = response.ok && performance.now() - started < quickMs ? quickInARow + 1 : 0;
      if (quickInARow >= times) return;
    } catch {
      quickInARow = 0; // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not answer ${url}/api/health in time.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const SERVER_ENTRY = 'src/server.ts';

/**
 * The node flags of `npm start` (package.json's `start`, `node [flags] src/server.ts`): the settings production runs
 * the server with (the heap's young generation, docs/performance.md), which the bench's server must run with too.
 */
export function startScriptFlags(packageJson = path.join(ROOT, 'package.json')): string[] {
  const script: string = JSON.parse(fs.readFileSync(packageJson, 'utf8')).scripts.start;
  const [command, ...words] = script.trim().split(/\s+/);
  if (command !== 'node' || words.at(-1) !== SERVER_ENTRY || words.slice(0, -1).some((word) => !word.startsWith('-'))) {
    throw new Error(`package.json's start script is not "node [flags] ${SERVER_ENTRY}" (it is "${script}").`);
  }
  return words.slice(0, -1);
}

/**
 * The real server, started as production starts it (`npm start`'s command, run by node itself so that the CPU and
 * memory read are the server's), without the embedded worker and with warn-level logs so that neither competes with
 * the requests being measured. `cpuProfileDir` adds --cpu-prof; `nodeFlags` are further flags for node (a V8 setting
 * to compare, given after the start script's, so it wins; `--heapsnapshot-signal=SIGUSR2`).
 */
export async function startGuildServer(options: {
  dataDir: string;
  databaseUrl: string;
  cpuProfileDir?: string;
  nodeFlags?: readonly string[];
}): Promise<Running> {
  const port = await freePort();
  const flags = [
    ...startScriptFlags(),
    ...(options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : []),
    ...(options.nodeFlags ?? []),
  ];
  const child = spawn(process.execPath, [...flags, path.join(ROOT, SERVER_ENTRY)], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl,
      EMBEDDED_WORKER: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await Promise.race([waitForHealth(url, 30_000), exitedEarly(child, 'The Guild server')]);
  } catch (error) {
    // A server that is slow to come up must not outlive the benchmark that gave up on it.
    child.kill();
    throw error;
  }
  return processOf(url, child);
}

/** The bare node:http baseline (bench/baseline-server.ts) answering the captured responses. */
export async function startBaselineServer(responsesFile: string): Promise<Running> {
  const child = spawn(process.execPath, [path.join(ROOT, 'bench/baseline-server.ts'), responsesFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await Promise.race([
    new Promise<number>((resolve) => {
      child.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).port));
    }),
    exitedEarly(child, 'The baseline server'),
  ]);
  return processOf(`http://127.0.0.1:${port}`, child);
}

function processOf(url: string, child: ChildProcess): Running {
  return {
    url,
    cpuSeconds: cpuSecondsOf(child.pid),
    rssBytes: statusBytesOf(child.pid, 'VmRSS'),
    peakRssBytes: statusBytesOf(child.pid, 'VmHWM'),
    stop: stopper(child),
  };
}
