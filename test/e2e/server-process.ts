import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { ROOT } from '../cli/cli-harness.ts';
import { childEnv } from '../helpers/child-env.ts';

/** An entry point of the service as a child process: what it logged, and how to stop it. */
export type NodeProcess = {
  /** The last lines the process printed (its pino log), for a failing step to show. */
  logTail: () => string;
  /** Log entries at level error or above. */
  errors: () => unknown[];
  /** SIGTERM, then SIGKILL after a grace period; resolves with the exit code (null when it had to be killed). */
  stop: () => Promise<number | null>;
  /** SIGTERM only, however long the process takes to stop; resolves with the exit code once its output is read. */
  terminate: () => Promise<number | null>;
  /** Calls `listener` with every log entry the process writes from now on (parsed pino JSON). */
  onLog: (listener: (entry: LogEntry) => void) => void;
};

export type LogEntry = { level: number; msg?: unknown } & Record<string, unknown>;

/** The real server: where it listens, besides the process itself. */
export type ServerProcess = NodeProcess & { url: string };

const LISTENING = /Server listening at (http:\/\/\S+)/;
const WORKER_STARTED = /^worker started$/;
// Generous: on a loaded 2-core CI machine the first start (migrations, taxonomy sync) can take many seconds.
const START_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
const KEPT_LINES = 200;
const PINO_ERROR = 50;

/**
 * Starts `node src/server.ts` as `npm start` does, on a port the OS picks (PORT=0), and resolves with the address
 * the server announces in its "Server listening at …" log line: no free-port guess that another process could take
 * in between. Fails with the server's own output when it exits or stays silent instead.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const { process, ready } = await startNodeProcess(
    'src/server.ts',
    { ...env, PORT: '0', HOST: '127.0.0.1' },
    LISTENING,
  );
  return { ...process, url: ready[1] };
}

/**
 * Starts `node src/worker.ts` as `npm run worker` does, and resolves once it logs "worker started" (its queue is
 * polled from then on). It shares the server's database through the same environment.
 */
export async function startWorker(env: Record<string, string>): Promise<NodeProcess> {
  return (await startNodeProcess('src/worker.ts', env, WORKER_STARTED)).process;
}

function startNodeProcess(
  script: string,
  env: Record<string, string>,
  readyMessage: RegExp,
): Promise<{ process: NodeProcess; ready: RegExpExecArray }> {
  const child = spawn(process.execPath, [path.join(ROOT, script)], {
    cwd: ROOT,
    env: childEnv({ ...env, LOG_LEVEL: 'info' }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test process that ends without stopping its children (a crash, the runner's timeout) must not leave them running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  const lines: string[] = [];
  const errors: unknown[] = [];
  const logTail = () => lines.join('\n');
  const logListeners: Array<(entry: LogEntry) => void> = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > KEPT_LINES) lines.shift();
  };

  const stop = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
      child.once('exit', (code) => {
        clearTimeout(kill);
        resolve(code);
      });
      child.kill('SIGTERM');
    });

  const terminate = () =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      // 'close' rather than 'exit': the process's last log lines have been read by then.
      child.once('close', (code) => resolve(code));
      child.kill('SIGTERM');
    });

  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`${reason}\n--- ${script} output ---\n${logTail()}`)));
    };
    const timer = setTimeout(() => fail(`${script} did not start within ${START_TIMEOUT_MS} ms.`), START_TIMEOUT_MS);
    child.once('error', (error) => fail(`${script} could not be started: ${error.message}`));
    const exitedWhileStarting = (code: number | null, signal: NodeJS.Signals | null) =>
      fail(`${script} exited while starting (code ${code}, signal ${signal}).`);
    child.once('exit', exitedWhileStarting);
    readline.createInterface({ input: child.stderr }).on('line', keep);
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      keep(line);
      const entry = parseLogLine(line);
      if (entry) for (const listener of logListeners) listener(entry);
      if (entry && entry.level >= PINO_ERROR) errors.push(entry);
      const ready = entry ? readyMessage.exec(String(entry.msg)) : null;
      if (!ready) return;
      clearTimeout(timer);
      child.off('exit', exitedWhileStarting);
      const onLog = (listener: (entry: LogEntry) => void) => void logListeners.push(listener);
      resolve({ process: { logTail, errors: () => [...errors], stop, terminate, onLog }, ready });
    });
  });
}

function parseLogLine(line: string): LogEntry | null {
  try {
    const entry = JSON.parse(line);
    return typeof entry?.level === 'number' ? entry : null;
  } catch {
    return null;
  }
}
